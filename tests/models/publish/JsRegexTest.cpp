// JsRegex: RE2 patterns and the JavaScript (flag u) sources they become.

#include "models/publish/JsRegex.h"

#include <QTest>

using namespace Errata;

class JsRegexTest : public QObject
{
    Q_OBJECT

private slots:
    void translates_data()
    {
        QTest::addColumn<QString>("re2");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("flags");
        QTest::newRow("dot") << "a.b"
                             << "a[^\\n]b"
                             << "u";
        QTest::newRow("ignore case") << "(?i)timed out"
                                     << "timed out"
                                     << "iu";
        QTest::newRow("ascii classes") << "\\d+\\s\\w"
                                       << "[0-9]+[\\t\\n\\f\\r ][0-9A-Za-z_]"
                                       << "u";
        QTest::newRow("negated") << "\\S\\D"
                                 << "[^\\t\\n\\f\\r ][^0-9]"
                                 << "u";
        QTest::newRow("in class") << "[\\d\\-x]"
                                  << "[0-9\\-x]"
                                  << "u";
        QTest::newRow("identity escapes") << "\\'\\_\\:"
                                          << "'_:"
                                          << "u";
        QTest::newRow("groups") << "(a|b)(?P<n>c)(?:d)"
                                << "(?:a|b)(?:c)(?:d)"
                                << "u";
        QTest::newRow("literal brace") << "a{,3}}"
                                       << "a\\{,3\\}\\}"
                                       << "u";
        QTest::newRow("repeat") << "a{2,3}b{4}"
                                << "a{2,3}b{4}"
                                << "u";
        QTest::newRow("hex") << "\\x{1F600}\\x41"
                             << "\\u{1f600}\\u{41}"
                             << "u";
        QTest::newRow("anchors") << "\\Aab\\z"
                                 << "^ab$"
                                 << "u";
        QTest::newRow("slash") << "a/b"
                               << "a\\/b"
                               << "u";
        QTest::newRow("non-ascii") << "错误: é"
                                   << "错误: é"
                                   << "u";
    }

    void translates()
    {
        QFETCH(QString, re2);
        QFETCH(QString, source);
        QFETCH(QString, flags);
        const std::optional<JsRegex::Result> result = JsRegex::translate(re2);
        QVERIFY(result);
        QCOMPARE(result->source, source);
        QCOMPARE(result->flags, flags);
    }

    void untranslatableIsNull_data()
    {
        QTest::addColumn<QString>("re2");
        QTest::newRow("one byte") << "a\\Cb";
        QTest::newRow("scoped flags") << "a(?i:b)";
        QTest::newRow("posix") << "[[:alpha:]]";
        QTest::newRow("unicode class") << "\\pL";
        QTest::newRow("quote") << "\\Q.\\E";
    }

    void untranslatableIsNull()
    {
        QFETCH(QString, re2);
        QVERIFY(!JsRegex::translate(re2));
    }
};

QTEST_GUILESS_MAIN(JsRegexTest)
#include "JsRegexTest.moc"
