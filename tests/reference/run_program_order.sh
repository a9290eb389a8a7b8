#!/bin/bash
# The ns-3 NCCL rings in NCCL's program order (nccl_ring --loop_bytes, docs/validation.md):
# 64 MiB ring all-reduce on a star, 5,000-packet switch queues, CUBIC, 6 MiB socket buffers,
# NCCL's ring slicing (1 MiB slices, 4 in flight, 2 MiB loop chunk), 1 or 2 channels.
# Writes results/ns3-program-order.csv (about 10 min with 2 jobs). Needs `make -C ns3`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ring="$here/ns3/nccl_ring"
run() {
  local name=$1 n=$2 bw=$3 d=$4 ch=$5
  echo "$name,$("$ring" --n="$n" --bw_gbps="$bw" --delay_ms="$d" --queue_pkts=5000 \
    --bytes=67108864 --channels="$ch" --chunk_bytes=1048576 --slots=4 --loop_bytes=2097152 \
    --sndbuf=6291456 --rcvbuf=6291456 --cc=cubic | tail -1),$bw,$d,5000,67108864,2097152,6291456,6291456,cubic"
}
export -f run
export ring
{
  echo "case,n,channels,chunk_bytes,slots,handshake_s,ns3_s,iter_times_s,queue_drops,bw_gbps,delay_ms,queue_pkts,bytes,loop_bytes,sndbuf,rcvbuf,cc"
  printf '%s\n' "prog-n4-10g-1ms-c1 4 10 1 1" "prog-n8-10g-1ms-c1 8 10 1 1" \
    "prog-n16-10g-1ms-c1 16 10 1 1" "prog-n4-2.5g-7.5ms-c1 4 2.5 7.5 1" \
    "prog-n8-2.5g-7.5ms-c1 8 2.5 7.5 1" "prog-n4-2.5g-7.5ms-c2 4 2.5 7.5 2" \
    "prog-n8-10g-1ms-c2 8 10 1 2" "prog-n16-2.5g-7.5ms-c1 16 2.5 7.5 1" |
    xargs -P 2 -L 1 bash -c 'run "$@"' _
} > "$here/results/ns3-program-order.csv"
