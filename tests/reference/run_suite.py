#!/usr/bin/env python3
"""Packet-level validation suite of issue 14: build the ns-3 programs and run the case grid.

Writes tests/reference/results/ns3.csv, one row per case with every parameter and the ns-3
completion time. Cases already in the CSV are kept and not run again (delete the file, or use
--rerun, to start over), so an interrupted run can be resumed. At most --jobs (default 2)
simulations run at once.

    python3 tests/reference/run_suite.py                # everything (31 min on 2 shared cores)
    python3 tests/reference/run_suite.py --only ring24  # cases whose id contains 'ring24'
    python3 tests/reference/run_suite.py --list         # print the case ids
    python3 tests/reference/run_suite.py --linux-cc --separate-senders   # the parallel-flow
        # cases, Linux's rules, one sender host per flow (results/ns3-linux-cc-sep.csv)
    python3 tests/reference/run_suite.py --broadcast    # NCCL's ring broadcast, bcastpo-*
        # (results/ns3-broadcast.csv, about 15 min)

Grid (see docs/validation.md for the reasons):
  tcp-*     single flow and 4 parallel flows, bottleneck 1 Gbit/s, RTT {2, 20, 80} ms,
            loss {0, 1e-5, 1e-4, 1e-3}, queue {0.1, 1, 2} x BDP, CUBIC and NewReno, Linux default
            buffers (SndBuf 4 MiB = tcp_wmem[2], RcvBuf 6 MiB = tcp_rmem[2]); size
            clamp(20 x BDP, 10 MB, 100 MB) in total over the flows.
  tcpunc-*  the RTT 80 ms rows at loss {0, 1e-4} with unconstrained buffers (2 x BDP + queue).
  tcp1g-*   the issue's rows: 1 GiB, 10 Gbit/s, 20 ms one way, 1,000-packet queue, CUBIC,
            100 MB buffers, loss {0, 1e-4, 1e-3}.
  ringpo-*  NCCL ring all-reduce in NCCL's program order and slicing (1 MiB slices, 4 in
            flight, 2 MiB per step and loop; nccl_ring --loop_bytes), N in {4, 8, 16}, star of
            2.5 Gbit/s / 7.5 ms or 10 Gbit/s / 1 ms host links, 5,000-packet switch queues,
            64 MiB, one channel: the reference of Meridian's rings (group `ring`).
  ring24po-* the issue's headline in program order: 24 hosts, 192 MiB, 2.5 Gbit/s, 7.5 ms,
            5,000 packets, default buffers, NCCL's 2 channels (headline) or one (c1).
  ring-*, ring24-*  the same rings in dataflow order (512 KiB chunks, 8 slots, a chunk goes as
            soon as data and slot are ready; 24 hosts: two iterations, and 64 MiB buffers):
            not NCCL's schedule, kept for the record (groups *-dataflow).
  bcastpo-* (--broadcast, results/ns3-broadcast.csv) NCCL's ring broadcast from rank 0 in its
            program order (nccl_broadcast: 512 KiB one-slot slices, 8 in flight per connection),
            one channel, Linux's CUBIC rules, buffers 2 x BDP + queue, 5,000-packet switch
            queues: N in {4, 8, 16, 32} x {128, 256} MiB on 1 Gbit/s / 5 ms host links (but not
            32 x 256 MiB: 18 min for one run), and N in {4, 8} x 256 MiB on 10 Gbit/s / 0.5 ms.
            The reference of Meridian's broadcast over TCP (issue 35). closed_form_s is
            docs/collectives.md's S/B + (N-2)*C*c/B + (N-1)*alpha (alpha = 2 x delay_ms, B
            the nominal rate), kept beside ns3_s for reading the rows.
"""

import argparse
import csv
import fcntl
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

