#include "DagBuilder.hpp"

#include <algorithm>

namespace meridian::collective {

DagBuilder::Slot& DagBuilder::slot(int rank, int block)
{
    const auto r = static_cast<std::size_t>(rank);
    const auto b = static_cast<std::size_t>(block);
    if (r >= m_slots.size())
        m_slots.resize(std::max(r + 1, static_cast<std::size_t>(m_dag.ranks())));
    std::vector<Slot>& row = m_slots[r];
    if (b >= row.size())
        row.resize(std::max(b + 1, m_dag.blocks().size()));
    return row[b];
}

void DagBuilder::readDeps(int rank, int block, int count, OpDeps& deps)
{
    for (int b = block; b < block + count; ++b) {
        const Slot& s = slot(rank, b);
        if (s.lastWrite >= 0)
            deps.push_back(static_cast<std::size_t>(s.lastWrite));
    }
}

void DagBuilder::writeDeps(int rank, int block, int count, OpDeps& deps)
{
    for (int b = block; b < block + count; ++b) {
        const Slot& s = slot(rank, b);
        if (s.lastWrite >= 0)
            deps.push_back(static_cast<std::size_t>(s.lastWrite));
        deps.append(s.readers.begin(), s.readers.end());
    }
}

std::uint64_t DagBuilder::programKey(int rank, int channel)
{
    return (static_cast<std::uint64_t>(rank) << 16) | static_cast<std::uint64_t>(channel & 0xffff);
}

void DagBuilder::noteReceive(int rank, int channel, int chunk, std::size_t op)
{
    Program& p = m_programs[programKey(rank, channel)];
    if (chunk != p.lastReceiveChunk) {
        p.earlierReceive = p.lastReceive;
        p.earlierReceiveChunk = p.lastReceiveChunk;
    }
    p.lastReceive = static_cast<std::int64_t>(op);
    p.lastReceiveChunk = chunk;
}

void DagBuilder::connectionDeps(CommOp& send, int lane)
{
    send.channel =
        static_cast<std::int16_t>((lane + (m_channelPerLane ? 0 : send.chunk)) % m_channels);
    Program& prog = m_programs[programKey(send.src, send.channel)];
    if (m_iterationEndsWithReceive && send.chunk != prog.sendChunk) {
        // The rank's last receive of an earlier chunk on this channel.
        const std::int64_t before = prog.lastReceiveChunk < send.chunk      ? prog.lastReceive
                                    : prog.earlierReceiveChunk < send.chunk ? prog.earlierReceive
                                                                            : -1;
        if (before >= 0)
            send.deps.push_back(static_cast<std::size_t>(before));
        prog.sendChunk = send.chunk;
    }
    const std::uint64_t key = (static_cast<std::uint64_t>(send.src) << 40) |
                              (static_cast<std::uint64_t>(send.dst) << 16) |
                              static_cast<std::uint64_t>(send.channel & 0xffff);
    Lane& l = m_lanes[key];
    const std::size_t id = m_dag.opCount(); // the send about to be appended
    const std::size_t depth = m_slotsInFlight > 0 ? static_cast<std::size_t>(m_slotsInFlight) : 1;
    if (l.count > 0)
        send.lanePrev = static_cast<std::int32_t>(l.recent[(l.count - 1) % depth]);
    if (m_slotsInFlight > 0 && l.count >= depth)
        send.deps.push_back(l.recent[l.count % depth]); // the slot this send reuses
    if (l.recent.size() < depth)
        l.recent.push_back(id);
    else
        l.recent[l.count % depth] = id;
    ++l.count;
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

CommOp DagBuilder::blockOp(OpKind kind, int src, int dst, int block, int count, int step,
                           int chunk) const
{
    CommOp op;
    op.kind = kind;
    op.src = src;
    op.dst = dst;
    op.bytes = m_dag.blockBytes(block, count);
    op.step = step;
    op.chunk = chunk;
    op.block = block;
    op.blockCount = count;
    return op;
}

std::size_t DagBuilder::copy(int src, int dst, int block, int count, int step, int chunk, int lane,
                             const std::vector<std::size_t>& extraDeps)
{
    CommOp op = blockOp(OpKind::Send, src, dst, block, count, step, chunk);
    op.deps = extraDeps;
    readDeps(src, block, count, op.deps);
    writeDeps(dst, block, count, op.deps);
    connectionDeps(op, lane);
    const int channel = op.channel;
    const std::size_t id = m_dag.addOp(std::move(op));
    markRead(src, block, count, id);
    markWritten(dst, block, count, id);
    noteReceive(dst, channel, chunk, id);
    return id;
}

std::size_t DagBuilder::accumulate(int src, int dst, int block, int count, int step, int chunk,
                                   int lane, const std::vector<std::size_t>& extraDeps)
{
    CommOp send = blockOp(OpKind::Send, src, dst, block, count, step, chunk);
    send.deps = extraDeps;
    readDeps(src, block, count, send.deps);
    connectionDeps(send, lane);
    const int channel = send.channel;
    const std::size_t sendId = m_dag.addOp(std::move(send));
    markRead(src, block, count, sendId);

    CommOp reduce = blockOp(OpKind::Reduce, dst, dst, block, count, step, chunk);
    reduce.deps.push_back(sendId);
    writeDeps(dst, block, count, reduce.deps);
    const std::size_t reduceId = m_dag.addOp(std::move(reduce));
    markWritten(dst, block, count, reduceId);
    noteReceive(dst, channel, chunk, reduceId);
    return sendId;
}

} // namespace meridian::collective
