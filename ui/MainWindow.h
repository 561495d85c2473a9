#pragma once

#include <QMainWindow>

class QLabel;

namespace Errata {

class KnowledgeBase;

// The main window: for now the opened KB's summary and the File menu.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(KnowledgeBase *kb, QWidget *parent = nullptr);

signals:
    void openRequested(const QString &folder);

private:
    void createMenus();
    void showSummary();
    void chooseFolder();

    KnowledgeBase *m_kb;
    QLabel *m_summary;
};

} // namespace Errata
