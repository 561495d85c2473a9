#include "models/search/SearchQuery.h"
#include "models/text/SearchTokenizer.h"

#include <QtTest>

using namespace Errata;

class SearchQueryTest : public QObject
{
    Q_OBJECT

private slots:
    void plainWords();
    void quotedPhrase();
    void fieldFilters();
    void numberFilters_data();
    void numberFilters();
    void chineseFilter();
    void unknownKeyIsAWord();
    void folding();
    void emptyQuery();
    void gitFilters();
    void pastedLineKeepsItsWords();
};

void SearchQueryTest::plainWords()
{
    const SearchQuery query = SearchQuery::parse(QStringLiteral("  NaN   Loss "));
    QCOMPARE(query.words, QStringList({QStringLiteral("nan"), QStringLiteral("loss")}));
    QVERIFY(!query.hasFilters());
}

void SearchQueryTest::quotedPhrase()
{
    const SearchQuery query = SearchQuery::parse(QStringLiteral("cuda \"out of memory\""));
    QCOMPARE(query.words, QStringList({QStringLiteral("cuda"), QStringLiteral("out of memory")}));
}

void SearchQueryTest::fieldFilters()
{
    const SearchQuery query = SearchQuery::parse(QStringLiteral(
        "domain:PyTorch category:oom tier:ai_generated resolvable:partial severity:warning is:stale grad"));
    QCOMPARE(query.domain, QStringLiteral("pytorch"));
    QCOMPARE(query.category, QStringLiteral("oom"));
    QCOMPARE(query.tier, QStringLiteral("ai_generated"));
    QCOMPARE(query.resolvable, QStringLiteral("partial"));
    QCOMPARE(query.severity, QStringLiteral("warning"));
    QVERIFY(query.staleOnly);
    QCOMPARE(query.words, QStringList{QStringLiteral("grad")});
}

void SearchQueryTest::numberFilters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("inside");
    QTest::addColumn<double>("outside");
    QTest::newRow("fix<0.5") << QStringLiteral("fix<0.5") << 0.49 << 0.5;
    QTest::newRow("fix<=0.5") << QStringLiteral("fix<=0.5") << 0.5 << 0.51;
    QTest::newRow("fix>0.8") << QStringLiteral("fix>0.8") << 0.81 << 0.8;
    QTest::newRow("fix>=.8") << QStringLiteral("fix>=.8") << 0.8 << 0.79;
    QTest::newRow("fix=1") << QStringLiteral("fix=1") << 1.0 << 0.99;
}

void SearchQueryTest::numberFilters()
{
    QFETCH(QString, text);
    QFETCH(double, inside);
    QFETCH(double, outside);
    const SearchQuery query = SearchQuery::parse(text);
    QVERIFY2(query.fixRate.has_value(), qPrintable(text));
    QVERIFY(query.words.isEmpty());
    QVERIFY(query.fixRate->accepts(inside));
    QVERIFY(!query.fixRate->accepts(outside));
    const SearchQuery confidence = SearchQuery::parse(
        QString(text).replace(QStringLiteral("fix"), QStringLiteral("confidence")));
    QVERIFY(confidence.confidence.has_value());
    QVERIFY(!confidence.fixRate.has_value());
}

void SearchQueryTest::chineseFilter()
{
    QCOMPARE(SearchQuery::parse(QStringLiteral("has:zh")).hasChinese, std::optional<bool>(true));
    QCOMPARE(SearchQuery::parse(QStringLiteral("-has:zh")).hasChinese, std::optional<bool>(false));
    QVERIFY(!SearchQuery::parse(QStringLiteral("loss")).hasChinese.has_value());
}

void SearchQueryTest::unknownKeyIsAWord()
{
    const SearchQuery query = SearchQuery::parse(QStringLiteral("RuntimeError: CUDA domain:"));
    QCOMPARE(query.words,
             QStringList({QStringLiteral("runtimeerror:"), QStringLiteral("cuda"), QStringLiteral("domain:")}));
    QVERIFY(query.domain.isEmpty());
}

void SearchQueryTest::folding()
{
    QCOMPARE(SearchTokenizer::fold(QStringLiteral("Café ÉCOLE")), QStringLiteral("cafe ecole"));
    QCOMPARE(SearchTokenizer::fold(QStringLiteral("梯度 NaN")), QStringLiteral("梯度 nan"));
    QCOMPARE(SearchTokenizer::fold(QStringLiteral("ＣＵＤＡ")), QStringLiteral("cuda")); // full-width forms
}

