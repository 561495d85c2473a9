#include "models/util/TextDiff.h"

#include <QTest>

using namespace Errata;

namespace {

QStringList marked(const QList<TextDiff::Line> &lines)
{
    QStringList out;
    for (const TextDiff::Line &line : lines) {
        const QChar mark = line.kind == TextDiff::Line::Added ? QLatin1Char('+')
            : line.kind == TextDiff::Line::Removed            ? QLatin1Char('-')
                                                              : QLatin1Char(' ');
        out << mark + line.text;
    }
    return out;
}

QStringList strings(std::initializer_list<const char *> texts)
{
    QStringList out;
    for (const char *text : texts)
        out << QString::fromUtf8(text);
    return out;
}

QString joined(const QStringList &lines)
{
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TextDiffTest : public QObject
{
    Q_OBJECT

private slots:
    void removedBeforeAdded_data();
    void removedBeforeAdded();
    void noChangeIsAllSame();
    void unifiedHunksKeepTheOrder();
};

void TextDiffTest::removedBeforeAdded_data()
{
    QTest::addColumn<QStringList>("before");
    QTest::addColumn<QStringList>("after");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("one line changed") << strings({"a", "b", "c"}) << strings({"a", "B", "c"})
                                      << strings({" a", "-b", "+B", " c"});
    QTest::newRow("two lines changed") << strings({"a", "x", "y", "b"}) << strings({"a", "X", "Y", "b"})
                                       << strings({" a", "-x", "-y", "+X", "+Y", " b"});
    QTest::newRow("more added than removed")
        << strings({"{", "  \"a\": 1", "}"}) << strings({"{", "  \"a\": 2,", "  \"b\": 3", "}"})
        << strings({" {", "-  \"a\": 1", "+  \"a\": 2,", "+  \"b\": 3", " }"});
    QTest::newRow("two hunks") << strings({"a", "b", "c", "d", "e"}) << strings({"A", "b", "c", "d", "E"})
                               << strings({"-a", "+A", " b", " c", " d", "-e", "+E"});
    QTest::newRow("a line moved") << strings({"p", "q", "r"}) << strings({"q", "p", "r"})
                                  << strings({"-p", " q", "+p", " r"});
    QTest::newRow("only added") << strings({"a", "c"}) << strings({"a", "b", "c"}) << strings({" a", "+b", " c"});
    QTest::newRow("only removed") << strings({"a", "b", "c"}) << strings({"a", "c"}) << strings({" a", "-b", " c"});
}

void TextDiffTest::removedBeforeAdded()
{
    QFETCH(QStringList, before);
    QFETCH(QStringList, after);
    QFETCH(QStringList, expected);
    QCOMPARE(marked(TextDiff::diff(joined(before), joined(after))), expected);
}

void TextDiffTest::noChangeIsAllSame()
{
    const QList<TextDiff::Line> lines = TextDiff::diff(QStringLiteral("a\nb"), QStringLiteral("a\nb"));
    QCOMPARE(marked(lines), strings({" a", " b"}));
    QVERIFY(TextDiff::unified(lines).isEmpty());
}

// A record's file: every hunk of the unified view lists what goes before
// what comes, and starts with its line number.
void TextDiffTest::unifiedHunksKeepTheOrder()
{
    QStringList before;
    for (int i = 1; i <= 20; ++i)
        before << QStringLiteral("  \"line%1\": %1,").arg(i);
    QStringList after = before;
    after[2] = QStringLiteral("  \"line3\": 30,");
    after[15] = QStringLiteral("  \"line16\": 160,");
    after.insert(16, QStringLiteral("  \"new\": true,"));
    const QStringList unified = TextDiff::unified(TextDiff::diff(joined(before), joined(after)), 1);
    const auto line = [](char mark, const QString &text) { return QLatin1Char(mark) + text; };
    QCOMPARE(unified,
             (QStringList{QStringLiteral("@@ line 2 @@"), line(' ', before.at(1)), line('-', before.at(2)),
                          line('+', after.at(2)), line(' ', before.at(3)), QStringLiteral("@@ line 15 @@"),
                          line(' ', before.at(14)), line('-', before.at(15)), line('+', after.at(15)),
                          line('+', after.at(16)), line(' ', before.at(16))}));
}

QTEST_GUILESS_MAIN(TextDiffTest)
#include "TextDiffTest.moc"
