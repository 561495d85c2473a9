// EnvironmentHints: where an error happened, as hints a text and a record
// can share.

#include "models/lookup/EnvironmentHints.h"

#include <QTest>

using namespace Errata;

namespace {

bool has(const std::vector<std::string> &hints, const char *hint)
{
    return std::find(hints.begin(), hints.end(), std::string(hint)) != hints.end();
}

} // namespace

class EnvironmentHintsTest : public QObject
{
    Q_OBJECT

private slots:
    void ofText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("python") << QStringLiteral("Python 3.11.4 on linux")
                                << QStringList{QStringLiteral("python"), QStringLiteral("python3"),
                                               QStringLiteral("python3.11"), QStringLiteral("os:linux")};
        QTest::newRow("node") << QStringLiteral("node v20.11.1 (darwin)")
                              << QStringList{QStringLiteral("node"), QStringLiteral("node20"),
                                             QStringLiteral("node20.11"), QStringLiteral("os:macos")};
        QTest::newRow("pip pin") << QStringLiteral("torch==2.1.0+cu121")
                                 << QStringList{QStringLiteral("torch2"), QStringLiteral("torch2.1")};
        QTest::newRow("go") << QStringLiteral("go version go1.21.5 linux/amd64")
                            << QStringList{QStringLiteral("go1"), QStringLiteral("go1.21"), QStringLiteral("os:linux"),
                                           QStringLiteral("arch:x64")};
        QTest::newRow("wheel tag") << QStringLiteral("numpy-1.26.4-cp311-cp311-manylinux_2_17_x86_64.whl")
                                   << QStringList{QStringLiteral("python3.11"), QStringLiteral("arch:x64")};
        QTest::newRow("kubernetes") << QStringLiteral("Server Version: v1.28.3, k8s")
                                    << QStringList{QStringLiteral("kubernetes")};
        QTest::newRow("gpu with a space")
            << QStringLiteral("GPU 0: NVIDIA GeForce RTX 3090") << QStringList{QStringLiteral("gpu:rtx3090")};
        QTest::newRow("windows") << QStringLiteral("on Windows 11") << QStringList{QStringLiteral("os:windows")};
    }

    void ofText()
    {
        QFETCH(QString, text);
        QFETCH(QStringList, expected);
        const std::vector<std::string> hints = EnvironmentHints::ofText(text);
        for (const QString &hint : expected)
            QVERIFY2(has(hints, hint.toUtf8().constData()), qPrintable(hint));
        QVERIFY(std::is_sorted(hints.begin(), hints.end()));
    }

    void plainWordsAreNoHints()
    {
        const std::vector<std::string> hints = EnvironmentHints::ofText(
            QStringLiteral("the next 5 minutes we go 2 places at step 500"));
        QVERIFY(!has(hints, "nextjs5"));
        QVERIFY(!has(hints, "step500"));
    }

    void ofParts_data()
    {
        QTest::addColumn<QString>("segment");
        QTest::addColumn<QStringList>("versions");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("compact python") << QStringLiteral("py311-linux") << QStringList()
                                        << QStringList{QStringLiteral("python3.11"), QStringLiteral("os:linux")};
        QTest::newRow("node and arch") << QStringLiteral("node20-macos-x64") << QStringList()
                                       << QStringList{QStringLiteral("node20"), QStringLiteral("os:macos"),
                                                      QStringLiteral("arch:x64")};
        QTest::newRow("gpu and memory") << QStringLiteral("torch2.1-a100-40gb") << QStringList()
                                        << QStringList{QStringLiteral("torch2.1"), QStringLiteral("gpu:a100"),
                                                       QStringLiteral("mem:40gb")};
        QTest::newRow("kubernetes") << QStringLiteral("k8s128-linux") << QStringList()
                                    << QStringList{QStringLiteral("kubernetes1.28")};
        QTest::newRow("go") << QStringLiteral("go121-linux") << QStringList() << QStringList{QStringLiteral("go1.21")};
        QTest::newRow("versions") << QStringLiteral("x")
                                  << QStringList{QStringLiteral("python>=3.11,<3.13"), QStringLiteral("docker>=27,<28")}
                                  << QStringList{QStringLiteral("python3.11"), QStringLiteral("docker27")};
    }

    void ofParts()
    {
        QFETCH(QString, segment);
        QFETCH(QStringList, versions);
        QFETCH(QStringList, expected);
        const std::vector<std::string> hints = EnvironmentHints::ofParts(segment, versions, {});
        for (const QString &hint : expected)
            QVERIFY2(has(hints, hint.toUtf8().constData()), qPrintable(hint));
    }

    // "py311" in an id and "Python 3.11" in a log are the same place.
    void textAndRecordMeet()
    {
        const auto text = EnvironmentHints::ofText(QStringLiteral("Python 3.11.4, Linux x86_64"));
        const auto record = EnvironmentHints::ofParts(QStringLiteral("py311-linux"), {}, {});
        const auto other = EnvironmentHints::ofParts(QStringLiteral("py310-macos"), {}, {});
        std::vector<std::string> both;
        const double same = EnvironmentHints::shared(text, record, &both);
        QVERIFY(has(both, "python3.11"));
        QVERIFY(has(both, "os:linux"));
        QVERIFY(same > EnvironmentHints::shared(text, other));
    }

    void weights()
    {
        QVERIFY(EnvironmentHints::weightOf("python") < EnvironmentHints::weightOf("python3"));
        QVERIFY(EnvironmentHints::weightOf("python3") < EnvironmentHints::weightOf("python3.11"));
        QCOMPARE(EnvironmentHints::weightOf("gpu:a100"), 1.0);
        QCOMPARE(EnvironmentHints::weightOf("os:linux"), 0.5);
    }
};

QTEST_GUILESS_MAIN(EnvironmentHintsTest)
#include "EnvironmentHintsTest.moc"
