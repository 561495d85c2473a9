// The translation sources in translations/: every zh_CN entry finished and
// non-empty, with the same placeholders and accelerators as its source; the
// English file's plural forms filled in.

#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

class TranslationFilesTest : public QObject
{
    Q_OBJECT

private slots:
    void chineseIsComplete();
    void chinesePlaceholdersAgree();
    void chineseKeepsAccelerators();
    void englishPluralsAreFilled();
    void placeholderSet_data();
    void placeholderSet();

public:
    struct Message
    {
        QString context;
        QString source;
        QStringList translations; // one, or one per plural form
        QString type;             // "", "unfinished", "vanished", "obsolete"
        bool numerus = false;
    };

    static QList<Message> read(const QString &fileName, QString *error);
    static QSet<QString> placeholders(const QString &text);
    static bool hasAccelerator(const QString &text);
};

namespace {

QString tsPath(const char *name)
{
    return QStringLiteral(ERRATA_SOURCE_DIR "/translations/") + QLatin1String(name);
}

QString describe(const TranslationFilesTest::Message &message)
{
    return message.context + QStringLiteral(": \"") + message.source + QLatin1Char('"');
}

void readTranslation(QXmlStreamReader &xml, TranslationFilesTest::Message &message)
{
    message.type = xml.attributes().value(QLatin1String("type")).toString();
    if (!message.numerus) {
        message.translations << xml.readElementText();
        return;
    }
    while (xml.readNextStartElement()) {
        if (xml.name() == QLatin1String("numerusform"))
            message.translations << xml.readElementText();
        else
            xml.skipCurrentElement();
    }
}

} // namespace

QList<TranslationFilesTest::Message> TranslationFilesTest::read(const QString &fileName, QString *error)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = fileName + QStringLiteral(": ") + file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            Message message{
                context, {}, {}, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes")};
            while (xml.readNextStartElement()) {
                if (xml.name() == QLatin1String("source"))
                    message.source = xml.readElementText();
                else if (xml.name() == QLatin1String("translation"))
                    readTranslation(xml, message);
                else
                    xml.skipCurrentElement();
            }
            messages << message;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2: %3").arg(fileName).arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

// %1..%99 and %n (Qt's), in any order.
QSet<QString> TranslationFilesTest::placeholders(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("%(?:[1-9][0-9]?|n)"));
    QSet<QString> found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    return found;
}

// "&File" and "文件(&F)" have one; "&&", "&amp;" and "fix&lt;0.5" do not.
bool TranslationFilesTest::hasAccelerator(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("(?<!&)&(?!&|[A-Za-z]+;)[^\\s]"));
    return pattern.match(text).hasMatch();
}

void TranslationFilesTest::placeholderSet_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("none") << QStringLiteral("100% sure") << QStringList();
    QTest::newRow("numbered") << QStringLiteral("%2 of %1, %1")
                              << QStringList{QStringLiteral("%1"), QStringLiteral("%2")};
    QTest::newRow("plural") << QStringLiteral("%n file(s) in %1")
                            << QStringList{QStringLiteral("%1"), QStringLiteral("%n")};
}

void TranslationFilesTest::placeholderSet()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QStringList found = placeholders(text).values();
    found.sort();
    QCOMPARE(found, expected);
    QVERIFY(hasAccelerator(QStringLiteral("Se&ttings…")));
    QVERIFY(hasAccelerator(QStringLiteral("设置(&T)…")));
    QVERIFY(!hasAccelerator(QStringLiteral("Versions && OS")));
    QVERIFY(!hasAccelerator(QStringLiteral("<code>fix&lt;0.5</code>")));
}

void TranslationFilesTest::chineseIsComplete()
{
    QString error;
    const QList<Message> messages = read(tsPath("errata_zh_CN.ts"), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(messages.size() > 200, "the .ts holds far fewer messages than the user interface has");
    QStringList problems;
    for (const Message &message : messages) {
        if (message.type == QLatin1String("vanished") || message.type == QLatin1String("obsolete"))
            continue;
        if (message.type == QLatin1String("unfinished"))
            problems << QStringLiteral("unfinished: ") + describe(message);
        else if (message.translations.isEmpty() || message.translations.contains(QString()))
            problems << QStringLiteral("empty: ") + describe(message);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TranslationFilesTest::chinesePlaceholdersAgree()
{
    QString error;
    QStringList problems;
    for (const Message &message : read(tsPath("errata_zh_CN.ts"), &error)) {
        const QSet<QString> expected = placeholders(message.source);
        for (const QString &translation : message.translations) {
            if (placeholders(translation) != expected)
                problems << describe(message) + QStringLiteral(" -> \"") + translation + QLatin1Char('"');
        }
    }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TranslationFilesTest::chineseKeepsAccelerators()
{
    QString error;
    QStringList problems;
    for (const Message &message : read(tsPath("errata_zh_CN.ts"), &error)) {
        for (const QString &translation : message.translations) {
            if (hasAccelerator(message.source) != hasAccelerator(translation))
                problems << describe(message) + QStringLiteral(" -> \"") + translation + QLatin1Char('"');
        }
    }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TranslationFilesTest::englishPluralsAreFilled()
{
    QString error;
    QStringList problems;
    for (const Message &message : read(tsPath("errata_en.ts"), &error)) {
        if (!message.numerus)
            continue;
        if (message.translations.size() != 2 || message.translations.contains(QString()))
            problems << describe(message);
        for (const QString &form : message.translations) {
            if (placeholders(form) != placeholders(message.source))
                problems << describe(message) + QStringLiteral(" -> \"") + form + QLatin1Char('"');
        }
    }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

QTEST_APPLESS_MAIN(TranslationFilesTest)
#include "TranslationFilesTest.moc"
