#!/usr/bin/env python3
"""The real-Linux reference: TCP flows through the running kernel's TCP over an emulated
bottleneck, and the same cases in ns-3 with Linux's rules, into results/linux.csv.

Needs root on a kernel with network namespaces, veth, tun and HTB (netns.sh). Why 100 Mbit/s:
the emulation is three namespaces on this machine's two cores, and above ~200 Mbit/s the
delay line's releases run late by milliseconds (it prints how late; docs/validation.md).

    sudo python3 tests/reference/linux/run_linux.py            # the grid, 5 Linux runs each
    sudo python3 tests/reference/linux/run_linux.py --only lx-P8 --runs 3 --kernel-only
    sudo python3 tests/reference/linux/run_linux.py --only lx-P1-rtt20-loss0-q1bdp-cubic \
        --runs 3 --csv /tmp/scratch.csv     # into another CSV (a check of this machine)
    sudo python3 tests/reference/linux/run_linux.py --only P4 --runs 3
    sudo python3 tests/reference/linux/run_linux.py --only lx-P4-rtt20-loss0.001-q1bdp-newreno \
        --runs 10 --counters     # each run's time and the sender's loss-recovery counters
                                 # (its timeouts into results/timeouts.csv)

Grid: 1 and 4 flows x RTT {20, 80, 200} ms x queue {0.1, 1, 2} x BDP x {CUBIC, Reno}, loss 0,
bottleneck 100 Mbit/s, sender NIC 1 Gbit/s, Linux's default buffer maxima (tcp_wmem 4 MiB,
tcp_rmem 6 MiB), size clamp(20 x BDP, 5 MB, 30 MB) over all flows; and one flow with random
loss {1e-4, 1e-3} on the data path at RTT {20, 80} ms, 1-BDP queue, 5 MB, ten runs each in the
kernel and in ns-3 (RNG runs 1-10); and twins of ns-3 grid rows with random loss (the 2 ms
four-flow rows and the 20 ms rows at p = 1e-4) scaled to 100 Mbit/s with the RTT x 10, ten
runs each. Several connections on one bottleneck (issue 35): 1, 2, 4 and 8 flows x
bottleneck {100, 40} Mbit/s x RTT {20, 80} ms x queue {0.05, 0.5, 1, 2} x BDP x {CUBIC, Reno},
loss 0, the same size rule (cases the first grid has are not repeated; a case at a rate other
than 100 Mbit/s names it: lx-P8-r40-rtt20-...). Rows already in the CSV are kept (resume);
--rerun drops the chosen cases' rows first.

Every kernel run prints how late the delay lines' releases were over the run (releases more
than 1 ms late / all releases, and the latest); the delay lines' own lines go to --delay-log.
A run with a release later than --max-late-ms (4 ms) is run again. The applications (flows.py)
run SCHED_FIFO below the delay lines (--no-rt: as before, at normal priority).
"""
import argparse
import csv
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.dirname(HERE)
sys.path.insert(0, REFERENCE)
import run_suite  # noqa: E402  (the ns-3 command line of a tcp_flows case)
import timeouts  # noqa: E402  (results/timeouts.csv)

RESULTS = os.path.join(REFERENCE, "results", "linux.csv")
RATE_MBIT = 100  # the first grid's bottleneck rate; a case may have another (rate_mbit)
PACKET_BYTES = 1500
FIELDS = ["case", "group", "program", "flows", "bw_gbps", "rtt_ms", "delay_ms", "loss",
          "queue_pkts", "queue_bdp", "cc", "sndbuf", "rcvbuf", "bytes", "reference", "run",
          "time_s", "flow_times_s", "queue_drops", "wall_s"]
