#include "SweepSlurm.hpp"

#include "meridian/core/Error.hpp"
#include "meridian/io/ProjectFile.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace meridian::cli::sweep {

namespace {

namespace fs = std::filesystem;

/// One shell word: single quotes, a quote inside as '\''.
std::string shellQuote(const std::string& word)
{
    std::string q = "'";
    for (char c : word)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

/// A value safe on an #SBATCH line (no spaces, quotes or line breaks).
std::string sbatchValue(const std::string& option, const std::string& value)
{
    if (value.empty() || value.find_first_of(" \t\r\n'\"#\\") != std::string::npos)
        throw InputError("command line", "--" + option,
                         "'" + value + "' is not a value an #SBATCH line can take");
    return value;
}

} // namespace

SlurmRequest slurmRequest(const Args& args)
{
    SlurmRequest r;
    r.dir = *args.get("slurm-array");
    if (r.dir.empty())
        throw InputError("command line", "--slurm-array", "needs a folder");
    if (args.get("slurm-tasks")) {
        const long long t = intOption(args, "slurm-tasks", 1);
        if (t < 1 || t > 100000)
            throw InputError("command line", "--slurm-tasks", "must be in [1, 100000]");
        r.tasks = static_cast<int>(t);
    }
    const long long c = intOption(args, "slurm-cpus", 1);
    if (c < 1 || c > 4096)
        throw InputError("command line", "--slurm-cpus", "must be in [1, 4096]");
    r.cpus = static_cast<int>(c);
    if (auto t = args.get("slurm-time"))
        r.time = sbatchValue("slurm-time", *t);
    if (auto p = args.get("slurm-partition"))
        r.partition = sbatchValue("slurm-partition", *p);
    if (auto m = args.get("slurm-mem"))
        r.mem = sbatchValue("slurm-mem", *m);
    return r;
}

int writeSlurmArray(const SlurmRequest& request, const std::vector<std::string>& sweepArgs,
                    std::size_t points)
{
    const int tasks =
        request.tasks > 0 ? request.tasks : static_cast<int>(std::min<std::size_t>(points, 64));
    const fs::path dir = fs::absolute(request.dir).lexically_normal();
    std::error_code ec;
    fs::create_directories(dir / "logs", ec);
    if (ec)
        throw InputError(dir.string(), "", "cannot create the folder: " + ec.message());
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    std::ostringstream s;
    s << "#!/bin/bash\n"
      << "# meridian-cli sweep as a Slurm job array (docs/sweeps.md). Submit with\n"
      << "#   sbatch " << (dir / "sweep.sbatch").string() << "\n"
      << "# then gather the table with\n"
      << "#   meridian-cli sweep merge " << dir.string() << "\n"
      << "#SBATCH --job-name=meridian-sweep\n"
      << "#SBATCH --array=0-" << tasks - 1 << "\n"
      << "#SBATCH --ntasks=1\n"
      << "#SBATCH --cpus-per-task=" << request.cpus << "\n"
      << "#SBATCH --time=" << request.time << "\n"
      << "#SBATCH --output=" << (dir / "logs" / "task-%a.out").string() << "\n";
    if (!request.partition.empty())
        s << "#SBATCH --partition=" << request.partition << "\n";
    if (!request.mem.empty())
        s << "#SBATCH --mem=" << request.mem << "\n";
    s << "set -euo pipefail\n"
      << "exec " << shellQuote(ec ? std::string("meridian-cli") : self.string()) << " sweep";
    for (const std::string& a : sweepArgs)
        s << " " << shellQuote(a);
    s << " --share \"$SLURM_ARRAY_TASK_ID/" << tasks << "\" -j \"${SLURM_CPUS_PER_TASK:-"
      << request.cpus << "}\" --quiet\n";
    nlohmann::json stored = {{"format", "meridian.sweep-slurm"},
                             {"version", 1},
                             {"tasks", tasks},
                             {"arguments", sweepArgs}};
    io::writeFileAtomically(dir / "sweep-args.json", stored.dump(2) + "\n");
    io::writeFileAtomically(dir / "sweep.sbatch", s.str());
    fs::permissions(dir / "sweep.sbatch", fs::perms::owner_exec | fs::perms::group_exec,
                    fs::perm_options::add, ec);
    return tasks;
}

std::vector<std::string> storedSweepArguments(const fs::path& dir)
{
    const fs::path path = dir / "sweep-args.json";
    std::ifstream in(path);
    if (!in)
        throw InputError(path.string(), "",
                         "cannot open: not a folder written by sweep --slurm-array");
    const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("format", "") != "meridian.sweep-slurm" ||
        !j.contains("arguments") || !j["arguments"].is_array())
        throw InputError(path.string(), "", "not a meridian.sweep-slurm file");
    std::vector<std::string> out;
    for (const auto& a : j["arguments"]) {
        if (!a.is_string())
            throw InputError(path.string(), "/arguments", "every argument must be a string");
        out.push_back(a.get<std::string>());
    }
    return out;
}

std::pair<int, int> parseShare(const std::string& text)
{
    const auto slash = text.find('/');
    int t = -1, n = 0;
    try {
        if (slash != std::string::npos) {
            std::size_t used = 0;
            t = std::stoi(text.substr(0, slash), &used);
            if (used != slash)
                t = -1;
            n = std::stoi(text.substr(slash + 1), &used);
            if (used != text.size() - slash - 1)
                n = 0;
        }
    } catch (const std::exception&) {
        t = -1;
    }
    if (t < 0 || n < 1 || t >= n)
        throw InputError("command line", "--share", "expected TASK/TASKS with 0 ≤ TASK < TASKS");
    return {t, n};
}

} // namespace meridian::cli::sweep
