#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace Errata {

// Something that does fix the error, and how often it succeeds.
struct Workaround
{
    QString action;
    std::optional<double> successRate;
    QString how;
    QString condition;
    QString tradeoff;
    QStringList sources;
};

} // namespace Errata
