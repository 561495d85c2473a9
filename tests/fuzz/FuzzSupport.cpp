#include "FuzzSupport.h"

#include "models/util/Parallel.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>

namespace Errata::Fuzz {

namespace {

void quiet(QtMsgType type, const QMessageLogContext &, const QString &message)
{
    if (type == QtFatalMsg) {
        std::fprintf(stderr, "qFatal: %s\n", qPrintable(message));
        __builtin_trap();
    }
}

} // namespace

void initialize(int *argc, char ***argv)
{
    static QCoreApplication *application = nullptr;
    if (application)
        return;
    qInstallMessageHandler(quiet);
    // One input at a time, on this thread: starting threads for each input
    // would take most of the time (parallel campaigns run processes).
    Parallel::setMaxThreads(1);
    QCoreApplication::setOrganizationName(QStringLiteral("Errata"));
    QCoreApplication::setApplicationName(QStringLiteral("ErrataFuzz"));
    application = new QCoreApplication(*argc, *argv);
}

QString scratchFolder()
{
    static const QTemporaryDir folder = [] {
        const QFileInfo shm(QStringLiteral("/dev/shm"));
        const QString base = shm.isDir() && shm.isWritable() ? shm.filePath() : QDir::tempPath();
        return QTemporaryDir(base + QStringLiteral("/errata-fuzz-XXXXXX"));
    }();
    FUZZ_CHECK(folder.isValid());
    return folder.path();
}

void fail(const char *what, const char *file, int line)
{
    std::fprintf(stderr, "\n%s:%d: property does not hold: %s\n", file, line, what);
    std::fflush(stderr);
    __builtin_trap();
}

QList<QByteArray> split(const QByteArray &text, char separator, int count)
{
    QList<QByteArray> list;
    qsizetype from = 0;
    while (list.size() < count - 1) {
        const qsizetype at = text.indexOf(separator, from);
        if (at < 0)
            break;
        list << text.mid(from, at - from);
        from = at + 1;
    }
    list << text.mid(from);
    return list;
}

QList<QByteArray> parts(const QByteArray &text, int count)
{
    static const QByteArray Separator("\n@@@\n");
    QList<QByteArray> list;
    qsizetype from = 0;
    while (list.size() < count - 1) {
        const qsizetype at = text.indexOf(Separator, from);
        if (at < 0)
            break;
        list << text.mid(from, at - from);
        from = at + Separator.size();
    }
    list << text.mid(from);
    while (list.size() < count)
        list << QByteArray();
    return list;
}

bool isInside(const QByteArray &text, int line, int column)
{
    if (line < 1 || column < 1)
        return false;
    qsizetype start = text.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    for (int i = 1; i < line; ++i) {
        const qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            return false;
        start = end + 1;
    }
    qsizetype end = text.indexOf('\n', start);
    if (end < 0)
        end = text.size();
    int characters = 0;
    for (qsizetype i = start; i < end; ++i)
        characters += (uchar(text.at(i)) & 0xC0) != 0x80;
    return column <= characters + 1;
}

bool jsonEqual(const OrderedJson &a, const OrderedJson &b)
{
    if (a.is_object() && b.is_object()) {
        if (a.size() != b.size())
            return false;
        for (const auto &[key, value] : a.items()) {
            const auto other = b.find(key);
            if (other == b.end() || !jsonEqual(value, *other))
                return false;
        }
        return true;
    }
    if (a.is_array() && b.is_array()) {
        if (a.size() != b.size())
            return false;
        for (size_t i = 0; i < a.size(); ++i) {
            if (!jsonEqual(a[i], b[i]))
                return false;
        }
        return true;
    }
    return a == b;
}

} // namespace Errata::Fuzz

// AddressSanitizer's defaults for the fuzz targets (ASAN_OPTIONS overrides them): a smaller quarantine of freed memory,
// which otherwise holds 256 MB and makes every allocation a fresh page, and shorter allocation stacks, so that the
// targets run much faster.
extern "C" const char *__asan_default_options()
{
    return "quarantine_size_mb=16:malloc_context_size=8";
}
