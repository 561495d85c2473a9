#include "bench/LookupCiLog.h"
#include "bench/LookupCaseDice.h"
#include "bench/LookupNoise.h"

#include <QStringList>

#include <algorithm>

namespace Errata {

namespace {

const char *const PythonSteps[] = {
    "##[group]Run pip install -r requirements.txt",
    "Collecting {word}>={n1}.{n1}",
    "  Downloading {word}-{n1}.{n1}.{n1}-py3-none-any.whl ({n} kB)",
    "Requirement already satisfied: {word} in /opt/venv/lib/python3.11/site-packages ({n1}.{n1}.{n1})",
    "Successfully installed {word}-{n1}.{n1}.{n1} {word}-{n1}.{n1}",
    "##[group]Run pytest -q --maxfail=1",
    "collected {n} items",
    "tests/test_{word}.py ........ [ {n1}%]",
};

const char *const NodeSteps[] = {
    "##[group]Run npm ci",
    "added {n} packages, and audited {n} packages in {n1}s",
    "{n1} packages are looking for funding",
    "##[group]Run npm run build",
    "> {word}@{n1}.{n1}.0 build",
    "> tsc -p tsconfig.json && vite build",
    "vite v{n1}.{n1}.{n1} building for production...",
    "transforming ({n}) src/{word}.ts",
};

const char *const DockerSteps[] = {
    "##[group]Run docker build -t {word}:ci .",
    "#0 building with \"default\" instance using docker driver",
    "#{n1} [internal] load build definition from Dockerfile",
    "#{n1} [{n1}/9] COPY package.json ./",
    "#{n1} [{n1}/9] RUN apt-get update && apt-get install -y --no-install-recommends curl",
    "#{n1} DONE {n1}.{n1}s",
    "#{n1} CACHED",
};

const char *const KubernetesSteps[] = {
    "##[group]Run kubectl apply -f k8s/",
    "deployment.apps/{word} configured",
    "service/{word} unchanged",
    "##[group]Run kubectl rollout status deployment/{word} --timeout=120s",
    "Waiting for deployment \"{word}\" rollout to finish: {n1} of {n1} updated replicas are available...",
    "kubectl get pods -l app={word}",
};

const char *const GitSteps[] = {
    "##[group]Run actions/checkout@v4",
    "Syncing repository: acme/{word}",
    "/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --no-recurse-submodules --depth=1 origin",
    "From https://github.com/acme/{word}",
    " * [new ref]         {hex} -> origin/main",
    "##[group]Run git push origin HEAD:main",
};

const char *const GenericSteps[] = {
    "##[group]Run make build",
    "[ {n1}%] Building CXX object src/CMakeFiles/{word}.dir/{word}.cpp.o",
    "[ {n}%] Linking CXX executable {word}",
    "##[group]Run ./scripts/{word}.sh",
    "cc -O2 -Wall -c {word}.c -o {word}.o",
};

QStringList stepsFor(const QString &domain)
{
    auto list = [](const auto &array) {
        QStringList lines;
        for (const char *line : array)
            lines << QString::fromUtf8(line);
        return lines;
    };
    static const QStringList python{QStringLiteral("python"),      QStringLiteral("pytorch"),    QStringLiteral("pip"),
                                    QStringLiteral("huggingface"), QStringLiteral("tensorflow"), QStringLiteral("llm")};
    static const QStringList node{QStringLiteral("node"), QStringLiteral("react"), QStringLiteral("nextjs"),
                                  QStringLiteral("typescript")};
    if (python.contains(domain))
        return list(PythonSteps);
    if (node.contains(domain))
        return list(NodeSteps);
    if (domain == QLatin1String("docker"))
        return list(DockerSteps);
    if (domain == QLatin1String("kubernetes"))
        return list(KubernetesSteps);
    if (domain == QLatin1String("git") || domain == QLatin1String("cicd"))
        return list(GitSteps);
    return list(GenericSteps);
}

// The job's body without prefixes: setup, steps of the domain and noise,
// the error about two thirds to nine tenths in, then the end of a failed job.
QStringList body(const QString &error, const QString &domain, const QString &environment, bool actions,
                 LookupCaseDice &dice)
{
    QStringList lines;
    if (actions)
        lines << LookupNoise::fill(QStringLiteral("Current runner version: '2.3{n1}.{n1}'"), dice)
              << QStringLiteral("##[group]Operating System") << QStringLiteral("Ubuntu")
              << LookupNoise::fill(QStringLiteral("22.04.{n1}"), dice) << QStringLiteral("##[endgroup]");
    else
        lines << LookupNoise::fill(QStringLiteral("Running with gitlab-runner 16.{n1}.{n1} (v16.{n1}.{n1})"), dice)
              << QStringLiteral("Preparing the \"docker\" executor")
              << QStringLiteral("Getting source from Git repository");
    if (!environment.isEmpty())
        lines << environment;
    const QStringList steps = stepsFor(domain);
    const int count = dice.between(24, 54);
    while (lines.size() < count) {
        const QString step = dice.chance(0.6) ? LookupNoise::fill(dice.pick(steps), dice) : LookupNoise::line(dice);
        lines << (actions ? step : QString(step).remove(QStringLiteral("##[group]Run ")));
    }
    const int at = int(lines.size()) * dice.between(65, 90) / 100;
    const QStringList errorLines = error.split(QLatin1Char('\n'));
    for (int i = 0; i < errorLines.size(); ++i)
        lines.insert(at + i,
                     (actions && i == 0 && dice.chance(0.4) ? QStringLiteral("##[error]") : QString())
                         + errorLines.at(i));
    if (actions)
        lines << LookupNoise::fill(QStringLiteral("##[error]Process completed with exit code {n1}."), dice);
    else
        lines << QStringLiteral("Cleaning up project directory and file based variables")
              << LookupNoise::fill(QStringLiteral("ERROR: Job failed: exit code {n1}"), dice);
    return lines;
}

// HH:MM:SS of a second of the day; the time moves on past any part that
// spells a forbidden number.
QString clock(int *second, LookupCaseDice &dice)
{
    QString time;
    for (int attempt = 0; attempt < 8; ++attempt, ++*second) {
        *second %= 24 * 3600;
        time = QStringLiteral("%1:%2:%3")
                   .arg(*second / 3600, 2, 10, QLatin1Char('0'))
                   .arg(*second / 60 % 60, 2, 10, QLatin1Char('0'))
                   .arg(*second % 60, 2, 10, QLatin1Char('0'));
        const QStringList parts = time.split(QLatin1Char(':'));
        if (std::none_of(parts.begin(), parts.end(), [&](const QString &part) { return dice.isForbidden(part); }))
            break;
    }
    return time;
}

} // namespace

QString LookupCiLog::wrap(const QString &error, const QString &domain, const QString &environment, LookupCaseDice &dice)
{
    const bool actions = dice.chance(0.6);
    const QStringList lines = body(error, domain, environment, actions, dice);
    const QString date = QStringLiteral("2026-%1-%2").arg(dice.number(1, 12, 2), dice.number(1, 28, 2));
    int second = dice.between(0, 22 * 3600);
    QStringList prefixed;
    for (const QString &line : lines) {
        second += dice.below(3); // a few hundred milliseconds a line
        const QString time = clock(&second, dice);
        prefixed << (actions ? QStringLiteral("%1T%2.%3Z %4").arg(date, time, dice.number(1000000, 9999999), line)
                             : QStringLiteral("[%1] %2").arg(time, line));
    }
    return prefixed.join(QLatin1Char('\n'));
}

} // namespace Errata
