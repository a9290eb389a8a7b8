#include "ui/LayoutController.hpp"

#include "meridian/topology/AutoLayout.hpp"
#include "ui/CanvasView.hpp"
#include "ui/Document.hpp"
#include "ui/commands/ReplaceTopologyCommand.hpp"

#include <QAction>
#include <QEventLoop>
#include <QLocale>
#include <QMainWindow>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>

namespace meridian::ui {

LayoutController::LayoutController(Parts parts) : QObject(parts.window), m_parts(std::move(parts))
{}

bool LayoutController::isRunning() const
{
    return m_job && m_job->isRunning();
}

bool LayoutController::wait()
{
    if (isRunning()) {
        QEventLoop loop;
        connect(m_job, &LayoutJob::finished, &loop, &QEventLoop::quit,
                Qt::QueuedConnection); // after finish() has applied the result
        loop.exec();
    }
    return m_lastApplied;
}

void LayoutController::setActionsEnabled(bool on)
{
    for (QAction* a : std::as_const(m_parts.actions))
        a->setEnabled(on);
}

void LayoutController::showMessage(const QString& text, int timeoutMs)
{
    m_parts.window->statusBar()->showMessage(text, timeoutMs);
}

LayoutJob::Compute LayoutController::springCompute(const topology::Topology& topo)
{
    const std::size_t largest = topology::AutoLayout::largestComponent(topo);
    if (largest > topology::AutoLayout::kSpringMaxComponentNodes) {
        // Refuse rather than silently run something else.
        const QLocale loc;
        const double matrices_MB =
            2.0 * 8.0 * static_cast<double>(largest) * static_cast<double>(largest) / 1e6;
        m_parts.reportError(
            tr("Spring layout not available"),
            tr("The largest connected part of this drawing has %1 nodes. The spring "
               "(Kamada–Kawai) layout stores the distance between every pair of nodes "
               "(about %2 MB here) and its running time grows faster than the square of "
               "the node count, so it is limited to %3 connected nodes.\n\nUse the "
               "force-directed layout instead: it handles 10,000 nodes in seconds.")
                .arg(loc.toString(static_cast<qulonglong>(largest)))
                .arg(loc.toString(matrices_MB, 'f', 0))
                .arg(loc.toString(
                    static_cast<qulonglong>(topology::AutoLayout::kSpringMaxComponentNodes))));
        return {};
    }
    return [](const topology::Topology& t, topology::LayoutControl& c) {
        return topology::AutoLayout::springLayout(t, &c);
    };
}

LayoutJob::Compute LayoutController::compute(Kind kind, const topology::Topology& topo)
{
    switch (kind) {
    case Kind::Force:
        m_name = tr("Force-directed layout");
        return [](const topology::Topology& t, topology::LayoutControl& c) {
            return topology::AutoLayout::forceDirected(t, 1, &c);
        };
    case Kind::Spring:
        m_name = tr("Spring layout");
        return springCompute(topo);
    case Kind::Geographic:
        m_name = tr("Geographic layout");
        if (topology::AutoLayout::geolocatedCount(topo) == 0) {
            m_parts.reportError(tr("Geographic layout"),
                                tr("No node has a latitude and longitude. Set them in the "
                                   "property editor or import a GraphML map."));
            return {};
        }
        return [](const topology::Topology& t, topology::LayoutControl& c) {
            std::optional<topology::Topology> r = topology::AutoLayout::geographic(t);
            c.progress_permille = 1000;
            return r;
        };
    }
    return {};
}

void LayoutController::start(Kind kind)
{
    if (isRunning())
        return;
    m_lastApplied = false;
    const topology::Topology& topo = m_parts.doc->topology();
    LayoutJob::Compute job = compute(kind, topo);
    if (!job || topo.nodeCount() == 0)
        return;
    delete m_job;
    m_job = new LayoutJob(topo, std::move(job), this);
    watchEdits();
    connect(m_job, &LayoutJob::finished, this, &LayoutController::finish);
    showProgress(kind, static_cast<qulonglong>(topology::AutoLayout::topLevelCount(topo)));
    setActionsEnabled(false);
    showMessage(tr("%1 running…").arg(m_name));
    m_job->start();
}

void LayoutController::watchEdits()
{
    m_stale = false;
    m_watch << connect(m_parts.doc->undoStack(), &QUndoStack::indexChanged, this,
                       [this] { m_stale = true; });
    m_watch << connect(m_parts.doc, &Document::topologyReset, this, [this] { m_stale = true; });
}

void LayoutController::createProgressDialog()
{
    m_progress = new QProgressDialog(m_parts.window);
    m_progress->setObjectName(QStringLiteral("layoutProgress"));
    m_progress->setWindowModality(Qt::NonModal); // the window stays usable
    m_progress->setAutoClose(false);
    m_progress->setAutoReset(false);
    m_progress->setMinimumDuration(400);
    m_progress->setCancelButtonText(tr("Cancel"));
    connect(m_progress, &QProgressDialog::canceled, this, [this] {
        if (m_job)
            m_job->cancel();
    });
    m_poll = new QTimer(this);
    m_poll->setInterval(100);
    connect(m_poll, &QTimer::timeout, this, [this] {
        if (m_job && m_progress && m_progress->maximum() > 0)
            m_progress->setValue(m_job->progressPermille());
    });
}

void LayoutController::showProgress(Kind kind, qulonglong nodes)
{
    if (!m_progress)
        createProgressDialog();
    // Kamada–Kawai has no iteration count to measure progress against: a busy bar.
    m_progress->setRange(0, kind == Kind::Spring ? 0 : 1000);
    m_progress->setWindowTitle(m_name);
    m_progress->setLabelText(
        tr("Computing the %1 of %2 nodes…\nYou can keep working, but if you edit the drawing "
           "before it finishes, the layout result is discarded.")
            .arg(m_name.toLower(), QLocale().toString(nodes)));
    m_progress->reset();
    m_progress->setValue(0); // starts the minimum-duration clock; shown if it takes long
    m_poll->start();
}

void LayoutController::finish()
{
    m_poll->stop();
    m_progress->reset();
    m_progress->hide();
    for (const auto& c : std::as_const(m_watch))
        disconnect(c);
    m_watch.clear();
    setActionsEnabled(true);
    m_lastApplied = false;
    const QString seconds = QLocale().toString(m_job->elapsed_s(), 'f', 1);
    if (m_job->wasCancelled()) {
        showMessage(tr("%1 cancelled; nothing was moved.").arg(m_name), 6000);
        return;
    }
    if (!m_job->result()) {
        m_parts.reportError(m_name, m_job->error());
        return;
    }
    if (m_stale) {
        showMessage(tr("%1 discarded: the drawing was edited while it was being computed. Run "
                       "it again to apply it.")
                        .arg(m_name),
                    10000);
        return;
    }
    if (!apply()) {
        showMessage(tr("%1: every node is already in place.").arg(m_name), 6000);
        return;
    }
    m_parts.view->fitAll();
    showMessage(tr("%1 done in %2 s.").arg(m_name, seconds), 6000);
}

bool LayoutController::apply()
{
    // Only positions change, but the whole topology is swapped in one step: the scene
    // rebuilds 9,472 nodes in about 0.4 s, where moving them one by one took 30 s.
    const topology::Topology& now = m_parts.doc->topology();
    const topology::Topology& laid = *m_job->result();
    bool moved = false;
    for (std::size_t i = 0; i < now.nodeCount() && !moved; ++i)
        moved = now.node(NodeId::fromIndex(i)).pos != laid.node(NodeId::fromIndex(i)).pos;
    if (!moved)
        return false;
    m_parts.doc->undoStack()->push(new ReplaceTopologyCommand(m_parts.doc, laid, m_name));
    m_lastApplied = true;
    return true;
}

} // namespace meridian::ui