HERE = os.path.dirname(os.path.abspath(__file__))
NS3_DIR = os.path.join(HERE, "ns3")
RESULTS = os.path.join(HERE, "results", "ns3.csv")
# --linux-cc: the tcp_flows cases with Linux's congestion-control rules (ns3/linux_cc.h:
# cwnd grows only while cwnd-limited, CUBIC's Reno-friendly region, Reno's byte counting).
RESULTS_LINUX_CC = os.path.join(HERE, "results", "ns3-linux-cc.csv")
LINUX_CC = {"cubic": "linux-cubic", "newreno": "linux-reno"}
# --seeds: more RNG runs (--runs, default 2..5) of the tcp_flows cases with random loss (run 1
# is in ns3.csv).
RESULTS_SEEDS = os.path.join(HERE, "results", "ns3-seeds.csv")
# With --linux-cc --seeds: more runs of the --linux-cc cases with random loss.
RESULTS_LINUX_CC_SEEDS = os.path.join(HERE, "results", "ns3-linux-cc-seeds.csv")
# --separate-senders (with --linux-cc): the parallel-flow cases with each flow on its own sender
# host (tcp_flows --separate_senders=1), so that ns-3's one host does not hand each socket's
# window to one device queue as a block (docs/validation.md, departure 8).
RESULTS_LINUX_CC_SEP = os.path.join(HERE, "results", "ns3-linux-cc-sep.csv")
RESULTS_LINUX_CC_SEP_SEEDS = os.path.join(HERE, "results", "ns3-linux-cc-sep-seeds.csv")
# --broadcast: NCCL's ring broadcast (ns3/nccl_broadcast), the bcastpo-* cases, their own
# columns (BROADCAST_COLUMNS).
RESULTS_BROADCAST = os.path.join(HERE, "results", "ns3-broadcast.csv")
# The two slowest lossy cases (6-10 minutes per run in ns-3; with --linux-cc the two NewReno
# ones, 4-6 minutes) are left out of --seeds.
SEED_SKIP = {"stock": ("tcpunc-P1-rtt80-loss0.0001-q1bdp-cubic",
                       "tcpunc-P1-rtt80-loss0.0001-q2bdp-cubic"),
             "linux": ("tcpunc-P1-rtt80-loss0.0001-q1bdp-newreno",
                       "tcpunc-P1-rtt80-loss0.0001-q2bdp-newreno")}

MIB = 1024 * 1024
LINUX_WMEM_MAX = 4 * MIB  # net.ipv4.tcp_wmem[2] default (Documentation/networking/ip-sysctl.rst)
LINUX_RMEM_MAX = 6 * MIB  # net.ipv4.tcp_rmem[2] default (same page)
PACKET_BYTES = 1500  # IP packet: 1448 B payload + 52 B TCP/IP headers with timestamps

COLUMNS = [
    "case", "group", "program", "flows", "bw_gbps", "rtt_ms", "delay_ms", "loss", "queue_pkts",
    "queue_bdp", "cc", "sndbuf", "rcvbuf", "bytes", "n", "channels", "chunk_bytes", "slots",
    "loop_bytes", "iters", "handshake_s", "ns3_s", "flow_times_s", "queue_drops", "random_drops", "wall_s",
]
BROADCAST_COLUMNS = [
    "case", "group", "program", "n", "channels", "bw_gbps", "delay_ms", "rtt_ms", "queue_pkts",
    "cc", "sndbuf", "rcvbuf", "bytes", "slice_bytes", "slots", "handshake_s", "ns3_s",
    "closed_form_s", "queue_drops", "wall_s", "command",
]


def fmt(x):
    return ("%g" % x) if isinstance(x, float) else str(x)


def tcp_case(group, flows, bw_gbps, rtt_ms, loss, queue_pkts, cc, sndbuf, rcvbuf, nbytes,
             queue_bdp=""):
    return {
        "group": group, "program": "tcp_flows", "flows": flows, "bw_gbps": bw_gbps,
        "rtt_ms": rtt_ms, "delay_ms": rtt_ms / 2, "loss": loss, "queue_pkts": queue_pkts,
        "queue_bdp": queue_bdp, "cc": cc, "sndbuf": sndbuf, "rcvbuf": rcvbuf, "bytes": nbytes,
    }


def ring_case(group, n, bw_gbps, delay_ms, queue_pkts, nbytes, cc="cubic", channels=1,
              chunk_bytes=512 * 1024, slots=8, iters=1, buf=None, loop_bytes=0):
    """loop_bytes = 0: dataflow order (a chunk goes once its data and a slot are ready);
    > 0: NCCL's program order with that chunk per step and loop (nccl_ring --loop_bytes)."""
    return {
        "group": group, "program": "nccl_ring", "bw_gbps": bw_gbps, "rtt_ms": 4 * delay_ms,
        "delay_ms": delay_ms, "queue_pkts": queue_pkts, "cc": cc,
        "sndbuf": buf or LINUX_WMEM_MAX, "rcvbuf": buf or LINUX_RMEM_MAX, "bytes": nbytes, "n": n, "channels": channels,
        "chunk_bytes": chunk_bytes, "slots": slots, "loop_bytes": loop_bytes, "iters": iters,
    }


