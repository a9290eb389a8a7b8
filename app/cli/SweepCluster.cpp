#include "SweepCluster.hpp"

#include <cstdlib>

#ifdef MERIDIAN_CLI_MPI
#include <mpi.h>
#endif

namespace meridian::cli::sweep {

namespace {

/// Whether an MPI launcher (OpenMPI's mpirun, a PMI/PMIx launcher such as srun) started us.
[[maybe_unused]] bool launchedByMpi()
{
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK"})
        if (const char* e = std::getenv(v); e != nullptr && *e != '\0')
            return true;
    return false;
}

} // namespace

#ifdef MERIDIAN_CLI_MPI

ClusterSession::ClusterSession()
{
    if (!launchedByMpi())
        return;
    int provided = 0;
    // Only this thread calls MPI; the worker threads run points.
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    m_mpi = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &m_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m_size);
    MPI_Comm local = MPI_COMM_NULL;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, m_rank, MPI_INFO_NULL, &local);
    MPI_Comm_size(local, &m_localRanks);
    MPI_Comm_free(&local);
}

ClusterSession::~ClusterSession()
{
    if (m_mpi)
        MPI_Finalize();
}

bool ClusterSession::any(bool mine) const
{
    if (!m_mpi)
        return mine;
    int in = mine ? 1 : 0;
    int out = 0;
    MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return out != 0;
}

std::vector<nlohmann::ordered_json>
ClusterSession::gatherRows(std::vector<nlohmann::ordered_json> rows,
                           const std::vector<std::size_t>& mine, std::size_t total) const
{
    if (!m_mpi || m_size == 1)
        return rows;
    // Each rank's rows as one JSON text [[index, row], …]; rank 0 gathers the texts.
    nlohmann::ordered_json mineJson = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < rows.size(); ++k)
        mineJson.push_back({mine[k], rows[k]});
    const std::string text = mineJson.dump();
    int length = static_cast<int>(text.size());
    std::vector<int> lengths(static_cast<std::size_t>(m_size), 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(static_cast<std::size_t>(m_size), 0);
    std::string all;
    if (m_rank == 0) {
        int sum = 0;
        for (int r = 0; r < m_size; ++r) {
            offsets[static_cast<std::size_t>(r)] = sum;
            sum += lengths[static_cast<std::size_t>(r)];
        }
        all.resize(static_cast<std::size_t>(sum));
    }
    MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                0, MPI_COMM_WORLD);
    if (m_rank != 0)
        return {};
    std::vector<nlohmann::ordered_json> placed(total);
    for (int r = 0; r < m_size; ++r) {
        const auto part = nlohmann::ordered_json::parse(
            all.substr(static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]),
                       static_cast<std::size_t>(lengths[static_cast<std::size_t>(r)])));
        for (const auto& entry : part)
            placed.at(entry[0].get<std::size_t>()) = entry[1];
    }
    return placed;
}

#else

ClusterSession::ClusterSession() = default;
ClusterSession::~ClusterSession() = default;

bool ClusterSession::any(bool mine) const
{
    return mine;
}

std::vector<nlohmann::ordered_json>
ClusterSession::gatherRows(std::vector<nlohmann::ordered_json> rows,
                           const std::vector<std::size_t>&, std::size_t) const
{
    return rows;
}

#endif

} // namespace meridian::cli::sweep
