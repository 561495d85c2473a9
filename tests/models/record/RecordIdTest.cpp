#include "models/record/RecordId.h"

#include <QtTest>

using namespace Errata;

class RecordIdTest : public QObject
{
    Q_OBJECT

private slots:
    void shortNames_data();
    void shortNames();
};

void RecordIdTest::shortNames_data()
{
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("distinct") << QStringList{QStringLiteral("docker/a"), QStringLiteral("git/b")}
                              << QStringList{QStringLiteral("a"), QStringLiteral("b")};
    // The case: two tabs read "docker27-linux".
    QTest::newRow("same last segment") << QStringList{QStringLiteral("docker/docker27-linux"),
                                                      QStringLiteral("podman/docker27-linux"), QStringLiteral("git/b")}
                                       << QStringList{QStringLiteral("docker/docker27-linux"),
                                                      QStringLiteral("podman/docker27-linux"), QStringLiteral("b")};
    QTest::newRow("deeper") << QStringList{QStringLiteral("a/x/y"), QStringLiteral("b/x/y"), QStringLiteral("c/z/y")}
                            << QStringList{QStringLiteral("a/x/y"), QStringLiteral("b/x/y"), QStringLiteral("z/y")};
    QTest::newRow("one id is the other's ending") << QStringList{QStringLiteral("y"), QStringLiteral("x/y")}
                                                  << QStringList{QStringLiteral("y"), QStringLiteral("x/y")};
    QTest::newRow("none") << QStringList{} << QStringList{};
}

void RecordIdTest::shortNames()
{
    QFETCH(QStringList, ids);
    QFETCH(QStringList, names);
    QCOMPARE(RecordId::shortNames(ids), names);
}

QTEST_GUILESS_MAIN(RecordIdTest)
#include "RecordIdTest.moc"
