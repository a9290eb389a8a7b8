#pragma once
// What a DagExecutor drives: something that can move bytes between ranks and reduce them.
// The flow-level network (engine/net) and tests' α-β models implement it; the collective
// module itself knows nothing about time or links.

#include <functional>
#include <optional>

namespace meridian::collective {

class TransferBackend
{
public:
    virtual ~TransferBackend() = default;

    /// Start moving `bytes` from rank `src` to rank `dst` on the connection of `channel`
    /// (CommOp::channel); call `done` exactly once when the last byte has arrived. Transfers
    /// of one (src, dst, channel) come in the DAG's order and form one in-order stream.
    /// `done` may be called synchronously (from inside transfer()).
    virtual void transfer(int src, int dst, double bytes, int channel,
                          std::function<void()> done) = 0;
    /// Start a local reduction of `bytes` at `rank`; call `done` exactly once when finished.
    virtual void reduce(int rank, double bytes, std::function<void()> done) = 0;
    /// The backend's current (simulated) time in seconds, if it has one; lets the executor
    /// record per-op start and end times.
    virtual std::optional<double> nowS() const { return std::nullopt; }
};

} // namespace meridian::collective
