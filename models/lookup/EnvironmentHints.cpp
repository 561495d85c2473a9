#include "models/lookup/EnvironmentHints.h"

#include "models/record/Record.h"

#include <re2/re2.h>

#include <QHash>

#include <algorithm>
#include <iterator>
#include <string_view>

namespace Errata {

namespace {

// Spellings of a runtime or tool, to one name.
struct Pair
{
    const char *from;
    const char *to;
};

template<size_t N>
QHash<QString, QString> tableOf(const Pair (&pairs)[N])
{
    QHash<QString, QString> table;
    for (const Pair &pair : pairs)
        table.insert(QString::fromLatin1(pair.from), QString::fromLatin1(pair.to));
    return table;
}

const QHash<QString, QString> &canonicalNames()
{
    static const Pair pairs[] = {
        {"python", "python"},
        {"py", "python"},
        {"cp", "python"},
        {"cpython", "python"},
        {"node", "node"},
        {"nodejs", "node"},
        {"node.js", "node"},
        {"torch", "torch"},
        {"pytorch", "torch"},
        {"pt", "torch"},
        {"cuda", "cuda"},
        {"cu", "cuda"},
        {"tensorflow", "tensorflow"},
        {"tf", "tf"},
        {"terraform", "terraform"},
        {"java", "java"},
        {"jdk", "java"},
        {"openjdk", "java"},
        {"go", "go"},
        {"golang", "go"},
        {"rust", "rust"},
        {"rustc", "rust"},
        {"cargo", "rust"},
        {"ruby", "ruby"},
        {"php", "php"},
        {"dotnet", "dotnet"},
        {".net", "dotnet"},
        {"docker", "docker"},
        {"kubernetes", "kubernetes"},
        {"k8s", "kubernetes"},
        {"kubectl", "kubernetes"},
        {"git", "git"},
        {"npm", "npm"},
        {"pip", "pip"},
        {"react", "react"},
        {"nextjs", "nextjs"},
        {"next.js", "nextjs"},
        {"typescript", "typescript"},
        {"ts", "typescript"},
        {"tsc", "typescript"},
        {"postgres", "postgres"},
        {"postgresql", "postgres"},
        {"pg", "postgres"},
        {"psql", "postgres"},
        {"mysql", "mysql"},
        {"redis", "redis"},
        {"mongo", "mongo"},
        {"mongodb", "mongo"},
        {"kafka", "kafka"},
        {"elasticsearch", "elasticsearch"},
        {"es", "elasticsearch"},
        {"nginx", "nginx"},
        {"ros", "ros"},
        {"ros2", "ros2"},
        {"flutter", "flutter"},
        {"dart", "dart"},
        {"unity", "unity"},
        {"cmake", "cmake"},
        {"gcc", "gcc"},
        {"clang", "clang"},
        {"helm", "helm"},
        {"awscli", "awscli"},
        {"aws-cli", "awscli"},
        {"aws", "awscli"},
        {"grpc", "grpc"},
        {"opencv", "opencv"},
        {"cv", "opencv"},
        {"hf", "transformers"},
        {"transformers", "transformers"},
        {"android", "android"},
        {"ios", "ios"},
        {"xcode", "xcode"},
        {"ubuntu", "ubuntu"},
        {"debian", "debian"},
        {"gradle", "gradle"},
        {"maven", "maven"},
        {"yarn", "yarn"},
        {"pnpm", "pnpm"},
        {"deno", "deno"},
        {"bun", "bun"},
        {"vite", "vite"},
        {"webpack", "webpack"},
        {"django", "django"},
        {"flask", "flask"},
        {"spring", "spring"},
        {"angular", "angular"},
        {"vue", "vue"},
        {"swift", "swift"},
        {"kotlin", "kotlin"},
        {"scala", "scala"},
        {"conda", "conda"},
        {"numpy", "numpy"},
        {"pandas", "pandas"},
    };
    static const QHash<QString, QString> names = tableOf(pairs);
    return names;
}

// Names whose major version is one digit, so that "py311" is 3.11.
bool hasOneDigitMajor(const QString &name)
{
    static const char *const names[] = {"python", "go", "php", "kubernetes", "terraform", "ruby", "rust", "perl"};
    return std::any_of(std::begin(names), std::end(names),
                       [&name](const char *one) { return name == QLatin1String(one); });
}

const QHash<QString, QString> &osNames()
{
    static const Pair pairs[] = {
        {"linux", "os:linux"},  {"ubuntu", "os:linux"},  {"debian", "os:linux"},    {"alpine", "os:linux"},
        {"centos", "os:linux"}, {"fedora", "os:linux"},  {"rhel", "os:linux"},      {"macos", "os:macos"},
        {"darwin", "os:macos"}, {"osx", "os:macos"},     {"mac", "os:macos"},       {"windows", "os:windows"},
        {"win", "os:windows"},  {"win32", "os:windows"}, {"win64", "os:windows"},   {"wsl", "os:wsl"},
        {"wsl2", "os:wsl"},     {"arm64", "arch:arm64"}, {"aarch64", "arch:arm64"}, {"x64", "arch:x64"},
        {"x86_64", "arch:x64"}, {"amd64", "arch:x64"},   {"x86", "arch:x86"},       {"m1", "arch:arm64"},
        {"m2", "arch:arm64"},   {"m3", "arch:arm64"},
    };
    static const QHash<QString, QString> names = tableOf(pairs);
    return names;
}

void addVersion(const QString &name, QString major, QString minor, std::vector<std::string> &out)
{
    out.push_back(name.toStdString());
    if (minor.isEmpty() && hasOneDigitMajor(name) && major.size() >= 2) {
        minor = major.mid(1);
        major = major.left(1);
    }
    if (major.isEmpty())
        return;
    out.push_back((name + major).toStdString());
    if (!minor.isEmpty())
        out.push_back((name + major + QLatin1Char('.') + minor).toStdString());
}

// One word: an OS or machine, a GPU, a memory size, or name+version.
void addWord(const QString &word, std::vector<std::string> &out)
{
    static const RE2 gpu(R"((a100|h100|v100|a10g?|t4|l4|rtx\d{4}|gtx\d{4}))");
    static const RE2 memory(R"((\d+)(gb|gib))");
    static const RE2 named(R"(([a-z][a-z.+-]*?)-?v?(\d+)(?:\.(\d+))?(?:\.\d+)*(?:[a-z+].*)?)");
    QString lower = word.toLower();
    lower.replace(QLatin1String("k8s"), QLatin1String("kubernetes"));
    const std::string utf8 = lower.toStdString();
    if (osNames().contains(lower)) {
        out.push_back(osNames().value(lower).toStdString());
        return;
    }
    // Each pattern needs a digit: most words have none.
    const bool digits = std::any_of(utf8.begin(), utf8.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits && RE2::FullMatch(utf8, gpu)) {
        out.push_back("gpu:" + utf8);
        return;
    }
    if (digits && RE2::FullMatch(utf8, memory)) {
        out.push_back("mem:" + utf8.substr(0, utf8.find_first_not_of("0123456789")) + "gb");
        return;
    }
    std::string name, major, minor;
    if (canonicalNames().contains(lower)) {
        out.push_back(canonicalNames().value(lower).toStdString());
    } else if (digits && RE2::FullMatch(utf8, named, &name, &major, &minor)) {
        const QString canonical = canonicalNames().value(QString::fromStdString(name));
        if (!canonical.isEmpty())
            addVersion(canonical, QString::fromStdString(major), QString::fromStdString(minor), out);
    }
}

// The runs of [A-Za-z0-9_.+-] in `text`, as a regex of that class would
// find them, without a search per word.
std::vector<std::string_view> words(std::string_view text)
{
    const auto inWord = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.'
            || c == '+' || c == '-';
    };
    std::vector<std::string_view> out;
    for (size_t i = 0; i < text.size();) {
        if (!inWord(text[i])) {
            ++i;
            continue;
        }
        const size_t start = i;
        while (i < text.size() && inWord(text[i]))
            ++i;
        out.push_back(text.substr(start, i - start));
    }
    return out;
}

void sortUnique(std::vector<std::string> &hints)
{
    std::sort(hints.begin(), hints.end());
    hints.erase(std::unique(hints.begin(), hints.end()), hints.end());
}

} // namespace

