#!/usr/bin/env python3
"""The background-traffic generators themselves: ns-3 against Meridian (issue 30).

Checks docs/traffic.md §5.2 (docs/validation.md §3.8). One 1 Gbit/s bottleneck, RTT 20 ms,
drop-tail queue of 1 BDP (1,667 packets of 1,500 bytes), access links 10 x faster and never
full (ns3/dumbbell.h; Meridian: the same links), Linux's CUBIC rules (ns3/linux_cc.h), IW 10,
1448-byte segments, socket buffers 2 x BDP + queue. Cases (CASES):

  * poisson-L: Poisson arrivals of TCP flows from 8 hosts to one receiver, sizes from
    presets/traffic/web-search.csv, offered load L = 0.3, 0.6, 0.9 of the bottleneck. Both
    simulators replay the same flows: draw_trace draws trace k of a case once (committed in
    traces/), ns-3 replays it (generators --trace; each flow a fresh connection, BulkSend +
    PacketSink) and Meridian as a `trace` generator. Flow completion times (FCT) from the
    first data segment (ns-3: the connection is established; Meridian models no handshake) to
    the last byte at the receiver. Arrivals for a duration that gives >= 1,000 flows per
    trace; every flow runs to completion. Meridian's links run at ns-3's payload rate
    (RATE_SCALE; --wire-rate: the nominal rate).
  * onoff: ns-3's OnOffApplication over UDP, 400 Mbit/s while on, exponential on and off
    periods of means 20 ms and 60 ms (mean rate 100 Mbit/s), 60 s; Meridian's `on_off`.
  * onoff-bulk: the same source for 10 s beside one long-lived TCP connection (BulkSend;
    Meridian's `bulk`): the bulk's throughput.
  * bulk-N: N parallel long-lived TCP connections (iperf3 -P N; BulkSend; Meridian's `bulk`
    with `streams`) for 10 s: their throughput.

    python3 tests/reference/generators.py build/app/meridian-cli   # both sides
    python3 tests/reference/generators.py --from-csv [--check]     # the table from the CSVs
    python3 tests/reference/generators.py --ns3-only [--flows-dir DIR]
    python3 tests/reference/generators.py build/app/meridian-cli --flows-dir DIR \
        --compare-flows poisson-0.3:1                              # flow by flow, one trace

Writes results/ns3-generators.csv and results/meridian-generators.csv (one row per case and
run/seed, for a Poisson case the trace; a run already there is kept unless --rerun),
results/generators.csv (the table) and results/generators-traces.csv (per trace).
--check exits 1 when a row is outside its tolerance (TOLERANCE_PCT).
"""

import argparse
import csv
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import run_suite  # write_csv (atomic)
from compare import NEVER_FULL_QUEUE_PKTS, link

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NS3 = os.path.join(HERE, "ns3", "generators")
CDF = os.path.join(ROOT, "presets", "traffic", "web-search.csv")
NS3_CSV = os.path.join(HERE, "results", "ns3-generators.csv")
MERIDIAN_CSV = os.path.join(HERE, "results", "meridian-generators.csv")
TABLE_CSV = os.path.join(HERE, "results", "generators.csv")
TRACE_TABLE_CSV = os.path.join(HERE, "results", "generators-traces.csv")  # per trace
TRACE_DIR = os.path.join(HERE, "traces")  # the Poisson cases' flows, one file per trace

PACKET_BYTES = 1500
BW_GBPS = 1.0
RTT_MS = 20.0
HOSTS = 8
BDP_BYTES = BW_GBPS * 1e9 / 8 * RTT_MS / 1e3
QUEUE_PKTS = round(BDP_BYTES / PACKET_BYTES)
BUF_BYTES = int(2 * BDP_BYTES + QUEUE_PKTS * PACKET_BYTES)
WEB_SEARCH_MEAN_BYTES = 1711250.0
# ns-3 sends a 1448-byte TCP segment in 1,502 bytes on the wire (20 IP + 32 TCP with
# timestamps + 2 PPP); Meridian's links carry payload only (docs/network-model.md §5). So that
# both move payload at the same rate, Meridian's links here run at ns-3's payload-equivalent
# rate, bandwidth x 1448/1502 (docs/traffic.md §5.2); --wire-rate runs them at the nominal rate
# instead (results/meridian-generators-wire.csv).
PAYLOAD_PER_WIRE = 1448.0 / 1502.0
RATE_SCALE = PAYLOAD_PER_WIRE


