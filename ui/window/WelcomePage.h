#pragma once

#include <QLabel>

namespace Errata {

// What the window's centre shows while no record is open: how to find one
// (search, paste an error, filters) and the keys for it.
class WelcomePage : public QLabel
{
    Q_OBJECT

public:
    explicit WelcomePage(QWidget *parent = nullptr);

    static QString text();
};

} // namespace Errata
