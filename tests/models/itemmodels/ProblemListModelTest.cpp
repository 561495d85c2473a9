// ProblemListModel: the file column shows a file's name as DisplayName shows it, so that a name holding a
// right-to-left override or a control character reads as itself, not as another name; the raw path stays in FileRole.

#include "models/itemmodels/ProblemListModel.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Errata;

class ProblemListModelTest : public QObject
{
    Q_OBJECT

private slots:
    void fileNamesAreShownEscaped();
};

void ProblemListModelTest::fileNamesAreShownEscaped()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    KnowledgeBase kb;
    KnowledgeBaseLoader::Result result;
    result.root = dir.path();
    const QString names[] = {QStringLiteral("bidi\u202Egnp.json"), QStringLiteral("bell\x07\x1b[2J.json"),
                             QStringLiteral("mark\u200F\u2066.json")};
    for (const QString &name : names) {
        Problem problem;
        problem.file = dir.filePath(name);
        problem.message = QStringLiteral("not JSON");
        result.problems << problem;
    }
    kb.adopt(std::move(result));
    ProblemListModel model;
    model.setKnowledgeBase(&kb);
    QTRY_COMPARE(model.rowCount(), 3);
    QStringList shown;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QModelIndex file = model.index(row, ProblemListModel::FileColumn);
        shown << file.data(Qt::DisplayRole).toString();
        QCOMPARE(file.data(ProblemListModel::FileRole).toString(), dir.filePath(names[row]));
    }
    QCOMPARE(shown,
             (QStringList{QStringLiteral("bidi\\u202Egnp.json"), QStringLiteral("bell\\x07\\x1B[2J.json"),
                          QStringLiteral("mark\\u200F\\u2066.json")}));
}

QTEST_GUILESS_MAIN(ProblemListModelTest)
#include "ProblemListModelTest.moc"
