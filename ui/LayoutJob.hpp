#pragma once
// Runs one automatic layout (topology::AutoLayout) on a worker thread so that the window stays
// responsive: the input is a copy of the document's topology, the output a copy with new
// positions. Progress and cancellation go through a topology::LayoutControl; finished() is
// delivered on the GUI thread (queued), after which result() holds the laid-out topology, or
// nothing when the job was cancelled or failed (error() then says why).
//
// Destroying a running job cancels it and waits for the worker, which stops at its next
// iteration.

#include "meridian/topology/AutoLayout.hpp"
#include "meridian/topology/Topology.hpp"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace meridian::ui {

class LayoutJob : public QObject
{
    Q_OBJECT
public:
    using Compute = std::function<std::optional<topology::Topology>(const topology::Topology&,
                                                                    topology::LayoutControl&)>;

    LayoutJob(topology::Topology input, Compute compute, QObject* parent = nullptr);
    ~LayoutJob() override;

    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    bool wasCancelled() const { return m_state->control.cancel.load(); }
    int progressPermille() const { return m_state->control.progress_permille.load(); }
    /// Valid after finished(): the laid-out topology, or nullopt (cancelled or failed).
    const std::optional<topology::Topology>& result() const { return m_state->result; }
    QString error() const { return m_state->error; }
    double elapsed_s() const { return m_elapsed_s; }

Q_SIGNALS:
    void finished();

private:
    /// Everything the worker touches; owned jointly so the worker never sees a dead job.
    struct State
    {
        topology::Topology input;
        Compute compute;
        topology::LayoutControl control;
        std::optional<topology::Topology> result;
        QString error;
    };
    std::shared_ptr<State> m_state;
    QThread* m_thread = nullptr;
    QElapsedTimer m_clock;
    double m_elapsed_s = 0;
    bool m_running = false;
};

} // namespace meridian::ui
