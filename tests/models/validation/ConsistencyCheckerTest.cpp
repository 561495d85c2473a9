#include "models/validation/ConsistencyChecker.h"

#include <QTest>

using namespace Errata;

class ConsistencyCheckerTest : public QObject
{
    Q_OBJECT

private slots:
    void tokens_data();
    void tokens();
    void missing_data();
    void missing();
    void contains_data();
    void contains();
    void seedLikeTranslationIsConsistent();
};

namespace {

QString describe(const QList<ConsistencyChecker::Token> &tokens)
{
    static const char *const kinds[] = {"url", "code", "placeholder", "version", "number"};
    QStringList parts;
    for (const ConsistencyChecker::Token &token : tokens)
        parts << QStringLiteral("%1:%2").arg(QLatin1String(kinds[token.kind]), token.text);
    return parts.join(QLatin1Char('|'));
}

} // namespace

void ConsistencyCheckerTest::tokens_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");

    QTest::newRow("prose has none") << QStringLiteral("Free some space, e.g. old images, i.e. cache.") << QString();
    QTest::newRow("url trailing dot") << QStringLiteral("See https://pytorch.org/docs/stable/notes.html.")
                                      << QStringLiteral("url:https://pytorch.org/docs/stable/notes.html");
    QTest::newRow("url in parentheses") << QStringLiteral("(https://a.example/x?y=1)")
                                        << QStringLiteral("url:https://a.example/x?y=1");
    QTest::newRow("backticks") << QStringLiteral("Run `pip install -U torch` again")
                               << QStringLiteral("code:pip install -U torch");
    QTest::newRow("dotted identifier") << QStringLiteral("Call torch.nn.utils.clip_grad_norm_ first.")
                                       << QStringLiteral("code:torch.nn.utils.clip_grad_norm_");
    QTest::newRow("scoped and call") << QStringLiteral("std::bad_alloc from main()")
                                     << QStringLiteral("code:std::bad_alloc|code:main()");
    QTest::newRow("snake, camel, caps") << QStringLiteral("Set CUDA_LAUNCH_BLOCKING for CrossEntropyLoss on ENOSPC")
                                        << QStringLiteral(
                                               "code:CUDA_LAUNCH_BLOCKING|code:CrossEntropyLoss|code:ENOSPC");
    QTest::newRow("letters and digits") << QStringLiteral("the disk sda1 on node20")
                                        << QStringLiteral("code:sda1|code:node20");
    QTest::newRow("paths and options") << QStringLiteral("Remove /var/run/docker.sock or ~/.ssh/id_rsa with --force")
                                       << QStringLiteral("code:/var/run/docker.sock|code:~/.ssh/id_rsa|code:--force");
    QTest::newRow("and/or is prose") << QStringLiteral("restart and/or rebuild") << QString();
    QTest::newRow("plural acronyms are prose") << QStringLiteral("GPUs and IDs, OK") << QString();
    QTest::newRow("capitals run into a word")
        << QStringLiteral("BCELoss via OAuth") << QStringLiteral("code:BCELoss|code:OAuth");
    QTest::newRow("placeholders") << QStringLiteral("%1 of %2 in {name} at $HOME and ${CUDA_HOME}, {}")
                                  << QStringLiteral("placeholder:%1|placeholder:%2|placeholder:{name}|placeholder:$HOME"
                                                    "|placeholder:${CUDA_HOME}|placeholder:{}");
    QTest::newRow("versions") << QStringLiteral("torch>=2.0 broke 1.13.1 and v3; node v20.1")
                              << QStringLiteral("version:>=2.0|version:1.13.1|version:v3|version:v20.1");
    QTest::newRow("numbers") << QStringLiteral("Exit 137 after 0.5 s, 50% of 8 GB")
                             << QStringLiteral("number:137|number:0.5|number:50|number:8");
    QTest::newRow("assignment") << QStringLiteral("CUDA_LAUNCH_BLOCKING=1")
                                << QStringLiteral("code:CUDA_LAUNCH_BLOCKING|number:1");
    QTest::newRow("duplicates once") << QStringLiteral("1 and 1 and 2") << QStringLiteral("number:1|number:2");
    QTest::newRow("inside backticks not again") << QStringLiteral("`x_y` then x_y") << QStringLiteral("code:x_y");
    // What an earlier token leaves glued to letters or digits is no token
    // (found by fuzz-translation).
    QTest::newRow("glued after a placeholder")
        << QStringLiteral("Get http//%2Fvar%2Frun%2Fdocker.sock") << QStringLiteral("placeholder:%2");
}

void ConsistencyCheckerTest::tokens()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(describe(ConsistencyChecker::tokens(text)), expected);
}

