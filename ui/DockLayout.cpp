#include "ui/DockLayout.hpp"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QToolBar>
#include <algorithm>

namespace meridian::ui {

namespace {
const char* const kLeft[] = {"paletteDock", "outlineDock", "minimapDock"};
const char* const kRight[] = {"propertiesDock", "experimentDock", "trafficDock", "historyDock"};
const char* const kBottom[] = {"runDock", "resultsDock"};
const QString kStateKey = QStringLiteral("layout/state");
const QString kGeometryKey = QStringLiteral("layout/geometry");
const QString kVersionKey = QStringLiteral("layout/version");
} // namespace

DockLayout::DockLayout(QMainWindow* window, QMenu* viewMenu) : QObject(window), m_window(window)
{
    m_reset = new QAction(tr("&Reset Layout"), window);
    m_reset->setObjectName(QStringLiteral("view.resetLayout"));
    m_reset->setToolTip(tr("Put every dock back where it starts, sized for this window"));
    connect(m_reset, &QAction::triggered, this, &DockLayout::reset);
    viewMenu->addSeparator();
    viewMenu->addAction(m_reset);

    // Minimum sizes: a form column stays readable, the canvas keeps most of the window, and
    // the separators move freely above these.
    for (const char* n : kRight)
        if (QDockWidget* d = dock(n))
            d->setMinimumWidth(240);
    for (const char* n : kLeft)
        if (QDockWidget* d = dock(n))
            d->setMinimumWidth(150);
    for (const char* n : kBottom)
        if (QDockWidget* d = dock(n))
            d->setMinimumHeight(140);
    if (!restore())
        reset();
}

QDockWidget* DockLayout::dock(const char* name) const
{
    return m_window->findChild<QDockWidget*>(QLatin1String(name));
}

void DockLayout::reset()
{
    for (QDockWidget* d : m_window->findChildren<QDockWidget*>()) {
        d->setFloating(false);
        d->show();
    }
    for (QToolBar* bar : m_window->findChildren<QToolBar*>()) {
        m_window->addToolBar(Qt::TopToolBarArea, bar);
        bar->show();
    }
    // The left column runs the window's full height (the palette, outline and overview need
    // it more than the Run dock needs the width); the bottom row spans under the forms.
    m_window->setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    m_window->setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    // Re-adding a dock moves it (it keeps its widget): the order makes the arrangement.
    for (const char* n : kLeft)
        if (QDockWidget* d = dock(n))
            m_window->addDockWidget(Qt::LeftDockWidgetArea, d, Qt::Vertical);
    QDockWidget* first = nullptr;
    for (const char* n : kRight)
        if (QDockWidget* d = dock(n)) {
            m_window->addDockWidget(Qt::RightDockWidgetArea, d);
            if (first)
                m_window->tabifyDockWidget(first, d);
            else
                first = d;
        }
    if (first)
        first->raise();
    for (const char* n : kBottom)
        if (QDockWidget* d = dock(n))
            m_window->addDockWidget(Qt::BottomDockWidgetArea, d, Qt::Horizontal);

    // Sizes from the window: at 1366 × 768 a 340 px form column, a 218 px left column and
    // a 256 px bottom row leave the canvas about 800 × 400.
    const int w = m_window->width();
    const int h = m_window->height();
    QList<QDockWidget*> left, bottom;
    for (const char* n : kLeft)
        if (QDockWidget* d = dock(n))
            left << d;
    for (const char* n : kBottom)
        if (QDockWidget* d = dock(n))
            bottom << d;
    if (!left.isEmpty()) {
        m_window->resizeDocks({left.first()}, {std::clamp(w * 16 / 100, 190, 260)}, Qt::Horizontal);
        m_window->resizeDocks(left, {5 * 42 + 30, 260, 170}, Qt::Vertical);
    }
    if (first)
        m_window->resizeDocks({first}, {std::clamp(w / 4, 300, 440)}, Qt::Horizontal);
    if (!bottom.isEmpty()) {
        m_window->resizeDocks({bottom.first()}, {std::clamp(h / 3, 200, 360)}, Qt::Vertical);
        if (bottom.size() == 2)
            m_window->resizeDocks(bottom, {w * 58 / 100, w * 42 / 100}, Qt::Horizontal);
    }
}

void DockLayout::save() const
{
    QSettings settings;
    settings.setValue(kVersionKey, kVersion);
    settings.setValue(kStateKey, m_window->saveState(kVersion));
    settings.setValue(kGeometryKey, m_window->saveGeometry());
}

bool DockLayout::restore()
{
    const QSettings settings;
    if (settings.value(kVersionKey).toInt() != kVersion)
        return false;
    const QByteArray state = settings.value(kStateKey).toByteArray();
    if (state.isEmpty())
        return false;
    m_window->restoreGeometry(settings.value(kGeometryKey).toByteArray());
    return m_window->restoreState(state, kVersion);
}

void DockLayout::showProperties()
{
    if (QDockWidget* d = dock("propertiesDock"); d && d->isVisible())
        d->raise();
}

} // namespace meridian::ui
