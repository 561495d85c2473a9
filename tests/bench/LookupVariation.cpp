#include "bench/LookupVariation.h"
#include "bench/LookupCaseDice.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace Errata {

namespace {

// ---- pools of real-looking values ----------------------------------------

const QStringList &names()
{
    static const QStringList pool{
        QStringLiteral("requests"),    QStringLiteral("numpy"),    QStringLiteral("pandas"),
        QStringLiteral("express"),     QStringLiteral("lodash"),   QStringLiteral("axios"),
        QStringLiteral("boto3"),       QStringLiteral("flask"),    QStringLiteral("torchvision"),
        QStringLiteral("user_id"),     QStringLiteral("config"),   QStringLiteral("worker"),
        QStringLiteral("dotenv"),      QStringLiteral("yaml"),     QStringLiteral("billing"),
        QStringLiteral("api-server"),  QStringLiteral("payments"), QStringLiteral("scikit-learn"),
        QStringLiteral("order_items"), QStringLiteral("session"),  QStringLiteral("redis-cache"),
        QStringLiteral("checkout"),    QStringLiteral("webpack"),  QStringLiteral("uvicorn"),
    };
    return pool;
}

const QStringList &camelNames()
{
    static const QStringList pool{
        QStringLiteral("UserService"),       QStringLiteral("OrderController"), QStringLiteral("PaymentGateway"),
        QStringLiteral("InvoiceRepository"), QStringLiteral("AuthHandler"),     QStringLiteral("ReportBuilder"),
        QStringLiteral("CartItem"),          QStringLiteral("SessionStore"),
    };
    return pool;
}

const QStringList &dottedNames()
{
    static const QStringList pool{
        QStringLiteral("app.models.user"),     QStringLiteral("numpy.core.multiarray"),
        QStringLiteral("google.protobuf"),     QStringLiteral("services.billing.api"),
        QStringLiteral("torch.nn.functional"), QStringLiteral("yaml.constructor"),
    };
    return pool;
}

const QStringList &hosts()
{
    static const QStringList pool{
        QStringLiteral("files.pythonhosted.org"), QStringLiteral("api.acme-corp.io"),
        QStringLiteral("registry.npmjs.org"),     QStringLiteral("db.internal.example.net"),
        QStringLiteral("gitlab.example.com"),
    };
    return pool;
}

const QStringList &images()
{
    static const QStringList pool{
        QStringLiteral("ghcr.io/acme/worker:%1"),
        QStringLiteral("docker.io/library/nginx:%1"),
        QStringLiteral("123456789012.dkr.ecr.eu-west-1.amazonaws.com/billing:%1"),
        QStringLiteral("registry.gitlab.com/shop/frontend:%1"),
        QStringLiteral("quay.io/team/api:%1"),
    };
    return pool;
}

const QStringList &namespacedClasses()
{
    static const QStringList pool{
        QStringLiteral("App\\Http\\Controllers\\UserController"),
        QStringLiteral("App\\Models\\Invoice"),
        QStringLiteral("Acme\\Billing\\PaymentService"),
    };
    return pool;
}

const QStringList &stems()
{
    static const QStringList pool{
        QStringLiteral("train"),   QStringLiteral("index"),      QStringLiteral("server"),   QStringLiteral("main"),
        QStringLiteral("handler"), QStringLiteral("utils"),      QStringLiteral("settings"), QStringLiteral("loader"),
        QStringLiteral("app"),     QStringLiteral("entrypoint"), QStringLiteral("worker"),   QStringLiteral("data"),
    };
    return pool;
}

const QStringList &users()
{
    static const QStringList pool{QStringLiteral("u"),      QStringLiteral("alice"), QStringLiteral("dev"),
                                  QStringLiteral("runner"), QStringLiteral("mlin"),  QStringLiteral("ci")};
    return pool;
}

const QStringList &projects()
{
    static const QStringList pool{QStringLiteral("proj"),   QStringLiteral("shop-api"), QStringLiteral("ml-pipeline"),
                                  QStringLiteral("webapp"), QStringLiteral("infra"),    QStringLiteral("dashboard")};
    return pool;
}

// Values that stand for one another: one of them is swapped for another.
const QList<QStringList> &families()
{
    static const QList<QStringList> pool{
        {QStringLiteral("utf-8"), QStringLiteral("ascii"), QStringLiteral("latin-1"), QStringLiteral("cp1252"),
         QStringLiteral("gbk"), QStringLiteral("charmap"), QStringLiteral("utf-16")},
    };
    return pool;
}

// Names that identify the error itself: never changed.
bool namesTheError(const QString &content)
{
    static const QRegularExpression errorName(QStringLiteral("(Error|Exception|Warning|Exit|Fault)$"));
    static const QRegularExpression constant(QStringLiteral("^[A-Z][A-Z0-9_]+$"));
    static const QStringList types{
        QStringLiteral("NoneType"),  QStringLiteral("str"),     QStringLiteral("int"),       QStringLiteral("float"),
        QStringLiteral("bool"),      QStringLiteral("list"),    QStringLiteral("dict"),      QStringLiteral("tuple"),
        QStringLiteral("set"),       QStringLiteral("bytes"),   QStringLiteral("object"),    QStringLiteral("Tensor"),
        QStringLiteral("tensor"),    QStringLiteral("ndarray"), QStringLiteral("DataFrame"), QStringLiteral("Series"),
        QStringLiteral("function"),  QStringLiteral("module"),  QStringLiteral("type"),      QStringLiteral("null"),
        QStringLiteral("undefined"),
    };
    return errorName.match(content).hasMatch() || constant.match(content).hasMatch() || types.contains(content);
}

QString other(const QStringList &pool, const QString &old, LookupCaseDice &dice)
{
    for (int attempt = 0; attempt < 8; ++attempt) {
        const QString &candidate = dice.pick(pool);
        if (candidate.compare(old, Qt::CaseInsensitive) != 0)
            return candidate;
    }
    return pool.first() == old ? pool.last() : pool.first();
}

// ---- numbers ---------------------------------------------------------------

const QRegularExpression &numberPattern()
{
    static const QRegularExpression pattern(QStringLiteral("(?<![\\w.])\\d+(?:\\.\\d+)*(?!\\w)"));
    return pattern;
}

// A number that names the error: errno, exit and status codes, HTTP and
// SMTP codes that lead the message or precede their reason phrase.
bool isCode(const QString &text, qsizetype start, const QString &token)
{
    static const QRegularExpression keyword(
        QStringLiteral(
            "(?:errno|error|err|code|status|exit code|exit status|http|sqlstate\\[\\w+\\]|退出码|错误码|状态码)"
            "(?:\\s+is)?[\\s:=\\[(#]*$"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression reason(QStringLiteral("^:?\\s+(?![KMGT]i?B\\b|B\\b)[A-Z]"));
    if (keyword.match(text.left(start).right(24)).hasMatch())
        return true;
    if (token == QLatin1String("0") && text.mid(start + 1, 1) == QLatin1String("/"))
        return true; // "0/3 nodes are available": none is the failure itself
    const bool statusLike = token.size() == 3 && token.toInt() >= 100 && token.toInt() < 600;
    if (!statusLike)
        return false;
    const bool leads = text.left(start).trimmed().isEmpty();
    return leads || reason.match(text.mid(start + 3, 24)).hasMatch();
}

QString differentNumber(const QString &old, LookupCaseDice &dice, bool port)
{
    const int decimals = old.contains(QLatin1Char('.')) ? int(old.size() - old.indexOf(QLatin1Char('.')) - 1) : 0;
    const double value = old.toDouble();
    QString text;
    for (int attempt = 0; attempt < 16; ++attempt) {
        if (port) {
            static const int common[] = {3000, 5000, 5432, 6379, 8000, 8080, 8443, 8888, 9000, 9200};
            text = dice.chance(0.6) ? QString::number(dice.pick(common)) : QString::number(dice.between(1025, 65000));
        } else if (decimals == 0 && value < 10) {
            text = QString::number(dice.between(1, 9)).rightJustified(int(old.size()), QLatin1Char('0'));
        } else {
            const double factor = 0.35 + dice.below(2450) / 1000.0; // 0.35 .. 2.8
            const double changed = value == 0 ? dice.between(1, 99) / 10.0 : value * factor;
            text = QString::number(decimals ? changed : std::max(10.0, std::round(changed)), 'f', decimals);
        }
        if (text != old && !dice.isForbidden(text))
            break;
    }
    return text;
}

// "1.4.2" -> "1.7.0": the first part stays, so that it still reads as a version.
QString differentVersion(const QString &old, LookupCaseDice &dice)
{
    QStringList parts = old.split(QLatin1Char('.'));
    QString text;
    for (int attempt = 0; attempt < 16; ++attempt) {
        for (int i = 1; i < parts.size(); ++i)
            parts[i] = QString::number(dice.between(0, 20));
        text = parts.join(QLatin1Char('.'));
        if (text != old && !dice.isForbidden(text))
            break;
    }
    return text;
}

QString variedNumber(const QString &text, qsizetype start, const QString &token, LookupCaseDice &dice)
{
    if (token.count(QLatin1Char('.')) >= 2)
        return differentVersion(token, dice);
    static const QRegularExpression portBefore(QStringLiteral("(?:\\d|:|localhost|\\])$"));
    const bool port = start > 1 && text.at(start - 1) == QLatin1Char(':') && token.size() >= 2 && token.size() <= 5
        && !token.contains(QLatin1Char('.')) && portBefore.match(text.left(start - 1)).hasMatch();
    return differentNumber(token, dice, port);
}

// ---- spans -----------------------------------------------------------------

struct Span
{
    qsizetype start = 0;
    qsizetype length = 0;
    QString replacement;
    bool keep = false;
};

class Spans
{
public:
    bool isFree(qsizetype start, qsizetype length) const
    {
        return std::none_of(m_spans.begin(), m_spans.end(), [&](const Span &span) {
            return start < span.start + span.length && span.start < start + length;
        });
    }
    void add(const Span &span) { m_spans << span; }
    const QList<Span> &all() const { return m_spans; }

    QString apply(const QString &text) const
    {
        QList<Span> sorted = m_spans;
        std::sort(sorted.begin(), sorted.end(), [](const Span &a, const Span &b) { return a.start < b.start; });
        QString result;
        qsizetype at = 0;
        for (const Span &span : sorted) {
            result += text.mid(at, span.start - at);
            result += span.keep ? text.mid(span.start, span.length) : span.replacement;
            at = span.start + span.length;
        }
        return result + text.mid(at);
    }

private:
    QList<Span> m_spans;
};

// ---- the rules ---------------------------------------------------------------

// A rule's replacement for one match, or a null string to keep the match.
using Replace = QString (*)(const QRegularExpressionMatch &match, const QString &text, LookupCaseDice &dice);

QString keepIt(const QRegularExpressionMatch &, const QString &, LookupCaseDice &)
{
    return QString();
}

QString newUuid(const QRegularExpressionMatch &, const QString &, LookupCaseDice &dice)
{
    return dice.hex(8) + QLatin1Char('-') + dice.hex(4) + QLatin1Char('-') + dice.hex(4) + QLatin1Char('-')
        + dice.hex(4) + QLatin1Char('-') + dice.hex(12);
}

QString randomDigits(int width, LookupCaseDice &dice)
{
    QString text;
    for (int i = 0; i < width; ++i)
        text += QChar(u'0' + dice.below(10));
    return text;
}

// Each run of digits of a date or time gets a plausible value of its width.
QString newDateTime(const QRegularExpressionMatch &match, const QString &, LookupCaseDice &dice)
{
    static const QRegularExpression digits(QStringLiteral("\\d+"));
    const QString old = match.captured();
    const bool startsWithDate = old.size() >= 10 && old.at(4) == QLatin1Char('-');
    static const int dateLow[] = {2019, 1, 1, 0, 0, 0}, dateHigh[] = {2026, 12, 28, 23, 59, 59};
    QString result;
    qsizetype at = 0;
    int field = startsWithDate ? 0 : 3;
    for (auto it = digits.globalMatch(old); it.hasNext(); ++field) {
        const QRegularExpressionMatch part = it.next();
        result += old.mid(at, part.capturedStart() - at);
        const int width = int(part.capturedLength());
        result += field < 6 ? dice.number(dateLow[field], dateHigh[field], width) : randomDigits(width, dice);
        at = part.capturedEnd();
    }
    return result + old.mid(at);
}

QString newUnixPath(const QString &old, LookupCaseDice &dice)
{
    static const QRegularExpression extension(QStringLiteral("\\.([A-Za-z][A-Za-z0-9]{0,5}(?:\\.\\d+)?)/?$"));
    const QRegularExpressionMatch ext = extension.match(old);
    const QString root =
        QString(dice.pick({QStringLiteral("/home/{user}/{project}"), QStringLiteral("/srv/{project}"),
                           QStringLiteral("/app"), QStringLiteral("/workspace/{project}"),
                           QStringLiteral("/Users/{user}/code/{project}"), QStringLiteral("/opt/{project}")}))
            .replace(QLatin1String("{user}"), dice.pick(users()))
            .replace(QLatin1String("{project}"), dice.pick(projects()));
    const QString middle = dice.pick({QString(), QStringLiteral("/src"), QStringLiteral("/lib"),
                                      QStringLiteral("/dist"), QStringLiteral("/services/") + dice.pick(stems())});
    QString path = root + middle + QLatin1Char('/') + dice.pick(stems());
    if (ext.hasMatch())
        path += QLatin1Char('.') + ext.captured(1);
    if (old.startsWith(QLatin1String("./")) || old.startsWith(QLatin1String("../")))
        path = QLatin1Char('.') + path.mid(path.indexOf(QLatin1Char('/'), 1));
    else if (old.startsWith(QLatin1Char('~')))
        path = QLatin1Char('~') + path.mid(path.indexOf(QLatin1Char('/'), 1));
    return old.endsWith(QLatin1Char('/')) ? path + QLatin1Char('/') : path;
}

QString newPath(const QRegularExpressionMatch &match, const QString &, LookupCaseDice &dice)
{
    static const QStringList systemPrefixes{
        QStringLiteral("/var/run/"),  QStringLiteral("/run/"),       QStringLiteral("/dev/"),
        QStringLiteral("/proc/"),     QStringLiteral("/sys/"),       QStringLiteral("/etc/"),
        QStringLiteral("/bin/"),      QStringLiteral("/sbin/"),      QStringLiteral("/usr/bin/"),
        QStringLiteral("/usr/sbin/"), QStringLiteral("/usr/share/"),
    };
    const QString old = match.captured();
    for (const QString &prefix : systemPrefixes) {
        if (old.startsWith(prefix))
            return QString();
    }
    return newUnixPath(old, dice);
}

QString newWindowsPath(const QRegularExpressionMatch &match, const QString &, LookupCaseDice &dice)
{
    static const QRegularExpression extension(QStringLiteral("\\.([A-Za-z][A-Za-z0-9]{0,5})$"));
    const QRegularExpressionMatch ext = extension.match(match.captured());
    QString path =
        QStringLiteral("C:\\Users\\%1\\%2\\%3").arg(dice.pick(users()), dice.pick(projects()), dice.pick(stems()));
    return ext.hasMatch() ? path + QLatin1Char('.') + ext.captured(1) : path;
}

QString newIp(const QRegularExpressionMatch &match, const QString &, LookupCaseDice &dice)
{
    QString ip;
    for (int attempt = 0; attempt < 8 && (ip.isEmpty() || ip == match.captured()); ++attempt) {
        switch (dice.below(5)) {
        case 0: ip = QStringLiteral("127.0.0.1"); break;
        case 1: ip = QStringLiteral("0.0.0.0"); break;
        case 2:
            ip = QStringLiteral("10.%1.%2.%3")
                     .arg(dice.between(0, 255))
                     .arg(dice.between(0, 255))
                     .arg(dice.between(2, 254));
            break;
        case 3: ip = QStringLiteral("192.168.%1.%2").arg(dice.between(0, 20)).arg(dice.between(2, 254)); break;
        default: ip = QStringLiteral("172.17.0.%1").arg(dice.between(2, 30)); break;
        }
    }
    return ip;
}

QString newHex(const QRegularExpressionMatch &match, const QString &, LookupCaseDice &dice)
{
    const QString old = match.captured();
    const bool prefixed = old.startsWith(QLatin1String("0x"));
    const int length = int(old.size()) - (prefixed ? 2 : 0);
    QString text;
    for (int attempt = 0; attempt < 8 && (text.isEmpty() || text == old); ++attempt)
        text = (prefixed ? QStringLiteral("0x") : QString()) + dice.hex(length);
    return text;
}

QString newVersionPlaceholder(const QRegularExpressionMatch &match, const QString &, LookupCaseDice &dice)
{
    return match.captured(1) + QLatin1Char('.') + dice.number(1, 12);
}

QString newPort(const QRegularExpressionMatch &, const QString &, LookupCaseDice &dice)
{
    return QLatin1Char(':') + differentNumber(QStringLiteral("80"), dice, true);
}

// "x", "X", "N" standing for a name or a number.
QString newPlaceholder(const QRegularExpressionMatch &match, const QString &text, LookupCaseDice &dice)
{
    static const QRegularExpression unit(
        QStringLiteral("^\\s*(?:[KMGT]i?B|bytes|ms|s|seconds|minutes|pixels|px|nodes|%|times|items)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    const qsizetype start = match.capturedStart();
    const bool numeric = unit.match(text.mid(match.capturedEnd(), 16)).hasMatch()
        || (start > 0 && text.at(start - 1) == QLatin1Char('/'));
    if (numeric)
        return differentNumber(QStringLiteral("42"), dice, false);
    return other(names(), match.captured(), dice);
}

QString newImage(const QRegularExpressionMatch &, const QString &, LookupCaseDice &dice)
{
    return dice.pick(images()).arg(differentVersion(QStringLiteral("1.0.0"), dice));
}

// "<hash>", "<path>", "<package>": the placeholders of generic signatures.
QString newAnglePlaceholder(const QRegularExpressionMatch &match, const QString &, LookupCaseDice &dice)
{
    const QString word = match.captured(1).toLower();
    if (word == QLatin1String("hash") || word == QLatin1String("commit") || word == QLatin1String("sha"))
        return dice.hex(word == QLatin1String("hash") ? 40 : 7);
    if (word == QLatin1String("path") || word == QLatin1String("file"))
        return newUnixPath(QStringLiteral("/x/y"), dice);
    if (word == QLatin1String("port"))
        return differentNumber(QStringLiteral("80"), dice, true);
    return other(names(), word, dice);
}

QString newQuotedContent(const QString &content, LookupCaseDice &dice)
{
    static const QRegularExpression numeric(QStringLiteral("^\\d+(?:\\.\\d+)*$"));
    static const QRegularExpression host(QStringLiteral("^[\\w-]+(?:\\.[\\w-]+)*\\.(?:com|org|io|net|dev)$"));
    static const QRegularExpression fileName(QStringLiteral("^[\\w-]+\\.([A-Za-z]{1,5})$"));
    static const QRegularExpression camel(QStringLiteral("^[A-Z][a-z0-9]+[A-Z]\\w*$"));
    if (content.contains(QLatin1String("://")) || content.contains(QLatin1Char('@')) || namesTheError(content))
        return QString();
    if (content.startsWith(QLatin1Char('/')) || content.startsWith(QLatin1Char('~'))
        || content.startsWith(QLatin1String("./")) || content.startsWith(QLatin1String("../")))
        return newUnixPath(content, dice);
    if (numeric.match(content).hasMatch())
        return content.count(QLatin1Char('.')) >= 2 ? differentVersion(content, dice)
                                                    : differentNumber(content, dice, false);
    for (const QStringList &family : families()) {
        if (family.contains(content, Qt::CaseInsensitive))
            return other(family, content, dice);
    }
    if (content.contains(QLatin1Char('/')) && content.contains(QLatin1Char(':')))
        return dice.pick(images()).arg(differentVersion(QStringLiteral("1.0.0"), dice));
    if (content.contains(QLatin1Char('\\')))
        return other(namespacedClasses(), content, dice);
    if (host.match(content).hasMatch())
        return other(hosts(), content, dice);
    if (const QRegularExpressionMatch file = fileName.match(content); file.hasMatch())
        return dice.pick(stems()) + QLatin1Char('.') + file.captured(1);
    if (content.contains(QLatin1Char('.')))
        return other(dottedNames(), content, dice);
    if (camel.match(content).hasMatch())
        return other(camelNames(), content, dice);
    return other(names(), content, dice);
}

QString newQuoted(const QRegularExpressionMatch &match, const QString &, LookupCaseDice &dice)
{
    const QString quoted = match.captured();
    const QString content = newQuotedContent(quoted.mid(1, quoted.size() - 2), dice);
    return content.isNull() ? QString() : quoted.front() + content + quoted.back();
}

struct Rule
{
    QRegularExpression pattern;
    Replace replace;
};

const QList<Rule> &rules()
{
    static const QList<Rule> list{
        {QRegularExpression(QStringLiteral("[A-Za-z][A-Za-z0-9+.-]*://\\S+")), keepIt},
        {QRegularExpression(
             QStringLiteral("\\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\b")),
         newUuid},
        {QRegularExpression(
             QStringLiteral("\\b\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2}(?:[.,]\\d+)?)?Z?)?\\b")),
         newDateTime},
        {QRegularExpression(QStringLiteral("(?<![\\d:])\\d{1,2}:\\d{2}:\\d{2}(?:[.,]\\d+)?\\b")), newDateTime},
        {QRegularExpression(QStringLiteral("\\b[A-Za-z]:\\\\[^\\s'\"<>|]*")), newWindowsPath},
        {QRegularExpression(QStringLiteral(
             "'[^'\\s\\x{80}-\\x{ffff}]{1,80}'|\"[^\"\\s\\x{80}-\\x{ffff}]{1,80}\"|`[^`\\s\\x{80}-\\x{ffff}]{1,80}`")),
         newQuoted},
        {QRegularExpression(QStringLiteral("(?<![\\w\"'/.-])[\\w-]+(?:\\.[\\w-]+)+(?::\\d+)?/[\\w./-]+:[\\w.-]*\\w")),
         newImage},
        {QRegularExpression(QStringLiteral("(?<![\\w:/.~-])(?:~|\\.{1,2})?(?:/[\\w.@+-]+){2,}/?")), newPath},
        {QRegularExpression(QStringLiteral("(?<![\\w.])(?:\\d{1,3}\\.){3}\\d{1,3}(?![\\w.])")), newIp},
        {QRegularExpression(QStringLiteral("\\b0x[0-9a-fA-F]+\\b")), newHex},
        {QRegularExpression(QStringLiteral("\\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\\d)[0-9a-f]{7,64}\\b")), newHex},
        {QRegularExpression(QStringLiteral("\\b(\\d+)\\.[xyXY]\\b")), newVersionPlaceholder},
        {QRegularExpression(QStringLiteral(":port\\b")), newPort},
        {QRegularExpression(QStringLiteral("<(package|hash|path|commit|sha|file|name|branch|port|host|user)>")),
         newAnglePlaceholder},
        {QRegularExpression(QStringLiteral("(?<![\\w'\"`.\\\\-])[xXyYN](?![\\w'\"`/\\\\+-])")), newPlaceholder},
    };
    return list;
}

// What a value became, so that a value written twice in a message (the
// image of ImagePullBackOff, "0/3 nodes… 0/3 nodes") changes the same way
// both times, quoted or not.
using Memo = QHash<QString, QString>;

QString remembered(const Memo &memo, const QString &value, bool *found)
{
    for (const QString &key :
         {value, QLatin1Char('"') + value + QLatin1Char('"'), QLatin1Char('\'') + value + QLatin1Char('\'')}) {
        if (memo.contains(key)) {
            *found = true;
            const QString replacement = memo.value(key);
            return key == value || replacement.isNull() ? replacement : replacement.mid(1, replacement.size() - 2);
        }
    }
    *found = false;
    return QString();
}

void addRuleSpans(const QString &text, LookupCaseDice &dice, Memo *memo, Spans *spans)
{
    for (const Rule &rule : rules()) {
        for (auto it = rule.pattern.globalMatch(text); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            if (!spans->isFree(match.capturedStart(), match.capturedLength()))
                continue;
            bool found = false;
            QString replacement = remembered(*memo, match.captured(), &found);
            if (!found)
                memo->insert(match.captured(), replacement = rule.replace(match, text, dice));
            spans->add({match.capturedStart(), match.capturedLength(), replacement, replacement.isNull()});
        }
    }
}

void addNumberSpans(const QString &text, LookupCaseDice &dice, Memo *memo, Spans *spans)
{
    for (auto it = numberPattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        const qsizetype start = match.capturedStart();
        if (!spans->isFree(start, match.capturedLength()))
            continue;
        const QString token = match.captured();
        if (isCode(text, start, token)) {
            spans->add({start, match.capturedLength(), QString(), true});
            continue;
        }
        const QString key = QStringLiteral("number:") + token;
        if (!memo->contains(key))
            memo->insert(key, variedNumber(text, start, token, dice));
        spans->add({start, match.capturedLength(), memo->value(key), false});
    }
}

// Quoted names and numbers that are words of the record's id name what the
// record is about ('tensor' in attributeerror-tensor-no-grad, "count" in
// tf-count-cannot-be-computed, 504 in 504-gateway-timeout): kept.
void addKeptSpans(const QString &text, const QStringList &keep, Spans *spans)
{
    static const QRegularExpression quotedOrNumber(
        QStringLiteral("'([^'\\s]{1,80})'|\"([^\"\\s]{1,80})\"|`([^`\\s]{1,80})`|(?<![\\w.])(\\d+)(?![\\w.])"));
    for (auto it = quotedOrNumber.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        static const QRegularExpression separators(QStringLiteral("[-_.]"));
        const QStringList words =
            match.captured(match.lastCapturedIndex()).toLower().split(separators, Qt::SkipEmptyParts);
        // 'async_generator' in typeerror-async-generator-not-iterable: all its words are the id's
        const bool named = !words.isEmpty()
            && std::all_of(words.begin(), words.end(), [&](const QString &word) { return keep.contains(word); });
        if (named)
            spans->add({match.capturedStart(), match.capturedLength(), QString(), true});
    }
}

Spans plan(const QString &text, LookupCaseDice &dice, const QStringList &keep)
{
    Spans spans;
    Memo memo;
    addKeptSpans(text, keep, &spans);
    addRuleSpans(text, dice, &memo, &spans);
    addNumberSpans(text, dice, &memo, &spans);
    return spans;
}

} // namespace

QStringList LookupVariation::idWords(const QString &id)
{
    const QStringList segments = id.toLower().split(QLatin1Char('/'));
    static const QRegularExpression separators(QStringLiteral("[-_.]"));
    return segments.size() >= 2 ? segments.at(1).split(separators, Qt::SkipEmptyParts) : QStringList();
}

QStringList LookupVariation::numberTokens(const QString &text)
{
    QStringList tokens;
    for (auto it = numberPattern().globalMatch(text); it.hasNext();)
        tokens << it.next().captured();
    return tokens;
}

QStringList LookupVariation::variableNumbers(const QString &signature, const QStringList &keep)
{
    LookupCaseDice dice(0); // the replacements are not used, only which parts change
    const Spans spans = plan(signature, dice, keep);
    QStringList variable, kept;
    for (auto it = numberPattern().globalMatch(signature); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        const auto inside = std::find_if(spans.all().begin(), spans.all().end(), [&](const Span &span) {
            return match.capturedStart() >= span.start && match.capturedEnd() <= span.start + span.length;
        });
        (inside != spans.all().end() && !inside->keep ? variable : kept) << match.captured();
    }
    // A number both kept (a code) and variable elsewhere cannot be forbidden.
    variable.removeIf([&](const QString &token) { return kept.contains(token); });
    variable.removeDuplicates();
    return variable;
}

QString LookupVariation::vary(const QString &signature, LookupCaseDice &dice, const QStringList &keep)
{
    return plan(signature, dice, keep).apply(signature);
}

} // namespace Errata
