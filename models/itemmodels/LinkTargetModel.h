#pragma once

#include <QAbstractListModel>
#include <QList>
#include <QString>

namespace Errata {

class KnowledgeBase;

// The records a link could point to, for completion while typing a target: setQuery("oom") lists the records whose
// id or signature fits the words typed, best first, ignoring case:
//
//   "kubernetes/oomkilled" exact id (best); "kube" start of the id; "oomk" start of its last segment;
//   "crash back" every word starts a word of the id or signature; "killed" inside the id, then the signature;
//   "k8soom" / "kbrnts" the letters in order in the id (closest first)
//
// Each row shows "id — signature"; its edit role is the id, which a completer inserts.
class LinkTargetModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Roles { IdRole = Qt::UserRole + 1, SignatureRole };

    static constexpr int MaxRows = 50;

    explicit LinkTargetModel(QObject *parent = nullptr);

    void setKnowledgeBase(const KnowledgeBase *kb);
    // The record being edited: never offered (it would be a self-link).
    void setExcludedId(const QString &id);
    void setQuery(const QString &query);
    QString query() const { return m_query; }

    // How well `query` fits the record; -1 when it does not.
    static int score(const QString &query, const QString &id, const QString &signature);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    struct Candidate
    {
        QString id;
        QString signature;
        int score = 0;
    };

    void update();
    static bool wordPrefixes(const QStringList &queryWords, const QStringList &words);
    static int subsequenceSpan(const QString &query, const QString &text);
    static QStringList words(const QString &text);

    const KnowledgeBase *m_kb = nullptr;
    QString m_excluded;
    QString m_query;
    QList<Candidate> m_rows;
};

} // namespace Errata