def poisson(load):
    # duration: >= 1,000 arrivals per run (expected 1.2 x that; lambda = load C / (8 E[S]))
    lam = load * BW_GBPS * 1e9 / (8 * WEB_SEARCH_MEAN_BYTES)
    return {"mode": "poisson", "load": load, "duration_s": round(1200 / lam),
            "arrivals_per_s": lam}


def read_cdf(path):
    """(bytes, F) points of a CDF file as Meridian and ns3/cdf.h read them."""
    xs, fs = [], []
    with open(path) as f:
        for line in f:
            cells = line.replace(",", " ").split()
            if not cells or line.startswith("#"):
                continue
            try:
                x, p = float(cells[0]), float(cells[1])
            except ValueError:
                continue  # the header
            xs.append(x)
            fs.append(p)
    if fs[-1] == 100.0:
        fs = [p / 100.0 for p in fs]
    return xs, fs


def cdf_draw(xs, fs, u):
    """Inverts the piecewise-linear CDF at u (ns3/cdf.h's Cdf::draw)."""
    for i in range(1, len(xs)):
        if u < fs[i] and fs[i] > fs[i - 1]:
            return xs[i - 1] + (u - fs[i - 1]) / (fs[i] - fs[i - 1]) * (xs[i] - xs[i - 1])
    return xs[-1]


def trace_path(name, trace):
    return os.path.join(TRACE_DIR, "%s-trace%d.csv" % (name, trace))


def draw_trace(name, trace):
    """The flows of Poisson case `name`, trace number `trace`: arrivals at exponential gaps of
    mean 1/lambda during [0, duration_s), each from a sender h1..h8 drawn uniformly to rcv, its
    size drawn from the web-search CDF and rounded to whole bytes (>= 1). Python's Mersenne
    Twister seeded with (case, trace): the same file on every machine. Both simulators replay
    it (ns-3: generators --trace; Meridian: a `trace` generator), so they run the same flows.
    Returns the path; an existing file is kept (the committed traces are the reference's)."""
    path = trace_path(name, trace)
    if os.path.exists(path):
        return path
    c = CASES[name]
    xs, fs = read_cdf(CDF)
    rng = random.Random("%s/%d" % (name, trace))
    t = 0.0
    lines = ["start_s,size_bytes,src,dst"]
    while True:
        t += -math.log(1.0 - rng.random()) / c["arrivals_per_s"]
        if t >= c["duration_s"]:
            break
        size = max(1, int(math.floor(cdf_draw(xs, fs, rng.random()) + 0.5)))
        host = 1 + min(HOSTS - 1, int(rng.random() * HOSTS))
        lines.append("%.9f,%d,h%d,rcv" % (t, size, host))
    os.makedirs(TRACE_DIR, exist_ok=True)
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)
    return path


def trace_load(name, trace):
    """(flows, realised load): the trace's bytes x 8 / (duration_s x C)."""
    with open(trace_path(name, trace)) as f:
        sizes = [int(line.split(",")[1]) for line in f if line[0].isdigit()]
    c = CASES[name]
    return len(sizes), sum(sizes) * 8 / (c["duration_s"] * BW_GBPS * 1e9)


def onoff(duration_s, streams):
    return {"mode": "onoff", "peak_mbps": 400.0, "on_s": 0.02, "off_s": 0.06,
            "duration_s": duration_s, "streams": streams}


