#!/usr/bin/env python3
"""Compare Meridian with the ns-3 reference suite and write the table of docs/validation.md.

For every row of tests/reference/results/ns3.csv this writes the equivalent Meridian `.topo`
(p2p experiment for one flow, a direct broadcast from the sender for P parallel flows, a ring
all-reduce collective for nccl_ring), runs `meridian-cli run FILE --seed K --out DIR`, reads the
completion time from results.json and replaces the generated section of docs/validation.md
(between the BEGIN/END GENERATED markers) with the table: case, ns-3 time, Meridian time,
error %, then median and max |error| per group and overall. A case with random loss is run
with seeds 1..N (`--seeds`, default 200) and its mean compared with the mean of ns-3's runs
(run 1 in ns3.csv, more in ns3-seeds.csv / ns3-linux-cc-seeds.csv): a single run of either is
one sample of the loss process. Completion times under random loss are heavy-tailed (a loss
early in slow start leaves a flow crawling), so a mean needs many samples; Meridian's cost
little (seeds run in parallel, one per core), and with 200 of them its mean's standard error
is a small part of the difference's (docs/validation.md, "The measure").

    python3 tests/reference/compare.py build/app/meridian-cli
    python3 tests/reference/compare.py build/app/meridian-cli --work /tmp/meridian-cmp
    python3 tests/reference/compare.py --from-csv           # no meridian-cli: seconds
    python3 tests/reference/compare.py --from-csv --check   # write nothing, exit 1 on a difference

A run writes results/meridian.csv with Meridian's seed statistics per row (Runs), from which
`--from-csv` regenerates every table; it also writes the first screen of the page, the table
per regime (SUITE_REGIMES, OTHER_REGIMES), between the REGIMES_BEGIN/END markers.

The mapping from a case to Meridian settings is one function, `meridian_experiment_settings`:
it is where new settings (congestion control, channels, slots, socket buffers) go when Meridian
gains them, and the parameters it cannot express today are listed in the table's last column.

Rings: the reference for Meridian's rings is the ns-3 ring in NCCL's program order (rows with
loop_bytes > 0, groups `ring` and `issue-ring24`). The dataflow-order rings (groups ending in
`-dataflow`) stay in the table but out of the summary's "all" line: they pipeline a whole shard
where NCCL runs loop by loop (docs/validation.md). The extra program-order rings of
results/ns3-program-order.csv (6 MiB buffers, 1 or 2 channels) get a table of their own.
"""

import argparse
import csv
import json
import math
import os
import re
import statistics
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import run_suite  # write_csv: the suite's one atomic CSV writer
import timeouts  # results/timeouts.csv: the references' retransmission timeouts per run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RESULTS = os.path.join(HERE, "results", "ns3.csv")
PROGRAM_ORDER = os.path.join(HERE, "results", "ns3-program-order.csv")
# NCCL's ring broadcast in program order (nccl_broadcast, Linux's CUBIC rules, one channel).
BROADCAST = os.path.join(HERE, "results", "ns3-broadcast.csv")
# NCCL's ring in program order with Linux's CUBIC rules (run_program_order.sh): short RTTs,
# deep queues, and the 32-host ring.
RINGS_LINUX_CC = os.path.join(HERE, "results", "ns3-program-order-linux-cc.csv")
# More ns-3 runs (RNG runs 2..5) of the cases with random loss (docs/validation.md, Results).
SEEDS = os.path.join(HERE, "results", "ns3-seeds.csv")
# The tcp_flows cases run with Linux's congestion-control rules (run_suite.py --linux-cc),
# and more runs of those with random loss (--linux-cc --seeds).
LINUX_CC = os.path.join(HERE, "results", "ns3-linux-cc.csv")
LINUX_CC_SEEDS = os.path.join(HERE, "results", "ns3-linux-cc-seeds.csv")
# The parallel-flow cases of LINUX_CC with one sender host per flow (run_suite.py --linux-cc
# --separate-senders; more runs of the lossy ones in the -seeds file).
LINUX_CC_SEP = os.path.join(HERE, "results", "ns3-linux-cc-sep.csv")
LINUX_CC_SEP_SEEDS = os.path.join(HERE, "results", "ns3-linux-cc-sep-seeds.csv")
MERIDIAN_CSV = os.path.join(HERE, "results", "meridian.csv")
MERIDIAN_FIELDS = ["case", "group", "reference_runs", "reference_mean_s", "meridian_seeds",
                   "meridian_mean_s", "error_pct", "meridian_median_s", "meridian_first_s",
                   "meridian_min_s", "meridian_max_s", "meridian_variance", "build"]
# The real-Linux reference (linux/run_linux.py): runs through the kernel's TCP over an emulated
# 100 Mbit/s bottleneck, and the same cases in ns-3 with Linux's rules (reference column).
REAL_LINUX = os.path.join(HERE, "results", "linux.csv")
# NCCL's defaults that Meridian's comm defaults stand for (collectives.md, Pipelining): 4 MiB
# buffer in 8 slots; the ring moves 1 MiB slices (2 slots), 4 in flight, 2 MiB per step and loop.
NCCL_BUFFSIZE_BYTES = 4 * 1024 * 1024
NCCL_STEPS = 8
DATAFLOW_SUFFIX = "-dataflow"
DOC = os.path.join(ROOT, "docs", "validation.md")
BEGIN = "<!-- BEGIN GENERATED by tests/reference/compare.py: do not edit by hand -->"
END = "<!-- END GENERATED -->"

# A queue that never fills, for links that are not the modelled bottleneck (ns-3: 1e6 packets).
NEVER_FULL_QUEUE_PKTS = 1000000


