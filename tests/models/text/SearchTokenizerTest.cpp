// Tests for Errata::SearchTokenizer: the tokens of the examples in its
// header, the byte-level path for UTF-8 giving exactly the tokens of the
// QString path (for every character of the Basic Multilingual Plane), and
// where a search's words are highlighted.

#include "models/text/SearchTokenizer.h"

#include <QTest>

using namespace Errata;

using Spans = QList<std::pair<int, int>>;
Q_DECLARE_METATYPE(Spans)

namespace {

QStringList toList(const std::vector<std::string> &tokens)
{
    QStringList list;
    for (const std::string &token : tokens)
        list << QString::fromStdString(token);
    return list;
}

// "a b c" -> {"a", "b", "c"}
QStringList words(const char *spaced)
{
    return QString::fromUtf8(spaced).split(QLatin1Char(' '));
}

QStringList viaUtf8(const QString &text, SearchTokenizer::Purpose purpose)
{
    const QByteArray utf8 = text.toUtf8();
    std::vector<std::string> tokens{"kept"}; // appended to, not replaced
    SearchTokenizer::appendTokens(std::string_view(utf8.constData(), size_t(utf8.size())), purpose, tokens);
    QStringList list = toList(tokens);
    if (list.value(0) == QLatin1String("kept"))
        list.removeFirst();
    else
        list.prepend(QStringLiteral("(lost what was there)"));
    return list;
}

} // namespace

class SearchTokenizerTest : public QObject
{
    Q_OBJECT

private slots:
    void headerExamples();
    void utf8PathAgrees_data();
    void utf8PathAgrees();
    void utf8PathAgreesForEveryCharacter();
    void invalidUtf8();
    void beyondBasicPlane();
    void matchedSpans_data();
    void matchedSpans();
};

void SearchTokenizerTest::headerExamples()
{
    using T = SearchTokenizer;
    QCOMPARE(toList(T::tokens(QStringLiteral("RuntimeError: CUDA out of memory"), T::Indexing)),
             words("runtimeerror cuda out of memory runtime error"));
    QCOMPARE(toList(T::tokens(QStringLiteral("torch.nn.utils.clip_grad_norm_"), T::Indexing)),
             words("torch nn utils clip grad norm"));
    QCOMPARE(toList(T::tokens(QStringLiteral("梯度裁剪"), T::Indexing)), words("梯 度 裁 剪 梯度 度裁 裁剪"));
    QCOMPARE(toList(T::tokens(QStringLiteral("梯度裁剪"), T::Querying)), words("梯度 度裁 裁剪"));
}

void SearchTokenizerTest::utf8PathAgrees_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("empty") << QString();
    QTest::newRow("camel") << QStringLiteral("RuntimeError: CUDA out of memory");
    QTest::newRow("humps") << QStringLiteral("getHTTPResponseCode parseJSONValue aB a1B x");
    QTest::newRow("digits") << QStringLiteral("torch 2.0.1 lr=1e-4 HTTP404NotFound v2Beta");
    QTest::newRow("punctuation") << QStringLiteral("  --foo_bar::Baz(qux)[0] \"quoted\"\t\n");
    QTest::newRow("accents") << QStringLiteral("Café Naïve ÉCOLE");
    QTest::newRow("mixed") << QStringLiteral("CUDA 显存不足 OutOfMemory 内存");
    QTest::newRow("full width") << QStringLiteral("ＣＵＤＡ エラー");
    QTest::newRow("emoji") << QStringLiteral("fails 😀 often");
    QTest::newRow("Chinese punctuation") << QStringLiteral(
        "显存不足，请减小 batch_size（当前为 64）。“重试”—无效、见 §3…");
    QTest::newRow("Chinese next to words") << QStringLiteral("GPU显存OutOfMemory中a 中 b中文");
    QTest::newRow("combining accent joins") << QStringLiteral("abc\u0301d 中\u0301文 x\u0301");
    QTest::newRow("compatibility ideograph") << QStringLiteral("\uF900 豈 \uFA10");
    QTest::newRow("ideographic space, full-width digits") << QStringLiteral("中\u3000文 １２３ 々〇");
    QTest::newRow("invalid UTF-8 stands in") << QStringLiteral("bad \uFFFD here");
}

// Every character of the Basic Multilingual Plane, among words, Chinese
// and itself: the byte-level path must split it as tokens() does.
void SearchTokenizerTest::utf8PathAgreesForEveryCharacter()
{
    QStringList disagreements;
    for (uint code = 0x80; code <= 0xFFFF; ++code) {
        if (code >= 0xD800 && code < 0xE000)
            continue; // surrogates: no character of their own
        const QString c(QChar{char16_t(code)});
        const QString text = QStringLiteral("ab") + c + QStringLiteral("Cd") + c + c + QStringLiteral("中") + c
            + QStringLiteral("文 x");
        for (const auto purpose : {SearchTokenizer::Indexing, SearchTokenizer::Querying}) {
            if (viaUtf8(text, purpose) != toList(SearchTokenizer::tokens(text, purpose)))
                disagreements << QString::number(code, 16);
        }
    }
    QVERIFY2(disagreements.isEmpty(), qPrintable(disagreements.mid(0, 20).join(QLatin1Char(' '))));
}

