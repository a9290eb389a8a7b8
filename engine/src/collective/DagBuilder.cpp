#include "DagBuilder.hpp"

namespace meridian::collective {

DagBuilder::Slot& DagBuilder::slot(int rank, int block)
{
    const std::uint64_t key =
        (static_cast<std::uint64_t>(rank) << 32) | static_cast<std::uint32_t>(block);
    return m_slots[key];
}

void DagBuilder::readDeps(int rank, int block, int count, std::vector<std::size_t>& deps)
{
    for (int b = block; b < block + count; ++b) {
        const Slot& s = slot(rank, b);
        if (s.lastWrite >= 0)
            deps.push_back(static_cast<std::size_t>(s.lastWrite));
    }
}

void DagBuilder::writeDeps(int rank, int block, int count, std::vector<std::size_t>& deps)
{
    for (int b = block; b < block + count; ++b) {
        const Slot& s = slot(rank, b);
        if (s.lastWrite >= 0)
            deps.push_back(static_cast<std::size_t>(s.lastWrite));
        deps.insert(deps.end(), s.readers.begin(), s.readers.end());
    }
}

void DagBuilder::laneDep(int src, int dst, int lane, std::vector<std::size_t>& deps)
{
    const std::uint64_t key = (static_cast<std::uint64_t>(src) << 40) |
                              (static_cast<std::uint64_t>(dst) << 16) |
                              static_cast<std::uint64_t>(lane & 0xffff);
    const auto it = m_lastOnLane.find(key);
    if (it != m_lastOnLane.end())
        deps.push_back(it->second);
    m_lastOnLane[key] = m_dag.opCount(); // the send about to be appended
}

void DagBuilder::markRead(int rank, int block, int count, std::size_t op)
{
    for (int b = block; b < block + count; ++b)
        slot(rank, b).readers.push_back(op);
}

void DagBuilder::markWritten(int rank, int block, int count, std::size_t op)
{
    for (int b = block; b < block + count; ++b) {
        Slot& s = slot(rank, b);
        s.lastWrite = static_cast<std::int64_t>(op);
        s.readers.clear();
    }
}

std::size_t DagBuilder::copy(int src, int dst, int block, int count, int step, int chunk, int lane,
                             const std::vector<std::size_t>& extraDeps)
{
    CommOp op;
    op.kind = OpKind::Send;
    op.src = src;
    op.dst = dst;
    op.bytes = m_dag.blockBytes(block, count);
    op.step = step;
    op.chunk = chunk;
    op.block = block;
    op.blockCount = count;
    op.deps = extraDeps;
    readDeps(src, block, count, op.deps);
    writeDeps(dst, block, count, op.deps);
    laneDep(src, dst, lane, op.deps);
    const std::size_t id = m_dag.addOp(std::move(op));
    markRead(src, block, count, id);
    markWritten(dst, block, count, id);
    return id;
}

std::size_t DagBuilder::accumulate(int src, int dst, int block, int count, int step, int chunk,
                                   int lane, const std::vector<std::size_t>& extraDeps)
{
    CommOp send;
    send.kind = OpKind::Send;
    send.src = src;
    send.dst = dst;
    send.bytes = m_dag.blockBytes(block, count);
    send.step = step;
    send.chunk = chunk;
    send.block = block;
    send.blockCount = count;
    send.deps = extraDeps;
    readDeps(src, block, count, send.deps);
    laneDep(src, dst, lane, send.deps);
    const std::size_t sendId = m_dag.addOp(std::move(send));
    markRead(src, block, count, sendId);

    CommOp reduce;
    reduce.kind = OpKind::Reduce;
    reduce.src = dst;
    reduce.dst = dst;
    reduce.bytes = m_dag.blockBytes(block, count);
    reduce.step = step;
    reduce.chunk = chunk;
    reduce.block = block;
    reduce.blockCount = count;
    reduce.deps.push_back(sendId);
    writeDeps(dst, block, count, reduce.deps);
    const std::size_t reduceId = m_dag.addOp(std::move(reduce));
    markWritten(dst, block, count, reduceId);
    return sendId;
}

} // namespace meridian::collective
