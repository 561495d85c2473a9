#include "MainWindow.h"

#include "KnowledgeBase.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>

namespace Errata {

MainWindow::MainWindow(KnowledgeBase *kb, QWidget *parent)
    : QMainWindow(parent)
    , m_kb(kb)
    , m_summary(new QLabel(this))
{
    m_summary->setAlignment(Qt::AlignCenter);
    setCentralWidget(m_summary);
    createMenus();
    connect(m_kb, &KnowledgeBase::reset, this, &MainWindow::showSummary);
    showSummary();
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open KB Folder…"), this, &MainWindow::chooseFolder);
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open KB Folder"), m_kb->root());
    if (!folder.isEmpty())
        emit openRequested(folder);
}

void MainWindow::showSummary()
{
    const KnowledgeBase::Counts counts = m_kb->counts();
    setWindowTitle(tr("%1 — Errata").arg(m_kb->root()));
    m_summary->setText(tr("%n record(s) in %1", nullptr, m_kb->count()).arg(m_kb->root()));
    statusBar()->showMessage(tr("%1 errors, %2 warnings, %3 infos").arg(counts.errors).arg(counts.warnings).arg(counts.infos));
}

} // namespace Errata
