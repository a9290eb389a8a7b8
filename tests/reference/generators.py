#!/usr/bin/env python3
"""The background-traffic generators themselves: ns-3 against Meridian (issue 30).

Checks docs/traffic.md §5.2 (docs/validation.md §3.8). One 1 Gbit/s bottleneck, RTT 20 ms,
drop-tail queue of 1 BDP (1,667 packets of 1,500 bytes), access links 10 x faster and never
full (ns3/dumbbell.h; Meridian: the same links), Linux's CUBIC rules (ns3/linux_cc.h), IW 10,
1448-byte segments, socket buffers 2 x BDP + queue. Cases (CASES):

  * poisson-L: Poisson arrivals of TCP flows from 8 hosts to one receiver, sizes from
    presets/traffic/web-search.csv, offered load L = 0.3, 0.6, 0.9 of the bottleneck; each flow
    a fresh connection in ns-3 (BulkSend + PacketSink), a `poisson` generator in Meridian.
    Flow completion times (FCT) from the first data segment (ns-3: the connection is
    established; Meridian models no handshake) to the last byte at the receiver. Arrivals for
    a duration that gives >= 1,000 flows per run; every flow runs to completion.
  * onoff: ns-3's OnOffApplication over UDP, 400 Mbit/s while on, exponential on and off
    periods of means 20 ms and 60 ms (mean rate 100 Mbit/s), 60 s; Meridian's `on_off`.
  * onoff-bulk: the same source for 10 s beside one long-lived TCP connection (BulkSend;
    Meridian's `bulk`): the bulk's throughput.
  * bulk-N: N parallel long-lived TCP connections (iperf3 -P N; BulkSend; Meridian's `bulk`
    with `streams`) for 10 s: their throughput.

    python3 tests/reference/generators.py build/app/meridian-cli   # both sides
    python3 tests/reference/generators.py --from-csv [--check]     # the table from the CSVs
    python3 tests/reference/generators.py --ns3-only

Writes results/ns3-generators.csv and results/meridian-generators.csv (one row per case and
run/seed; a run already there is kept unless --rerun) and results/generators.csv (the table).
--check exits 1 when a row is outside its tolerance (TOLERANCE_PCT).
"""

import argparse
import csv
import json
import os
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

PACKET_BYTES = 1500
BW_GBPS = 1.0
RTT_MS = 20.0
HOSTS = 8
BDP_BYTES = BW_GBPS * 1e9 / 8 * RTT_MS / 1e3
QUEUE_PKTS = round(BDP_BYTES / PACKET_BYTES)
BUF_BYTES = int(2 * BDP_BYTES + QUEUE_PKTS * PACKET_BYTES)
WEB_SEARCH_MEAN_BYTES = 1711250.0


def poisson(load):
    # duration: >= 1,000 arrivals per run (expected 1.2 x that; lambda = load C / (8 E[S]))
    lam = load * BW_GBPS * 1e9 / (8 * WEB_SEARCH_MEAN_BYTES)
    return {"mode": "poisson", "load": load, "duration_s": round(1200 / lam)}


def onoff(duration_s, streams):
    return {"mode": "onoff", "peak_mbps": 400.0, "on_s": 0.02, "off_s": 0.06,
            "duration_s": duration_s, "streams": streams}


CASES = {"poisson-0.3": poisson(0.3), "poisson-0.6": poisson(0.6), "poisson-0.9": poisson(0.9),
         "onoff": onoff(60.0, 0), "onoff-bulk": onoff(10.0, 1),
         "bulk-1": {"mode": "bulk", "streams": 1, "duration_s": 10.0},
         "bulk-4": {"mode": "bulk", "streams": 4, "duration_s": 10.0},
         "bulk-16": {"mode": "bulk", "streams": 16, "duration_s": 10.0}}
NS3_RUNS = {"poisson": (1, 2, 3), "onoff": (1, 2, 3), "bulk": (1,)}  # bulk: no random draw
MERIDIAN_SEEDS = {"poisson": tuple(range(1, 11)), "onoff": tuple(range(1, 11)), "bulk": (1,)}