void SearchQueryTest::emptyQuery()
{
    QVERIFY(SearchQuery::parse(QString()).isEmpty());
    QVERIFY(SearchQuery::parse(QStringLiteral("   ")).isEmpty());
    QVERIFY(!SearchQuery::parse(QStringLiteral("stale")).isEmpty());
}

void SearchQueryTest::gitFilters()
{
    using State = GitStatus::State;
    QCOMPARE(SearchQuery::parse(QStringLiteral("git:modified")).gitStates, QList<State>{State::Modified});
    QCOMPARE(SearchQuery::parse(QStringLiteral("git:deleted")).gitStates, QList<State>{State::Deleted});
    QCOMPARE(SearchQuery::parse(QStringLiteral("GIT:New")).gitStates, (QList<State>{State::Added, State::Untracked}));
    const SearchQuery both = SearchQuery::parse(QStringLiteral("git:conflicted cuda git:renamed"));
    QCOMPARE(both.gitStates, (QList<State>{State::Conflicted, State::Renamed}));
    QCOMPARE(both.words, QStringList{QStringLiteral("cuda")});
    const SearchQuery changed = SearchQuery::parse(QStringLiteral("changed"));
    QCOMPARE(changed.gitStates.size(), 6);
    QVERIFY(changed.words.isEmpty());
    QVERIFY(!changed.isEmpty() && changed.hasFilters());
    // Quoted, a keyword or a filter is the word itself.
    const SearchQuery quoted = SearchQuery::parse(QStringLiteral("\"changed\" \"stale\" \"git:new\""));
    QVERIFY(quoted.gitStates.isEmpty());
    QVERIFY(!quoted.staleOnly);
    QCOMPARE(quoted.words,
             (QStringList{QStringLiteral("changed"), QStringLiteral("stale"), QStringLiteral("git:new")}));
    // An unknown state is a word, as an unknown key is.
    const SearchQuery unknown = SearchQuery::parse(QStringLiteral("git:pushed"));
    QVERIFY(unknown.gitStates.isEmpty());
    QCOMPARE(unknown.words, QStringList{QStringLiteral("git:pushed")});
}

// A pasted error line is searched as written: a bare "stale" or "changed"
// is a filter only in a query of filters alone; is:stale and is:changed
// are filters wherever they stand.
void SearchQueryTest::pastedLineKeepsItsWords()
{
    const SearchQuery pasted = SearchQuery::parse(QStringLiteral("error: Stale file handle"));
    QVERIFY(!pasted.staleOnly);
    QCOMPARE(pasted.words,
             (QStringList{QStringLiteral("error:"), QStringLiteral("stale"), QStringLiteral("file"),
                          QStringLiteral("handle")}));
    const SearchQuery first = SearchQuery::parse(QStringLiteral("stale NFS file handle"));
    QVERIFY(!first.staleOnly);
    QCOMPARE(first.words.size(), 4);
    const SearchQuery line = SearchQuery::parse(QStringLiteral("tar: ./data: file changed as we read it"));
    QVERIFY(line.gitStates.isEmpty());
    QVERIFY(line.words.contains(QStringLiteral("changed")));
    QCOMPARE(line.words.size(), 8);
    const SearchQuery withFilter = SearchQuery::parse(QStringLiteral("domain:nfs stale handle"));
    QVERIFY(!withFilter.staleOnly);
    QCOMPARE(withFilter.domain, QStringLiteral("nfs"));
    QCOMPARE(withFilter.words, (QStringList{QStringLiteral("stale"), QStringLiteral("handle")}));

    // Filters alone: the bare keywords filter.
    const SearchQuery filters = SearchQuery::parse(QStringLiteral("Stale -has:zh changed"));
    QVERIFY(filters.staleOnly);
    QCOMPARE(filters.gitStates.size(), 6);
    QCOMPARE(filters.hasChinese, std::optional<bool>(false));
    QVERIFY(filters.words.isEmpty());
    // Explicit, anywhere.
    const SearchQuery explicitOnes = SearchQuery::parse(QStringLiteral("nfs is:stale handle IS:changed"));
    QVERIFY(explicitOnes.staleOnly);
    QCOMPARE(explicitOnes.gitStates.size(), 6);
    QCOMPARE(explicitOnes.words, (QStringList{QStringLiteral("nfs"), QStringLiteral("handle")}));
    // An unknown is: value is a word.
    QCOMPARE(SearchQuery::parse(QStringLiteral("is:open")).words, QStringList{QStringLiteral("is:open")});
}

QTEST_GUILESS_MAIN(SearchQueryTest)
#include "SearchQueryTest.moc"
