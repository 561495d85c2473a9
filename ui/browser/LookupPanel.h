#pragma once

#include <QWidget>

class QLabel;
class QListView;
class QModelIndex;

namespace Errata {

class LookupHitModel;
struct LookupResult;

// What the Records dock shows in place of the tree while it looks up an
// error text: a line that says so ("Lookup: 12 records like this error")
// with a way back to word search, and the records found, best first, each
// with its band and signature; a hit's tooltip says why it was chosen.
class LookupPanel : public QWidget
{
    Q_OBJECT

public:
    explicit LookupPanel(QWidget *parent = nullptr);

    void setResult(const LookupResult &result);
    // The KB's lookup index is still being built (a first opening): no
    // hits yet, and the line says they will follow.
    void setPreparing();
    void clear();
    int hitCount() const;
    QString currentId() const; // the hit chosen, else the best one
    bool selectId(const QString &id);
    void moveCurrent(int step);
    QString summary() const; // the line above the hits
    QListView *view() const { return m_view; }
    const LookupHitModel *model() const { return m_model; }

signals:
    void hitActivated(const QString &id);
    void wordSearchRequested();

private:
    void setSummary(const QString &text);
    static QString tooltipFor(const LookupResult &result);

    QLabel *m_summary; // the summary and the way back to word search, a link
    QString m_summaryText;
    QListView *m_view;
    LookupHitModel *m_model;
};

} // namespace Errata