LINUX_CC_NAME = {"cubic": "cubic", "newreno": "reno"}
NS3_CC_NAME = {"cubic": "linux-cubic", "newreno": "linux-reno"}
REFERENCES = ["linux", "ns3-linux-cc", "ns3-linux-cc-sep"]  # the CSV's order within a case
LOSSY_RUNS = 10  # runs of a case with random loss, in the kernel and in ns-3
# The sending and receiving applications run real-time (SCHED_FIFO 40, below the delay lines'
# 50), so a machine busy with other work does not starve them: under a parallel build, without
# it, the senders' sendall lost the CPU for milliseconds and their flows overflowed the queue
# less than on an idle machine (four CUBIC flows at 80 ms, 1 BDP: 57-129 drops against the
# committed rows' 181-266). They use little CPU (100 Mbit/s of copies).
FLOWS_PRIO = ["chrt", "-f", "40"]
# A kernel run in which a delay line released a packet later than this is run again (up to
# MAX_ATTEMPTS times; the last is kept): a late release is a jump in the RTT, and HyStart's
# delay rule takes 4 ms (its lower clamp) as the end of slow start.
MAX_LATE_MS = 4.0
MAX_ATTEMPTS = 3


def lx_case(flows, rtt_ms, loss, q, cc, nbytes, rate_mbit=RATE_MBIT):
    """A kernel case: P flows, RTT, random loss on the data path, a queue of q BDPs, CUBIC or
    Reno, Linux's default buffer maxima (tcp_wmem 4 MiB, tcp_rmem 6 MiB), nbytes in all, a
    bottleneck of rate_mbit (named in the case id when it is not 100 Mbit/s)."""
    bdp = rate_mbit * 1e6 / 8 * rtt_ms / 1e3
    rate = "" if rate_mbit == RATE_MBIT else "-r%d" % rate_mbit
    return {"case": "lx-P%d%s-rtt%d-loss%s-q%sbdp-%s" % (flows, rate, rtt_ms, loss, q, cc),
            "group": "linux-P%d%s" % (flows, "-loss" if loss else ""), "program": "tcp_flows",
            "flows": flows, "rate_mbit": rate_mbit, "bw_gbps": rate_mbit / 1000,
            "rtt_ms": rtt_ms,
            "delay_ms": rtt_ms / 2, "loss": loss,
            "queue_pkts": max(1, round(q * bdp / PACKET_BYTES)), "queue_bdp": q, "cc": cc,
            "sndbuf": 4194304, "rcvbuf": 6291456, "bytes": nbytes}


def grid():
    cases = []
    for flows in (1, 4):
        for rtt_ms in (20, 80, 200):
            bdp = RATE_MBIT * 1e6 / 8 * rtt_ms / 1e3
            nbytes = int(min(max(20 * bdp, 5e6), 30e6))
            for q in (0.1, 1, 2):
                for cc in ("cubic", "newreno"):
                    cases.append(lx_case(flows, rtt_ms, 0, q, cc, nbytes))
    # Random loss on the data path: one flow, 1-BDP queue, 5 MB (a loss-limited transfer at
    # p = 1e-3 and 80 ms runs at ~6 Mbit/s), ten runs each (--runs applies to loss-free cases).
    for rtt_ms in (20, 80):
        for loss in (1e-4, 1e-3):
            for cc in ("cubic", "newreno"):
                cases.append(lx_case(1, rtt_ms, loss, 1, cc, 5000000))
    # Twins of the ns-3 grid's parallel-flow rows with random loss at 2 ms and of its 20 ms
    # rows at p = 1e-4 (where Meridian and ns-3 disagree most): the same case scaled to
    # 100 Mbit/s with the RTT x 10 -- the same BDP in packets, queue, bytes and loss per packet,
    # every time x 10 (a loss-free or Reno transfer is the same in RTTs) -- ten runs each.
    for rtt_ms, nbytes, losses, flow_counts, queues in (
            (20, 10_000_000, (1e-4, 1e-3), (4,), (0.1, 1, 2)),
            (200, 50_000_000, (1e-4,), (1, 4), (1, 2))):
        for flows in flow_counts:
            for loss in losses:
                for q in queues:
                    for cc in ("cubic", "newreno"):
                        cases.append(lx_case(flows, rtt_ms, loss, q, cc, nbytes))
    # Several connections on one bottleneck (issue 35, "Fidelity II"): 1-8 flows at two rates
    # and two RTTs, queues from 0.05 BDP (a few packets) to 2 BDP, loss-free; the cases above
    # are not repeated.
    have = {c["case"] for c in cases}
    for flows in (1, 2, 4, 8):
        for rate_mbit in (100, 40):
            for rtt_ms in (20, 80):
                bdp = rate_mbit * 1e6 / 8 * rtt_ms / 1e3
                nbytes = int(min(max(20 * bdp, 5e6), 30e6))
                for q in (0.05, 0.5, 1, 2):
                    for cc in ("cubic", "newreno"):
                        c = lx_case(flows, rtt_ms, 0, q, cc, nbytes, rate_mbit)
                        if c["case"] not in have:
                            cases.append(c)
    return cases