# The issue's target: p50 and p99 FCT within 15 %; rates within 15 % too.
TOLERANCE_PCT = 15.0

NS3_FIELDS = ["case", "run", "flows", "completed", "p50_s", "p99_s", "mean_s", "arrival_p50_s",
              "arrival_p99_s", "arrival_mean_s", "bytes_completed", "queue_drops", "end_s",
              "udp_bps", "bulk_bps", "bulk_stream_bps", "wall_s", "command"]
MERIDIAN_FIELDS = ["case", "seed", "flows", "completed", "p50_s", "p99_s", "mean_s",
                   "offered_bps", "udp_bps", "bulk_bps", "wall_s", "build"]


def ns3_command(name, run):
    c = CASES[name]
    cmd = [NS3, "--mode=" + c["mode"], "--run=%d" % run, "--bw_gbps=%g" % BW_GBPS,
           "--rtt_ms=%g" % RTT_MS, "--queue_pkts=%d" % QUEUE_PKTS, "--sndbuf=%d" % BUF_BYTES,
           "--rcvbuf=%d" % BUF_BYTES, "--cc=linux-cubic", "--duration_s=%g" % c["duration_s"]]
    if c["mode"] == "poisson":
        cmd += ["--load=%g" % c["load"], "--hosts=%d" % HOSTS, "--cdf=%s" % CDF]
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
                               a.replace(CDF, os.path.relpath(CDF, ROOT)) for a in cmd])
    return row


def topology(name):
    """The case for Meridian: hosts h1..hN on rtr, rtr -- rcv the bottleneck."""
    c = CASES[name]
    n_hosts = HOSTS if c["mode"] == "poisson" else 2
    hosts = ["h%d" % i for i in range(1, n_hosts + 1)]
    nodes = ([{"id": "rtr", "kind": "router"}, {"id": "rcv", "kind": "host"}]
             + [{"id": h, "kind": "host"} for h in hosts])
    links = ([link("bottleneck", "rtr", "rcv", BW_GBPS, RTT_MS / 2, QUEUE_PKTS)]
             + [link("access-" + h, h, "rtr", 10 * BW_GBPS, 0, NEVER_FULL_QUEUE_PKTS)
                for h in hosts])
    stop = c["duration_s"]
    if c["mode"] == "poisson":
        gens = [{"id": "web", "kind": "poisson", "from": hosts, "to": "rcv", "stop_s": stop,
                 "protocol": "tcp", "load": c["load"], "load_link": "bottleneck",
                 "size": {"law": "web-search"}}]
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
    path = os.path.join(work, "gen-%s.topo" % name)
    if not os.path.exists(path):
        with open(path, "w") as f:
            json.dump(topology(name), f, indent=1)
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
                    "mean_s": repr(g["fct_mean_s"]), "offered_bps": repr(g["offered_bps"])})
    if "onoff" in gens:
        row.update({"udp_bps": repr(gens["onoff"]["carried_bps"]),
                    "offered_bps": repr(gens["onoff"]["offered_bps"])})
    if "bulk" in gens:
        row["bulk_bps"] = repr(gens["bulk"]["carried_bps"])
    return row


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
    ap.add_argument("--flows-dir", default=None,
                    help="write every completed flow of each ns-3 Poisson run here")
    args = ap.parse_args()
    global FLOWS_DIR
    FLOWS_DIR = args.flows_dir
    if FLOWS_DIR:
        os.makedirs(FLOWS_DIR, exist_ok=True)

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
    if not args.from_csv:
        run_suite.write_csv(TABLE_CSV, TABLE_FIELDS,
                            [{k: ("%.6g" % v if isinstance(v, float) else v) for k, v in r.items()}
                             for r in rows])
    if args.markdown:
        print_markdown(rows)
    else:
        print_table(rows)
    if args.check:
        bad = [r for r in rows if r["checked"] and not r["within"]]
        for r in bad:
            print("outside %g %%: %s %s %+.1f %%" % (TOLERANCE_PCT, r["case"], r["measure"],
                                                     r["error_pct"]))
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
