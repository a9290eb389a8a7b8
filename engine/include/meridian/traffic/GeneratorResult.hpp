#pragma once
// What one background traffic generator did in a run (docs/traffic.md §4,
// docs/results-format.md). Simulated quantities only: deterministic for a .topo and seed.

#include <cstdint>
#include <string>

namespace meridian::traffic {

struct GeneratorResult
{
    std::string id;
    std::string kind;     ///< cbr | poisson | on_off | bulk
    std::string protocol; ///< tcp | udp
    /// flows (every flow simulated) | fluid (a Poisson generator as its aggregate rate: no
    /// flow counted, FCTs from M/G/1-PS, docs/traffic.md §2.7)
    std::string mode = "flows";
    /// Observed window: from start_s to stop_s or the end of the run, whichever is first.
    double window_s = 0.0;
    double offered_bytes = 0.0; ///< application bytes the sources asked to send in the window
    double carried_bytes = 0.0; ///< application bytes delivered (UDP: less what was lost)
    double offered_bps = 0.0;   ///< offered_bytes · 8 / window_s
    double carried_bps = 0.0;   ///< carried_bytes · 8 / window_s
    std::uint64_t flows = 0;    ///< flows started
    std::uint64_t flows_completed = 0; ///< delivered with every byte
    std::uint64_t flows_cut = 0;       ///< stopped by their source (end of a period or window)
    std::uint64_t flows_failed = 0;    ///< no path, or their path failed
    std::uint64_t flows_in_flight = 0; ///< still sending or delivering at the end of the run
    // Flow completion times (start → delivery of the last byte) of the completed flows, and
    // their slowdown FCT / (size · 8 / C_path), C_path the slowest link of the flow's route
    // when it started. 0 when no flow completed. Fluid mode: the PS law of the flows that
    // arrived (FCT(x) = d + 8x/(C(1 − ρ))), slowdown its 8x/(C(1 − ρ)) part over 8x/C_path;
    // 0 when ρ ≥ 1 on its route (no steady state).
    double fct_mean_s = 0.0;
    double fct_p50_s = 0.0;
    double fct_p99_s = 0.0;
    double slowdown_mean = 0.0;
};

} // namespace meridian::traffic