def meridian_experiment_settings(row):
    """Map one ns-3 case to Meridian experiment keys (docs/experiments.md).

    Returns (settings, unmapped): `settings` are the keys merged into the experiment object,
    `unmapped` the case parameters Meridian has no setting for (shown in the table).
      * transport.mss_bytes = 1448 and initial_window_segments = 10, as in ns-3;
      * transport.max_window_bytes = min(sndbuf, rcvbuf): ns-3 never has more than the smaller
        of its send buffer (unacknowledged + unsent data) and the receiver's buffer in flight,
        and Meridian has one window cap (the receive window);
      * transport.congestion_control = cubic or reno (ns-3 TcpCubic / TcpNewReno); for
        TcpNewReno delayed_ack_b = 2: it adds MSS²/cwnd per ACK, not per acknowledged segment,
        and its receiver ACKs every second segment (DelAckCount 2), so cwnd grows one segment
        per two RTTs (Linux counts bytes: b = 1, Meridian's default);
      * P flows: a p2p with streams = P (iperf3 -P: P connections of bytes/P);
      * ring: comm.channels = the case's channels, comm.buffsize_bytes = slots × chunk bytes,
        comm.steps = slots, one socket; chunks are NCCL's (auto). The ns-3 ring sends a chunk
        as soon as its data and a slot are ready (dataflow order); Meridian follows NCCL's
        program order (docs/collectives.md, Pipelining) — listed as unmapped.
    """
    sndbuf, rcvbuf = int(row["sndbuf"]), int(row["rcvbuf"])
    transport = {"mss_bytes": 1448, "initial_window_segments": 10,
                 "max_window_bytes": min(sndbuf, rcvbuf), "min_rto_s": 0.2,
                 "congestion_control": "cubic" if row["cc"] in ("cubic", "linux-cubic")
                 else "reno"}
    if row["cc"] == "newreno" and row.get("rules") != "linux":
        transport["delayed_ack_b"] = 2  # ns-3's TcpNewReno (Linux's rules: byte counting, b = 1)
    settings = {"protocol": "tcp", "repeat": 1, "seed": 1, "transport": transport}
    unmapped = []
    if sndbuf != rcvbuf:
        unmapped.append("sndbuf≠rcvbuf")
    if row["program"] == "nccl_broadcast":
        # NCCL's broadcast: one-slot slices (buffsize / steps = 512 KiB), the slots in flight.
        settings["comm"] = {"channels": int(row["channels"]), "buffsize_bytes": NCCL_BUFFSIZE_BYTES,
                            "steps": NCCL_STEPS, "sockets": 1}
        if (int(row["slice_bytes"]), int(row["slots"])) != (NCCL_BUFFSIZE_BYTES // NCCL_STEPS,
                                                            NCCL_STEPS):
            unmapped.append("slicing ≠ NCCL's")
    elif row["program"] == "nccl_ring":
        slots, chunk = int(row["slots"]), int(row["chunk_bytes"])
        loop = int(row.get("loop_bytes") or 0)
        if loop > 0:
            # Program order: NCCL's slicing, which Meridian derives from buffsize and steps.
            settings["comm"] = {"channels": int(row["channels"]),
                                "buffsize_bytes": NCCL_BUFFSIZE_BYTES, "steps": NCCL_STEPS,
                                "sockets": 1}
            if (chunk, slots, loop) != (NCCL_BUFFSIZE_BYTES // 4, 4, NCCL_BUFFSIZE_BYTES // 2):
                unmapped.append("slicing ≠ NCCL's")
        else:
            settings["comm"] = {"channels": int(row["channels"]),
                                "buffsize_bytes": slots * chunk, "steps": slots, "sockets": 1}
            unmapped.append("ns-3 dataflow order")
    elif int(row["flows"]) > 1:
        settings["streams"] = int(row["flows"])
    return settings, unmapped


def link(lid, a, b, gbps, delay_ms, queue_pkts, loss=0.0):
    out = {"id": lid, "a": a, "b": b, "bandwidth_gbps": gbps, "delay_ms": delay_ms,
           "queue_pkts": int(queue_pkts)}
    if loss > 0:
        out["loss"] = loss
        out["reverse"] = {"loss": 0}  # ns-3 drops data packets only (receive side of rcv)
    return out


def flows_topology(row):
    """snd --access (10 B, 0 ms)-- rtr --bottleneck (B, RTT/2, loss, Q)-- rcv; P flows are
    P streams of one p2p (ns-3: one receiver host with P ports)."""
    bw = float(row["bw_gbps"])
    nodes = [{"id": "snd", "kind": "host"}, {"id": "rtr", "kind": "router"},
             {"id": "rcv", "kind": "host"}]
    links = [link("access", "snd", "rtr", 10 * bw, 0, NEVER_FULL_QUEUE_PKTS),
             link("bottleneck", "rtr", "rcv", bw, float(row["delay_ms"]), row["queue_pkts"],
                  float(row["loss"]))]
    settings, unmapped = meridian_experiment_settings(row)
    experiment = {"kind": "p2p", "from": "snd", "to": "rcv", "bytes": int(row["bytes"])}
    experiment.update(settings)
    return nodes, links, experiment, unmapped


def ring_topology(row):
    """N hosts on one switch, every host link B, one-way delay d, queue Q packets."""
    n = int(row["n"])
    hosts = ["h%d" % i for i in range(n)]
    nodes = [{"id": "sw", "kind": "switch"}] + [{"id": h, "kind": "host"} for h in hosts]
    links = [link("l-" + h, h, "sw", float(row["bw_gbps"]), float(row["delay_ms"]),
                  row["queue_pkts"]) for h in hosts]
    settings, unmapped = meridian_experiment_settings(row)
    operation = "broadcast" if row["program"] == "nccl_broadcast" else "allreduce"
    experiment = {"kind": "collective", "operation": operation, "algorithm": "ring",
                  "participants": hosts, "bytes": int(row["bytes"])}
    experiment.update(settings)
    return nodes, links, experiment, unmapped


def lossy(row):
    return float(row.get("loss") or 0) > 0


class Runs:
    """Meridian's completion times of one row, as the tables use them: count, mean, median,
    the first (seed 1), fastest and slowest, and the sample variance. `of(times)` takes them
    from the runs; `from_csv(row)` from a row of results/meridian.csv, which keeps exactly
    these figures (repr of the floats), so the tables regenerate without meridian-cli. A file
    written before it kept them has only count and mean: the other fields are None there and
    the cells that need them print UNKNOWN."""

    def __init__(self, n, mean, median=None, first=None, lo=None, hi=None, variance=None):
        self.n, self.mean, self.median, self.first = n, mean, median, first
        self.lo, self.hi, self.variance = lo, hi, variance

    @classmethod
    def of(cls, times):
        return cls(len(times), statistics.mean(times), statistics.median(times), times[0],
                   min(times), max(times),
                   statistics.variance(times) if len(times) > 1 else None)

    @classmethod
    def from_csv(cls, row):
        if not row.get("meridian_mean_s"):
            return None  # meridian-cli failed on this row
        n, mean = int(row["meridian_seeds"]), float(row["meridian_mean_s"])
        if n == 1:  # deterministic: one run is every statistic
            return cls(1, mean, mean, mean, mean, mean)

        def num(key):
            return float(row[key]) if row.get(key) else None
        return cls(n, mean, num("meridian_median_s"), num("meridian_first_s"),
                   num("meridian_min_s"), num("meridian_max_s"), num("meridian_variance"))

    def csv_cells(self):
        """The meridian.csv columns of MERIDIAN_STATS."""
        return {"meridian_median_s": repr(self.median), "meridian_first_s": repr(self.first),
                "meridian_min_s": repr(self.lo), "meridian_max_s": repr(self.hi),
                "meridian_variance": "" if self.variance is None else repr(self.variance)}


# What a cell shows when the figure needs Meridian's seed statistics and results/meridian.csv
# predates them (compare.py --from-csv on such a file; --check skips these cells).
UNKNOWN = "?"
MERIDIAN_STATS = ["meridian_median_s", "meridian_first_s", "meridian_min_s", "meridian_max_s",
                  "meridian_variance"]


def any3(*flags):
    """Or over flags that may be unknown (None): True if one is True, else None if one is
    unknown, else False."""
    if any(f is True for f in flags):
        return True
    return None if any(f is None for f in flags) else False


def count3(flags):
    """How many flags are True, or UNKNOWN where one is unknown."""
    flags = list(flags)
    return UNKNOWN if any(f is None for f in flags) else sum(1 for f in flags if f)


def run_meridian(cli, row, work, seeds, jobs):
    """Runs Meridian on the case with seeds 1..seeds (1 for a case without random loss: the
    seed changes nothing there); returns (completion times, unmapped)."""
    build = ring_topology if row["program"] in ("nccl_ring", "nccl_broadcast") else flows_topology
    nodes, links, experiment, unmapped = build(row)
    topo = {"format": "meridian.topo", "version": 1, "name": "ns-3 reference " + row["case"],
            "nodes": nodes, "links": links, "experiment": experiment}
    name = row["case"] + ("-linux-cc" if row.get("rules") == "linux" else "")
    path = os.path.join(work, name + ".topo")
    with open(path, "w") as f:
        json.dump(topo, f, indent=1)

    def one(seed):
        out = os.path.join(work, "%s-seed%d" % (name, seed))
        proc = subprocess.run([cli, "run", path, "--seed", str(seed), "--out", out,
                               "--format", "json", "--quiet"], capture_output=True, text=True)
        if proc.returncode != 0:
            sys.stderr.write("meridian-cli failed on %s: %s\n" % (path, proc.stderr.strip()))
            return None
        with open(os.path.join(out, "results.json")) as f:
            return json.load(f)["collective"]["repetitions_s"][0]

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        times = list(pool.map(one, range(1, (seeds if lossy(row) else 1) + 1)))
    if any(t is None for t in times):
        return None, unmapped
    return times, unmapped


def fmt_s(x):
    return "%.4g" % x


def spread(times):
    return fmt_s(times[0]) if len(times) == 1 else "%d: %s–%s" % (len(times), fmt_s(min(times)),
                                                                    fmt_s(max(times)))


def runs_spread(runs):
    """spread() of Meridian's runs."""
    if runs.n == 1:
        return fmt_s(runs.mean)
    if runs.lo is None:
        return "%d: %s" % (runs.n, UNKNOWN)
    return "%d: %s–%s" % (runs.n, fmt_s(runs.lo), fmt_s(runs.hi))


def se_text(r, se_key="se_pct", runs_key="meridian_runs"):
    """' (s.e. x %)' after an error: nothing where the standard error is 0 (both sides
    deterministic), UNKNOWN where Meridian's variance is not known."""
    if r.get(se_key):
        return " (s.e. %.1f %%)" % r[se_key]
    runs = r.get(runs_key)
    if r.get(se_key, 0) is None and runs is not None and runs.n > 1:
        return " (s.e. %s)" % UNKNOWN
    return ""


def table(rows, last="not expressible in Meridian today"):
    lines = ["| case | ns-3 (s) | Meridian (s) | error | ns-3 runs | Meridian seeds | %s |" % last,
             "|---|---:|---:|---:|---|---|---|"]
    for r in rows:
        err = "%+.1f %%" % r["error_pct"] + se_text(r) if r["error_pct"] is not None else "—"
        mer = fmt_s(r["meridian_s"]) if r["meridian_s"] is not None else "failed"
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            r["case"], fmt_s(r["ns3_s"]), mer, err, spread(r["ns3_runs"]),
            runs_spread(r["meridian_runs"]) if r["meridian_runs"] else "—",
            ", ".join(r["unmapped"])))
    return lines