# The sender's loss-recovery and slow-start counters (nstat) that --counters prints: how
# HyStart ended each flow's slow start (ACK train or delay increase; *Cwnd: the sum of the
# windows it ended them at, in segments).
RECOVERY_COUNTERS = ["TcpRetransSegs", "TcpExtTCPSackRecovery", "TcpExtTCPTimeouts",
                     "TcpExtTCPLossProbes", "TcpExtTCPHystartTrainDetect",
                     "TcpExtTCPHystartTrainCwnd", "TcpExtTCPHystartDelayDetect",
                     "TcpExtTCPHystartDelayCwnd"]


def linux_run(c, run, counters=None, lateness=None):
    """One run through the kernel: (time_s, per-flow times, bottleneck drops). With a dict
    `counters`, also the sender's RECOVERY_COUNTERS over the run into it; with a dict
    `lateness`, how late the delay lines' releases were over the run (delay_lateness)."""
    netns = os.path.join(HERE, "netns.sh")
    log_start = os.path.getsize(DELAY_LOG) if os.path.exists(DELAY_LOG) else 0
    subprocess.run([netns, "shape", str(c["rate_mbit"]), str(c["queue_pkts"]), str(c["rtt_ms"]),
                    str(c["loss"]), LINUX_CC_NAME[c["cc"]], str(c["sndbuf"]), str(c["rcvbuf"]),
                    str(run)], check=True)
    if counters is not None:  # nstat -n: take the history, so the next read is this run's
        subprocess.run(["ip", "netns", "exec", "snd", "nstat", "-n"], check=True)
    port = 5000 + random.randrange(1000)
    flows = os.path.join(HERE, "flows.py")
    rcv = subprocess.Popen(["ip", "netns", "exec", "rcv"] + FLOWS_PRIO +
                           [sys.executable, flows, "rcv", str(port), str(c["flows"])],
                           stdout=subprocess.PIPE, text=True)
    assert rcv.stdout.readline().strip() == "ready"
    snd = subprocess.run(["ip", "netns", "exec", "snd"] + FLOWS_PRIO +
                         [sys.executable, flows, "snd", "10.0.2.1", str(port), str(c["flows"]),
                          str(c["bytes"])],
                         capture_output=True, text=True, check=True, timeout=600)
    out = rcv.communicate(timeout=600)[0]
    t0 = float(snd.stdout.split()[1])
    ends = [float(l.split()[2]) - t0 for l in out.splitlines() if l.startswith("end")]
    stats = subprocess.run(["tc", "-n", "rtr", "-s", "qdisc", "show", "dev", "r1"],
                           capture_output=True, text=True).stdout
    drops = re.search(r"bfifo.*?dropped (\d+)", stats, re.S)
    if counters is not None:
        out = subprocess.run(["ip", "netns", "exec", "snd", "nstat", "-z"] + RECOVERY_COUNTERS,
                             capture_output=True, text=True, check=True).stdout
        counters.update({f[0]: int(f[1]) for f in (l.split() for l in out.splitlines()[1:])})
    subprocess.run([netns, "stop"], check=True)  # each delay line prints its summary
    if lateness is not None:
        lateness.update(delay_lateness(log_start))
    return max(ends), ends, int(drops.group(1)) if drops else -1


