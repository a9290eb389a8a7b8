#!/usr/bin/env python3
"""One kernel run of run_linux.py's P-flow case, with every flow's cwnd, ssthresh and RTT
sampled from the sender's TCP (`ss -tin`) every few milliseconds: how the kernel's flows leave
slow start and share the bottleneck, beside the single completion time run_linux.py records.

    sudo python3 tests/reference/linux/trace_cwnd.py FLOWS RTT_MS QUEUE_BDP CC BYTES \
        [RATE_MBIT] [OUT]
    sudo python3 tests/reference/linux/trace_cwnd.py 4 80 1 cubic 20000000   # lx-P4-rtt80-…-q1bdp

OUT (default /tmp/meridian-cwnd-trace.txt) gets a header with the case, the run's time, the
per-flow times and the bottleneck's drops, then one line per sample and flow:
`T port P cwnd W ssthresh S rtt_ms R bytes_acked B` (T: CLOCK_MONOTONIC seconds; cwnd and
ssthresh in segments). Loss-free cases only (the loss line is not set up). Sampling costs CPU:
the flows' applications still run SCHED_FIFO (run_linux.py), the sampler does not.
"""
import os
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_linux  # noqa: E402

FIELDS = (("cwnd", r"cwnd:(\d+)"), ("ssthresh", r"ssthresh:(\d+)"), ("rtt_ms", r" rtt:([\d.]+)"),
          ("bytes_acked", r"bytes_acked:(\d+)"),
          ("retrans_total", r"retrans:\d+/(\d+)"), ("rto_ms", r" rto:([\d.]+)"))


def main():
    if len(sys.argv) < 6:
        raise SystemExit(__doc__)
    flows, rtt_ms, q, cc, nbytes = (int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]),
                                    sys.argv[4], int(sys.argv[5]))
    rate = int(sys.argv[6]) if len(sys.argv) > 6 else run_linux.RATE_MBIT
    out = sys.argv[7] if len(sys.argv) > 7 else "/tmp/meridian-cwnd-trace.txt"
    case = run_linux.lx_case(flows, rtt_ms, 0, q, cc, nbytes, rate)
    samples, stop = [], threading.Event()

    def sample():
        while not stop.is_set():
            text = subprocess.run(["ip", "netns", "exec", "snd", "ss", "-tin", "state",
                                   "established"], capture_output=True, text=True).stdout
            samples.append((time.monotonic(), text))
            time.sleep(0.005)

    netns = os.path.join(run_linux.HERE, "netns.sh")
    subprocess.run([netns, "up"], check=True)
    try:
        sampler = threading.Thread(target=sample)
        sampler.start()
        try:
            total, ends, drops = run_linux.linux_run(case, 1)
        finally:
            stop.set()
            sampler.join()
    finally:
        subprocess.run([netns, "down"])
    with open(out, "w") as f:
        f.write("# %s time %s ends %s drops %s\n" % (case["case"], total, ends, drops))
        for t, text in samples:
            lines = text.splitlines()
            for head, info in zip(lines, lines[1:]):
                port = re.search(r":(\d+)\s+10\.0\.2\.1:\d+", head)
                if not port:
                    continue
                cells = []
                for name, pattern in FIELDS:
                    m = re.search(pattern, info)
                    cells.append("%s %s" % (name, m.group(1) if m else "-"))
                f.write("%.4f port %s %s\n" % (t, port.group(1), " ".join(cells)))
    print("time %.3f s, flows %s, drops %s; samples in %s" % (total, ends, drops, out))


if __name__ == "__main__":
    main()