CASES = {"poisson-0.3": poisson(0.3), "poisson-0.6": poisson(0.6), "poisson-0.9": poisson(0.9),
         "onoff": onoff(60.0, 0), "onoff-bulk": onoff(10.0, 1),
         "bulk-1": {"mode": "bulk", "streams": 1, "duration_s": 10.0},
         "bulk-4": {"mode": "bulk", "streams": 4, "duration_s": 10.0},
         "bulk-16": {"mode": "bulk", "streams": 16, "duration_s": 10.0}}
# Poisson cases: run k of ns-3 and seed k of Meridian replay the same trace k (draw_trace).
NS3_RUNS = {"poisson": (1, 2, 3), "onoff": (1, 2, 3), "bulk": (1,)}  # bulk: no random draw
MERIDIAN_SEEDS = {"poisson": (1, 2, 3), "onoff": tuple(range(1, 11)), "bulk": (1,)}

# The issue's target: p50 and p99 FCT within 15 %; rates within 15 % too.
TOLERANCE_PCT = 15.0

NS3_FIELDS = ["case", "run", "flows", "completed", "p50_s", "p99_s", "mean_s", "arrival_p50_s",
              "arrival_p99_s", "arrival_mean_s", "bytes_completed", "queue_drops", "end_s",
              "udp_bps", "bulk_bps", "bulk_stream_bps", "trace_load", "wall_s", "command"]
MERIDIAN_FIELDS = ["case", "seed", "flows", "completed", "p50_s", "p99_s", "mean_s",
                   "offered_bps", "udp_bps", "bulk_bps", "trace_load", "wall_s", "build"]


def ns3_command(name, run):
    c = CASES[name]
    cmd = [NS3, "--mode=" + c["mode"], "--run=%d" % run, "--bw_gbps=%g" % BW_GBPS,
           "--rtt_ms=%g" % RTT_MS, "--queue_pkts=%d" % QUEUE_PKTS, "--sndbuf=%d" % BUF_BYTES,
           "--rcvbuf=%d" % BUF_BYTES, "--cc=linux-cubic", "--duration_s=%g" % c["duration_s"]]
    if c["mode"] == "poisson":
        cmd += ["--load=%g" % c["load"], "--hosts=%d" % HOSTS, "--cdf=%s" % CDF,
                "--trace=%s" % draw_trace(name, run)]
    elif c["mode"] == "onoff":
        cmd += ["--peak_mbps=%g" % c["peak_mbps"], "--on_s=%g" % c["on_s"],
                "--off_s=%g" % c["off_s"], "--bulk_streams=%d" % c["streams"]]
    else:
        cmd += ["--bulk_streams=%d" % c["streams"]]
    return cmd


FLOWS_DIR = None  # --flows-dir: every completed flow of each ns-3 Poisson run (not committed)