# NCCL's ring all-reduce with its defaults (docs/validation.md, "NCCL's program order"):
# NCCL_BUFFSIZE 4 MiB in NCCL_STEPS = 8 slots; the ring moves slices of ALLREDUCE_SLICESTEPS = 2
# slots (1 MiB), so 4 slices are in flight per connection, and a loop moves a chunk of
# ALLREDUCE_CHUNKSTEPS = 4 slots (2 MiB) per step (src/include/collectives.h,
# src/device/all_reduce.h). Meridian's comm defaults (buffsize 4 MiB, steps 8) map to the same.
NCCL_SLICE_BYTES = 1 * MIB
NCCL_SLICES_IN_FLIGHT = 4
NCCL_LOOP_BYTES = 2 * MIB


def program_order_ring(group, n, bw_gbps, delay_ms, queue_pkts, nbytes, channels=1, iters=1,
                       buf=None):
    return ring_case(group, n, bw_gbps, delay_ms, queue_pkts, nbytes, channels=channels,
                     chunk_bytes=NCCL_SLICE_BYTES, slots=NCCL_SLICES_IN_FLIGHT, iters=iters,
                     buf=buf, loop_bytes=NCCL_LOOP_BYTES)


# NCCL's broadcast (src/device/broadcast.h runRing, docs/collectives.md "Ring broadcast /
# reduce"): BROADCAST_SLICESTEPS = BROADCAST_CHUNKSTEPS = 1 slot of NCCL_BUFFSIZE 4 MiB /
# NCCL_STEPS 8, and a sender runs NCCL_STEPS slots ahead of its receiver.
NCCL_BCAST_SLICE_BYTES = 512 * 1024
NCCL_STEPS = 8


def broadcast_case(group, n, bw_gbps, delay_ms, queue_pkts, nbytes, channels=1,
                   slice_bytes=NCCL_BCAST_SLICE_BYTES, slots=NCCL_STEPS, cc="linux-cubic"):
    """Ring broadcast from rank 0; socket buffers 2 x BDP + queue (host-to-host RTT), so that
    only NCCL's slots bound a connection's flight."""
    rtt_ms = 4 * delay_ms
    buf = int(2 * bw_gbps * 1e9 / 8 * rtt_ms / 1e3 + queue_pkts * PACKET_BYTES)
    bps = bw_gbps * 1e9 / 8
    closed = (nbytes / bps + (n - 2) * channels * slice_bytes / bps
              + (n - 1) * 2 * delay_ms / 1e3)
    return {
        "group": group, "program": "nccl_broadcast", "bw_gbps": bw_gbps, "rtt_ms": rtt_ms,
        "delay_ms": delay_ms, "queue_pkts": queue_pkts, "cc": cc, "sndbuf": buf, "rcvbuf": buf,
        "bytes": nbytes, "n": n, "channels": channels, "slice_bytes": slice_bytes,
        "slots": slots, "closed_form_s": "%.6f" % closed,
    }


def broadcast_grid():
    """The bcastpo-* cases (--broadcast): Meridian's NcclBroadcastValidationTest star over TCP
    (1 Gbit/s, 5 ms per host link), and a bandwidth-rich 10 Gbit/s / 0.5 ms star."""
    cases = {}
    # 32 hosts x 256 MiB is left out: one run took 18 minutes on two shared cores (5.743 s).
    rows = [(n, 1.0, 5.0, mib) for n in (4, 8, 16, 32) for mib in (128, 256)
            if (n, mib) != (32, 256)]
    rows += [(n, 10.0, 0.5, 256) for n in (4, 8)]
    for n, bw, delay, mib in rows:
        cid = "bcastpo-n%d-%gg-%gms-%dMiB" % (n, bw, delay, mib)
        cases[cid] = broadcast_case("broadcast", n, bw, delay, 5000, mib * MIB)
    for cid, c in cases.items():
        c["case"] = cid
    return cases


