#!/bin/bash
# Four flows, each from its own sender host (namespaces snd, snd2, snd3, snd4, each with its own
# NIC into rtr), through the kernel's TCP over netns.sh's bottleneck: does the kernel's
# four-flow time depend on the flows sharing one host (one qdisc, TSQ) as ns-3's does
# (tcp_flows --separate_senders)? docs/validation.md, "The kernel's own TCP". As root:
#
#   separate_senders.sh RATE_MBIT QUEUE_PKTS RTT_MS CC TOTAL_BYTES [RUNS]
#
# prints, per run, the time (last byte of any flow - first flow's start) and each flow's.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
rate=$1 queue=$2 rtt=$3 cc=$4 bytes=$5 runs=${6:-3}
"$HERE/netns.sh" up
for i in 2 3 4; do
    ip netns add snd$i
    ip -n snd$i link set lo up
    ip link add x$i netns snd$i type veth peer name rx$i netns rtr
    ip -n snd$i addr add 10.0.$((10 + i)).1/24 dev x$i
    ip -n rtr addr add 10.0.$((10 + i)).2/24 dev rx$i
    ip -n snd$i link set x$i up
    ip -n rtr link set rx$i up
    ip -n snd$i route add default via 10.0.$((10 + i)).2
    ip netns exec snd$i ethtool -K x$i tso off gso on >/dev/null
done
cleanup() {
    for i in 2 3 4; do ip netns del snd$i 2>/dev/null || true; done
    "$HERE/netns.sh" down
}
trap cleanup EXIT
for run in $(seq "$runs"); do
    "$HERE/netns.sh" shape "$rate" "$queue" "$rtt" 0 "$cc" 4194304 6291456 "$run"
    for i in 2 3 4; do # the same TCP settings and NIC as snd's
        "$HERE/netns.sh" sender snd$i x$i "$rate" "$cc" 4194304 6291456
    done
    out=$(mktemp -d)
    port=$((5000 + RANDOM % 900))
    ip netns exec rcv python3 "$HERE/flows.py" rcv $port 4 >"$out/rcv" &
    rcv=$!
    sleep 0.3
    start=$(python3 -c "import time; print(time.monotonic() + 1.0)")
    i=0
    for ns in snd snd2 snd3 snd4; do
        ip netns exec $ns python3 "$HERE/flows.py" one 10.0.2.1 $port $i $((bytes / 4)) \
            "$start" >"$out/snd$i" &
        i=$((i + 1))
    done
    wait
    python3 - "$out" <<'PY'
import sys, glob
d = sys.argv[1]
t0 = min(float(open(f).read().split()[1]) for f in glob.glob(d + "/snd*"))
ends = [float(l.split()[2]) - t0 for l in open(d + "/rcv") if l.startswith("end")]
print("%.4f s  flows %s" % (max(ends), " ".join("%.3f" % e for e in ends)))
PY
    rm -rf "$out"
done
