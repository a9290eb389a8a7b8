#!/bin/bash
# The real-Linux reference's network (run_linux.py; docs/validation.md, "Real Linux"):
#
#   snd --s0/r0-- rtr --r1/c0-- rcv        three network namespaces joined by veth pairs
#
#   * snd's s0: HTB at 10 x the bottleneck rate (the sender's NIC) into a 100,000-packet FIFO;
#     TSO off and GSO on, so TCP builds 64 KB skbs (a TSO host's socket accounting) and the
#     kernel cuts them into 1500-byte packets before they leave, as a TSO NIC does on the wire;
#   * rtr's r1 (towards rcv): the bottleneck, HTB at the rate into a drop-tail FIFO of
#     QUEUE_PKTS x 1514 bytes;
#   * the round-trip delay sits on the ACK path: rtr sends what arrives from rcv through the
#     tun device dl0 of a delay line (delayline.c; this kernel has no netem); random loss, when
#     asked for, through a second delay line dl1 (no delay) on the data path;
#   * sysctls per namespace: congestion control, tcp_wmem/tcp_rmem maxima, no cached metrics.
#
#   netns.sh up                      create the namespaces (needs root, veth, tun, HTB)
#   netns.sh shape RATE_MBIT QUEUE_PKTS RTT_MS LOSS CC WMEM_MAX RMEM_MAX SEED
#   netns.sh sender NS DEV RATE_MBIT CC WMEM_MAX RMEM_MAX   another sender host's TCP and NIC
#                                    (as `shape` sets snd's; separate_senders.sh)
#   netns.sh stop                    stop the delay lines (each prints how late its releases
#                                    were over its life into $DELAYLINE_LOG)
#   netns.sh down
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
DELAYLINE=${DELAYLINE:-$HERE/delayline}

PIDDIR=${PIDDIR:-/run/meridian-netns}

stop_delaylines() { # by the process ids start_delayline wrote; each prints its summary on SIGTERM
    local f pid
    for f in "$PIDDIR"/dl0.pid "$PIDDIR"/dl1.pid; do
        [ -f "$f" ] || continue
        pid=$(cat "$f")
        rm -f "$f"
        # only if that id is still one of our delay lines (not a reused id)
        grep -qF "$DELAYLINE" "/proc/$pid/cmdline" 2>/dev/null || continue
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do
            [ -d "/proc/$pid" ] || break
            sleep 0.02
        done
    done
}

start_delayline() { # NAME DELAY_MS LOSS SEED
    mkdir -p "$PIDDIR"
    # `ip netns exec` and chrt exec the delay line: $! is its process id
    ip netns exec rtr chrt -f 50 "$DELAYLINE" "$1" "$2" "$3" "$4" 2>>"${DELAYLINE_LOG:-/dev/null}" &
    echo $! >"$PIDDIR/$1.pid"
    for _ in $(seq 50); do
        ip -n rtr link show "$1" >/dev/null 2>&1 && break
        sleep 0.05
    done
    ip -n rtr link set "$1" up
    ip netns exec rtr sysctl -qw "net.ipv4.conf.$1.rp_filter=0"
}

shape_sender() { # NS DEV RATE_MBIT CC WMEM_MAX RMEM_MAX: a sender host's TCP and its NIC
    local ns=$1 dev=$2 rate=$3 cc=$4 wmax=$5 rmax=$6
    ip netns exec "$ns" sysctl -qw net.ipv4.tcp_no_metrics_save=1 \
        "net.ipv4.tcp_wmem=4096 16384 $wmax" "net.ipv4.tcp_rmem=4096 131072 $rmax" \
        "net.ipv4.tcp_congestion_control=$cc"
    ip netns exec "$ns" ip tcp_metrics flush all 2>/dev/null || true
    tc -n "$ns" qdisc del dev "$dev" root 2>/dev/null || true
    tc -n "$ns" qdisc add dev "$dev" root handle 1: htb default 1 r2q 10000
    tc -n "$ns" class add dev "$dev" parent 1: classid 1:1 htb rate $((10 * rate))mbit \
        ceil $((10 * rate))mbit burst 15k cburst 15k
    tc -n "$ns" qdisc add dev "$dev" parent 1:1 handle 10: pfifo limit 100000
}

case "$1" in
up)
    "$0" down
    # A namespace may only choose a congestion control the initial namespace allows (else
    # EPERM): allow Reno and CUBIC next to whatever is allowed already.
    allowed=$(sysctl -n net.ipv4.tcp_allowed_congestion_control)
    sysctl -qw net.ipv4.tcp_allowed_congestion_control="$(printf '%s\n' $allowed reno cubic |
        sort -u | tr '\n' ' ')"
    for n in snd rtr rcv; do
        ip netns add $n
        ip -n $n link set lo up
    done
    ip link add s0 netns snd type veth peer name r0 netns rtr
    ip link add r1 netns rtr type veth peer name c0 netns rcv
    ip -n snd addr add 10.0.1.1/24 dev s0
    ip -n rtr addr add 10.0.1.2/24 dev r0
    ip -n rtr addr add 10.0.2.2/24 dev r1
    ip -n rcv addr add 10.0.2.1/24 dev c0
    ip -n snd link set s0 up
    ip -n rtr link set r0 up
    ip -n rtr link set r1 up
    ip -n rcv link set c0 up
    ip -n snd route add default via 10.0.1.2
    ip -n rcv route add default via 10.0.2.2
    ip netns exec rtr sysctl -qw net.ipv4.ip_forward=1 net.ipv4.conf.all.rp_filter=0 \
        net.ipv4.conf.default.rp_filter=0
    ip netns exec snd ethtool -K s0 tso off gso on >/dev/null
    ip -n rtr rule add iif r1 lookup 100
    ip -n rtr rule add iif r0 lookup 101
    ;;
shape)
    rate=$2 queue=$3 rtt=$4 loss=$5 cc=$6 wmax=$7 rmax=$8 seed=$9
    ip netns exec rcv sysctl -qw net.ipv4.tcp_no_metrics_save=1 \
        "net.ipv4.tcp_wmem=4096 16384 $wmax" "net.ipv4.tcp_rmem=4096 131072 $rmax"
    ip netns exec rcv ip tcp_metrics flush all 2>/dev/null || true
    shape_sender snd s0 "$rate" "$cc" "$wmax" "$rmax"
    tc -n rtr qdisc del dev r1 root 2>/dev/null || true
    tc -n rtr qdisc add dev r1 root handle 1: htb default 1 r2q 1000
    tc -n rtr class add dev r1 parent 1: classid 1:1 htb rate ${rate}mbit ceil ${rate}mbit \
        burst 15k cburst 15k
    tc -n rtr qdisc add dev r1 parent 1:1 handle 10: bfifo limit $((queue * 1514))
    stop_delaylines
    start_delayline dl0 "$rtt" 0 "$seed"
    ip -n rtr route replace default dev dl0 table 100
    if [ "$loss" != "0" ]; then
        start_delayline dl1 0 "$loss" "$seed"
        ip -n rtr route replace 10.0.2.0/24 dev dl1 table 101
    else
        ip -n rtr route flush table 101 2>/dev/null || true
    fi
    ;;
sender)
    shift
    shape_sender "$@"
    ;;
stop)
    stop_delaylines
    ;;
down)
    stop_delaylines
    for n in snd rtr rcv; do ip netns del $n 2>/dev/null || true; done
    ;;
*)
    sed -n '2,20p' "$0"
    exit 2
    ;;
esac
