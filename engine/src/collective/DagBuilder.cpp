#include "DagBuilder.hpp"

#include "meridian/core/Error.hpp"

#include <algorithm>

namespace meridian::collective {

DagBuilder::Slot* DagBuilder::slots(int rank, int block, int count)
{
    const auto r = static_cast<std::size_t>(rank);
    const auto end = static_cast<std::size_t>(block) + static_cast<std::size_t>(count);
    if (r >= m_slots.size())
        m_slots.resize(std::max(r + 1, static_cast<std::size_t>(m_dag.ranks())));
    std::vector<Slot>& row = m_slots[r];
    if (end > row.size())
        row.resize(std::max(end, m_dag.blocks().size()));
    return row.data() + block;
}

// An op over several blocks usually finds the same writer and readers on each of them (the
// blocks moved together before): a block whose slot repeats the previous block's adds nothing,
// and skipping it keeps the list short (inside the op, no heap block) before sortUnique.

void DagBuilder::readDeps(int rank, int block, int count, OpDeps& deps)
{
    const Slot* s = slots(rank, block, count);
    std::int64_t previous = -1;
    for (int k = 0; k < count; ++k)
        if (s[k].lastWrite >= 0 && s[k].lastWrite != previous) {
            deps.push_back(static_cast<std::size_t>(s[k].lastWrite));
            previous = s[k].lastWrite;
        }
}

void DagBuilder::writeDeps(int rank, int block, int count, OpDeps& deps)
{
    const Slot* s = slots(rank, block, count);
    for (int k = 0; k < count; ++k) {
        if (k > 0 && s[k].lastWrite == s[k - 1].lastWrite && s[k].readers == s[k - 1].readers)
            continue;
        if (s[k].lastWrite >= 0)
            deps.push_back(static_cast<std::size_t>(s[k].lastWrite));
        deps.append(s[k].readers.begin(), s[k].readers.end());
    }
}

DagBuilder::Program& DagBuilder::program(int rank, int channel)
{
    MERIDIAN_ASSERT(rank >= 0 && channel >= 0 && channel < m_channels,
                    "DagBuilder: a rank or channel out of range");
    const std::size_t at = static_cast<std::size_t>(rank) * static_cast<std::size_t>(m_channels) +
                           static_cast<std::size_t>(channel);
    if (at >= m_programs.size())
        m_programs.resize(std::max(at + 1, static_cast<std::size_t>(m_dag.ranks()) *
                                               static_cast<std::size_t>(m_channels)));
    return m_programs[at];
}

void DagBuilder::noteReceive(int rank, int channel, int chunk, std::size_t op)
{
    Program& p = program(rank, channel);
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
    Program& prog = program(send.src, send.channel);
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
    Slot* s = slots(rank, block, count);
    for (int k = 0; k < count; ++k)
        s[k].readers.push_back(op);
}

void DagBuilder::markWritten(int rank, int block, int count, std::size_t op)
{
    Slot* s = slots(rank, block, count);
    for (int k = 0; k < count; ++k) {
        s[k].lastWrite = static_cast<std::int64_t>(op);
        s[k].readers.clear();
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