def grid():
    cases = {}
    bw = 1.0
    for flows in (1, 4):
        for rtt in (2, 20, 80):
            bdp = bw * 1e9 / 8 * rtt / 1e3
            nbytes = int(min(max(20 * bdp, 10e6), 100e6))
            for loss in (0.0, 1e-5, 1e-4, 1e-3):
                for qf in (0.1, 1, 2):
                    q = max(1, round(qf * bdp / PACKET_BYTES))
                    for cc in ("cubic", "newreno"):
                        cid = "tcp-P%d-rtt%g-loss%g-q%gbdp-%s" % (flows, rtt, loss, qf, cc)
                        cases[cid] = tcp_case("tcp-P%d" % flows, flows, bw, float(rtt), loss, q,
                                              cc, LINUX_WMEM_MAX, LINUX_RMEM_MAX, nbytes, qf)
                        if rtt == 80 and loss in (0.0, 1e-4):
                            buf = int(2 * bdp + q * PACKET_BYTES)
                            uid = "tcpunc-P%d-rtt%g-loss%g-q%gbdp-%s" % (flows, rtt, loss, qf, cc)
                            cases[uid] = tcp_case("tcp-unconstrained", flows, bw, float(rtt), loss,
                                                  q, cc, buf, buf, nbytes, qf)
    for loss in (0.0, 1e-4, 1e-3):
        cases["tcp1g-loss%g" % loss] = tcp_case("issue-1GiB", 1, 10.0, 40.0, loss, 1000, "cubic",
                                                100_000_000, 100_000_000, 1 << 30)
    # The rings in NCCL's program order are the reference for Meridian's rings (groups `ring`
    # and `issue-ring24`). The dataflow-order rings (groups `*-dataflow`) are kept for the
    # record but are not NCCL's schedule (docs/validation.md).
    for bw, delay in ((2.5, 7.5), (10.0, 1.0)):
        for n in (4, 8, 16):
            cid = "ring-n%d-%gg-%gms-64MiB" % (n, bw, delay)
            cases[cid] = ring_case("ring-dataflow", n, bw, delay, 5000, 64 * MIB)
    for bw, delay in ((2.5, 7.5), (10.0, 1.0)):
        for n in (4, 8, 16):
            cid = "ringpo-n%d-%gg-%gms-64MiB" % (n, bw, delay)
            cases[cid] = program_order_ring("ring", n, bw, delay, 5000, 64 * MIB)
    # Two back-to-back iterations: the first (cold windows) is compared, the second (warm)
    # is kept in flow_times_s.
    cases["ring24-headline"] = ring_case("issue-ring24-dataflow", 24, 2.5, 7.5, 5000, 192 * MIB,
                                         iters=2)
    # Which limit binds: the same ring with socket buffers that never limit (64 MiB).
    cases["ring24-bigbuf"] = ring_case("issue-ring24-dataflow", 24, 2.5, 7.5, 5000, 192 * MIB,
                                       buf=64 * MIB)
    # The headline in program order with NCCL's defaults: 2 channels (rings duplicated
    # per NIC, graph/connect.cc), 1 MiB slices, 4 in flight, 2 MiB per step and loop; and the
    # same with one channel (the dataflow rows' channel count).
    cases["ring24po-headline"] = program_order_ring("issue-ring24", 24, 2.5, 7.5, 5000,
                                                    192 * MIB, channels=2)
    cases["ring24po-c1"] = program_order_ring("issue-ring24", 24, 2.5, 7.5, 5000, 192 * MIB)
    for cid, c in cases.items():
        c["case"] = cid
    return cases


def command(c):
    exe = os.path.join(NS3_DIR, c["program"])
    cc = c.get("cc_impl", c["cc"])  # --linux-cc sets linux-cubic / linux-reno
    common = ["--bw_gbps=%s" % fmt(c["bw_gbps"]), "--queue_pkts=%d" % c["queue_pkts"],
              "--cc=%s" % cc, "--sndbuf=%d" % c["sndbuf"], "--rcvbuf=%d" % c["rcvbuf"],
              "--bytes=%d" % c["bytes"]]
    if c["program"] == "tcp_flows":
        sep = ["--separate_senders=1"] if c.get("separate_senders") else []
        return [exe, "--flows=%d" % c["flows"], "--rtt_ms=%s" % fmt(c["rtt_ms"]),
                "--loss=%s" % fmt(c["loss"])] + sep + common
    if c["program"] == "nccl_broadcast":
        return [exe, "--n=%d" % c["n"], "--delay_ms=%s" % fmt(c["delay_ms"]),
                "--channels=%d" % c["channels"], "--slice_bytes=%d" % c["slice_bytes"],
                "--slots=%d" % c["slots"]] + common
    return [exe, "--n=%d" % c["n"], "--delay_ms=%s" % fmt(c["delay_ms"]),
            "--channels=%d" % c["channels"], "--chunk_bytes=%d" % c["chunk_bytes"],
            "--slots=%d" % c["slots"], "--loop_bytes=%d" % int(c.get("loop_bytes") or 0),
            "--iters=%d" % c["iters"]] + common


