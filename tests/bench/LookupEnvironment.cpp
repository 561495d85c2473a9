#include "bench/LookupEnvironment.h"
#include "bench/LookupCaseDice.h"

#include <QRegularExpression>

namespace Errata {

namespace {

struct Environment
{
    QString tool;      // as the versions or the segment spell it: "torch", "docker-ce", "py"
    QString version;   // "2.1", "3.11", "humble"; may be empty
    QString os;        // "linux", "macos", "win", "wsl2"; empty when unknown or "any"
    QString arch;      // "arm64", "x64"
    QString gpu;       // "rtx3090", "a100"
    QString gpuMemory; // "40gb"
    QString codename;  // "humble": a release named, not numbered
};

int parts(const QString &version)
{
    return version.isEmpty() ? 0 : int(version.count(QLatin1Char('.'))) + 1;
}

// "311" -> "3.11" (py311, k8s128, go121); "83" -> "8.3" for tools whose
// majors never reach two digits; years ("2022") and the rest as written.
QString expandVersion(const QString &tool, const QString &digits)
{
    static const QStringList singleDigitMajors{QStringLiteral("py"), QStringLiteral("python"), QStringLiteral("php")};
    if (digits.contains(QLatin1Char('.')) || digits.size() < 2)
        return digits;
    if (digits.size() == 3 || (digits.size() == 2 && singleDigitMajors.contains(tool)))
        return digits.left(1) + QLatin1Char('.') + digits.mid(1);
    return digits;
}

void readToken(const QString &token, Environment *environment)
{
    static const QRegularExpression toolVersion(QStringLiteral("^([a-z][a-z0-9]*?[a-z])(\\d[\\d.]*)$"));
    static const QRegularExpression gpu(QStringLiteral("^(?:rtx|gtx)\\d+$|^[ahv]100$|^a10g?$|^t4$|^l4$"));
    static const QRegularExpression memory(QStringLiteral("^\\d+gb$"));
    static const QStringList osWords{QStringLiteral("linux"),  QStringLiteral("macos"), QStringLiteral("mac"),
                                     QStringLiteral("darwin"), QStringLiteral("win"),   QStringLiteral("windows"),
                                     QStringLiteral("wsl"),    QStringLiteral("wsl2")};
    static const QStringList archWords{QStringLiteral("arm64"), QStringLiteral("aarch64"), QStringLiteral("x64"),
                                       QStringLiteral("amd64"), QStringLiteral("x86_64")};
    if (osWords.contains(token)) {
        environment->os = token;
    } else if (archWords.contains(token)) {
        environment->arch = token;
    } else if (gpu.match(token).hasMatch()) {
        environment->gpu = token;
    } else if (memory.match(token).hasMatch()) {
        environment->gpuMemory = token;
    } else if (const QRegularExpressionMatch match = toolVersion.match(token); match.hasMatch()) {
        if (environment->tool.isEmpty()) {
            environment->tool = match.captured(1);
            environment->version = expandVersion(match.captured(1), match.captured(2));
        }
    } else if (token == QLatin1String("any") || token == QLatin1String("all")) {
        // says nothing
    } else if (environment->tool.isEmpty()) {
        environment->tool = token; // "hf", "rest": a name without a version
    } else {
        environment->codename = token; // "ros2-humble"
    }
}

// "kubernetes>=1.28,<2.0" -> {"kubernetes", "1.28"}; "runc<1.1" -> {"runc",
// "1.0"}; "ros2 humble" -> {"ros2", "humble"}.
QPair<QString, QString> readVersion(const QString &entry)
{
    static const QRegularExpression split(QStringLiteral("^([A-Za-z][\\w.+-]*?)\\s*([<>=!~^ ].*)?$"));
    static const QRegularExpression lower(QStringLiteral("(?:>=|==|~=|\\^|>|^\\s*)(\\d+(?:\\.\\d+)*)"));
    static const QRegularExpression upper(QStringLiteral("<=?\\s*(\\d+)(?:\\.(\\d+))?"));
    const QRegularExpressionMatch parts = split.match(entry.trimmed());
    if (!parts.hasMatch())
        return {};
    const QString spec = parts.captured(2).trimmed();
    if (const QRegularExpressionMatch low = lower.match(spec); low.hasMatch())
        return {parts.captured(1), low.captured(1)};
    if (const QRegularExpressionMatch high = upper.match(spec); high.hasMatch()) {
        const int major = high.captured(1).toInt(), minor = high.captured(2).toInt();
        return {parts.captured(1),
                minor > 0 ? QStringLiteral("%1.%2").arg(major).arg(minor - 1) : QString::number(qMax(0, major - 1))};
    }
    static const QRegularExpression word(QStringLiteral("^[a-z]+$"));
    return {parts.captured(1), word.match(spec).hasMatch() ? spec : QString()};
}

Environment read(const QString &id, const QStringList &versions, LookupCaseDice &dice)
{
    Environment environment;
    for (const QString &token : LookupEnvironment::segment(id).toLower().split(QLatin1Char('-'), Qt::SkipEmptyParts))
        readToken(token, &environment);
    if (!versions.isEmpty()) {
        const auto [tool, version] = readVersion(versions.size() == 1 ? versions.first() : dice.pick(versions));
        static const QRegularExpression word(QStringLiteral("^[a-z]+$"));
        // "stm32", "ros2": the segment's "version" was part of the name.
        if (tool.compare(environment.tool + environment.version, Qt::CaseInsensitive) == 0)
            environment.version.clear();
        // The versions' bound when it refines the segment's ("1" -> "1.28"),
        // or when the segment has none; "docker24" stays 24 over ">=20.10".
        const bool refines = environment.version.isEmpty()
            || (version.startsWith(environment.version + QLatin1Char('.'))
                && parts(version) > parts(environment.version));
        if (word.match(version).hasMatch())
            environment.codename = version;
        else if (refines && !version.isEmpty())
            environment.version = version;
        if (!tool.isEmpty())
            environment.tool = tool;
    }
    return environment;
}

// "3.11" -> "3.11.4": a release as a program prints its version.
QString release(const QString &version, int wanted, LookupCaseDice &dice)
{
    static const QRegularExpression numeric(QStringLiteral("^\\d+(?:\\.\\d+)*$"));
    if (!numeric.match(version).hasMatch())
        return version;
    QString text = version;
    for (int have = parts(version); have < wanted; ++have)
        text += QLatin1Char('.') + dice.number(0, have == 1 ? 12 : 9);
    return text;
}

QString gpuName(const Environment &environment)
{
    const QString model = environment.gpu.toUpper();
    if (model.startsWith(QLatin1String("RTX")) || model.startsWith(QLatin1String("GTX")))
        return QStringLiteral("NVIDIA GeForce %1 %2").arg(model.left(3), model.mid(3));
    const QString memory = environment.gpuMemory.isEmpty() ? QString()
                                                           : QLatin1Char('-') + environment.gpuMemory.toUpper();
    return QStringLiteral("NVIDIA %1%2")
        .arg(model.startsWith(QLatin1Char('A')) ? model + QStringLiteral("-SXM4") : model, memory);
}

// How the OS reads in the tool's own line.
QString osName(const QString &os, bool kernelStyle)
{
    if (os == QLatin1String("macos") || os == QLatin1String("mac") || os == QLatin1String("darwin"))
        return kernelStyle ? QStringLiteral("darwin") : QStringLiteral("macOS");
    if (os == QLatin1String("win") || os == QLatin1String("windows"))
        return kernelStyle ? QStringLiteral("win32") : QStringLiteral("Windows");
    if (os.startsWith(QLatin1String("wsl")))
        return kernelStyle ? QStringLiteral("linux (WSL2)")
                           : QStringLiteral("Linux 5.15.153.1-microsoft-standard-WSL2");
    return kernelStyle ? QStringLiteral("linux") : QStringLiteral("Linux");
}

QString goArch(const QString &arch)
{
    return arch == QLatin1String("arm64") || arch == QLatin1String("aarch64") ? QStringLiteral("arm64")
                                                                              : QStringLiteral("amd64");
}

// The tool's own line, or empty for a tool the table does not know. Sets
// `osShown` when the line names the OS itself.
QString toolLine(const QString &tool, const Environment &environment, LookupCaseDice &dice, bool *osShown)
{
    const QString &v = environment.version;
    const QString os = environment.os;
    const bool namesOs = tool == QLatin1String("py") || tool == QLatin1String("python")
        || tool == QLatin1String("cpython") || tool == QLatin1String("node") || tool == QLatin1String("nodejs")
        || tool == QLatin1String("go");
    *osShown = namesOs && !os.isEmpty();
    if (tool == QLatin1String("py") || tool == QLatin1String("python") || tool == QLatin1String("cpython"))
        return os.isEmpty() ? QStringLiteral("Python %1").arg(release(v, 3, dice))
                            : QStringLiteral("Python %1 on %2").arg(release(v, 3, dice), osName(os, true));
    if (tool == QLatin1String("node") || tool == QLatin1String("nodejs"))
        return os.isEmpty() ? QStringLiteral("Node.js v%1").arg(release(v, 3, dice))
                            : QStringLiteral("node v%1 (%2)").arg(release(v, 3, dice), osName(os, true));
    if (tool == QLatin1String("torch") || tool == QLatin1String("pytorch") || tool == QLatin1String("pt"))
        return QStringLiteral("torch %1+cu%2")
            .arg(release(v, 3, dice), dice.pick({QStringLiteral("118"), QStringLiteral("121")}));
    if (tool == QLatin1String("tensorflow"))
        return QStringLiteral("TensorFlow version: %1").arg(release(v, 3, dice));
    if (tool == QLatin1String("transformers") || tool == QLatin1String("hf"))
        return QStringLiteral("transformers version: %1")
            .arg(release(v.isEmpty() ? QStringLiteral("4.38") : v, 3, dice));
    if (tool.startsWith(QLatin1String("docker")))
        return QStringLiteral("Docker version %1, build %2").arg(release(v, 3, dice), dice.hex(7));
    if (tool == QLatin1String("git"))
        return QStringLiteral("git version %1").arg(release(v, 3, dice));
    if (tool == QLatin1String("kubernetes") || tool == QLatin1String("k8s") || tool == QLatin1String("kubectl"))
        return QStringLiteral("Server Version: v%1").arg(release(v, 3, dice));
    if (tool == QLatin1String("pip"))
        return QStringLiteral("pip %1 from /usr/lib/python3/dist-packages/pip (python 3.%2)")
            .arg(release(v, 2, dice), dice.number(9, 12));
    if (tool == QLatin1String("go"))
        return QStringLiteral("go version go%1 %2/%3")
            .arg(release(v, 3, dice), osName(os, true).section(QLatin1Char(' '), 0, 0), goArch(environment.arch));
    if (tool == QLatin1String("rust") || tool == QLatin1String("rustc"))
        return QStringLiteral("rustc %1 (%2 2024-0%3-1%4)")
            .arg(release(v, 3, dice), dice.hex(9), dice.number(1, 9), dice.number(0, 9));
    if (tool == QLatin1String("jdk") || tool == QLatin1String("java"))
        return QStringLiteral("openjdk version \"%1\" 2024-01-16").arg(release(v, 3, dice));
    if (tool == QLatin1String("dotnet"))
        return QStringLiteral(".NET SDK %1").arg(release(v, 3, dice));
    if (tool == QLatin1String("cuda"))
        return QStringLiteral("NVIDIA-SMI 535.%1.03   Driver Version: 535.%1.03   CUDA Version: %2")
            .arg(dice.number(100, 180), release(v, 2, dice));
    if (tool.startsWith(QLatin1String("ros")) || tool == QLatin1String("humble"))
        return QStringLiteral("ROS_DISTRO=%1")
            .arg(environment.codename.isEmpty() ? QStringLiteral("humble") : environment.codename);
    return QString();
}

// A tool without a line of its own: "redis 7.2.4 (linux)".
QString genericLine(const Environment &environment, LookupCaseDice &dice)
{
    if (environment.tool.isEmpty() || environment.tool == QLatin1String("ai-agent"))
        return QString();
    QString text = environment.tool;
    if (!environment.version.isEmpty())
        text += QLatin1Char(' ') + release(environment.version, 3, dice);
    return text;
}

} // namespace

QString LookupEnvironment::segment(const QString &id)
{
    const QStringList parts = id.split(QLatin1Char('/'));
    return parts.size() >= 3 ? parts.last() : QString();
}

QString LookupEnvironment::line(const QString &id, const QStringList &versions, LookupCaseDice &dice)
{
    const Environment environment = read(id, versions, dice);
    const QString tool = environment.tool.toLower();
    bool osShown = false;
    QString text = toolLine(tool, environment, dice, &osShown);
    if (text.isEmpty())
        text = genericLine(environment, dice);
    QStringList platform;
    if (!environment.os.isEmpty() && !osShown)
        platform << osName(environment.os, false);
    if (!environment.arch.isEmpty() && tool != QLatin1String("go"))
        platform << environment.arch;
    if (!platform.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral(" on ")) + platform.join(QLatin1Char('/'));
    if (!environment.gpu.isEmpty())
        text += (text.isEmpty() ? QString() : QStringLiteral(", ")) + QStringLiteral("GPU: ") + gpuName(environment);
    return text;
}

} // namespace Errata
