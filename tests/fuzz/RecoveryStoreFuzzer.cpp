// fuzz-recovery-store: the crash-recovery folder (RecoveryStore) read at start. The input is the manifest, the stored
// text and the original text, separated by lines "@@@", put where the store keeps /errata-fuzz/kb/app/one.json; what
// is listed is then restored, and a record stored over it and read back.
//
// Properties: no crash and no huge allocation; only the files of the store's own folder are read (never one a
// manifest names beside it); a restored record is modified and at its listed path; a record stored over a damaged
// folder is listed and restored with its document.

#include "FuzzSupport.h"

#include "models/kb/RecoveryStore.h"
#include "models/record/Record.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>

using namespace Errata;

namespace {

const QString KbRoot = QStringLiteral("/errata-fuzz/kb");
const QString RecordFile = QStringLiteral("/errata-fuzz/kb/app/one.json");
const QByteArray Outside = "OUTSIDE THE STORE";

QString base()
{
    static const QString base = Fuzz::scratchFolder() + QStringLiteral("/recovery");
    return base;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    FUZZ_CHECK(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
}

void readEverything(const RecoveryStore &store)
{
    for (const RecoveryStore::Entry &entry : store.entries(KbRoot)) {
        FUZZ_CHECK(!entry.filePath.isEmpty());
        QByteArray text;
        QByteArray original;
        QString error;
        if (store.read(KbRoot, entry.filePath, &text, &original, &error))
            FUZZ_CHECK(!text.contains(Outside) && !original.contains(Outside));
        Record record;
        if (store.restore(KbRoot, entry.filePath, &record, &error))
            FUZZ_CHECK(record.isModified() && record.filePath() == QDir::cleanPath(entry.filePath));
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    Fuzz::initialize(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QList<QByteArray> input = Fuzz::parts(Fuzz::bytes(data, size), 3);
    RecoveryStore store(base());
    const QString folder = store.folder(KbRoot);
    QDir(base()).removeRecursively();
    // Files beside the store's folder, and beside the store, that a
    // manifest can name by a relative path.
    for (const QString &name : {QStringLiteral("/../outside"), QStringLiteral("/../../outside")}) {
        writeFile(QDir::cleanPath(folder + name + QStringLiteral(".json")), Outside);
        writeFile(QDir::cleanPath(folder + name + QStringLiteral(".orig")), Outside);
    }
    const QString stem = folder + QLatin1Char('/')
        + QString::fromLatin1(QCryptographicHash::hash(RecordFile.toUtf8(), QCryptographicHash::Sha1).toHex());
    writeFile(folder + QStringLiteral("/manifest.json"), input.at(0));
    writeFile(stem + QStringLiteral(".json"), input.at(1));
    writeFile(stem + QStringLiteral(".orig"), input.at(2));
    readEverything(store);

    // A record stored over what is there is listed and restored.
    Record record;
    Record::LoadError loadError;
    if (!record.parse(input.at(2), &loadError))
        return 0;
    record.setFilePath(RecordFile);
    record.setValue(QStringLiteral("/x_fuzz_edit"), OrderedJson(true));
    QString error;
    if (!store.store(KbRoot, QList<const Record *>{&record}, &error))
        return 0; // a text that cannot be written (not UTF-8) keeps the entry before
    readEverything(store);
    Record restored;
    FUZZ_CHECK(store.restore(KbRoot, RecordFile, &restored, &error));
    FUZZ_CHECK(restored.json() == record.json() && restored.originalText() == record.originalText());
    return 0;
}
