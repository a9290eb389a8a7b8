#include "ui/traffic/TrafficWorkbench.hpp"

#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/TopologyScene.hpp"
#include "ui/run/RunController.hpp"
#include "ui/traffic/GeneratorFields.hpp"
#include "ui/traffic/TrafficDock.hpp"
#include "ui/traffic/TrafficOverlay.hpp"
#include "ui/traffic/TrafficPrefill.hpp"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

namespace meridian::ui::traffic {

TrafficWorkbench::TrafficWorkbench(QMainWindow* window, Document* doc, TopologyScene* scene,
                                   CanvasView* view, RunController* runs)
    : QObject(window), m_window(window), m_doc(doc), m_scene(scene)
{
    m_dock = new TrafficDock(doc);
    m_dockWidget = new QDockWidget(tr("Traffic"), window);
    m_dockWidget->setObjectName(QStringLiteral("trafficDock"));
    m_dockWidget->setWidget(m_dock);
    window->addDockWidget(Qt::RightDockWidgetArea, m_dockWidget);
    if (auto* experiment = window->findChild<QDockWidget*>(QStringLiteral("experimentDock")))
        window->tabifyDockWidget(experiment, m_dockWidget);

    m_overlay = new TrafficOverlay(doc, scene, this);
    m_show = new QAction(tr("Show &Background Traffic"), window);
    m_show->setObjectName(QStringLiteral("view.traffic"));
    m_show->setCheckable(true);
    m_show->setChecked(true);
    m_show->setToolTip(tr("Draw the background traffic generators along their routes"));
    connect(m_show, &QAction::toggled, m_overlay, &TrafficOverlay::setShown);
    window->addAction(m_show);

    view->setContextExtender([this](QMenu* menu) { addContextEntry(menu); });
    if (runs)
        connect(runs, &RunController::stateChanged, this,
                [this, runs] { m_dock->setReadOnly(runs->isActive()); });
}

void TrafficWorkbench::addToViewMenu(QMenu* viewMenu)
{
    const QList<QAction*> actions = viewMenu->actions();
    for (int i = 0; i < actions.size(); ++i)
        if (actions[i]->objectName() == QLatin1String("view.snap")) {
            viewMenu->insertAction(i + 1 < actions.size() ? actions[i + 1] : nullptr, m_show);
            return;
        }
    viewMenu->addAction(m_show);
}

QAction* TrafficWorkbench::addContextEntry(QMenu* menu)
{
    const std::vector<std::string> nodes = m_scene->selectedNodeIds();
    const std::vector<std::string> links = m_scene->selectedLinkIds();
    if (nodes.size() + links.size() != 1)
        return nullptr;
    menu->addSeparator();
    QAction* add = menu->addAction(tr("Add Background Traffic…"));
    add->setObjectName(QStringLiteral("traffic.addHere"));
    const bool onLink = !links.empty();
    const std::string id = onLink ? links.front() : nodes.front();
    connect(add, &QAction::triggered, this, [this, onLink, id] {
        const nlohmann::json generators = generatorsOf(m_doc->project().experiment);
        const nlohmann::json proposal = onLink ? prefillForLink(m_doc->topology(), id, generators)
                                               : prefillForNode(m_doc->topology(), id, generators);
        m_dockWidget->show();
        m_dockWidget->raise();
        m_dock->openEditor(proposal);
    });
    return add;
}

} // namespace meridian::ui::traffic