def parse(c, out):
    f = out.strip().split(",")
    if c["program"] == "tcp_flows":
        flows = int(f[0])
        return {"handshake_s": f[1], "flow_times_s": ";".join(f[2:2 + flows]),
                "ns3_s": f[2 + flows], "queue_drops": f[3 + flows],
                "random_drops": f[4 + flows]}
    # ns3_s = the first iteration (cold windows), as Meridian's first repetition; nccl_broadcast
    # prints the same fields for its one iteration.
    return {"handshake_s": f[4], "flow_times_s": f[5], "ns3_s": f[5].split(";")[0],
            "queue_drops": f[7], "random_drops": "0"}


def run_case(c, extra_args=()):
    """Runs case c (with extra command-line arguments); its row with the parsed figures."""
    start = time.time()
    proc = subprocess.run(command(c) + list(extra_args), capture_output=True, text=True)
    row = dict(c)
    if proc.returncode != 0:
        sys.stderr.write("%s %s failed (%d): %s\n" % (c["case"], " ".join(extra_args),
                                                      proc.returncode, proc.stderr))
        return None
    row.update(parse(c, proc.stdout))
    row["wall_s"] = "%.1f" % (time.time() - start)
    cmd = command(c) + list(extra_args)
    row["command"] = " ".join([os.path.relpath(cmd[0], os.path.dirname(os.path.dirname(HERE)))]
                              + cmd[1:])
    return row


def load():
    if not os.path.exists(RESULTS):
        return {}
    with open(RESULTS, newline="") as f:
        return {r["case"]: r for r in csv.DictReader(f)}


