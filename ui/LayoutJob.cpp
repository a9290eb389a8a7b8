#include "ui/LayoutJob.hpp"

#include <QThread>
#include <exception>

namespace meridian::ui {

LayoutJob::LayoutJob(topology::Topology input, Compute compute, QObject* parent)
    : QObject(parent), m_state(std::make_shared<State>())
{
    m_state->input = std::move(input);
    m_state->compute = std::move(compute);
}

LayoutJob::~LayoutJob()
{
    if (m_thread) {
        m_state->control.cancel = true;
        m_thread->wait();
        delete m_thread;
    }
}

void LayoutJob::start()
{
    if (m_running || m_thread)
        return;
    std::shared_ptr<State> state = m_state;
    m_thread = QThread::create([state] {
        try {
            state->result = state->compute(state->input, state->control);
        } catch (const std::exception& e) {
            state->result.reset();
            state->error = QString::fromUtf8(e.what());
        }
    });
    m_thread->setObjectName(QStringLiteral("layout"));
    // QThread::finished is emitted on the worker thread; `this` lives on the GUI thread, so
    // the connection is queued and the slot runs there.
    connect(m_thread, &QThread::finished, this, [this] {
        m_thread->wait();
        m_elapsed_s = static_cast<double>(m_clock.nsecsElapsed()) * 1e-9;
        m_running = false;
        Q_EMIT finished();
    });
    m_running = true;
    m_clock.start();
    m_thread->start(QThread::LowPriority);
}

void LayoutJob::cancel()
{
    m_state->control.cancel = true;
}

} // namespace meridian::ui
