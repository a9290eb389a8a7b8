#!/bin/bash
# How the kernel recovers from losses in one run of a case (docs/validation.md, "Known
# departures", 4): shapes the netns.sh network, runs flows.py, and prints the completion time
# and the sender's loss-recovery counters (nstat: retransmitted segments, SACK recoveries,
# retransmission timeouts, tail loss probes). Needs root and `netns.sh up` first.
#
#   timeouts.sh QUEUE_PKTS RTT_MS LOSS CC BYTES FLOWS SEED     (100 Mbit/s, 4 MiB / 6 MiB buffers)
#   e.g. for s in $(seq 10); do timeouts.sh 167 20 0.001 reno 10000000 4 $s; done
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
"$HERE/netns.sh" shape 100 "$1" "$2" "$3" "$4" 4194304 6291456 "$7" >/dev/null
ip netns exec snd nstat -n >/dev/null
port=$((5000 + RANDOM % 1000))
ends=$(mktemp)
ip netns exec rcv python3 "$HERE/flows.py" rcv "$port" "$6" >"$ends" &
sleep 0.3
start=$(ip netns exec snd python3 "$HERE/flows.py" snd 10.0.2.1 "$port" "$6" "$5" | awk '{print $2}')
wait
time_s=$(awk -v t0="$start" '/^end/ {d = $3 - t0; if (d > m) m = d} END {printf "%.6f", m}' "$ends")
rm -f "$ends"
counters=$(ip netns exec snd nstat -z TcpRetransSegs TcpExtTCPSackRecovery TcpExtTCPTimeouts \
    TcpExtTCPLossProbes | awk 'NR > 1 {printf " %s=%s", $1, $2}')
echo "time_s=$time_s$counters"
