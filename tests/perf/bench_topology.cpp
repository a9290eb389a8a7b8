// Generation, validation, save and load of ~10,000-node topologies (target: each < 1 s).
//   fat-tree k = 32: 8,192 hosts + 1,280 switches = 9,472 nodes, 24,576 links
//   multi-centre: 4 centres × 2,048 GPUs, explicit dual-plane rail-optimised fabrics
//                 (radix 64), random geographic WAN: 9,988 nodes
#include "PerfUtil.hpp"
#include "meridian/io/ProjectFile.hpp"
#include "meridian/topology/Generators.hpp"
#include "meridian/topology/Validation.hpp"

#include <cstdio>
#include <filesystem>
#include <map>
#include <string>
#include <unistd.h>

using namespace meridian;

namespace {

bool runCase(const char* label, const std::string& kind,
             const std::map<std::string, std::string>& options)
{
    perf::Stopwatch watch;
    io::Project project;
    project.name = label;
    project.topology = topology::generate(kind, options, 1);
    const double generateS = watch.elapsedS();

    watch.restart();
    const auto issues = topology::validate(project.topology);
    const double validateS = watch.elapsedS();

    const auto path = std::filesystem::temp_directory_path() /
                      ("meridian-bench-topology-" + std::to_string(::getpid()) + ".topo");
    watch.restart();
    io::writeProject(project, path);
    const double saveS = watch.elapsedS();
    const auto bytes = std::filesystem::file_size(path);

    watch.restart();
    const io::Project loaded = io::readProject(path);
    const double loadS = watch.elapsedS();
    std::filesystem::remove(path);

    const bool same = loaded.topology == project.topology;
    std::printf("%-34s nodes %6zu  links %6zu  generate %.3f s  validate %.3f s  save %.3f s "
                "(%.1f MiB)  load %.3f s  issues %zu  round-trip %s\n",
                label, project.topology.nodeCount(), project.topology.linkCount(), generateS,
                validateS, saveS, static_cast<double>(bytes) / (1024.0 * 1024.0), loadS,
                issues.size(), same ? "identical" : "DIFFERS");
    return issues.empty() && same && generateS < 1.0 && validateS < 1.0 && saveS < 1.0 &&
           loadS < 1.0;
}

} // namespace

int main()
{
    bool ok = runCase("fat-tree k=32", "fat-tree", {{"k", "32"}});
    ok = runCase("multi-centre 4x2048 rail, geo WAN", "multi-centre",
                 {{"centres", "4"},
                  {"gpus-per-centre", "2048"},
                  {"fabric", "rail-optimised"},
                  {"explicit", "1"},
                  {"wan", "random-geo"}}) &&
         ok;
    std::printf("peak RSS %.1f MiB; all under 1 s and clean: %s\n", perf::peakRssMiB(),
                ok ? "yes" : "NO");
    return ok ? 0 : 1;
}
