#pragma once

#include "models/record/TranslationStatus.h"

#include <QTimer>
#include <QWidget>

#include <functional>

class QAction;
class QComboBox;
class QLabel;
class QSplitter;
class QTableView;
class QTreeWidget;

namespace Errata {

class EditSession;
class KnowledgeBase;
class Record;
class ReviewFilterModel;
class ReviewModel;
class ReviewPane;

// Review mode, in the manner of Qt Linguist: the records of the KB against
// their bilingual fields (status per cell), filtered by domain (the list on
// the left, with each domain's progress), status and tier; below, the
// selected record's English and Chinese side by side. Edits to the Chinese
// go through the record's edit session, so they are undoable and saved like
// any edit. Ctrl+Enter accepts the current field (marks it reviewed) and
// moves to the next unfinished one; Ctrl+J and Ctrl+Shift+J move without
// accepting. Filters and splitter positions are remembered.
class ReviewView : public QWidget
{
    Q_OBJECT

public:
    // Gives the edit session of a record, creating it if needed.
    using SessionProvider = std::function<EditSession *(Record *)>;

    explicit ReviewView(QWidget *parent = nullptr);
    ~ReviewView() override;

    void setKnowledgeBase(KnowledgeBase *kb);
    void setSessionProvider(const SessionProvider &provider) { m_sessionProvider = provider; }

    ReviewModel *model() const { return m_model; }
    ReviewFilterModel *filter() const { return m_filter; }
    QTableView *table() const { return m_table; }
    ReviewPane *pane() const { return m_pane; }
    QAction *acceptAction() const { return m_accept; }
    Record *currentRecord() const;

    void selectRecord(const Record *record, TranslationStatus::Field field = TranslationStatus::Signature);
    // Accepts the current field and moves on; false (with a message) when it
    // cannot be accepted.
    bool acceptCurrent();
    bool nextUnfinished();
    bool previousUnfinished();

    void setVisible(bool visible) override;

signals:
    void recordSelected(Errata::Record *record);
    void message(const QString &text);

private:
    struct Position
    {
        const Record *record = nullptr;
        TranslationStatus::Field field = TranslationStatus::Signature;
    };

    void configureTable();
    void configureDomains();
    void createLayout();
    void followModel();
    QWidget *createFilterBar();
    void createActions();
    void currentRowChanged(const QModelIndex &current, const QModelIndex &previous);
    void editChinese(TranslationStatus::Field field, const QString &text);
    void accept(TranslationStatus::Field field);
    void reopen(TranslationStatus::Field field);
    // The next (step 1) or previous (step -1) unfinished field after the
    // current one, in the order shown; wraps around once.
    Position findUnfinished(int step) const;
    bool moveTo(const Position &position);
    void applyFilters();
    void attachKnowledgeBase(KnowledgeBase *kb);
    void showCounting(int done, int total);
    void updateProgress();
    void restoreSettings();
    void saveSettings() const;

    KnowledgeBase *m_kb = nullptr;       // the KB of the window
    KnowledgeBase *m_attached = nullptr; // the KB shown: none while the view is hidden
    ReviewModel *m_model;
    ReviewFilterModel *m_filter;
    QTreeWidget *m_domains;
    QComboBox *m_status;
    QComboBox *m_tier;
    QLabel *m_summary;
    QLabel *m_errorBar;
    QTableView *m_table;
    ReviewPane *m_pane;
    QSplitter *m_horizontal;
    QSplitter *m_vertical;
    QAction *m_accept;
    QAction *m_next;
    QAction *m_previous;
    QTimer m_progressTimer;
    SessionProvider m_sessionProvider;
    Position m_pending; // selected while the model was counting
};

} // namespace Errata