// Bytes that are not UTF-8 go the QString way, as replacement characters.
void SearchTokenizerTest::invalidUtf8()
{
    for (const QByteArray &bytes : {QByteArray("ab\xE4\xB8 cd"), QByteArray("\xC0\xAF x"), QByteArray("\xED\xA0\x80 y"),
                                    QByteArray("z \xE4\xB8\xAD\xFF")}) {
        std::vector<std::string> tokens;
        SearchTokenizer::appendTokens(std::string_view(bytes.constData(), size_t(bytes.size())),
                                      SearchTokenizer::Indexing, tokens);
        const QString text = QString::fromUtf8(bytes);
        QCOMPARE(toList(tokens), toList(SearchTokenizer::tokens(text, SearchTokenizer::Indexing)));
    }
}

// Chinese of CJK Extension B and on is one character in two UTF-16
// units; it is indexed and found as a whole, as any other Chinese
// character is, and so are letters beyond the Basic Multilingual Plane.
void SearchTokenizerTest::beyondBasicPlane()
{
    using T = SearchTokenizer;
    QCOMPARE(toList(T::tokens(QStringLiteral("𠮷野家 error"), T::Indexing)), words("𠮷 野 家 𠮷野 野家 error"));
    QCOMPARE(toList(T::tokens(QStringLiteral("𠮷野家"), T::Querying)), words("𠮷野 野家"));
    QCOMPARE(toList(T::tokens(QStringLiteral("𠀀"), T::Querying)), words("𠀀"));
    QCOMPARE(toList(T::tokens(QStringLiteral("a𠀀b"), T::Indexing)), words("a 𠀀 b"));
    // Deseret capital and small letters fold alike; mathematical bold folds to ASCII.
    QCOMPARE(toList(T::tokens(QStringLiteral("𐐀𐐁 𐐨𐐩"), T::Querying)), words("𐐨𐐩 𐐨𐐩"));
    QCOMPARE(toList(T::tokens(QStringLiteral("𝐂𝐔𝐃𝐀"), T::Querying)), words("cuda"));
    for (const auto purpose : {T::Indexing, T::Querying}) {
        const QString text = QStringLiteral("x𠮷野 𠀀 😀 𐐀");
        QCOMPARE(viaUtf8(text, purpose), toList(T::tokens(text, purpose)));
    }
}

void SearchTokenizerTest::utf8PathAgrees()
{
    QFETCH(QString, text);
    for (const auto purpose : {SearchTokenizer::Indexing, SearchTokenizer::Querying})
        QCOMPARE(viaUtf8(text, purpose), toList(SearchTokenizer::tokens(text, purpose)));
}

// Highlights stand where the search matches: where a word begins a token.
void SearchTokenizerTest::matchedSpans_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("words");
    QTest::addColumn<Spans>("expected");
    const QString oom = QStringLiteral("torch.cuda.OutOfMemoryError: CUDA out of memory");
    QTest::newRow("words and camelCase parts")
        << oom << QStringList{QStringLiteral("cuda"), QStringLiteral("of")} << Spans{{6, 4}, {14, 2}, {29, 4}, {38, 2}};
    QTest::newRow("not inside a word") << oom << QStringList{QStringLiteral("m")} << Spans{{16, 1}, {41, 1}};
    QTest::newRow("a camelCase part") << oom << QStringList{QStringLiteral("memory")} << Spans{{16, 6}, {41, 6}};
    QTest::newRow("case ignored") << QStringLiteral("Killed: OOM") << QStringList{QStringLiteral("oom")}
                                  << Spans{{8, 3}};
    QTest::newRow("Chinese anywhere") << QStringLiteral("检测到梯度溢出") << QStringList{QStringLiteral("梯度")}
                                      << Spans{{3, 2}};
    QTest::newRow("after a digit is inside a word")
        << QStringLiteral("cuda12 12") << QStringList{QStringLiteral("12")} << Spans{{7, 2}};
    QTest::newRow("accents ignored") << QStringLiteral("Café menu, ÉCOLE")
                                     << QStringList{QStringLiteral("cafe"), QStringLiteral("ecole")}
                                     << Spans{{0, 4}, {11, 5}};
    QTest::newRow("Chinese beyond the Basic Multilingual Plane")
        << QStringLiteral("a𠮷野 𠮷") << QStringList{QStringLiteral("𠮷")} << Spans{{1, 2}, {5, 2}};
    QTest::newRow("no words") << oom << QStringList{QString()} << Spans{};
}

void SearchTokenizerTest::matchedSpans()
{
    QFETCH(QString, text);
    QFETCH(QStringList, words);
    QFETCH(Spans, expected);
    QCOMPARE(SearchTokenizer::matchedSpans(text, words), expected);
}

QTEST_GUILESS_MAIN(SearchTokenizerTest)
#include "SearchTokenizerTest.moc"
