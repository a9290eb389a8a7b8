#pragma once
// A sweep as a Slurm job array (docs/sweeps.md, "Slurm").
//
// `sweep … --slurm-array DIR` checks the axes and points as a local sweep does, then writes
//   DIR/sweep.sbatch     an sbatch script: one array task per share of the points,
//                        `#SBATCH --array=0-(T−1)`, --cpus-per-task, --time, and optionally
//                        --partition and --mem; task t runs `meridian-cli sweep … --share t/T`,
//                        the points whose index i has i mod T = t, on its CPUs (-j)
//   DIR/sweep-args.json  the sweep's arguments (file and OUT made absolute)
//   DIR/logs/            the tasks' output, task-<t>.out
// and runs nothing. `meridian-cli sweep merge DIR` then runs the same sweep with those
// arguments in table-only mode: every point must be finished (else exit 1, naming how many
// are not), and the table and plots are written as a local sweep writes them. A task that
// was cancelled or timed out leaves finished points; resubmitting the script finishes the
// rest (every task skips what is done).

#include "Args.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace meridian::cli::sweep {

struct SlurmRequest
{
    std::filesystem::path dir;
    int tasks = 0; ///< array tasks; 0 = min(points, 64)
    int cpus = 1;  ///< CPUs per task (-j of each task)
    std::string time = "1:00:00";
    std::string partition; ///< empty: the cluster's default
    std::string mem;       ///< empty: the cluster's default
};

/// The --slurm-* options (throws InputError for malformed ones).
SlurmRequest slurmRequest(const Args& args);

/// Writes DIR/sweep.sbatch, DIR/sweep-args.json and DIR/logs; returns the number of tasks.
int writeSlurmArray(const SlurmRequest& request, const std::vector<std::string>& sweepArgs,
                    std::size_t points);

/// The arguments stored by writeSlurmArray (throws InputError when DIR holds none).
std::vector<std::string> storedSweepArguments(const std::filesystem::path& dir);

/// "--share t/T" → {t, T}; throws InputError when malformed.
std::pair<int, int> parseShare(const std::string& text);

} // namespace meridian::cli::sweep