def summary(rows, key="error_pct"):
    """Median and max |error| per group; for the means (key error_pct) also how many rows are
    within target: |error| ≤ 10 %, or a difference of the means within two standard errors
    (the two means are not distinguishable with the runs there are)."""
    groups, hits = {}, {}
    for r in rows:
        if r["meridian_s"] is not None:  # a row on which meridian-cli failed has no error
            # None (UNKNOWN): the figure needs seed statistics that meridian.csv lacks.
            groups.setdefault(r["group"], []).append(None if r[key] is None else abs(r[key]))
            hits.setdefault(r["group"], []).append(r.get("within", False))
    means = key == "error_pct"
    lines = ["| group | rows | median abs(error) | max abs(error) |" +
             (" within 10 % or 2 s.e. |" if means else ""),
             "|---|---:|---:|---:|" + ("---:|" if means else "")]

    def line(name, errs, hit):
        if None in errs:
            return "| %s | %d | %s | %s |" % (name, len(errs), UNKNOWN, UNKNOWN) + (
                " %s |" % count3(hit) if means else "")
        return "| %s | %d | %.1f %% | %.1f %% |" % (name, len(errs), statistics.median(errs),
                                                   max(errs)) + (
            " %s |" % count3(hit) if means else "")

    everything, every_hit = [], []
    for g, errs in groups.items():
        if g.endswith(DATAFLOW_SUFFIX):
            continue
        everything += errs
        every_hit += hits[g]
        lines.append(line(g, errs, hits[g]))
    if everything:
        lines.append(line("**all**", everything, every_hit))
    for g, errs in groups.items():
        if g.endswith(DATAFLOW_SUFFIX):
            lines.append(line(g + " (not NCCL's order, not in all)", errs, hits[g]))
    return lines


STATS_HEAD = ("rows | median abs(error) | max abs(error) | ≤ 10 % | ≤ 30 % | "
              "within 10 % or 2 s.e. |")


def stats_cells(errs, within):
    """The table cells of |errors| `errs` of which `within` are within target: count, median,
    max, how many ≤ 10 % and ≤ 30 %, and `within`."""
    return "%d | %.1f %% | %.1f %% | %d | %d | %s |" % (
        len(errs), statistics.median(errs), max(errs), sum(e <= 10 for e in errs),
        sum(e <= 30 for e in errs), within)


def real_linux_cases(path):
    """results/linux.csv grouped by case: (the case's parameters, the kernel's run times,
    ns-3's run times with Linux's rules, the same with one sender host per flow)."""
    cases = {}
    column = {"linux": 1, "ns3-linux-cc": 2, "ns3-linux-cc-sep": 3}
    if os.path.exists(path):
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                c = cases.setdefault(r["case"], (r, [], [], []))
                c[column[r["reference"]]].append(float(r["time_s"]))
    return [c for c in cases.values() if c[1]]


def real_linux_table(rows):
    """Per case: the kernel's mean and range over its runs, ns-3 (Linux's rules) and Meridian
    against that mean; then median and max |error| of both over the rows."""
    lines = ["| case | Linux (s), mean | Linux runs | ns-3, Linux rules (s) | ns-3 error | "
             "ns-3, a host per flow: error | Meridian (s) | Meridian error |",
             "|---|---:|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["case"], fmt_s(r["ns3_s"]), spread(r["ns3_runs"]),
            "—" if r["ns3_linux_cc_s"] is None else fmt_s(r["ns3_linux_cc_s"]),
            "—" if r["ns3_error_pct"] is None else "%+.1f %%" % r["ns3_error_pct"],
            "—" if r["ns3_sep_error_pct"] is None else "%+.1f %%" % r["ns3_sep_error_pct"],
            "failed" if r["meridian_s"] is None else fmt_s(r["meridian_s"]),
            "—" if r["error_pct"] is None else "%+.1f %%" % r["error_pct"] + se_text(r)))
    head = ["| against the kernel's mean | " + STATS_HEAD, "|---|---:|---:|---:|---:|---:|---:|"]
    for name, key in (("Meridian", "error_pct"), ("ns-3 with Linux's rules", "ns3_error_pct"),
                      ("ns-3 with Linux's rules, a sender host per flow", "ns3_sep_error_pct")):
        for g in sorted({r["group"] for r in rows}) + ["**all**"]:
            sel = [r for r in rows if r[key] is not None and g in ("**all**", r["group"])]
            if not sel:
                continue
            errs = [abs(r[key]) for r in sel]
            within = count3(r.get("within", False) if key == "error_pct" else
                            abs(r[key]) <= 10.0 or abs(r[key]) <= 2.0 * r["linux_se_pct"]
                            for r in sel)
            head.append("| %s, %s | %s" % (name, g, stats_cells(errs, within)))
    return head + [""] + lines


def ns3_runs(path):
    """More ns-3 runs (run ≥ 2) of the cases with random loss: case → [times]."""
    runs = {}
    if os.path.exists(path):
        with open(path, newline="") as f:
            for c in csv.DictReader(f):
                runs.setdefault(c["case"], []).append(float(c["ns3_s"]))
    return runs


def pct(a, b):
    return 100.0 * (a - b) / b


def against(runs, ns3):
    """Meridian's runs (a Runs) against a reference's run times: the means, the error of the
    means, of the medians and of the first run of each, the standard error of the difference
    of the means and whether the row is within target (10 % or two standard errors). A figure
    that needs a seed statistic meridian.csv lacks is None (`within`: None where it decides)."""
    row = dict(ns3_s=statistics.mean(ns3), ns3_runs=ns3, meridian_s=None, error_pct=None,
               median_error_pct=None, single_error_pct=None)
    if runs:
        row.update(meridian_s=runs.mean, error_pct=pct(runs.mean, statistics.mean(ns3)),
                   median_error_pct=None if runs.median is None else
                   pct(runs.median, statistics.median(ns3)),
                   single_error_pct=None if runs.first is None else pct(runs.first, ns3[0]))
        # Standard error of the difference of the two means (both sides are samples).
        se = 0.0
        if runs.n > 1 and len(ns3) > 1:
            se = None if runs.variance is None else math.sqrt(
                statistics.variance(ns3) / len(ns3) + runs.variance / runs.n)
        row.update(se_pct=None if se is None else 100.0 * se / statistics.mean(ns3),
                   within=any3(abs(row["error_pct"]) <= 10.0, None if se is None else
                               abs(runs.mean - statistics.mean(ns3)) <= 2.0 * se))
    return row


def layouts(linux, sep_cases, sep_runs):
    """The parallel-flow rows of `linux` (ns-3 with one sender host) paired with the same cases
    with one sender host per flow (`sep_cases`, more runs in `sep_runs`): per row, Meridian
    against each layout and against the nearer of the two (the reference's layout spread:
    the kernel's four-flow times do not depend on the layout, ns-3's do)."""
    out = []
    for r in linux:
        c = sep_cases.get(r["case"])
        if c is None or r["meridian_s"] is None:
            continue
        sep = against(r["meridian_runs"], [float(c["ns3_s"])] + sep_runs.get(r["case"], []))
        lo, hi = sorted((r["ns3_s"], sep["ns3_s"]))
        nearer = min((r, sep), key=lambda x: abs(x["error_pct"]))
        out.append(dict(r, sep=sep, nearer_error_pct=0.0 if lo <= r["meridian_s"] <= hi else
                        nearer["error_pct"], nearer_within=any3(r["within"], sep["within"],
                                                                lo <= r["meridian_s"] <= hi)))
    return out


def layouts_table(pairs):
    lines = ["| case | ns-3, one host (s) | Meridian error | ns-3, a host per flow (s) | "
             "Meridian error | error to the nearer |", "|---|---:|---:|---:|---:|---:|"]

    def err(x):
        return "%+.1f %%" % x["error_pct"] + se_text(dict(x, meridian_runs=r["meridian_runs"]))
    for r in pairs:
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            r["case"], fmt_s(r["ns3_s"]), err(r), fmt_s(r["sep"]["ns3_s"]), err(r["sep"]),
            "between" if r["nearer_error_pct"] == 0.0 else "%+.1f %%" % r["nearer_error_pct"]))
    return lines