def write_csv(path, fieldnames, rows):
    """Writes `rows` (dicts; keys beyond `fieldnames` ignored) to the CSV at `path` with a
    header, through a temporary file beside it and os.replace: a reader or a crash never
    sees half a file. Every results CSV of the suite is written this way."""
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fieldnames, extrasaction="ignore",
                           lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def save(mine, order, columns=COLUMNS):
    """Write the CSV: the rows on disk (another run may have added some) plus this run's.
    Groups and the program-order column come from the grid (older rows lack loop_bytes)."""
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    grid_cases = grid()
    with open(os.path.join(tempfile.gettempdir(), "meridian-ns3-suite.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two suite processes may save at once
        rows = load()
        rows.update(mine)
        out = []
        for cid in order:
            if cid in rows:
                row = dict(rows[cid])
                if cid in grid_cases:
                    row["group"] = grid_cases[cid]["group"]
                    row["loop_bytes"] = grid_cases[cid].get("loop_bytes", "")
                out.append({k: fmt(v) if isinstance(v, float) else v for k, v in row.items()})
        write_csv(RESULTS, columns, out)


def run_seeds(cases, jobs, runs, out_csv, skip):
    """Runs `runs` of every lossy tcp_flows case but `skip` into out_csv; the rows of other
    runs already there are kept."""
    todo = [(c, run) for c in cases.values()
            if c["program"] == "tcp_flows" and float(c["loss"]) > 0 and c["case"] not in skip
            for run in runs]
    print("%d seeded runs, %d jobs" % (len(todo), jobs), flush=True)

    def one(item):
        c, run = item
        args = ["--run=%d" % run]
        f = run_case(c, args)
        if f is None:
            return None
        cmd = command(c) + args
        shown = [os.path.relpath(cmd[0], os.path.dirname(os.path.dirname(HERE)))] + cmd[1:]
        return [c["case"], run, f["ns3_s"], f["queue_drops"], f["random_drops"], " ".join(shown)]

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        out = [r for r in pool.map(one, todo) if r is not None]
    done = {(c["case"], run) for c, run in todo}
    kept = []
    if os.path.exists(out_csv):  # read after the runs: what another --seeds job wrote stays
        with open(out_csv, newline="") as f:
            kept = [[r["case"], int(r["run"]), r["ns3_s"], r["queue_drops"], r["random_drops"],
                     r["command"]] for r in csv.DictReader(f)
                    if (r["case"], int(r["run"])) not in done]
    order = {cid: i for i, cid in enumerate(grid())}  # the grid's order, not only this run's
    out = sorted(kept + out, key=lambda r: (order.get(r[0], len(order)), r[1]))
    fields = ["case", "run", "ns3_s", "queue_drops", "random_drops", "command"]
    write_csv(out_csv, fields, [dict(zip(fields, r)) for r in out])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=2, help="parallel simulations (default 2)")
    ap.add_argument("--only", default="", help="run only cases whose id contains this text")
    ap.add_argument("--skip", default="", help="do not run cases whose id contains this text")
    ap.add_argument("--rerun", action="store_true", help="run cases already in the CSV again")
    ap.add_argument("--list", action="store_true", help="list the case ids and exit")
    ap.add_argument("--seeds", action="store_true",
                    help="run more RNG runs (--runs) of the cases with random loss into "
                         "results/ns3-seeds.csv (with --linux-cc: ns3-linux-cc-seeds.csv)")
    ap.add_argument("--runs", default="2-5",
                    help="with --seeds: the RNG runs FIRST-LAST (default 2-5; run 1 is ns3.csv)")
    ap.add_argument("--linux-cc", action="store_true",
                    help="run the tcp_flows cases with Linux's congestion-control rules "
                         "(ns3/linux_cc.h) into results/ns3-linux-cc.csv")
    ap.add_argument("--separate-senders", action="store_true",
                    help="with --linux-cc: the parallel-flow cases with one sender host per "
                         "flow into results/ns3-linux-cc-sep.csv (--seeds: "
                         "ns3-linux-cc-sep-seeds.csv)")
    ap.add_argument("--broadcast", action="store_true",
                    help="run NCCL's ring broadcast cases (bcastpo-*, ns3/nccl_broadcast) into "
                         "results/ns3-broadcast.csv")
    args = ap.parse_args()
    if args.separate_senders and not args.linux_cc:
        ap.error("--separate-senders needs --linux-cc")
    if args.broadcast and (args.linux_cc or args.seeds):
        ap.error("--broadcast runs its own grid: no --linux-cc or --seeds")

    cases = grid()
    columns = COLUMNS
    global RESULTS, RESULTS_LINUX_CC_SEEDS
    if args.broadcast:
        RESULTS, cases, columns = RESULTS_BROADCAST, broadcast_grid(), BROADCAST_COLUMNS
    if args.linux_cc:
        RESULTS = RESULTS_LINUX_CC
        cases = {cid: dict(c, cc_impl=LINUX_CC[c["cc"]]) for cid, c in cases.items()
                 if c["program"] == "tcp_flows"}
    if args.separate_senders:
        RESULTS, RESULTS_LINUX_CC_SEEDS = RESULTS_LINUX_CC_SEP, RESULTS_LINUX_CC_SEP_SEEDS
        cases = {cid: dict(c, separate_senders=True) for cid, c in cases.items()
                 if c["flows"] > 1}
    if args.seeds:
        subprocess.run(["make", "-C", NS3_DIR, "-s"], check=True)
        first, last = (int(x) for x in args.runs.split("-"))
        mode = "linux" if args.linux_cc else "stock"
        # --only names the cases to run (even the slow ones left out by default).
        chosen = {cid: c for cid, c in cases.items()
                  if args.only in cid and not (args.skip and args.skip in cid)}
        run_seeds(chosen, args.jobs, tuple(range(max(2, first), last + 1)),
                  RESULTS_LINUX_CC_SEEDS if args.linux_cc else RESULTS_SEEDS,
                  () if args.only else SEED_SKIP[mode])
        return
    if args.list:
        print("\n".join(cases))
        return
    subprocess.run(["make", "-C", NS3_DIR, "-s"], check=True)
    done = load()
    todo = [c for cid, c in cases.items()
            if args.only in cid and not (args.skip and args.skip in cid)
            and (args.rerun or cid not in done)]
    rows = {}
    # Longest first, so the pool does not end with one long case running alone.
    weight = {"nccl_ring": 1000, "nccl_broadcast": 1000, "tcp_flows": 1}
    todo.sort(key=lambda c: -(weight[c["program"]] * c["bytes"] * max(1, c.get("n", 1) or 1)))
    print("%d cases to run, %d jobs" % (len(todo), args.jobs), flush=True)
    start = time.time()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for future in as_completed([pool.submit(run_case, c) for c in todo]):
            row = future.result()
            if row is None:
                continue
            rows[row["case"]] = row
            save(rows, list(cases), columns)
            print("%-45s ns3 %10s s  (wall %s s)" % (row["case"], row["ns3_s"], row["wall_s"]),
                  flush=True)
    print("grid wall time %.0f s" % (time.time() - start), flush=True)


if __name__ == "__main__":
    main()