// A name, then maybe a separator and a version: "Python 3.11.4",
// "node v20.11.1", "torch==2.1.0", "go1.21.5"; and every word alone.
std::vector<std::string> EnvironmentHints::ofText(const QString &text)
{
    static const RE2 spaced(R"((?i)\b([a-z][a-z.]*[a-z]|[a-z])(?:\s*(?:==|=|@|:)\s*|\s+|/)v?(\d+)(?:\.(\d+))?)");
    std::vector<std::string> hints;
    const std::string utf8 = text.left(1 << 20).toStdString();
    re2::StringPiece input(utf8);
    std::string name, major, minor;
    while (RE2::FindAndConsume(&input, spaced, &name, &major, &minor)) {
        const QString canonical = canonicalNames().value(QString::fromStdString(name).toLower());
        if (!canonical.isEmpty())
            addVersion(canonical, QString::fromStdString(major), QString::fromStdString(minor), hints);
    }
    static const RE2 x64(R"((?i)(x86_64|amd64))");
    static const RE2 arm64(R"((?i)(aarch64|arm64))");
    if (RE2::PartialMatch(utf8, x64))
        hints.push_back("arch:x64");
    if (RE2::PartialMatch(utf8, arm64))
        hints.push_back("arch:arm64");
    static const RE2 spacedGpu(R"((?i)\b(rtx|gtx)\s+(\d{4})\b)");
    input = utf8;
    std::string series, model;
    while (RE2::FindAndConsume(&input, spacedGpu, &series, &model))
        hints.push_back("gpu:" + QString::fromStdString(series).toLower().toStdString() + model);
    for (const std::string_view one : words(utf8)) {
        QString w = QString::fromUtf8(one.data(), qsizetype(one.size()));
        while (w.endsWith(QLatin1Char('.')) || w.endsWith(QLatin1Char('-')))
            w.chop(1);
        addWord(w, hints);
        if (w.contains(QLatin1Char('-'))) {
            for (const QString &part : w.split(QLatin1Char('-'), Qt::SkipEmptyParts))
                addWord(part, hints);
        }
    }
    sortUnique(hints);
    return hints;
}