void ConsistencyCheckerTest::missing_data()
{
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("chinese");
    QTest::addColumn<QString>("expected");

    QTest::newRow("all kept") << QStringLiteral("Set `max_split_size_mb` to 128 (see https://x.org/a)")
                              << QStringLiteral("将 max_split_size_mb 设为 128（参见 https://x.org/a）") << QString();
    QTest::newRow("number changed") << QStringLiteral("Exit code 137") << QStringLiteral("退出码 138")
                                    << QStringLiteral("number:137");
    QTest::newRow("number inside a bigger one")
        << QStringLiteral("Use 1 GPU") << QStringLiteral("使用 10 个 GPU") << QStringLiteral("number:1");
    QTest::newRow("number inside a decimal")
        << QStringLiteral("Use 1 GPU") << QStringLiteral("使用 1.5 个 GPU") << QStringLiteral("number:1");
    QTest::newRow("unit after number") << QStringLiteral("Needs 5 GB") << QStringLiteral("需要 5GB") << QString();
    QTest::newRow("the English copied") << QStringLiteral("Get http//%2Fvar%2Frun%2Fdocker.sock: sda1 v2")
                                        << QStringLiteral("Get http//%2Fvar%2Frun%2Fdocker.sock: sda1 v2") << QString();
    QTest::newRow("number as Chinese word")
        << QStringLiteral("Retry 3 times") << QStringLiteral("重试三次") << QStringLiteral("number:3");
    QTest::newRow("version changed") << QStringLiteral("Fixed in 2.1.0") << QStringLiteral("在 2.1 中修复")
                                     << QStringLiteral("version:2.1.0");
    QTest::newRow("identifier translated")
        << QStringLiteral("Call torch.cuda.empty_cache()") << QStringLiteral("调用清空缓存函数")
        << QStringLiteral("code:torch.cuda.empty_cache()");
    QTest::newRow("identifier cut short")
        << QStringLiteral("Use clip_grad_norm_") << QStringLiteral("使用 clip_grad_norm")
        << QStringLiteral("code:clip_grad_norm_");
    QTest::newRow("url dropped") << QStringLiteral("See https://docs.docker.com/engine/") << QStringLiteral("参见文档")
                                 << QStringLiteral("url:https://docs.docker.com/engine/");
    QTest::newRow("placeholders") << QStringLiteral("%1 of %2 in {name}") << QStringLiteral("{name} 中 %2 的 %1")
                                  << QString();
    QTest::newRow("placeholder lost") << QStringLiteral("Set $PATH and %1") << QStringLiteral("设置 PATH 和 %1")
                                      << QStringLiteral("placeholder:$PATH");
    QTest::newRow("path glued to Chinese")
        << QStringLiteral("Check /dev/shm") << QStringLiteral("检查/dev/shm的大小") << QString();
    QTest::newRow("empty Chinese") << QStringLiteral("Exit 1 on /tmp") << QString()
                                   << QStringLiteral("number:1|code:/tmp");
}

void ConsistencyCheckerTest::missing()
{
    QFETCH(QString, english);
    QFETCH(QString, chinese);
    QFETCH(QString, expected);
    QCOMPARE(describe(ConsistencyChecker::missing(english, chinese)), expected);
}

void ConsistencyCheckerTest::contains_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("token");
    QTest::addColumn<bool>("expected");

    QTest::newRow("alone") << QStringLiteral("值为 2") << QStringLiteral("2") << true;
    QTest::newRow("next to Han") << QStringLiteral("共2个") << QStringLiteral("2") << true;
    QTest::newRow("digit before") << QStringLiteral("12") << QStringLiteral("2") << false;
    QTest::newRow("second occurrence") << QStringLiteral("12 和 2") << QStringLiteral("2") << true;
    QTest::newRow("letter after identifier") << QStringLiteral("foo_bar_x") << QStringLiteral("foo_bar") << false;
    QTest::newRow("end of sentence") << QStringLiteral("用 foo_bar。") << QStringLiteral("foo_bar") << true;
    QTest::newRow("absent") << QStringLiteral("没有") << QStringLiteral("x_y") << false;
}

void ConsistencyCheckerTest::contains()
{
    QFETCH(QString, text);
    QFETCH(QString, token);
    QFETCH(bool, expected);
    QCOMPARE(ConsistencyChecker::contains(text, token), expected);
}

// The Chinese of a sample record keeps every token of its English.
void ConsistencyCheckerTest::seedLikeTranslationIsConsistent()
{
    const QString english = QStringLiteral(
        "A CUDA kernel hit an assertion: a class label that is negative (e.g. -1 used as padding) or >= num_classes "
        "passed to CrossEntropyLoss, or BCELoss inputs outside [0, 1] (including NaN).");
    const QString chinese = QStringLiteral(
        "某个 CUDA 内核触发了断言：传给 CrossEntropyLoss 的类别标签为负数（例如用 -1 作填充）或 >= num_classes，"
        "或 BCELoss 的输入超出 [0, 1]（包括 NaN）。");
    QCOMPARE(describe(ConsistencyChecker::missing(english, chinese)), QString());
    QCOMPARE(
        describe(ConsistencyChecker::missing(english, QStringLiteral("内核断言"))),
        QStringLiteral("code:CUDA|number:1|code:num_classes|code:CrossEntropyLoss|code:BCELoss|number:0|code:NaN"));
}

QTEST_APPLESS_MAIN(ConsistencyCheckerTest)
#include "ConsistencyCheckerTest.moc"
