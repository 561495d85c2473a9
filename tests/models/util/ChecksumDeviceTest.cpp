// ChecksumDevice: bytes written in pieces of any size give the count and
// the checksum of the same bytes held whole, and the checksum tells bytes
// apart.

#include "models/util/ChecksumDevice.h"

#include <QtTest>

#include <QRandomGenerator>

using namespace Errata;

class ChecksumDeviceTest : public QObject
{
    Q_OBJECT

private slots:
    void piecesGiveTheChecksumOfTheWhole_data();
    void piecesGiveTheChecksumOfTheWhole();
    void differentBytesDiffer();
    void asAQByteArrayInAStream();
};

void ChecksumDeviceTest::piecesGiveTheChecksumOfTheWhole_data()
{
    QTest::addColumn<int>("size");
    QTest::addColumn<int>("piece");
    for (const int size : {0, 1, 65535, 65536, 65537, 200000}) {
        for (const int piece : {1, 7, 4096, 65536, 300000})
            QTest::addRow("%d in %d", size, piece) << size << piece;
    }
}

void ChecksumDeviceTest::piecesGiveTheChecksumOfTheWhole()
{
    QFETCH(int, size);
    QFETCH(int, piece);
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator random(size);
    for (char &c : bytes)
        c = char(random.bounded(256));
    ChecksumDevice device;
    QVERIFY(device.open(QIODevice::WriteOnly));
    for (int at = 0; at < size; at += piece)
        QCOMPARE(device.write(bytes.constData() + at, qMin(piece, size - at)), qint64(qMin(piece, size - at)));
    QCOMPARE(device.count(), qint64(size));
    QCOMPARE(device.checksum(), ChecksumDevice::checksumOf(bytes));
}

void ChecksumDeviceTest::differentBytesDiffer()
{
    QByteArray bytes(150000, 'a');
    const quint64 before = ChecksumDevice::checksumOf(bytes);
    for (const int at : {0, 65535, 65536, 149999}) {
        QByteArray changed = bytes;
        changed[at] = 'b';
        QVERIFY(ChecksumDevice::checksumOf(changed) != before);
    }
    QVERIFY(ChecksumDevice::checksumOf(bytes.left(65536)) != ChecksumDevice::checksumOf(bytes.left(65537)));
    QVERIFY(ChecksumDevice::checksumOf(QByteArray()) != ChecksumDevice::checksumOf(QByteArray(1, '\0')));
}

// What SearchIndexCache does: the length, then the bytes themselves, read
// back as one QByteArray.
void ChecksumDeviceTest::asAQByteArrayInAStream()
{
    ChecksumDevice measure;
    QVERIFY(measure.open(QIODevice::WriteOnly));
    const auto write = [](QDataStream &out) { out << QStringLiteral("path/one.json") << qint64(42) << quint8(1); };
    QDataStream measured(&measure);
    write(measured);
    QByteArray file;
    QDataStream out(&file, QIODevice::WriteOnly);
    out << quint32(measure.count());
    write(out);
    out << measure.checksum();
    QDataStream in(file);
    QByteArray rows;
    quint64 checksum = 0;
    in >> rows >> checksum;
    QCOMPARE(in.status(), QDataStream::Ok);
    QCOMPARE(qint64(rows.size()), measure.count());
    QCOMPARE(checksum, ChecksumDevice::checksumOf(rows));
}

QTEST_GUILESS_MAIN(ChecksumDeviceTest)
#include "ChecksumDeviceTest.moc"