def layouts_summary(pairs):
    head = ["| four-flow rows against | " + STATS_HEAD, "|---|---:|---:|---:|---:|---:|---:|"]
    for name, err, within in (
            ("ns-3, one sender host", lambda r: r["error_pct"], lambda r: r["within"]),
            ("ns-3, a sender host per flow", lambda r: r["sep"]["error_pct"],
             lambda r: r["sep"]["within"]),
            ("the nearer of the two (or between them)", lambda r: r["nearer_error_pct"],
             lambda r: r["nearer_within"])):
        errs = [abs(err(r)) for r in pairs]
        head.append("| %s | %s" % (name, stats_cells(errs, count3(map(within, pairs)))))
    return head


def twin_key(c, scale=1.0):
    """What a tcp_flows case is, with its RTT divided and its rate multiplied by `scale`."""
    return (int(c["flows"]), float(c["loss"]), c["cc"], int(c["queue_pkts"]), int(c["bytes"]),
            round(float(c["rtt_ms"]) / scale, 6), round(float(c["bw_gbps"]) * scale, 6))


def one_sided_fisher(m, n_a, n_b):
    """Fisher's exact test, one-sided: the probability that all m runs with an event fall in
    group a (n_a runs) when group b (n_b runs) has none, under no difference between them."""
    return math.comb(n_a, m) / math.comb(n_a + n_b, m)


def timeout_departure(row_counts, twin_counts):
    """Whether ns-3 departs from the kernel in its retransmission timeouts: the kernel's twin
    never times out and ns-3's runs of the row do, more often than chance allows (one-sided
    Fisher p < 0.05); with the counts as text (runs with a timeout / runs counted)."""
    if not row_counts or not twin_counts:
        return False, ""
    m = sum(1 for n in row_counts if n)
    text = "%d/%d / %d/%d" % (m, len(row_counts), sum(1 for n in twin_counts if n),
                              len(twin_counts))
    return (sum(twin_counts) == 0 and m > 0 and
            one_sided_fisher(m, len(row_counts), len(twin_counts)) < 0.05), text


def twins(linux, kernel):
    """The ns-3 (Linux's rules) grid rows that have a kernel twin: the same case at a tenth of
    the rate and ten times the RTT (the same BDP in packets, queue, bytes and loss per packet),
    run in the kernel and in ns-3. Per row: the grid row, the twin, whether ns-3 departs from
    the kernel on the twin (|ns-3 − kernel| > 10 % and > two standard errors of the difference
    of their means), or in its timeouts (ns-3 times out on the row where the kernel never does
    on the twin, results/timeouts.csv), and Meridian's error against the kernel on the twin."""
    by_key = {twin_key(r): r for r in linux}
    counts = timeouts.load()
    out = []
    for k in kernel:
        r = by_key.get(twin_key(k, 10.0))
        if r is None or k["ns3_linux_cc_s"] is None or k["error_pct"] is None:
            continue
        ns3, lx = k["ns3_linux_cc_runs"], k["ns3_runs"]
        se = math.sqrt((statistics.variance(ns3) / len(ns3) if len(ns3) > 1 else 0.0) +
                       (statistics.variance(lx) / len(lx) if len(lx) > 1 else 0.0))
        in_time = (abs(k["ns3_error_pct"]) > 10.0 and
                   abs(k["ns3_linux_cc_s"] - k["ns3_s"]) > 2.0 * se)
        in_timeouts, counted = timeout_departure(counts.get((r["case"], "ns3-linux-cc")),
                                                 counts.get((k["case"], "linux")))
        out.append(dict(r, twin=k, departs=in_time or in_timeouts,
                        departs_how=", ".join(w for w, x in (("time", in_time),
                                                             ("timeouts", in_timeouts)) if x),
                        timeouts_counted=counted, twin_ns3_se_pct=100.0 * se / k["ns3_s"]))
    return out


def twins_table(rows):
    lines = ["| ns-3 grid row | Meridian error against ns-3 | kernel twin | kernel (s), mean | "
             "ns-3 on the twin: error | runs timing out: ns-3 on the row / the kernel's twin | "
             "ns-3 departs | Meridian on the twin: error |",
             "|---|---:|---|---:|---:|---:|---|---:|"]

    def err(pct_, se):
        return "%+.1f %%" % pct_ + (" (s.e. %.1f %%)" % se if se else "")
    for r in rows:
        k = r["twin"]
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["case"], "%+.1f %%" % r["error_pct"] + se_text(r), k["case"], fmt_s(k["ns3_s"]),
            err(k["ns3_error_pct"], r["twin_ns3_se_pct"]), r["timeouts_counted"] or "—",
            "yes (%s)" % r["departs_how"] if r["departs"] else "no",
            "%+.1f %%" % k["error_pct"] + se_text(k)))
    return lines


def with_twins(rows, pairs):
    """`rows` with each row whose kernel twin shows ns-3 departing from the kernel measured
    against the kernel twin instead."""
    by_case = {r["case"]: r["twin"] for r in pairs if r["departs"]}
    return [dict(r, error_pct=by_case[r["case"]]["error_pct"],
                 within=by_case[r["case"]].get("within", False))
            if r["case"] in by_case else r for r in rows]


def with_layouts(rows, pairs):
    """`rows` with each parallel-flow row in `pairs` measured against the nearer layout."""
    by_case = {r["case"]: r for r in pairs}
    return [dict(r, error_pct=by_case[r["case"]]["nearer_error_pct"],
                 within=by_case[r["case"]]["nearer_within"]) if r["case"] in by_case else r
            for r in rows]