# The delay lines' stderr (netns.sh: DELAYLINE_LOG): each prints, when stopped after a run,
# "exit NAME released N dropped D late_over_500us A late_over_1ms B latest_late_us L".
DELAY_LOG = os.environ.setdefault("DELAYLINE_LOG", "/tmp/meridian-delayline.log")


def delay_lateness(offset):
    """The delay lines' summaries written to DELAY_LOG from byte `offset` on, summed:
    released, late_over_500us, late_over_1ms and the latest (latest_late_us)."""
    total = dict(released=0, late_over_500us=0, late_over_1ms=0, latest_late_us=0)
    with open(DELAY_LOG) as f:
        f.seek(offset)
        for line in f:
            if line.startswith("exit "):
                v = line.split()
                fields = dict(zip(v[2::2], map(float, v[3::2])))
                for k in ("released", "late_over_500us", "late_over_1ms"):
                    total[k] += int(fields[k])
                total["latest_late_us"] = max(total["latest_late_us"], fields["latest_late_us"])
    return total


def lateness_text(late):
    return "late>1ms %d/%d (>0.5ms %d) latest %.0f us" % (
        late["late_over_1ms"], late["released"], late["late_over_500us"], late["latest_late_us"])


def ns3_handshakes_fit(c):
    """Whether ns-3's tcp_flows can open case c's connections as the kernel's do. tcp_flows
    sends the P SYNs at the data's start, together, into the bottleneck's queue of queue_pkts
    *packets* (one more in service); flows.py opens them 0.5 s before the data, and the
    kernel's bfifo counts bytes (3 x 1,514 bytes hold 8 SYNs). With more SYNs than that, ns-3
    drops some, their connections start 3 s later (ns-3's initial RTO) and the time measures
    the handshake: 8 flows into 3 packets (lx-P8-r40-rtt20-loss0-q0.05bdp-*) took 4.57 s,
    each flow at most 1.57 s. No ns-3 row is recorded for such a case."""
    return c["flows"] <= c["queue_pkts"] + 1


def ns3_run(c, run, separate_senders=False):
    cmd = run_suite.command(dict(c, cc_impl=NS3_CC_NAME[c["cc"]],
                                 separate_senders=separate_senders)) + ["--run=%d" % run]
    f = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip().split(",")
    flows = int(f[0])
    return float(f[2 + flows]), [float(x) for x in f[2:2 + flows]], int(f[3 + flows])


