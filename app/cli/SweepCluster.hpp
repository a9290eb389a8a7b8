#pragma once
// A sweep's share of the points across MPI ranks (docs/sweeps.md, "MPI").
//
// Under `mpirun -np K meridian-cli sweep …` in a build with MPI (MERIDIAN_CLI_MPI, set where
// CMake finds MPI), rank r runs the points whose index i has i mod K = r, on its own threads
// (-j, default: the hardware threads divided by the ranks on its host); then every rank sends
// the rows of its points to rank 0, which writes the table and the plots. Every rank checks
// the axes and points itself (the checks are deterministic, so all agree), and only rank 0
// prints. Points are written by the rank that runs them into OUT/points, which a run on
// several hosts must put on a shared file system for a later call to resume.
//
// Without MPI, or when not started by an MPI launcher, the session is one rank of one.

#include <nlohmann/json.hpp>
#include <vector>

namespace meridian::cli::sweep {

class ClusterSession
{
public:
    ClusterSession();
    ~ClusterSession();
    ClusterSession(const ClusterSession&) = delete;
    ClusterSession& operator=(const ClusterSession&) = delete;

    int rank() const { return m_rank; }
    int size() const { return m_size; }
    /// Ranks on this host (to share its cores).
    int localRanks() const { return m_localRanks; }
    /// Whether any rank says true (every rank must call it).
    bool any(bool mine) const;
    /// Rank 0 gets the rows of every rank, placed by point index (`mine` are this rank's
    /// indices, in the order of `rows`); other ranks get an empty vector.
    std::vector<nlohmann::ordered_json> gatherRows(std::vector<nlohmann::ordered_json> rows,
                                                   const std::vector<std::size_t>& mine,
                                                   std::size_t total) const;

private:
    int m_rank = 0;
    int m_size = 1;
    int m_localRanks = 1;
    bool m_mpi = false;
};

} // namespace meridian::cli::sweep