HEADLINE_HEAD = ["| measure | " + STATS_HEAD + " outside | max outside |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]


def by_medians(rows):
    """`rows` with each row with random loss measured by the median of Meridian's seeds against
    the median of the reference's runs (within target: |error| ≤ 10 %)."""
    return [dict(r, error_pct=r["median_error_pct"],
                 within=None if r["median_error_pct"] is None else
                 abs(r["median_error_pct"]) <= 10.0)
            if float(r.get("loss") or 0) > 0 and r["meridian_s"] is not None else r
            for r in rows]


def headline(rows, label):
    """One line over `rows`: count, median and max |error|, how many within 10 % and 30 %,
    within target (10 % or 2 s.e.), and the rows outside it with their largest error."""
    rows = [r for r in rows if r["meridian_s"] is not None]
    if any(r["error_pct"] is None for r in rows):  # medians that meridian.csv lacks
        return "| %s | %d |%s" % (label, len(rows), (" %s |" % UNKNOWN) * 7)
    errs = [abs(r["error_pct"]) for r in rows]
    if any(r.get("within", False) is None for r in rows):
        return "| %s | %s %s | %s |" % (label, stats_cells(errs, UNKNOWN), UNKNOWN, UNKNOWN)
    outside = [abs(r["error_pct"]) for r in rows if not r.get("within", False)]
    return "| %s | %s %d | %s |" % (label, stats_cells(errs, len(errs) - len(outside)),
                                    len(outside), "%.1f %%" % max(outside) if outside else "—")


def headline_lines(rows, pairs, twin_rows):
    """The headline table over `rows` (the Linux-rules TCP rows and the rings): the issue's
    measure (means of runs), then the same with each row with random loss by medians, each
    four-flow row against the nearer of ns-3's sender layouts, and each row whose kernel twin
    shows ns-3 departing from the kernel against that twin."""
    lines = HEADLINE_HEAD + [headline(rows, "means of runs (the issue's measure)"),
                             headline(by_medians(rows), "rows with random loss by medians")]
    if pairs:
        lines.append(headline(with_layouts(rows, pairs), "four-flow rows against the nearer "
                              "of ns-3's two sender layouts (%d rows)" % len(pairs)))
    if twin_rows:
        lines.append(headline(with_twins(rows, twin_rows), "rows where ns-3 departs from its "
                              "kernel twin against the kernel (%d rows)" %
                              sum(r["departs"] for r in twin_rows)))
    if pairs and twin_rows:
        lines.append(headline(with_twins(with_layouts(rows, pairs), twin_rows),
                              "both: ns-3's departures from Linux replaced (the two lines above)"))
    return lines


def pool_section(rows, title, intro):
    """An appendix section for one pool of rows: its heading, what it runs, its per-group
    summary (without the all-rows line) and every row; nothing for an empty pool."""
    rows = list(rows)
    if not rows:
        return []
    return (["", "### " + title, "", intro, ""] +
            [l for l in summary(rows) if not l.startswith("| **all**")] + [""] + table(rows))


def appendix_lines(rows, extra, linux, pairs, twin_rows, kernel, cli_version, seeds, bcast=(),
                   ringlx=()):
    """The generated appendix of docs/validation.md (between BEGIN and END): every row."""
    body = [BEGIN, "",
            "Meridian: `%s`. ns-3: `tests/reference/results/ns3.csv` (run 1) and "
            "`results/ns3-seeds.csv` (more runs of the cases with random loss). error = "
            "(Meridian − ns-3) / ns-3. A case with random loss compares the mean of Meridian's "
            "seeds 1–%d with the mean of ns-3's runs (columns ns-3 runs and Meridian seeds: "
            "count: fastest–slowest; s.e.: the standard error of the difference of the two "
            "means); a loss-free case is deterministic in both. Within target: |error| ≤ 10 %%, "
            "or a difference within two standard errors." % (
                cli_version, seeds), ""]
    if linux:
        body += ["### Headline: ns-3 with Linux's rules and the program-order rings", "",
                 "The TCP rows against ns-3 with Linux's congestion control (means over runs) "
                 "and the rings in NCCL's program order (`results/ns3-program-order.csv`). "
                 "Outside target: |error| > 10 % and more than two standard errors. The first "
                 "line is the issue's measure; the others change one thing each: a row with "
                 "random loss compared by medians (Meridian's seeds, the reference's runs; "
                 "within target: ≤ 10 %), a four-flow row against the nearer of ns-3's two "
                 "sender layouts, a row against its kernel twin where ns-3 departs from it "
                 "(both below); the last line makes both of those changes.", "",
                 ] + headline_lines(extra + linux, pairs, twin_rows)
        body += [""]
    body += ["### Summary (stock ns-3)", ""] + summary(rows)
    body += ["", "The same with medians (Meridian's median over its seeds against the median of "
             "ns-3's runs; loss-free rows as above):", ""] + summary(rows, "median_error_pct")
    body += ["", "One run against one run (Meridian's seed 1 against ns-3's run 1; a noisy "
             "measure where a transfer meets few losses — Results):", ""]
    body += summary(rows, "single_error_pct") + ["", "### Every case", ""] + table(rows)
    body += pool_section(extra, "More rings in program order (`results/ns3-program-order.csv`)",
                         "6 MiB send and receive buffers, 1 or 2 channels (`-cN`), NCCL's "
                         "slicing.")
    body += pool_section(bcast, "Broadcast in NCCL's program order (`results/ns3-broadcast.csv`)",
                         "NCCL's ring broadcast (`tests/reference/ns3/nccl_broadcast.cc`): the "
                         "buffer in 512 KiB slices from rank 0 along the ring, each forwarded as "
                         "soon as it has arrived, 8 slots in flight per connection, one channel, "
                         "TCP with Linux's CUBIC rules (HyStart reset as since Linux 5.16), "
                         "buffers 2·BDP + queue.")
    body += pool_section(ringlx, "Rings in NCCL's program order, Linux's rules "
                         "(`results/ns3-program-order-linux-cc.csv`)",
                         "`nccl_ring --loop_bytes` with `--cc=linux-cubic`: NCCL's slicing "
                         "(1 MiB slices, 4 in flight, 2 MiB per loop), the first iteration (cold "
                         "windows); rings at datacentre and metro RTTs with deep queues, and 32 "
                         "hosts at 1 Gbit/s and 5 ms (which `auto` runs merged). ns-3's links "
                         "carry about 94.6 % of their rate as data (headers, and the ACKs of the "
                         "hop into each middle host).")
    if linux:
        body += ["", "### The TCP cases against ns-3 with Linux's congestion control "
                 "(`results/ns3-linux-cc.csv`)", "",
                 "The same `tcp_flows` cases with `tests/reference/ns3/linux_cc.h` instead of "
                 "ns-3's own TcpCubic/TcpNewReno: cwnd grows only while cwnd-limited, CUBIC's "
                 "Reno-friendly region and Linux's HyStart thresholds, Reno with byte counting "
                 "(Meridian with its default b = 1 for these NewReno rows). A lossy row compares "
                 "the mean of Meridian's seeds with the mean of ns-3's runs (run 1 here, runs "
                 "2–10 in `results/ns3-linux-cc-seeds.csv`).",
                 ""]
        body += summary(linux) + [""] + table(linux)
    if pairs:
        body += ["", "### Four flows: one sender host or one per flow "
                 "(`results/ns3-linux-cc-sep.csv`)", "",
                 "The parallel-flow cases of the table above again in ns-3 with Linux's rules, "
                 "each flow from its own sender host (`tcp_flows --separate_senders=1`; more runs "
                 "of the lossy ones in `results/ns3-linux-cc-sep-seeds.csv`). The same Meridian "
                 "runs against both layouts; *error to the nearer*: 0 (between) when Meridian's "
                 "mean lies between the two layouts' means, else the error against the nearer "
                 "one. Within target against the pair: within target against either layout, or "
                 "between them.", ""]
        body += layouts_summary(pairs) + [""] + layouts_table(pairs)
    if twin_rows:
        body += ["", "### Rows with a kernel twin", "",
                 "ns-3 grid rows (Linux's rules) whose case the kernel reference also runs at a "
                 "tenth of the rate and ten times the RTT (`lx-…` rows: the same BDP in "
                 "packets, queue, bytes and loss per packet, so every time is ×10 where the "
                 "dynamics are the same in RTTs). Errors on the twin are against the kernel's "
                 "mean; ns-3 departs where it is more than 10 % and more than two standard "
                 "errors (of the difference of the two means, in brackets) off the kernel, or "
                 "where its runs of the row time out and the kernel's runs of the twin never do "
                 "(one-sided Fisher's exact test, p < 0.05; counts from "
                 "`results/timeouts.csv`: `timeouts.py`, `run_linux.py --counters`).", ""]
        body += twins_table(twin_rows)
    if kernel:
        body += ["", "### Real Linux (`results/linux.csv`)", "",
                 "Runs through the kernel's own TCP (Linux 6.18, CUBIC or Reno, its HyStart, "
                 "RACK, PRR, buffer autotuning) between network namespaces over an emulated "
                 "100 Mbit/s bottleneck (tests/reference/linux/), and the same cases in ns-3 "
                 "with Linux's rules. error = (x − the kernel's mean) / the kernel's mean; s.e.: "
                 "the standard error of the kernel's mean (for Meridian on a case with random "
                 "loss: of the difference of the kernel's and Meridian's means). A case with "
                 "random loss compares means: of the kernel's ten runs, of ns-3's ten and of "
                 "Meridian's seeds. "
                 "Within target: |error| ≤ 10 % or within two "
                 "standard errors of the kernel's mean.", ""]
        body += real_linux_table(kernel)
    return body + ["", END]


def section(text, begin, end):
    """What lies between the markers, the markers included."""
    if begin not in text or end not in text:
        raise SystemExit("docs/validation.md has no markers %r … %r" % (begin, end))
    return begin + text.split(begin, 1)[1].split(end, 1)[0] + end


def replace_section(text, begin, end, lines):
    """`text` with what lies between the markers `begin` and `end` replaced by `lines`
    (which carry the markers themselves)."""
    if begin not in text or end not in text:
        raise SystemExit("docs/validation.md has no markers %r … %r" % (begin, end))
    head, rest = text.split(begin, 1)
    return head + "\n".join(lines) + rest.split(end, 1)[1]



# The first screen of docs/validation.md (between REGIMES_BEGIN and REGIMES_END): per regime
# of the suite, how far Meridian is from which reference, over the rows of that regime. The
# measure is the appendix's: a row with random loss compares the mean of Meridian's seeds with
# the mean of the reference's runs, a loss-free row one run with one run (both deterministic
# there, the kernel aside). Only means enter, so results/meridian.csv regenerates it exactly.
REGIMES_BEGIN = ("<!-- BEGIN GENERATED regimes by tests/reference/compare.py: "
                 "do not edit by hand -->")
REGIMES_END = "<!-- END GENERATED regimes -->"


def num(r, key):
    return float(r.get(key) or 0)


def po_ring(r):
    """A ring in NCCL's program order (the rings' reference)."""
    return r["group"] in ("ring", "issue-ring24", "ring-program-order-6MiB")


# (regime, what the suite runs, reference, pool, rows of the pool, what to expect). Pools:
# "rings" (program-order rings of ns3.csv and ns3-program-order.csv), "linux" (ns-3 with
# Linux's rules), "kernel" (the kernel's own TCP), "stock" (stock ns-3, every row but the
# dataflow rings), "headline" (the appendix's headline rows: "linux" and the 6 MiB rings).
SUITE_REGIMES = [
    ("Ring all-reduce, bandwidth-bound",
     "4–16 hosts, 10 Gbit/s and 1 ms per host link (4 ms RTT), 64 MiB, 1–2 channels",
     "ns-3, NCCL's program order", "rings", lambda r: num(r, "bw_gbps") == 10,
     "trust"),
    ("Ring all-reduce, latency-bound, 1 channel",
     "4–24 hosts, 2.5 Gbit/s and 7.5 ms per host link (30 ms RTT), 64–192 MiB",
     "ns-3, NCCL's program order", "rings",
     lambda r: num(r, "bw_gbps") == 2.5 and num(r, "channels") == 1,
     "trust (Meridian a little slow)"),
    ("Ring all-reduce, latency-bound, 2 channels",
     "as above, 4 and 24 hosts, NCCL's default 2 channels",
     "ns-3, NCCL's program order", "rings",
     lambda r: num(r, "bw_gbps") == 2.5 and num(r, "channels") == 2,
     "**known off**: Meridian slow, its channels stay in lock-step (§3.1)"),
    ("One TCP flow, no loss, WAN",
     "1 Gbit/s (1 GiB row: 10 Gbit/s), RTT 20–80 ms, queue 0.1–2 BDP, CUBIC, Reno",
     "ns-3 with Linux's rules", "linux",
     lambda r: num(r, "flows") == 1 and num(r, "loss") == 0 and num(r, "rtt_ms") >= 20,
     "trust"),
    ("One TCP flow, lossy WAN",
     "as above, random loss p = 1e-5 … 1e-3",
     "ns-3 with Linux's rules", "linux",
     lambda r: num(r, "flows") == 1 and num(r, "loss") > 0 and num(r, "rtt_ms") >= 20,
     "trust the mean over seeds, not one run (§1.7)"),
    ("One TCP flow, short RTT",
     "1 Gbit/s, RTT 2 ms, queue 0.1–2 BDP, p = 0 … 1e-3",
     "ns-3 with Linux's rules", "linux",
     lambda r: num(r, "flows") == 1 and num(r, "rtt_ms") < 20,
     "trust at 2 ms; below: see the short-RTT ring line"),
    ("Four flows sharing a bottleneck, short RTT",
     "4 streams (iperf3 -P 4), RTT 2 ms, as above",
     "ns-3 with Linux's rules", "linux",
     lambda r: num(r, "flows") == 4 and num(r, "rtt_ms") < 20,
     "roughly; the worst rows are ns-3's own departures (§3.2)"),
    ("Four flows sharing a bottleneck, WAN",
     "4 streams, RTT 20–80 ms, queue 0.1–2 BDP, p = 0 … 1e-3",
     "ns-3 with Linux's rules", "linux",
     lambda r: num(r, "flows") == 4 and num(r, "rtt_ms") >= 20,
     "roughly; ns-3 depends on its sender layout (§3.2)"),
    ("One TCP flow, the kernel",
     "40 and 100 Mbit/s, RTT 20–200 ms, queue 0.05–2 BDP, p = 0 … 1e-3, 3–10 runs each",
     "Linux 6.18", "kernel", lambda r: num(r, "flows") == 1,
     "trust from 0.1 BDP of queue; a queue of a few packets (0.05 BDP at 40 Mbit/s, 20 ms: "
     "3 packets) is off: the kernel spreads 2× there, yet Meridian is faster than each of its "
     "ten runs; ns-3 with Linux's rules lies between (§3.2)"),
    ("Two flows, the kernel",
     "2 flows from one host, 40 and 100 Mbit/s, RTT 20 and 80 ms, queue 0.05–2 BDP, p = 0",
     "Linux 6.18", "kernel", lambda r: num(r, "flows") == 2,
     "roughly; into 3 packets (40 Mbit/s, 20 ms) −23 % (CUBIC) and −18 % (Reno): the "
     "lock-out of the smaller window (§3.2) took them from −30 and −39 %"),
    ("Four flows, the kernel",
     "4 flows from one host, as above (and the 200 ms rows)",
     "Linux 6.18", "kernel", lambda r: num(r, "flows") == 4,
     "roughly from 0.5 BDP of queue (the later flows leave slow start first, §3.2); "
     "into 0.05–0.1 BDP within 15 % at 80 ms and at 20 ms and 100 Mbit/s (the first round's "
     "overflow, §3.2), **known off** into 3 packets (40 Mbit/s, 20 ms: CUBIC −29 %, Reno "
     "−19 %, from −42 % before the lock-out of the later flows' bursts, §3.2; ns-3 with "
     "Linux's rules as slow as the kernel) and CUBIC into 0.1 BDP at 80–200 ms (−25 %)"),
    ("Eight flows, the kernel",
     "8 flows from one host, as for two",
     "Linux 6.18", "kernel", lambda r: num(r, "flows") == 8,
     "roughly; shallow queues (0.05 BDP): within 6 % at 80 ms, at 20 ms CUBIC +0.5 % into "
     "3 packets (−34 % before the lock-out rule, §3.2) but CUBIC −25 % into 8 packets and Reno "
     "−18 % and +17 %; Reno into 1–2 BDP at 80 ms and 100 Mbit/s −21 … −25 % (an overflow "
     "in congestion avoidance, §3.2)"),
    ("Broadcast, NCCL's ring pipeline, TCP",
     "4–32 hosts, 1 Gbit/s and 5 ms per host link, 128–256 MiB; 4 and 8 hosts at 10 Gbit/s "
     "and 0.5 ms, 256 MiB; one channel",
     "ns-3, NCCL's program order, Linux's rules", "broadcast", lambda r: True,
     "trust (collectives.md, Broadcast and reduce)"),
    ("Ring all-reduce, RTT 50 µs – 2 ms",
     "4 and 8 hosts, 5 Gbit/s and 0.5 ms or 10 Gbit/s and 50 µs per host link, 128–256 MiB, "
     "deep queues, 1–2 channels, first iteration",
     "ns-3, NCCL's program order, Linux's rules", "ringlx", lambda r: num(r, "n") < 32,
     "trust (Meridian ≈ 5 % fast: ns-3's headers and ACKs; §3.4)"),
    ("Ring all-reduce, 32 hosts",
     "32 hosts, 1 Gbit/s and 5 ms per host link, 256 MiB, 2 channels (`auto`: merged)",
     "ns-3, NCCL's program order, Linux's rules", "ringlx", lambda r: num(r, "n") >= 32,
     "trust (the merged path; collectives.md, Merged iterations)"),
    ("All TCP rows and 6 MiB rings",
     "the headline of Appendix A", "ns-3 with Linux's rules, program order",
     "headline", lambda r: True, "—"),
    ("All rows, stock ns-3",
     "the same rows", "ns-3.37's own TcpCubic/TcpNewReno", "stock", lambda r: True,
     "not the reference: it departs from Linux (Appendix B)"),
]

# Regimes the suite has no rows for: what is known of them (issue 35; docs/collectives.md and
# the closed-form tests of tests/validation/), shown on the same screen.
OTHER_REGIMES = [
    ("Ring over TCP, RTT 50 µs – 2 ms, many chunks",
     "datacentre and metro RTTs, deep queues, warm repetitions, chunks 1–256",
     "UDP and the closed forms (`ShortRttPipelineValidationTest`)",
     "warm repetitions at UDP's time, chunks 1–256 within 1.5 % of UDP at the same chunks "
     "(they were up to 4× slower); the cold first repetition pays Linux 5.16+'s slow start "
     "(§3.4)"),
    ("Rings on the merged fast path",
     "rings past the merge threshold (e.g. 32 hosts, 256 MiB)",
     "the sliced path (`MergedIterationsValidationTest`, 54 points: n 4–64, 16 MiB–2 GiB, "
     "α 50 µs–20 ms, TCP and UDP)",
     "trust without random loss: within 1.5 % of NCCL's program iteration by iteration (it was "
     "up to +50 %), also where NCCL's 4 MiB window binds (within 1 % at 2 GiB; −8 % where slow "
     "start dominates, 256 MiB at 10 Gbit/s, 10 ms); `auto` keeps NCCL's program below 2·10⁴ "
     "operations on a loss-free network, and merges wherever a link has random loss "
     "(collectives.md)"),
    ("Rings over TCP with random loss",
     "4 hosts, 1–10 Gbit/s, 0.5–5 ms per host link, 256 MiB, loss 10⁻⁵ on every link",
     "ns-3 (`nccl_ring --loss`, CUBIC, loss in both directions), three rows (§3.5)",
     "**known off**: Meridian fast — merged (what `auto` runs there) −32 % (1 Gbit/s, 5 ms) "
     "and −26 % (10 Gbit/s, 5 ms); ns-3's own times are mostly retransmission timeouts that "
     "Linux's tail-loss probes avoid (at 0.5 ms 14.6× its lossless time), not yet checked "
     "against the kernel; NCCL's program (`never`) draws no losses on slices shorter than a "
     "round trip and takes its lossless time (collectives.md, Merged iterations)"),
    ("Tree all-reduce over TCP",
     "NCCL's double binary tree, 4–8 hosts, 1–40 Gbit/s, 0.5–5 ms per host link, 128–256 MiB",
     "ns-3 (`nccl_tree`, NCCL's program order, CUBIC), five rows (§3.6); UDP: the closed "
     "forms (`TreeAllReduceValidationTest`)",
     "**known off**: Meridian fast, −22 % to −46 %: each inner rank's link carries four "
     "connections, the several-connection regime where Meridian is fast (§3.2); it was 20–50× "
     "slow before its slices pipelined"),
    ("TCP against background TCP flows",
     "a 500 MB transfer (one connection, or two from one host) on a 1 Gbit/s bottleneck with a "
     "1-BDP queue, RTT 4 and 20 ms, under Poisson web-search TCP flows at load 0.1–0.5 "
     "(traffic.md §5.1)",
     "ns-3 (`cross_traffic`, Linux's CUBIC rules), 5 runs per load; Meridian 20 seeds "
     "(`tests/reference/cross_traffic.py`, `results/cross-traffic.csv`)",
     "trust the slowdown to load 0.3: within 6 % of ns-3's with one connection (1.10–2.25×), "
     "with the background from eight hosts or one; Meridian optimistic at 0.5 (−22 % and −11 % "
     "on the slowdown); two connections from one host −13 to −20 % (ns-3's one-host layout, "
     "§3.2); the overflows cut the transfer as often per run as ns-3's drops do at 4 ms "
     "(4.2–49.7 times, ns-3 4.4–56.8), less often at 20 ms (0.2–3.0, ns-3 1.2–4.4) (§3.7)"),
    ("Background-traffic generators",
     "Poisson web-search TCP flows at load 0.3, 0.6, 0.9 of 1 Gbit/s (RTT 20 ms, 1-BDP queue); "
     "ns-3's OnOff (UDP) beside a BulkSend; 1-16 BulkSend streams (traffic.md §5.2)",
     "ns-3 (`generators`, Linux's CUBIC rules); the Poisson cases on 3 traces per load that "
     "both simulators replay; Meridian at ns-3's payload rate "
     "(`tests/reference/generators.py`, `results/generators.csv`)",
     "trust the p50s (0.3: −2 %, 0.6: −4 %, 0.9: −13 %) and the p99 at 0.6 (−13 %), means "
     "within 7 %; **known off**: p99 +21 % at 0.3 (multi-megabyte flows cut by overflows "
     "ns-3's were not), p99 −37 % at 0.9 (ns-3's loss-starved flows; Meridian max-min); "
     "long-lived TCP within 1 % (§3.8)"),
    ("Other collectives",
     "all-gather, reduce-scatter, halving-doubling, all-to-all",
     "closed forms only", "not validated against a packet-level reference"),
    ("UDP, RDMA-like, max-min, jitter",
     "the engine against its own formulas", "closed forms (`tests/validation/`)",
     "exact (ring all-reduce 1.5 ns per step; network-model.md §10); no packet-level check"),
]


def regime_pools(rows, extra, linux, kernel, bcast=(), ringlx=()):
    return {"rings": [r for r in rows + extra if po_ring(r)], "linux": linux, "kernel": kernel,
            "broadcast": list(bcast), "ringlx": list(ringlx),
            "stock": [r for r in rows if not r["group"].endswith(DATAFLOW_SUFFIX)],
            "headline": extra + linux}


def regime_lines(rows, extra, linux, kernel, bcast=(), ringlx=()):
    """The first screen's table: the suite's regimes, then those it has no rows for."""
    pools = regime_pools(rows, extra, linux, kernel, bcast, ringlx)
    lines = ["| regime | what the suite runs | reference | rows | median abs(error) | "
             "max abs(error) | median error | ≤ 10 % / ≤ 30 % | how far to trust it |",
             "|---|---|---|---:|---:|---:|---:|---:|---|"]
    for name, runs, ref, pool, select, verdict in SUITE_REGIMES:
        errs = [r["error_pct"] for r in pools[pool] if select(r) and r["error_pct"] is not None]
        if not errs:
            continue
        mags = [abs(e) for e in errs]
        signed = statistics.median(errs)
        lines.append("| %s | %s | %s | %d | %.1f %% | %.1f %% | %s | %d / %d | %s |" % (
            name, runs, ref, len(errs), statistics.median(mags), max(mags),
            "%+.1f %%" % signed if round(signed, 1) else "0.0 %",
            sum(e <= 10 for e in mags), sum(e <= 30 for e in mags), verdict))
    for name, runs, ref, verdict in OTHER_REGIMES:
        lines.append("| %s | %s | %s | — | — | — | — | — | %s |" % (name, runs, ref, verdict))
    return [REGIMES_BEGIN, ""] + lines + ["", REGIMES_END]


def meridian_csv_rows(path):
    """results/meridian.csv by (case, group)."""
    if not os.path.exists(path):
        raise SystemExit("%s: no such file (run compare.py with meridian-cli first)" % path)
    with open(path, newline="") as f:
        return {(r["case"], r["group"]): r for r in csv.DictReader(f)}


def doc_label(text):
    """The Meridian build named in the generated section of `text` (for --from-csv)."""
    m = re.search(r"Meridian: `([^`]*)`", text)
    return m.group(1) if m else "meridian-cli (unknown build)"


def pattern(line):
    """A regular expression for a generated line in which UNKNOWN stands for any cell text."""
    return "^" + ".*?".join(re.escape(part) for part in line.split(UNKNOWN)) + "$"


def check(old, new):
    """Compares the doc on disk with the one generated: line by line, UNKNOWN matching any
    text. Returns the lines that differ (old, new)."""
    a, b = old.split("\n"), new.split("\n")
    if len(a) != len(b):
        return [("%d lines" % len(a), "%d lines" % len(b))]
    return [(x, y) for x, y in zip(a, b)
            if x != y and not (UNKNOWN in y and re.match(pattern(y), x))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cli", nargs="?", help="path to the meridian-cli binary (not with "
                    "--from-csv)")
    ap.add_argument("--from-csv", action="store_true",
                    help="take Meridian's figures from results/meridian.csv instead of running "
                         "meridian-cli: regenerates docs/validation.md in seconds")
    ap.add_argument("--check", action="store_true",
                    help="with --from-csv: write nothing, exit 1 if docs/validation.md differs "
                         "from what the CSVs give")
    ap.add_argument("--work", default="/tmp/meridian-ns3-compare",
                    help="folder for the generated .topo files and run outputs")
    ap.add_argument("--label", default="",
                    help="what to call the Meridian build in the doc (default: git describe; "
                         "with --from-csv the build meridian.csv names, or the doc's)")
    ap.add_argument("--seeds", type=int, default=200,
                    help="Meridian seeds 1..N per case with random loss (default 200)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="meridian-cli runs at once (default: one per core)")
    ap.add_argument("--only", default="",
                    help="try a model change: only the cases whose id contains this, of the "
                         "Linux-rules table and the program-order rings; prints the summary, "
                         "writes nothing")
    args = ap.parse_args()
    if args.from_csv == bool(args.cli):
        ap.error("give either the meridian-cli binary or --from-csv")
    if args.check and not args.from_csv:
        ap.error("--check needs --from-csv")
    recorded = meridian_csv_rows(MERIDIAN_CSV) if args.from_csv else {}
    if recorded:  # the seeds of the run that wrote meridian.csv, for the appendix's text
        args.seeds = max(int(r["meridian_seeds"] or 0) for r in recorded.values())
    if not args.from_csv:
        os.makedirs(args.work, exist_ok=True)
    with open(RESULTS, newline="") as f:
        cases = list(csv.DictReader(f))
    if args.only:
        cases = []

    def wanted(c):
        """With --only, whether case c is one of the subset."""
        return not args.only or args.only in c["case"]
    more_runs = ns3_runs(SEEDS)
    more_linux_runs = ns3_runs(LINUX_CC_SEEDS)

    def compared(c, runs=None):
        """Meridian on case c (run, or read from meridian.csv), against the reference: the
        table row with the means of Meridian's seeds and of the reference's runs (`ns3_s` and
        `runs`), and the same with medians and with one run each."""
        if args.from_csv:
            rec = recorded.get((c["case"], c["group"]))
            if rec is None:
                raise SystemExit("results/meridian.csv has no row %s (%s)" % (c["case"],
                                                                             c["group"]))
            mine, unmapped = Runs.from_csv(rec), meridian_experiment_settings(c)[1]
        else:
            times, unmapped = run_meridian(os.path.abspath(args.cli), c, args.work, args.seeds,
                                           args.jobs)
            mine = Runs.of(times) if times else None
        row = dict(c, meridian_runs=mine, unmapped=unmapped,
                   **against(mine, [float(c["ns3_s"])] + (runs or [])))
        if not args.from_csv:
            print("%-45s ns3 %9.4g  meridian %9s  %s" % (
                c["case"], row["ns3_s"], "failed" if not mine else fmt_s(row["meridian_s"]),
                "" if row["error_pct"] is None else "%+.1f %%" % row["error_pct"]), flush=True)
        return row

    rows = [compared(c, more_runs.get(c["case"])) for c in cases]
    extra = []
    if os.path.exists(PROGRAM_ORDER):
        with open(PROGRAM_ORDER, newline="") as f:
            for c in filter(wanted, csv.DictReader(f)):
                extra.append(compared(dict(c, group="ring-program-order-6MiB",
                                           program="nccl_ring", flows="1")))
    ringlx = []
    if os.path.exists(RINGS_LINUX_CC):
        with open(RINGS_LINUX_CC, newline="") as f:
            for c in filter(wanted, csv.DictReader(f)):
                ringlx.append(compared(dict(c, group="ring-program-order-linux-cc",
                                            program="nccl_ring", flows="1", rules="linux")))
    bcast = []
    if os.path.exists(BROADCAST):
        with open(BROADCAST, newline="") as f:
            for c in filter(wanted, csv.DictReader(f)):
                bcast.append(compared(dict(c, rules="linux", flows="1")))
    linux = []
    if os.path.exists(LINUX_CC):
        with open(LINUX_CC, newline="") as f:
            for c in filter(wanted, csv.DictReader(f)):
                linux.append(compared(dict(c, rules="linux", group=c["group"] + "-linux-cc"),
                                      more_linux_runs.get(c["case"])))
    sep_cases = {}
    if os.path.exists(LINUX_CC_SEP):
        with open(LINUX_CC_SEP, newline="") as f:
            sep_cases = {c["case"]: c for c in csv.DictReader(f)}
    pairs = layouts(linux, sep_cases, ns3_runs(LINUX_CC_SEP_SEEDS))
    kernel = []
    for c, linux_times, ns3_times, sep_times in real_linux_cases(REAL_LINUX):
        if not wanted(c):
            continue
        r = compared(dict(c, ns3_s=linux_times[0], rules="linux"), linux_times[1:])
        ns3_time = statistics.mean(ns3_times) if ns3_times else None
        sep_time = statistics.mean(sep_times) if sep_times else None
        r.update(ns3_linux_cc_s=ns3_time, ns3_linux_cc_runs=ns3_times,
                 ns3_error_pct=None if ns3_time is None else pct(ns3_time, r["ns3_s"]),
                 ns3_sep_error_pct=None if sep_time is None else pct(sep_time, r["ns3_s"]),
                 linux_se_pct=100.0 * (
                     statistics.stdev(linux_times) / math.sqrt(len(linux_times))
                     if len(linux_times) > 1 else 0.0) / r["ns3_s"])
        if r["error_pct"] is not None and r["meridian_runs"].n == 1:
            # Deterministic Meridian: the kernel's runs alone make the standard error.
            r["se_pct"] = r["linux_se_pct"]
            r["within"] = abs(r["error_pct"]) <= 10.0 or abs(r["error_pct"]) <= 2 * r["se_pct"]
        kernel.append(r)
    twin_rows = twins(linux, kernel)
    if args.only:
        if twin_rows:
            print("\n".join(twins_table(twin_rows)))
        if pairs:
            print("\n".join(layouts_summary(pairs) + [""] + layouts_table(pairs)))
        if extra + linux:
            print("\n".join(summary(extra + linux) + [""] +
                             headline_lines(extra + linux, pairs, twin_rows)))
        if bcast:
            print("\n".join(summary(bcast) + [""] + table(bcast)))
        if ringlx:
            print("\n".join(summary(ringlx) + [""] + table(ringlx)))
        if kernel:
            print("\n".join(real_linux_table(kernel)))
        return
    with open(DOC) as f:
        text = f.read()
    if args.from_csv:
        builds = {r.get("build") for r in recorded.values()} - {None, ""}
        label = args.label or (builds.pop() if len(builds) == 1 else doc_label(text))
    else:
        label = "meridian-cli " + (args.label or subprocess.run(
            ["git", "-C", ROOT, "describe", "--always", "--dirty"], capture_output=True,
            text=True).stdout.strip())
        # The reference is ns-3 (stock, or with Linux's rules: groups *-linux-cc) or, for the
        # lx-* rows (groups linux-*), the kernel's own TCP; Meridian's figures are those of
        # its seeds (Runs), so that --from-csv gives every table without meridian-cli.
        run_suite.write_csv(MERIDIAN_CSV, MERIDIAN_FIELDS, [
            dict(case=r["case"], group=r["group"], reference_runs=len(r["ns3_runs"]),
                 reference_mean_s=repr(r["ns3_s"]),
                 meridian_seeds=r["meridian_runs"].n if r["meridian_runs"] else 0,
                 meridian_mean_s="" if r["meridian_s"] is None else repr(r["meridian_s"]),
                 error_pct="" if r["error_pct"] is None else "%.2f" % r["error_pct"],
                 build=label, **(r["meridian_runs"].csv_cells() if r["meridian_runs"] else {}))
            for r in rows + extra + bcast + ringlx + linux + kernel])
    appendix = appendix_lines(rows, extra, linux, pairs, twin_rows, kernel, label, args.seeds,
                              bcast, ringlx)
    regimes = regime_lines(rows, extra, linux, kernel, bcast, ringlx)
    on_disk = section(text, BEGIN, END)
    if any(UNKNOWN in line for line in appendix):
        # meridian.csv predates the seed statistics: the appendix on disk stays, provided every
        # cell the CSVs do give matches it (checked here, with or without --check).
        diff = check(on_disk, "\n".join(appendix))
        for old, mine in diff[:20]:
            print("doc:       %s\ngenerated: %s" % (old, mine))
        if diff:
            raise SystemExit("the appendix of docs/validation.md differs from the CSVs in %d "
                             "lines" % len(diff))
        sys.stderr.write("results/meridian.csv has no seed statistics: the appendix is kept "
                         "(its %d figures that need them unchecked, every other one checked); "
                         "run compare.py with meridian-cli to record them\n" %
                         sum(line.count(UNKNOWN) for line in appendix))
        appendix = on_disk.split("\n")
    new = replace_section(replace_section(text, BEGIN, END, appendix), REGIMES_BEGIN,
                          REGIMES_END, regimes)
    if args.check:
        diff = check(text, new)
        for old, mine in diff[:20]:
            print("doc:       %s\ngenerated: %s" % (old, mine))
        if diff:
            raise SystemExit("docs/validation.md differs from the CSVs in %d lines" % len(diff))
        print("docs/validation.md matches the CSVs")
        return
    with open(DOC, "w") as f:
        f.write(new)

if __name__ == "__main__":
    main()
