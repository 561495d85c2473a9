// LookupIndexJob and SearchIndex::setLookup(): a lookup side built apart,
// from copies of the records' texts, while the records are edited, added
// and removed, answers as the lookup side built with the index and kept up
// with the same edits.

#include "models/lookup/LookupIndexJob.h"
#include "models/kb/KnowledgeBase.h"
#include "models/kb/KnowledgeBaseLoader.h"
#include "models/kb/RecordOperations.h"
#include "models/lookup/LookupEngine.h"
#include "models/record/Record.h"
#include "models/search/SearchIndex.h"

#include "support/TestFiles.h"

#include <QBuffer>
#include <QDataStream>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Errata;

namespace {

const QString SampleKb = QStringLiteral(ERRATA_SOURCE_DIR "/resources/sample-kb");
const QDate Today(2026, 6, 1);

// A copy of the sample KB, loaded as the window loads it, and its index.
struct Subject
{
    QTemporaryDir dir;
    KnowledgeBase kb;
    SearchIndex index;

    bool open(SearchIndex::Lookup lookup)
    {
        if (!TestSupport::copyFolder(SampleKb, dir.path()))
            return false;
        kb.adopt(KnowledgeBaseLoader::load(dir.path(), nullptr, {}, KnowledgeBaseLoader::ReleaseDocuments));
        return kb.count() > 3 && index.build(kb, Today, nullptr, {}, lookup);
    }

    // The same edits on either subject, each followed by the index as the
    // session follows it.
    void edit()
    {
        Record *changed = kb.recordAt(0);
        kb.setValue(changed, QStringLiteral("/signature"),
                    OrderedJson("QuetzalcoatlError: the feathered serpent refused the handshake"));
        index.update(kb, changed);
        Record *removed = kb.recordAt(1);
        index.remove(removed);
        QString error;
        QVERIFY2(RecordOperations::deleteRecord(kb, removed, &error), qPrintable(error));
        Record *added = RecordOperations::duplicateRecord(kb, *kb.recordAt(2), QStringLiteral("python/xolotl-copy"),
                                                          &error);
        QVERIFY2(added, qPrintable(error));
        kb.setValue(added, QStringLiteral("/signature"), OrderedJson("XolotlTimeout: the underworld guide timed out"));
        index.update(kb, added);
    }
};

QStringList answer(const SearchIndex &index, const QString &text)
{
    const LookupEngine engine(index.lookup());
    QStringList hits;
    for (const LookupResult::Hit &hit : engine.lookup(text, 5).hits)
        hits << QStringLiteral("%1 %2").arg(hit.id).arg(hit.score, 0, 'f', 6);
    return hits;
}

} // namespace

class LookupIndexJobTest : public QObject
{
    Q_OBJECT

private slots:
    void laterBuildAnswersAsTheBuildWithTheIndex();
    void editsWhileBuildingAreCaughtUp();
    void postingsHoldNoSpareRoom();
};

void LookupIndexJobTest::laterBuildAnswersAsTheBuildWithTheIndex()
{
    Subject now;
    Subject later;
    QVERIFY(now.open(SearchIndex::WithLookup));
    QVERIFY(later.open(SearchIndex::LookupLater));
    QVERIFY(!now.index.isLookupPending());
    QVERIFY(later.index.isLookupPending());
    QCOMPARE(later.index.lookup().liveCount(), 0);
    LookupIndexJob job(later.index.records());
    QCOMPARE(job.count(), later.kb.count());
    QVERIFY(job.run());
    later.index.setLookup(job.take());
    QVERIFY(!later.index.isLookupPending());
    QCOMPARE(later.index.lookup().liveCount(), now.index.lookup().liveCount());
    for (int i = 0; i < now.kb.count(); ++i) {
        const QString signature = now.kb.recordAt(i)->summary().signature;
        QCOMPARE(answer(later.index, signature), answer(now.index, signature));
    }
}

// The job copies the texts before the edits and is taken after them.
void LookupIndexJobTest::editsWhileBuildingAreCaughtUp()
{
    Subject now;
    Subject later;
    QVERIFY(now.open(SearchIndex::WithLookup));
    QVERIFY(later.open(SearchIndex::LookupLater));
    const QString removedSignature = now.kb.recordAt(1)->summary().signature;
    LookupIndexJob job(later.index.records());
    now.edit();
    later.edit();
    QVERIFY(job.run());
    later.index.setLookup(job.take());
    QCOMPARE(later.index.lookup().liveCount(), later.kb.count());
    QCOMPARE(later.index.lookup().liveCount(), now.index.lookup().liveCount());
    const QStringList texts{QStringLiteral("QuetzalcoatlError: the feathered serpent refused the handshake"),
                            QStringLiteral("XolotlTimeout: the underworld guide timed out"), removedSignature,
                            now.kb.recordAt(2)->summary().signature};
    QVERIFY(answer(later.index, texts.at(0)).value(0).startsWith(now.kb.recordAt(0)->id() + QLatin1Char(' ')));
    QVERIFY(answer(later.index, texts.at(1)).value(0).startsWith(QStringLiteral("python/xolotl-copy ")));
    for (const QString &text : texts)
        QCOMPARE(answer(later.index, text), answer(now.index, text));
    for (int i = 0; i < now.kb.count(); ++i) {
        const QString signature = now.kb.recordAt(i)->summary().signature;
        QCOMPARE(answer(later.index, signature), answer(now.index, signature));
    }
}

// Each term's postings are grown once per batch, to their size, when built and when read from the cache: they are
// kept for as long as the KB, and room to grow would be a third more.
void LookupIndexJobTest::postingsHoldNoSpareRoom()
{
    Subject later;
    QVERIFY(later.open(SearchIndex::LookupLater));
    LookupIndexJob job(later.index.records());
    QVERIFY(job.run());
    later.index.setLookup(job.take());
    QByteArray bytes;
    QBuffer buffer(&bytes);
    QVERIFY(buffer.open(QIODevice::ReadWrite));
    QDataStream stream(&buffer);
    later.index.write(stream, later.index.records());
    QVERIFY(buffer.seek(0));
    SearchIndex read;
    QVERIFY(read.read(stream, later.index.records()));
    for (const LookupIndex *index : {&later.index.lookup(), &read.lookup()}) {
        size_t postings = 0;
        for (uint32_t term = 0; term < uint32_t(index->termCount()); ++term) {
            const std::vector<LookupIndex::Posting> &list = index->postings(term);
            QVERIFY2(list.capacity() == list.size(), qPrintable(QString::fromStdString(index->textOf(term))));
            postings += list.size();
        }
        QVERIFY(index->termCount() > 100);
        QVERIFY(postings > size_t(index->termCount())); // some words are in several records
    }
    QCOMPARE(read.lookup().liveCount(), later.index.lookup().liveCount());
}

QTEST_GUILESS_MAIN(LookupIndexJobTest)
#include "LookupIndexJobTest.moc"