def run_ns3(name, run):
    cmd = ns3_command(name, run)
    extra = []
    if FLOWS_DIR and CASES[name]["mode"] == "poisson":
        extra = ["--flows_out=%s" % os.path.join(FLOWS_DIR, "%s-run%d.csv" % (name, run))]
    start = time.time()
    proc = subprocess.run(cmd + extra, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write("ns-3 %s run %d failed (%d): %s\n" % (name, run, proc.returncode,
                                                              proc.stderr))
        return None
    values = proc.stdout.strip().split(",")
    if CASES[name]["mode"] == "poisson":
        row = dict(zip(NS3_FIELDS[2:13], values))
    else:
        row = dict(zip(["udp_bps", "bulk_bps", "bulk_stream_bps", "queue_drops"], values))
    row["wall_s"] = "%.1f" % (time.time() - start)
    row["command"] = " ".join([os.path.relpath(a, ROOT) if a == NS3 else
                               a.replace(CDF, os.path.relpath(CDF, ROOT))
                               .replace(TRACE_DIR, os.path.relpath(TRACE_DIR, ROOT))
                               for a in cmd])
    if CASES[name]["mode"] == "poisson":
        row["trace_load"] = "%.4f" % trace_load(name, run)[1]
    return row


def topology(name, trace=1):
    """The case for Meridian: hosts h1..hN on rtr, rtr -- rcv the bottleneck; a Poisson case
    replays trace `trace` (an absolute path: the .topo is written elsewhere)."""
    c = CASES[name]
    n_hosts = HOSTS if c["mode"] == "poisson" else 2
    hosts = ["h%d" % i for i in range(1, n_hosts + 1)]
    nodes = ([{"id": "rtr", "kind": "router"}, {"id": "rcv", "kind": "host"}]
             + [{"id": h, "kind": "host"} for h in hosts])
    links = ([link("bottleneck", "rtr", "rcv", BW_GBPS * RATE_SCALE, RTT_MS / 2, QUEUE_PKTS)]
             + [link("access-" + h, h, "rtr", 10 * BW_GBPS * RATE_SCALE, 0,
                     NEVER_FULL_QUEUE_PKTS) for h in hosts])
    stop = c["duration_s"]
    if c["mode"] == "poisson":  # the trace ns-3 replays too (draw_trace)
        gens = [{"id": "web", "kind": "trace", "stop_s": stop, "protocol": "tcp",
                 "file": draw_trace(name, trace)}]
    else:
        gens = []
        if c["mode"] == "onoff":
            gens.append({"id": "onoff", "kind": "on_off", "from": "h1", "to": "rcv",
                         "stop_s": stop, "protocol": "udp", "peak_bps": c["peak_mbps"] * 1e6,
                         "on": {"law": "exponential", "mean_s": c["on_s"]},
                         "off": {"law": "exponential", "mean_s": c["off_s"]}})
        if c["streams"]:
            gens.append({"id": "bulk", "kind": "bulk",
                         "from": "h2" if c["mode"] == "onoff" else "h1", "to": "rcv",
                         "stop_s": stop, "streams": c["streams"]})
    experiment = {"kind": "traffic", "seed": 1,
                  "transport": {"mss_bytes": 1448, "initial_window_segments": 10,
                                "max_window_bytes": BUF_BYTES, "min_rto_s": 0.2,
                                "congestion_control": "cubic"},
                  "traffic": {"generators": gens}}
    return {"format": "meridian.topo", "version": 1,
            "name": "ns-3 reference: generator case %s" % name,
            "nodes": nodes, "links": links, "experiment": experiment}


def run_meridian(cli, work, name, seed, build):
    path = os.path.join(work, "gen-%s-%d.topo" % (name, seed))
    if not os.path.exists(path):
        with open(path, "w") as f:
            json.dump(topology(name, seed), f, indent=1)
    out = os.path.join(work, "gen-%s-seed%d" % (name, seed))
    start = time.time()
    proc = subprocess.run([cli, "run", path, "--seed", str(seed), "--out", out, "--format",
                           "json", "--quiet"], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write("meridian-cli failed on %s seed %d: %s\n" % (path, seed,
                                                                     proc.stderr.strip()))
        return None
    with open(os.path.join(out, "results.json")) as f:
        res = json.load(f)
    gens = {g["id"]: g for g in res.get("traffic") or []}
    row = {"wall_s": "%.1f" % (time.time() - start), "build": build}
    if "web" in gens:
        g = gens["web"]
        row.update({"flows": g["flows"], "completed": g["flows_completed"],
                    "p50_s": repr(g["fct_p50_s"]), "p99_s": repr(g["fct_p99_s"]),
                    "mean_s": repr(g["fct_mean_s"]), "offered_bps": repr(g["offered_bps"]),
                    "trace_load": "%.4f" % trace_load(name, seed)[1]})
    if "onoff" in gens:
        row.update({"udp_bps": repr(gens["onoff"]["carried_bps"]),
                    "offered_bps": repr(gens["onoff"]["offered_bps"])})
    if "bulk" in gens:
        row["bulk_bps"] = repr(gens["bulk"]["carried_bps"])
    return row


def meridian_flows(cli, work, name, trace):
    """Meridian's FCT of every flow of a trace: one `trace` generator per flow, each its own
    one-line file (the same run: each TCP flow is a new connection either way, and a
    generator's results give its flow's FCT). [(bytes, start_s, fct_s)] in trace order."""
    topo = topology(name, trace)
    stop = topo["experiment"]["traffic"]["generators"][0]["stop_s"]
    with open(trace_path(name, trace)) as f:
        lines = [line.strip() for line in f if line[0].isdigit()]
    folder = os.path.join(work, "flows-%s-%d" % (name, trace))
    os.makedirs(folder, exist_ok=True)
    gens = []
    for i, line in enumerate(lines):
        path = os.path.join(folder, "f%d.csv" % i)
        with open(path, "w") as f:
            f.write(line + "\n")
        gens.append({"id": "f%d" % i, "kind": "trace", "stop_s": stop, "protocol": "tcp",
                     "file": path})
    topo["experiment"]["traffic"]["generators"] = gens
    path = os.path.join(folder, "flows.topo")
    with open(path, "w") as f:
        json.dump(topo, f)
    subprocess.run([cli, "run", path, "--out", os.path.join(folder, "out"), "--format", "json",
                    "--quiet"], check=True, capture_output=True)
    with open(os.path.join(folder, "out", "results.json")) as f:
        res = json.load(f)
    return [(int(line.split(",")[1]), float(line.split(",")[0]), g["fct_mean_s"])
            for line, g in zip(lines, res["traffic"])]


def compare_flows(cli, work, name, trace, ns3_flows):
    """Flow by flow on one trace: Meridian's FCT - ns-3's (--flows-dir file of the ns-3 run),
    by flow size; and the flows that make each side's p99."""
    ns3 = []
    with open(ns3_flows) as f:
        for line in f:
            if line.strip():
                b, fct = line.split(",")[:2]
                ns3.append((int(b), float(fct)))
    mer = meridian_flows(cli, work, name, trace)
    if len(ns3) != len(mer) or any(a[0] != b[0] for a, b in zip(ns3, mer)):
        raise SystemExit("%s is not the ns-3 run of trace %d of %s" % (ns3_flows, trace, name))
    rows = [(b, t, n_fct, m_fct) for (b, n_fct), (_, t, m_fct) in zip(ns3, mer)]

    def pct(v, q):
        v = sorted(v)
        return v[max(1, math.ceil(q * len(v))) - 1]
    print("%s trace %d: %d flows; p50 ns-3 %.1f ms, Meridian %.1f ms; p99 %.0f ms, %.0f ms" % (
        name, trace, len(rows), 1e3 * pct([r[2] for r in rows], .5),
        1e3 * pct([r[3] for r in rows], .5), 1e3 * pct([r[2] for r in rows], .99),
        1e3 * pct([r[3] for r in rows], .99)))
    print("%-21s %5s %12s %12s %14s %14s" % ("size (B)", "flows", "ns-3 p50 ms",
                                               "Meridian p50", "diff p50 (ms)", "diff p10-p90"))
    edges = [0, 15000, 45000, 100000, 300000, 1e6, 3e6, 1e7, 1e9]
    for lo, hi in zip(edges, edges[1:]):
        sel = [r for r in rows if lo <= r[0] < hi]
        if sel:
            d = [1e3 * (r[3] - r[2]) for r in sel]
            print("%-21s %5d %12.1f %12.1f %+14.1f %6.1f…%+.1f" % (
                "%d-%d" % (lo, hi), len(sel), 1e3 * statistics.median(r[2] for r in sel),
                1e3 * statistics.median(r[3] for r in sel), statistics.median(d),
                pct(d, .1), pct(d, .9)))
    k = math.ceil(0.01 * len(rows))
    for label, col in (("ns-3", 2), ("Meridian", 3)):
        print("%s's slowest 1 %%:" % label)
        for r in sorted(rows, key=lambda r: -r[col])[:k]:
            print("  %9d B at %7.3f s: ns-3 %6.3f s, Meridian %6.3f s" % r)


def read(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def run_grid(fields, path, key, todo, one, jobs):
    """Runs `one(case, seed)` for every (case, seed) of todo not yet in the CSV at path (key: its
    seed column); keeps the rows there; rewrites the CSV sorted."""
    rows = {(r["case"], int(r[key])): r for r in read(path)}
    todo = [t for t in todo if t not in rows]
    print("%s: %d runs, %d jobs" % (os.path.relpath(path, ROOT), len(todo), jobs), flush=True)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for (c, s), row in zip(todo, pool.map(lambda t: one(*t), todo)):
            if row is None:
                continue
            row.update({"case": c, key: s})
            rows[(c, s)] = row
            print("  %s %s %d (%s s)" % (c, key, s, row["wall_s"]), flush=True)
            save_grid(fields, path, rows)  # an interrupted run keeps what it has
    return save_grid(fields, path, rows)


def save_grid(fields, path, rows):
    order = list(CASES)
    out = [rows[k] for k in sorted(rows, key=lambda k: (order.index(k[0]), k[1]))
           if k[0] in CASES]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    run_suite.write_csv(path, fields, out)
    return out


def mean(rows, key):
    vals = [float(r[key]) for r in rows if r.get(key) not in (None, "")]
    return statistics.mean(vals) if vals else None


# The measures of each mode: (column, label, unit scale, unit). FCT percentiles are the mean
# over runs of each run's percentile.
MEASURES = {"poisson": [("p50_s", "FCT p50", 1e3, "ms"), ("p99_s", "FCT p99", 1e3, "ms"),
                        ("mean_s", "FCT mean", 1e3, "ms")],
            "onoff": [("udp_bps", "UDP carried", 1e-6, "Mbit/s"),
                      ("bulk_bps", "bulk throughput", 1e-6, "Mbit/s")],
            "bulk": [("bulk_bps", "throughput", 1e-6, "Mbit/s")]}
CHECKED = {"p50_s", "p99_s", "bulk_bps"}  # the issue's measures; the rest is printed


def table(ns3_rows, mer_rows):
    out = []
    for name, c in CASES.items():
        n = [r for r in ns3_rows if r["case"] == name]
        m = [r for r in mer_rows if r["case"] == name]
        if c["mode"] == "poisson":  # the traces both replayed: the same flows on each side
            both = {int(r["run"]) for r in n} & {int(r["seed"]) for r in m}
            n = [r for r in n if int(r["run"]) in both]
            m = [r for r in m if int(r["seed"]) in both]
        for key, label, scale, unit in MEASURES[c["mode"]]:
            nv, mv = mean(n, key), mean(m, key)
            if nv is None or mv is None or (key == "bulk_bps" and not c.get("streams")):
                continue
            err = 100 * (mv / nv - 1) if nv else None
            out.append({"case": name, "measure": key, "label": label, "unit": unit,
                        "ns3_runs": len(n), "ns3": nv * scale,
                        "ns3_min": min(float(r[key]) for r in n) * scale,
                        "ns3_max": max(float(r[key]) for r in n) * scale,
                        "meridian_seeds": len(m), "meridian": mv * scale,
                        "meridian_min": min(float(r[key]) for r in m) * scale,
                        "meridian_max": max(float(r[key]) for r in m) * scale,
                        "error_pct": err, "checked": key in CHECKED,
                        "within": err is not None and abs(err) <= TOLERANCE_PCT})
    return out


def trace_table(ns3_rows, mer_rows):
    """Per trace of the Poisson cases: both simulators' p50, p99 and mean FCT on its flows."""
    mer = {(r["case"], int(r["seed"])): r for r in mer_rows}
    out = []
    for r in ns3_rows:
        key = (r["case"], int(r["run"]))
        if CASES.get(r["case"], {}).get("mode") != "poisson" or key not in mer:
            continue
        m = mer[key]
        row = {"case": r["case"], "trace": key[1], "flows": int(r["flows"]),
               "trace_load": float(r["trace_load"])}
        for col in ("p50_s", "p99_s", "mean_s"):
            nv, mv = float(r[col]), float(m[col])
            row["ns3_" + col] = nv
            row["meridian_" + col] = mv
            row["error_" + col[:-2] + "_pct"] = 100 * (mv / nv - 1)
        out.append(row)
    return out


TRACE_TABLE_FIELDS = ["case", "trace", "flows", "trace_load", "ns3_p50_s", "meridian_p50_s",
                      "error_p50_pct", "ns3_p99_s", "meridian_p99_s", "error_p99_pct",
                      "ns3_mean_s", "meridian_mean_s", "error_mean_pct"]


def print_trace_table(rows, markdown):
    if markdown:
        print("| case | trace | flows | load | p50 ns-3 / Meridian (ms) | p99 ns-3 / Meridian (ms) "
              "| mean ns-3 / Meridian (ms) |")
        print("|---|---|---|---|---|---|---|")
    for r in rows:
        cells = [r["case"], str(r["trace"]), str(r["flows"]), "%.3f" % r["trace_load"]]
        for col in ("p50", "p99", "mean"):
            cells.append(("%.4g / %.4g (%+.1f %%)" % (
                1e3 * r["ns3_%s_s" % col], 1e3 * r["meridian_%s_s" % col],
                r["error_%s_pct" % col])).replace("-", "−" if markdown else "-"))
        print(("| %s |" % " | ".join(cells)) if markdown else "  ".join(cells))


TABLE_FIELDS = ["case", "measure", "unit", "ns3_runs", "ns3", "ns3_min", "ns3_max",
                "meridian_seeds", "meridian", "meridian_min", "meridian_max", "error_pct",
                "checked", "within"]


def print_table(rows):
    print("%-12s %-16s %5s %22s %5s %22s %8s" % ("case", "measure", "runs", "ns-3 (min-max)",
                                                 "seeds", "Meridian (min-max)", "error"))
    for r in rows:
        print("%-12s %-16s %5d %22s %5d %22s %+7.1f%%%s" % (
            r["case"], "%s (%s)" % (r["label"], r["unit"]), r["ns3_runs"],
            "%.4g (%.4g-%.4g)" % (r["ns3"], r["ns3_min"], r["ns3_max"]), r["meridian_seeds"],
            "%.4g (%.4g-%.4g)" % (r["meridian"], r["meridian_min"], r["meridian_max"]),
            r["error_pct"], "" if not r["checked"] else (" ok" if r["within"] else " OUTSIDE")))


def print_markdown(rows):
    """The table as docs/traffic.md §5.2 and docs/validation.md §3.8 show it."""
    print("| case | measure | ns-3 (runs: min–max) | Meridian (seeds: min–max) | error |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s (%s) | %.4g (%d: %.4g–%.4g) | %.4g (%d: %.4g–%.4g) | %s |" % (
            r["case"], r["label"], r["unit"], r["ns3"], r["ns3_runs"], r["ns3_min"],
            r["ns3_max"], r["meridian"], r["meridian_seeds"], r["meridian_min"],
            r["meridian_max"], ("%+.1f %%" % r["error_pct"]).replace("-", "−")))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cli", nargs="?", help="meridian-cli to run (absent: the ns-3 side only, "
                    "or --from-csv)")
    ap.add_argument("--from-csv", action="store_true", help="no runs: the table from the CSVs")
    ap.add_argument("--ns3-only", action="store_true", help="run ns-3 only")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 if a checked row is outside %g %%" % TOLERANCE_PCT)
    ap.add_argument("--cases", default=",".join(CASES), help="comma-separated cases to run")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--max-runs", type=int, default=None,
                    help="at most this many ns-3 runs / Meridian seeds per case (the first ones)")
    ap.add_argument("--rerun", action="store_true", help="run again what the CSVs hold")
    ap.add_argument("--work", default=None, help="folder for Meridian's .topo files and outputs")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    ap.add_argument("--wire-rate", action="store_true",
                    help="Meridian's links at the nominal rate, not ns-3's payload-equivalent "
                    "rate (its CSV: results/meridian-generators-wire.csv)")
    ap.add_argument("--compare-flows", metavar="CASE:TRACE", default=None,
                    help="with cli and --flows-dir: flow by flow on one trace, Meridian against "
                    "the ns-3 run's flows in --flows-dir (e.g. poisson-0.3:1); runs nothing else")
    ap.add_argument("--flows-dir", default=None,
                    help="write every completed flow of each ns-3 Poisson run here")
    args = ap.parse_args()
    global FLOWS_DIR, RATE_SCALE, MERIDIAN_CSV, TABLE_CSV, TRACE_TABLE_CSV
    FLOWS_DIR = args.flows_dir
    if args.wire_rate:
        RATE_SCALE = 1.0
        MERIDIAN_CSV = MERIDIAN_CSV.replace(".csv", "-wire.csv")
        TABLE_CSV = TABLE_CSV.replace(".csv", "-wire.csv")
        TRACE_TABLE_CSV = TRACE_TABLE_CSV.replace(".csv", "-wire.csv")
    if FLOWS_DIR:
        os.makedirs(FLOWS_DIR, exist_ok=True)

    if args.compare_flows:
        if not args.cli or not FLOWS_DIR:
            ap.error("--compare-flows needs meridian-cli and --flows-dir")
        name, trace = args.compare_flows.split(":")
        work = args.work or tempfile.mkdtemp(prefix="meridian-gen-")
        compare_flows(os.path.abspath(args.cli), work, name, int(trace),
                      os.path.join(FLOWS_DIR, "%s-run%s.csv" % (name, trace)))
        return 0

    cases = [c for c in args.cases.split(",") if c]
    for c in cases:
        if c not in CASES:
            ap.error("unknown case %r (cases: %s)" % (c, ", ".join(CASES)))
    if args.rerun:
        for p in (NS3_CSV, MERIDIAN_CSV):
            if os.path.exists(p):
                os.remove(p)
    if args.from_csv:
        ns3_rows, mer_rows = read(NS3_CSV), read(MERIDIAN_CSV)
    else:
        ns3_rows = read(NS3_CSV)
        if not args.cli or args.ns3_only:
            subprocess.run(["make", "-C", os.path.dirname(NS3), "-s", "generators"], check=True)
            todo = [(c, s) for c in cases for s in NS3_RUNS[CASES[c]["mode"]][:args.max_runs]]
            todo.sort(key=lambda t: t[1])  # run 1 of every case first: the long runs spread
            ns3_rows = run_grid(NS3_FIELDS, NS3_CSV, "run", todo, run_ns3, args.jobs)
        mer_rows = read(MERIDIAN_CSV)
        if args.cli and not args.ns3_only:
            cli = os.path.abspath(args.cli)
            work = args.work or tempfile.mkdtemp(prefix="meridian-gen-")
            os.makedirs(work, exist_ok=True)
            ver = subprocess.run([cli, "--version"], capture_output=True, text=True)
            build = (ver.stdout.strip() or "unknown").splitlines()[0]
            todo = [(c, s) for c in cases
                    for s in MERIDIAN_SEEDS[CASES[c]["mode"]][:args.max_runs]]
            mer_rows = run_grid(MERIDIAN_FIELDS, MERIDIAN_CSV, "seed", todo,
                                lambda c, s: run_meridian(cli, work, c, s, build), args.jobs)
    rows = table(ns3_rows, mer_rows)
    traces = trace_table(ns3_rows, mer_rows)
    if not args.from_csv:
        for path, fields, out in ((TABLE_CSV, TABLE_FIELDS, rows),
                                  (TRACE_TABLE_CSV, TRACE_TABLE_FIELDS, traces)):
            run_suite.write_csv(path, fields, [{k: ("%.6g" % v if isinstance(v, float) else v)
                                                for k, v in r.items()} for r in out])
    if args.markdown:
        print_markdown(rows)
    else:
        print_table(rows)
    print()
    print_trace_table(traces, args.markdown)
    if args.check:
        bad = [r for r in rows if r["checked"] and not r["within"]]
        for r in bad:
            print("outside %g %%: %s %s %+.1f %%" % (TOLERANCE_PCT, r["case"], r["measure"],
                                                     r["error_pct"]))
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
