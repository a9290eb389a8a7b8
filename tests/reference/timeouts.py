#!/usr/bin/env python3
"""Retransmission timeouts in the references: how many of ns-3's runs of a case time out, into
results/timeouts.csv (the kernel's counts come from `linux/run_linux.py --counters`).

A row of docs/validation.md departs from Linux where ns-3 times out and the kernel, on the
row's twin (the same case at a tenth of the rate and ten times the RTT), never does: ns-3.37
recovers by RFC 6675's SACK scoreboard without RACK, so a retransmission lost again in a queue
that several flows just overflowed waits for the retransmission timeout (departure 4), which
Linux's RACK detects one RTT later. compare.py then measures that row against the kernel twin.

    python3 tests/reference/timeouts.py --only tcp-P4-rtt2-loss0.001 --runs 1-30

Each ns-3 run is the Linux-rules case (run_suite.py --linux-cc) with tcp_flows --trace=1, which
counts each flow's entries into CA_LOSS; its completion time must equal the one in the suite's
CSVs for the same run (the trace only observes), which is checked and printed.
"""
import argparse
import csv
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import run_suite

TIMEOUTS = os.path.join(run_suite.HERE, "results", "timeouts.csv")
FIELDS = ["case", "reference", "run", "time_s", "timeouts"]
REFERENCES = ["ns3-linux-cc", "linux"]  # the CSV's order within a case


def record(rows):
    """Adds `rows` (dicts of FIELDS) to results/timeouts.csv, replacing any row of the same
    case, reference and run; keeps the file sorted by case, reference and run."""
    key = (lambda r: (r["case"], r["reference"], int(r["run"])))
    kept = {}
    if os.path.exists(TIMEOUTS):
        with open(TIMEOUTS, newline="") as f:
            kept = {key(r): r for r in csv.DictReader(f)}
    kept.update({key(r): {k: r[k] for k in FIELDS} for r in rows})
    out = sorted(kept.values(),
                 key=lambda r: (r["case"], REFERENCES.index(r["reference"]), int(r["run"])))
    run_suite.write_csv(TIMEOUTS, FIELDS, out)


def load():
    """{(case, reference): [timeouts of each counted run]} from results/timeouts.csv."""
    out = {}
    if os.path.exists(TIMEOUTS):
        with open(TIMEOUTS, newline="") as f:
            for r in csv.DictReader(f):
                out.setdefault((r["case"], r["reference"]), []).append(int(r["timeouts"]))
    return out


def suite_times():
    """{(case, run): ns-3 time} of the Linux-rules runs already in the suite's CSVs."""
    out = {}
    with open(run_suite.RESULTS_LINUX_CC, newline="") as f:
        out.update({(r["case"], 1): float(r["ns3_s"]) for r in csv.DictReader(f)})
    if os.path.exists(run_suite.RESULTS_LINUX_CC_SEEDS):
        with open(run_suite.RESULTS_LINUX_CC_SEEDS, newline="") as f:
            out.update({(r["case"], int(r["run"])): float(r["ns3_s"])
                        for r in csv.DictReader(f)})
    return out


def count(c, run):
    """Runs Linux-rules case c's RNG run `run` with the trace on: (time, timeouts)."""
    cmd = run_suite.command(c) + ["--run=%d" % run, "--trace=1"]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True)
    time_s = float(run_suite.parse(c, proc.stdout)["ns3_s"])
    timeouts = sum(int(line.split(":")[1].split()[0]) for line in proc.stderr.splitlines()
                   if line.startswith("# flow ") and "retransmission timeouts" in line)
    return time_s, timeouts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", required=True, help="the cases whose id contains this")
    ap.add_argument("--runs", default="1-30", help="RNG runs FIRST-LAST (default 1-30)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel simulations (default 2)")
    args = ap.parse_args()
    subprocess.run(["make", "-C", run_suite.NS3_DIR, "-s"], check=True)
    first, last = (int(x) for x in args.runs.split("-"))
    cases = [dict(c, cc_impl=run_suite.LINUX_CC[c["cc"]]) for cid, c in run_suite.grid().items()
             if c["program"] == "tcp_flows" and args.only in cid]
    todo = [(c, run) for c in cases for run in range(first, last + 1)
            if run == 1 or float(c["loss"]) > 0]  # a loss-free case has one run
    known = suite_times()

    def one(item):
        c, run = item
        time_s, timeouts = count(c, run)
        ref = known.get((c["case"], run))
        note = "" if ref is None else ("  (suite %.6f s%s)" % (
            ref, "" if abs(ref - time_s) <= 1e-6 * ref else ": DIFFERS"))
        print("%-42s run %2d  %9.6f s  %d timeouts%s" % (c["case"], run, time_s, timeouts, note),
              flush=True)
        return dict(case=c["case"], reference="ns3-linux-cc", run=run, time_s="%.6f" % time_s,
                    timeouts=timeouts)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        rows = list(pool.map(one, todo))
    record(rows)
    by_case = {}
    for r in rows:
        by_case.setdefault(r["case"], []).append(r["timeouts"])
    for cid, counts in by_case.items():
        print("%-42s %d of %d runs time out (%d timeouts)" % (
            cid, sum(1 for n in counts if n), len(counts), sum(counts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
