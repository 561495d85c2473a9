#include "bench/LookupTraceback.h"
#include "bench/LookupCaseDice.h"
#include "bench/LookupNoise.h"

#include <QRegularExpression>
#include <QStringList>

namespace Errata {

namespace {

QString fill(const char *pattern, LookupCaseDice &dice)
{
    return LookupNoise::fill(QString::fromUtf8(pattern), dice);
}

QStringList pythonTrace(const QString &error, LookupCaseDice &dice)
{
    static const char *const frames[] = {
        "  File \"/home/{word}/proj/src/{word}.py\", line {n}, in {word}\n    result = handler.run(payload)",
        "  File \"/usr/lib/python3/dist-packages/{word}/core.py\", line {n}, in _call\n    return self._impl(*args, "
        "**kwargs)",
        "  File \"/opt/venv/lib/python3.11/site-packages/{word}/api.py\", line {n}, in request\n    resp = "
        "session.send(prep, **send_kwargs)",
        "  File \"/workspace/train.py\", line {n}, in train_step\n    loss = model(batch).mean()",
        "  File \"/app/{word}/loader.py\", line {n}, in load\n    data = fh.read()",
    };
    QStringList lines{QStringLiteral("Traceback (most recent call last):"),
                      fill("  File \"/home/u/proj/{word}.py\", line {n}, in <module>\n    main()", dice)};
    const int depth = dice.between(1, 4);
    for (int i = 0; i < depth; ++i)
        lines << fill(dice.pick(frames), dice);
    return lines << error;
}

QStringList nodeTrace(const QString &error, LookupCaseDice &dice)
{
    QStringList lines{fill("/srv/app/{word}.js:{n}", dice), QStringLiteral("        throw err;"),
                      QStringLiteral("        ^"), QString(), error};
    static const char *const frames[] = {
        "    at Object.<anonymous> (/srv/app/{word}.js:{n}:{n1})",
        "    at Module._compile (node:internal/modules/cjs/loader:{n}:{n1})",
        "    at Module.load (node:internal/modules/cjs/loader:{n}:{n1})",
        "    at process.processTicksAndRejections (node:internal/process/task_queues:{n}:{n1})",
        "    at async {Word}Service.start (/srv/app/dist/{word}.js:{n}:{n1})",
    };
    const int depth = dice.between(2, 5);
    for (int i = 0; i < depth; ++i)
        lines << fill(dice.pick(frames), dice);
    return lines << fill("    at node:internal/main/run_main_module:{n}:{n1}", dice);
}

QStringList javaTrace(const QString &error, LookupCaseDice &dice)
{
    QStringList lines{QStringLiteral("Exception in thread \"main\" ") + error};
    static const char *const frames[] = {
        "\tat com.example.{word}.{Word}Service.handle({Word}Service.java:{n})",
        "\tat com.example.{word}.{Word}Controller.process({Word}Controller.java:{n})",
        "\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:{n})",
        "\tat java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:{n})",
    };
    const int depth = dice.between(2, 4);
    for (int i = 0; i < depth; ++i)
        lines << fill(dice.pick(frames), dice);
    return lines << fill("\tat java.base/java.lang.Thread.run(Thread.java:{n})", dice) << fill("\t... {n1} more", dice);
}

QStringList goTrace(const QString &error, LookupCaseDice &dice)
{
    static const QRegularExpression own(QStringLiteral("^(?:panic|fatal error):"));
    QStringList lines{own.match(error).hasMatch() ? error : QStringLiteral("panic: ") + error, QString(),
                      fill("goroutine {n1} [running]:", dice)};
    lines << fill("main.(*{Word}Server).handle(0xc000{hex})", dice)
          << fill("\t/app/internal/{word}/server.go:{n} +0x{n}", dice) << QStringLiteral("main.main()")
          << fill("\t/app/cmd/{word}/main.go:{n} +0x{n}", dice);
    return lines << QStringLiteral("exit status 2");
}

QStringList rustTrace(const QString &error, LookupCaseDice &dice)
{
    if (error.startsWith(QLatin1String("error"))) {
        return {fill("   Compiling {word} v0.{n1}.0 (/home/u/proj/{word})", dice), error,
                fill("  --> src/{word}.rs:{n}:{n1}", dice), QStringLiteral("   |"),
                fill("error: could not compile `{word}` (bin \"{word}\") due to 1 previous error", dice)};
    }
    return {fill("thread 'main' panicked at src/{word}.rs:{n}:{n1}:", dice), error,
            QStringLiteral("note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace")};
}

QStringList dotNetTrace(const QString &error, LookupCaseDice &dice)
{
    return {
        QStringLiteral("Unhandled exception. ") + error,
        fill("   at Acme.{Word}.{Word}Service.HandleAsync(Request request) in /src/{Word}/{Word}Service.cs:line {n}",
             dice),
        fill("   at Acme.{Word}.Program.Main(String[] args) in /src/{Word}/Program.cs:line {n}", dice)};
}

QStringList genericTrace(const QString &error, LookupCaseDice &dice)
{
    QStringList lines{fill("{time} ERROR [{word}] operation failed:", dice), error};
    const int depth = dice.between(2, 4);
    for (int i = 0; i < depth; ++i)
        lines << fill("    at {word}.{Word}Handler.run ({word}/handler:{n})", dice);
    return lines;
}

} // namespace

LookupTraceback::Style LookupTraceback::styleFor(const QString &domain)
{
    static const QStringList python{
        QStringLiteral("python"),     QStringLiteral("pytorch"), QStringLiteral("pip"), QStringLiteral("huggingface"),
        QStringLiteral("tensorflow"), QStringLiteral("opencv"),  QStringLiteral("llm"), QStringLiteral("cuda")};
    static const QStringList node{QStringLiteral("node"), QStringLiteral("react"), QStringLiteral("nextjs"),
                                  QStringLiteral("typescript")};
    static const QStringList java{QStringLiteral("java"),    QStringLiteral("kotlin"),        QStringLiteral("kafka"),
                                  QStringLiteral("android"), QStringLiteral("elasticsearch"), QStringLiteral("gradle")};
    if (python.contains(domain))
        return Python;
    if (node.contains(domain))
        return Node;
    if (java.contains(domain))
        return Java;
    if (domain == QLatin1String("go"))
        return Go;
    if (domain == QLatin1String("rust"))
        return Rust;
    if (domain == QLatin1String("dotnet") || domain == QLatin1String("unity"))
        return DotNet;
    return Generic;
}

QString LookupTraceback::wrap(const QString &error, Style style, const QString &environment, LookupCaseDice &dice)
{
    QStringList lines;
    switch (style) {
    case Python: lines = pythonTrace(error, dice); break;
    case Node: lines = nodeTrace(error, dice); break;
    case Java: lines = javaTrace(error, dice); break;
    case Go: lines = goTrace(error, dice); break;
    case Rust: lines = rustTrace(error, dice); break;
    case DotNet: lines = dotNetTrace(error, dice); break;
    case Generic: lines = genericTrace(error, dice); break;
    }
    if (!environment.isEmpty())
        lines.prepend(environment);
    if (dice.chance(0.5))
        lines.prepend(LookupNoise::line(dice));
    return lines.join(QLatin1Char('\n'));
}

} // namespace Errata