std::vector<std::string> EnvironmentHints::ofParts(const QString &idSegment, const QStringList &versions,
                                                   const QStringList &osNotes)
{
    std::vector<std::string> hints;
    for (const QString &part : idSegment.split(QLatin1Char('-'), Qt::SkipEmptyParts))
        addWord(part, hints);
    static const RE2 version(R"(([A-Za-z][A-Za-z0-9.+-]*?)\s*(?:>=|<=|==|~=|\^|~|>|<|=|\s)\s*v?(\d+)(?:\.(\d+))?)");
    for (const QString &text : versions) {
        std::string name, major, minor;
        if (RE2::PartialMatch(text.toStdString(), version, &name, &major, &minor)) {
            const QString canonical = canonicalNames().value(QString::fromStdString(name).toLower());
            if (!canonical.isEmpty())
                addVersion(canonical, QString::fromStdString(major), QString::fromStdString(minor), hints);
        }
    }
    for (const QString &os : osNotes)
        addWord(os, hints);
    sortUnique(hints);
    return hints;
}

std::vector<std::string> EnvironmentHints::ofRecord(const Record &record)
{
    QStringList versions;
    for (const VersionEntry &entry : record.versions())
        versions << entry.version;
    QStringList osNotes;
    for (const auto &[os, note] : record.osNotes())
        osNotes << os;
    return ofParts(record.id().section(QLatin1Char('/'), -1), versions, osNotes);
}

double EnvironmentHints::weightOf(const std::string &hint)
{
    if (hint.rfind("os:", 0) == 0 || hint.rfind("arch:", 0) == 0 || hint.rfind("mem:", 0) == 0)
        return 0.5;
    if (hint.rfind("gpu:", 0) == 0)
        return 1.0;
    const size_t digit = hint.find_first_of("0123456789");
    if (digit == std::string::npos)
        return 0.25;
    return hint.find('.', digit) == std::string::npos ? 0.5 : 1.0;
}

double EnvironmentHints::shared(const std::vector<std::string> &a, const std::vector<std::string> &b,
                                std::vector<std::string> *both)
{
    std::vector<std::string> common;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(common));
    double sum = 0;
    for (const std::string &hint : common)
        sum += weightOf(hint);
    if (both)
        *both = std::move(common);
    return sum;
}

} // namespace Errata