def main():
    global DELAY_LOG
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="", help="cases whose id contains this")
    ap.add_argument("--runs", type=int, default=5, help="Linux runs per case (default 5)")
    ap.add_argument("--rerun", action="store_true", help="drop the chosen cases' rows first")
    ap.add_argument("--ns3-only", action="store_true",
                    help="run only the ns-3 rows (no root, no namespaces)")
    ap.add_argument("--kernel-only", action="store_true",
                    help="run only the kernel's rows (no ns-3 twins; ns-3 need not be built)")
    ap.add_argument("--csv", default=RESULTS,
                    help="the results CSV (default results/linux.csv; another file for a "
                         "check that must not touch the reference)")
    ap.add_argument("--max-late-ms", type=float, default=MAX_LATE_MS,
                    help="run a kernel run again (up to %d times) when a delay line released "
                         "a packet later than this (default %%(default)s ms)" % MAX_ATTEMPTS)
    ap.add_argument("--no-rt", action="store_true",
                    help="run the applications (flows.py) at normal priority, not SCHED_FIFO")
    ap.add_argument("--delay-log", default=DELAY_LOG,
                    help="where the delay lines write how late their releases were "
                         "(default %(default)s)")
    ap.add_argument("--counters", action="store_true",
                    help="kernel runs 1..--runs of the chosen cases, each printed with the "
                         "sender's loss-recovery and HyStart counters (timeouts, tail loss "
                         "probes, slow-start exits by ACK train or delay); the "
                         "timeouts of each run go to results/timeouts.csv (timeouts.py)")
    args = ap.parse_args()
    DELAY_LOG = os.environ["DELAYLINE_LOG"] = os.path.abspath(args.delay_log)
    if args.no_rt:
        FLOWS_PRIO.clear()
    cases = [c for c in grid() if args.only in c["case"]]
    if args.counters:
        subprocess.run([os.path.join(HERE, "netns.sh"), "up"], check=True)
        counted = []
        try:
            for c in cases:
                for run in range(1, args.runs + 1):
                    counters, late = {}, {}
                    t = linux_run(c, run, counters, late)[0]
                    print("%-40s run %2d  %8.4f s  %s  %s" % (c["case"], run, t, "  ".join(
                        "%s=%d" % kv for kv in counters.items()), lateness_text(late)),
                        flush=True)
                    counted.append(dict(case=c["case"], reference="linux", run=run,
                                        time_s="%.6f" % t,
                                        timeouts=counters["TcpExtTCPTimeouts"]))
        finally:
            subprocess.run([os.path.join(HERE, "netns.sh"), "down"])
            timeouts.record(counted)
        return
    rows = []
    if os.path.exists(args.csv):
        with open(args.csv, newline="") as f:
            rows = list(csv.DictReader(f))
    chosen = {c["case"] for c in cases}
    if args.rerun:
        rows = [r for r in rows if r["case"] not in chosen]
    done = {(r["case"], r["reference"], int(r["run"])) for r in rows}
    def runs(c):
        return max(args.runs, LOSSY_RUNS) if c["loss"] else args.runs
    todo = []
    if not args.kernel_only:
        ns3_cases = [c for c in cases if ns3_handshakes_fit(c)]
        todo += [(c, "ns3-linux-cc", run) for c in ns3_cases
                 for run in range(1, (runs(c) if c["loss"] else 1) + 1)]
        # ns-3 with each of several flows on its own sender host (tcp_flows
        # --separate_senders): which of ns-3's two layouts is nearer the kernel
        # (docs/validation.md).
        todo += [(c, "ns3-linux-cc-sep", 1) for c in ns3_cases if c["flows"] > 1]
    if not args.ns3_only:
        todo += [(c, "linux", run) for run in range(1, max(map(runs, cases)) + 1)
                 for c in cases if run <= runs(c)]
    order = {c["case"]: i for i, c in enumerate(grid())}  # the CSV's row order
    if not args.ns3_only:
        subprocess.run([os.path.join(HERE, "netns.sh"), "up"], check=True)
    try:
        for c, reference, run in todo:
            if (c["case"], reference, run) in done:
                continue
            start = time.time()
            late = {}
            if reference == "linux":
                for attempt in range(1, MAX_ATTEMPTS + 1):
                    t, ends, drops = linux_run(c, run, lateness=late)
                    if late["latest_late_us"] <= args.max_late_ms * 1e3:
                        break
                    print("%-36s %-13s run %d  %8.4f s  drops %d  %s: %s (attempt %d)"
                          % (c["case"], reference, run, t, drops, lateness_text(late),
                             "kept" if attempt == MAX_ATTEMPTS else "run again", attempt),
                          flush=True)
                    start = time.time()
            else:
                t, ends, drops = ns3_run(c, run, reference == "ns3-linux-cc-sep")
            row = dict(c, reference=reference, run=run, time_s="%.6f" % t,
                       flow_times_s=";".join("%.6f" % e for e in ends), queue_drops=drops,
                       wall_s="%.1f" % (time.time() - start))
            rows.append({k: row[k] for k in FIELDS})
            print("%-36s %-13s run %d  %8.4f s  drops %d%s" % (
                c["case"], reference, run, t, drops,
                "  " + lateness_text(late) if late else ""), flush=True)
            rows.sort(key=lambda r: (order.get(r["case"], 1e9), REFERENCES.index(r["reference"]),
                                     int(r["run"])))
            run_suite.write_csv(args.csv, FIELDS, rows)
    finally:
        if not args.ns3_only:
            subprocess.run([os.path.join(HERE, "netns.sh"), "down"])


if __name__ == "__main__":
    main()
