#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace Errata {

// Something people try that does not fix the error, and how often it fails.
struct DeadEnd
{
    QString action;
    QString whyFails;
    std::optional<double> failRate;
    QString condition;
    QStringList sources;
};

} // namespace Errata
