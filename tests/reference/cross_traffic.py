#!/usr/bin/env python3
"""A bulk TCP transfer against Poisson web-search TCP flows: ns-3 against Meridian (issue 30).

Checks docs/traffic.md §5.1: how much background TCP flows slow a long transfer sharing their
bottleneck. Four cases, each at several background loads and seeds:

  * bottleneck 1 Gbit/s, drop-tail queue of 1 BDP (1,500-byte packets), access links 10 x
    faster (ns3/dumbbell.h; Meridian: the same links, never-full queues off the bottleneck);
  * the bulk ("training") transfer of 500 MB, Linux's CUBIC rules (ns3/linux_cc.h), socket
    buffers 2 x BDP + queue (the window is never bound by them); four cases (CASES):
    p2 two connections of 250 MB from one host, RTT 20 ms; p1 one connection, RTT 20 ms;
    p1s one connection, RTT 4 ms; p1s1 p1s with the background from one host (loads 0-0.3)
    (Meridian: a p2p with `streams`);
  * background: Poisson arrivals of TCP flows from 8 hosts of their own to the same receiver,
    sizes from presets/traffic/web-search.csv, offered load 0, 0.1, 0.3, 0.5 of the bottleneck
    (Meridian: a `poisson` generator with `load` and `load_link`).

Per load it prints the bulk transfer's time (mean over the seeds) and its slowdown against
load 0, ns-3 (5 runs) against Meridian (20 seeds), the background flows' p50/p99 completion
times (medians over the seeds) and, from ns-3, which flows lost the packets the queue dropped.

    python3 tests/reference/cross_traffic.py ./meridian-cli      # run both sides (~25 min)
    python3 tests/reference/cross_traffic.py --from-csv          # the table from the CSVs
    python3 tests/reference/cross_traffic.py --ns3-only          # only the ns-3 runs

Writes results/ns3-cross-traffic.csv and results/meridian-cross-traffic.csv (one row per load
and seed; a run already there is kept unless --rerun) and results/cross-traffic.csv (the table).
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

import run_suite  # write_csv (atomic), fmt
from compare import NEVER_FULL_QUEUE_PKTS, link

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NS3 = os.path.join(HERE, "ns3", "cross_traffic")
CDF = os.path.join(ROOT, "presets", "traffic", "web-search.csv")
NS3_CSV = os.path.join(HERE, "results", "ns3-cross-traffic.csv")
MERIDIAN_CSV = os.path.join(HERE, "results", "meridian-cross-traffic.csv")
TABLE_CSV = os.path.join(HERE, "results", "cross-traffic.csv")

PACKET_BYTES = 1500
def case(flows, nbytes, rtt_ms, bw_gbps=1.0, bg_hosts=8):
    """Queue 1 BDP; socket buffers 2 x BDP + queue (the window is never bound by them)."""
    bdp = bw_gbps * 1e9 / 8 * rtt_ms / 1e3
    q = round(bdp / PACKET_BYTES)
    return {"bw_gbps": bw_gbps, "rtt_ms": rtt_ms, "bg_hosts": bg_hosts, "flows": flows,
            "bytes": nbytes, "queue_pkts": q, "buf": int(2 * bdp + q * PACKET_BYTES)}


# p2: the training's transfer as two connections from one host (ns-3's one-host layout splits
# them unevenly even without background: docs/validation.md §3.2, departure 8); p1: one
# connection of the same bytes, the regime where Meridian's TCP agrees with ns-3 alone
# (validation.md); p1s: p1 at a metro RTT (4 ms), as presets/wan-cross-traffic.topo's 3.3 ms;
# p1s1: p1s with one background host.
CASES = {"p2": case(2, 250_000_000, 20.0),
         "p1": case(1, 500_000_000, 20.0),
         "p1s": case(1, 500_000_000, 4.0),
         # p1s with every background flow from one host, as the preset's single exchange `ix`:
         # Meridian's generator then reuses warm connections (traffic.md §4), ns-3 does not.
         "p1s1": case(1, 500_000_000, 4.0, bg_hosts=1)}
LOADS = (0.0, 0.1, 0.3, 0.5)
SEEDS = (1, 2, 3, 4, 5)  # ns-3 runs per load (20-40 s each at 1 Gbit/s)
MERIDIAN_SEEDS = tuple(range(1, 21))  # Meridian: milliseconds each

NS3_FIELDS = ["case", "load", "run", "bulk_s", "bulk_flow_s", "bg_flows", "bg_completed", "bg_p50_s",
              "bg_p99_s", "bg_mean_s", "queue_drops", "drops_bulk", "drops_bg", "episodes",
              "episodes_all_bulk", "episodes_any_bulk", "bulk_loss_events", "bulk_timeouts",
              "bg_bytes_completed", "wall_s", "command"]
MERIDIAN_FIELDS = ["case", "load", "seed", "bulk_s", "bg_flows", "bg_completed", "bg_p50_s", "bg_p99_s",
                   "bg_mean_s", "bg_offered_bps", "bg_carried_bps", "wall_s", "build"]
TABLE_FIELDS = ["case", "load", "ns3_runs", "ns3_bulk_s", "ns3_bulk_min_s", "ns3_bulk_max_s",
                "ns3_slowdown", "meridian_seeds", "meridian_bulk_s", "meridian_bulk_min_s",
                "meridian_bulk_max_s", "meridian_slowdown", "slowdown_error_pct",
                "ns3_bg_p50_s", "meridian_bg_p50_s", "ns3_bg_p99_s", "meridian_bg_p99_s",
                "ns3_drops_bulk", "ns3_drops_bg", "ns3_episodes", "ns3_episodes_all_bulk",
                "ns3_episodes_any_bulk", "ns3_bulk_loss_events"]


def ns3_command(name, load, run):
    CASE = CASES[name]
    return [NS3, "--load=%g" % load, "--run=%d" % run, "--flows=%d" % CASE["flows"],
            "--bytes=%d" % CASE["bytes"], "--bw_gbps=%g" % CASE["bw_gbps"],
            "--rtt_ms=%g" % CASE["rtt_ms"], "--queue_pkts=%d" % CASE["queue_pkts"],
            "--bg_hosts=%d" % CASE["bg_hosts"], "--sndbuf=%d" % CASE["buf"],
            "--rcvbuf=%d" % CASE["buf"], "--cc=linux-cubic", "--cdf=%s" % CDF]


def run_ns3(name, load, run):
    cmd = ns3_command(name, load, run)
    start = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write("ns-3 %s load %g run %d failed (%d): %s\n" % (
            name, load, run, proc.returncode, proc.stderr))
        return None
    row = dict(zip(NS3_FIELDS[1:], proc.stdout.strip().split(",")))
    row["wall_s"] = "%.1f" % (time.time() - start)
    row["command"] = " ".join([os.path.relpath(cmd[0], ROOT)] + cmd[1:-1]
                              + ["--cdf=" + os.path.relpath(CDF, ROOT)])
    return row


def topology(name, load):
    """The same case for Meridian: snd and 8 background hosts on rtr, rtr -- rcv the bottleneck."""
    CASE = CASES[name]
    bw = CASE["bw_gbps"]
    hosts = ["bg%d" % i for i in range(1, CASE["bg_hosts"] + 1)]
    nodes = ([{"id": "snd", "kind": "host"}, {"id": "rtr", "kind": "router"},
              {"id": "rcv", "kind": "host"}] + [{"id": h, "kind": "host"} for h in hosts])
    links = ([link("access", "snd", "rtr", 10 * bw, 0, NEVER_FULL_QUEUE_PKTS),
              link("bottleneck", "rtr", "rcv", bw, CASE["rtt_ms"] / 2, CASE["queue_pkts"])]
             + [link("access-" + h, h, "rtr", 10 * bw, 0, NEVER_FULL_QUEUE_PKTS) for h in hosts])
    generators = [{"id": "web", "kind": "poisson", "from": hosts, "to": "rcv", "stop_s": 3600,
                   "protocol": "tcp", "load": load, "load_link": "bottleneck",
                   "size": {"law": "web-search"}}]
    experiment = {"kind": "p2p", "from": "snd", "to": "rcv",
                  "bytes": CASE["flows"] * CASE["bytes"], "streams": CASE["flows"],
                  "protocol": "tcp", "repeat": 1, "seed": 1,
                  "transport": {"mss_bytes": 1448, "initial_window_segments": 10,
                                "max_window_bytes": CASE["buf"], "min_rto_s": 0.2,
                                "congestion_control": "cubic"},
                  "traffic": {"generators": generators}}
    return {"format": "meridian.topo", "version": 1,
            "name": "ns-3 reference: bulk TCP against web-search flows at load %g" % load,
            "nodes": nodes, "links": links, "experiment": experiment}


def run_meridian(cli, work, name, load, seed, build):
    path = os.path.join(work, "cross-%s-load%g.topo" % (name, load))
    if not os.path.exists(path):
        with open(path, "w") as f:
            json.dump(topology(name, load), f, indent=1)
    out = os.path.join(work, "cross-%s-load%g-seed%d" % (name, load, seed))
    start = time.time()
    proc = subprocess.run([cli, "run", path, "--seed", str(seed), "--out", out, "--format",
                           "json", "--quiet"], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write("meridian-cli failed on %s seed %d: %s\n" % (path, seed,
                                                                     proc.stderr.strip()))
        return None
    with open(os.path.join(out, "results.json")) as f:
        res = json.load(f)
    gen = (res.get("traffic") or [{}])[0]

    def num(key):
        v = gen.get(key)
        return "" if v is None else repr(v)
    if not gen.get("flows_completed"):
        gen = {}
    return {"case": name, "load": fmt(load), "seed": seed, "bulk_s": repr(res["collective"]["repetitions_s"][0]),
            "bg_flows": gen.get("flows", 0), "bg_completed": gen.get("flows_completed", 0),
            "bg_p50_s": num("fct_p50_s"), "bg_p99_s": num("fct_p99_s"),
            "bg_mean_s": num("fct_mean_s"), "bg_offered_bps": num("offered_bps"),
            "bg_carried_bps": num("carried_bps"), "wall_s": "%.1f" % (time.time() - start),
            "build": build}


def fmt(x):
    return run_suite.fmt(float(x))


def read(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def run_grid(fields, path, key, todo, one, jobs):
    """Runs `one(case, load, seed)` for every (case, load, seed) of todo not yet in the CSV at
    path (key: its seed column); keeps the rows there; rewrites the CSV sorted."""
    rows = {(r["case"], fmt(r["load"]), int(r[key])): r for r in read(path)}
    todo = [t for t in todo if (t[0], fmt(t[1]), t[2]) not in rows]
    print("%s: %d runs, %d jobs" % (os.path.relpath(path, ROOT), len(todo), jobs), flush=True)
    order = list(CASES)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for (c, l, s), row in zip(todo, pool.map(lambda t: one(*t), todo)):
            if row is None:
                continue
            row.update({"case": c, "load": fmt(l), key: s})
            rows[(c, fmt(l), s)] = row
            print("  %s load %-4s %s %d: bulk %s s" % (c, fmt(l), key, s, row["bulk_s"]),
                  flush=True)
            if len(rows) % 5 == 0:  # an interrupted run keeps what it has
                save_grid(fields, path, rows, order)
    return save_grid(fields, path, rows, order)


def save_grid(fields, path, rows, order):
    out = [rows[k] for k in sorted(rows, key=lambda k: (order.index(k[0]), float(k[1]), k[2]))]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    run_suite.write_csv(path, fields, out)
    return out


def mean(rows, key):
    vals = [float(r[key]) for r in rows if r.get(key) not in (None, "", "-1.000000")
            and float(r[key]) >= 0]
    return statistics.mean(vals) if vals else None


def median(rows, key):
    vals = [float(r[key]) for r in rows if r.get(key) not in (None, "") and float(r[key]) >= 0]
    return statistics.median(vals) if vals else None


def total(rows, key):
    return sum(sum(int(x) for x in str(r[key]).split(";")) for r in rows)


def table(ns3_rows, mer_rows):
    out = []
    for name in CASES:
        out += case_table(name, [r for r in ns3_rows if r["case"] == name],
                          [r for r in mer_rows if r["case"] == name])
    return out


def case_table(name, ns3_rows, mer_rows):
    out = []
    base_n = mean([r for r in ns3_rows if float(r["load"]) == 0], "bulk_s")
    base_m = mean([r for r in mer_rows if float(r["load"]) == 0], "bulk_s")
    for load in sorted({float(r["load"]) for r in ns3_rows + mer_rows}):
        n = [r for r in ns3_rows if float(r["load"]) == load]
        m = [r for r in mer_rows if float(r["load"]) == load]
        row = {"case": name, "load": fmt(load), "ns3_runs": len(n), "meridian_seeds": len(m)}
        nb, mb = mean(n, "bulk_s"), mean(m, "bulk_s")
        if n:
            row.update({"ns3_bulk_s": nb, "ns3_bulk_min_s": min(float(r["bulk_s"]) for r in n),
                        "ns3_bulk_max_s": max(float(r["bulk_s"]) for r in n),
                        "ns3_slowdown": nb / base_n if base_n else None,
                        "ns3_bg_p50_s": median(n, "bg_p50_s"), "ns3_bg_p99_s": median(n, "bg_p99_s"),
                        "ns3_drops_bulk": total(n, "drops_bulk"),
                        "ns3_drops_bg": total(n, "drops_bg"), "ns3_episodes": total(n, "episodes"),
                        "ns3_episodes_all_bulk": total(n, "episodes_all_bulk"),
                        "ns3_episodes_any_bulk": total(n, "episodes_any_bulk"),
                        "ns3_bulk_loss_events": total(n, "bulk_loss_events")})
        if m:
            row.update({"meridian_bulk_s": mb,
                        "meridian_bulk_min_s": min(float(r["bulk_s"]) for r in m),
                        "meridian_bulk_max_s": max(float(r["bulk_s"]) for r in m),
                        "meridian_slowdown": mb / base_m if base_m else None,
                        "meridian_bg_p50_s": median(m, "bg_p50_s"),
                        "meridian_bg_p99_s": median(m, "bg_p99_s")})
        if row.get("ns3_slowdown") and row.get("meridian_slowdown"):
            row["slowdown_error_pct"] = 100 * (row["meridian_slowdown"] / row["ns3_slowdown"] - 1)
        out.append(row)
    return out


def cell(x, spec="%.3g"):
    if x is None or x == "":
        return "-"
    return spec % x if isinstance(x, float) else str(x)


def print_table(all_rows):
    for name, c in CASES.items():
        rows = [r for r in all_rows if r["case"] == name]
        print("\n%s: bulk %d x %d MB, %g Gbit/s, RTT %g ms, queue 1 BDP (%d packets); web-search "
              "TCP flows from %d hosts" % (name, c["flows"], c["bytes"] // 10**6, c["bw_gbps"],
                                          c["rtt_ms"], c["queue_pkts"], c["bg_hosts"]))
        print("%-5s %16s %9s %16s %9s %8s %15s %15s %20s" % (
            "load", "ns-3 bulk (s)", "slowdown", "Meridian bulk(s)", "slowdown", "err(sd)",
            "bg p50 ns3/Mer", "bg p99 ns3/Mer", "ns-3 drops bulk/bg"))
        for r in rows:
            print("%-5s %16s %9s %16s %9s %8s %15s %15s %20s" % (
                r["load"],
                "%s (%s-%s)" % (cell(r.get("ns3_bulk_s")), cell(r.get("ns3_bulk_min_s")),
                                cell(r.get("ns3_bulk_max_s"))),
                cell(r.get("ns3_slowdown")),
                "%s (%s-%s)" % (cell(r.get("meridian_bulk_s")),
                                cell(r.get("meridian_bulk_min_s")),
                                cell(r.get("meridian_bulk_max_s"))),
                cell(r.get("meridian_slowdown")), cell(r.get("slowdown_error_pct"), "%+.0f%%"),
                "%s/%s" % (cell(r.get("ns3_bg_p50_s")), cell(r.get("meridian_bg_p50_s"))),
                "%s/%s" % (cell(r.get("ns3_bg_p99_s")), cell(r.get("meridian_bg_p99_s"))),
                "%s/%s" % (cell(r.get("ns3_drops_bulk")), cell(r.get("ns3_drops_bg")))))
        print("ns-3 overflow episodes while the bulk ran (drops < 1 RTT apart), all runs:")
        # The run without background overflows only in the bulk's own slow start, and every
        # loaded run has those episodes too: "net" leaves them out, as traffic.md §5.1 and
        # validation.md §3.7 count ("6 of 7 at load 0.1").
        own = next((int(r["ns3_episodes"]) for r in rows
                    if float(r["load"]) == 0 and r.get("ns3_episodes") not in (None, "")), 0)
        for r in rows:
            if r.get("ns3_episodes") not in (None, ""):
                first = own * int(r["ns3_runs"]) if float(r["load"]) > 0 else 0
                print("  load %-4s %3d episodes, %3d hit every bulk flow, %3d hit at least one; "
                      "bulk loss events %d; net of the bulk's own first overflows (%d per run): "
                      "%d of %d hit it" % (r["load"], int(r["ns3_episodes"]),
                                           int(r["ns3_episodes_all_bulk"]),
                                           int(r["ns3_episodes_any_bulk"]),
                                           int(r["ns3_bulk_loss_events"]), own,
                                           int(r["ns3_episodes_any_bulk"]) - first,
                                           int(r["ns3_episodes"]) - first))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cli", nargs="?", help="meridian-cli to run (absent: the ns-3 side only, "
                    "or --from-csv)")
    ap.add_argument("--from-csv", action="store_true", help="no runs: the table from the CSVs")
    ap.add_argument("--ns3-only", action="store_true", help="run ns-3 only")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rerun", action="store_true", help="run again what the CSVs hold")
    ap.add_argument("--work", default=None, help="folder for Meridian's .topo files and outputs")
    args = ap.parse_args()

    # ns-3 without background is deterministic (no random draw): one run at load 0.
    todo = [(c, l, s) for c in CASES for l in LOADS for s in SEEDS if l > 0 or s == SEEDS[0]
            if c != "p1s1" or l in (0.0, 0.1, 0.3)]
    if args.rerun:
        for p in (NS3_CSV, MERIDIAN_CSV):
            if os.path.exists(p):
                os.remove(p)
    if args.from_csv:
        ns3_rows, mer_rows = read(NS3_CSV), read(MERIDIAN_CSV)
    else:
        subprocess.run(["make", "-C", os.path.dirname(NS3), "-s", "cross_traffic"], check=True)
        ns3_rows = run_grid(NS3_FIELDS, NS3_CSV, "run", todo, run_ns3, args.jobs)
        mer_rows = read(MERIDIAN_CSV)
        if args.cli and not args.ns3_only:
            cli = os.path.abspath(args.cli)
            work = args.work or tempfile.mkdtemp(prefix="meridian-cross-")
            os.makedirs(work, exist_ok=True)
            ver = subprocess.run([cli, "--version"], capture_output=True, text=True)
            build = (ver.stdout.strip() or "unknown").splitlines()[0]
            mer_todo = [(c, l, s) for c in CASES for l in LOADS for s in MERIDIAN_SEEDS
                        if c != "p1s1" or l in (0.0, 0.1, 0.3)]
            mer_rows = run_grid(MERIDIAN_FIELDS, MERIDIAN_CSV, "seed", mer_todo,
                                lambda c, l, s: run_meridian(cli, work, c, l, s, build),
                                args.jobs)
    rows = table(ns3_rows, mer_rows)
    if not args.from_csv:
        run_suite.write_csv(TABLE_CSV, TABLE_FIELDS,
                            [{k: ("%.6g" % v if isinstance(v, float) else v) for k, v in r.items()}
                             for r in rows])
    print_table(rows)


if __name__ == "__main__":
    main()
