#pragma once
// Private helper of buildCollective(): appends sends/reductions to a CommDag and derives
// their dependencies from buffer state, so algorithms only say *what* moves where.
//
// Per (rank, block) it remembers the last op that wrote the block (read-after-write and
// write-after-write dependencies) and the sends that read it since (write-after-read: a
// buffer is not overwritten or reduced into while a send of its old content is pending).
// Per (src, dst, lane) it remembers the last send, so messages on one connection go in
// emission order — this is what makes chunk pipelining a pipeline (NCCL: one channel
// processes its chunks in order).

#include "meridian/collective/CommDag.hpp"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace meridian::collective {

class DagBuilder
{
public:
    explicit DagBuilder(CommDag& dag) : m_dag(dag) {}

    /// Send that overwrites dst's copy of [block, block+count). Returns the send's index.
    std::size_t copy(int src, int dst, int block, int count, int step, int chunk, int lane = 0,
                     const std::vector<std::size_t>& extraDeps = {});
    /// Send whose payload dst reduces into its own blocks; appends the Send and then the
    /// Reduce at dst. Returns the Send's index (the Reduce is the next op).
    std::size_t accumulate(int src, int dst, int block, int count, int step, int chunk,
                           int lane = 0, const std::vector<std::size_t>& extraDeps = {});

private:
    struct Slot
    {
        std::int64_t lastWrite = -1;
        std::vector<std::size_t> readers;
    };
    Slot& slot(int rank, int block);
    void readDeps(int rank, int block, int count, std::vector<std::size_t>& deps);
    void writeDeps(int rank, int block, int count, std::vector<std::size_t>& deps);
    void laneDep(int src, int dst, int lane, std::vector<std::size_t>& deps);
    void markRead(int rank, int block, int count, std::size_t op);
    void markWritten(int rank, int block, int count, std::size_t op);

    // splitmix64 finaliser: the keys are packed bit fields, which the identity std::hash
    // would cluster into a few buckets.
    struct Mix
    {
        std::size_t operator()(std::uint64_t x) const noexcept
        {
            x ^= x >> 30;
            x *= 0xbf58476d1ce4e5b9ULL;
            x ^= x >> 27;
            x *= 0x94d049bb133111ebULL;
            x ^= x >> 31;
            return static_cast<std::size_t>(x);
        }
    };

    CommDag& m_dag;
    // Keyed lookups only (never iterated), so the unordered maps cannot perturb the output.
    std::unordered_map<std::uint64_t, Slot, Mix> m_slots;
    std::unordered_map<std::uint64_t, std::size_t, Mix> m_lastOnLane;
};

} // namespace meridian::collective
