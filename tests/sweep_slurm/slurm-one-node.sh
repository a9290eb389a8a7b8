#!/usr/bin/env bash
# A one-node Slurm cluster for the sweep's Slurm test (docs/sweeps.md, "Slurm"): munged and
# slurmctld + slurmd of Debian's slurm-wlm and munge, all state, sockets, logs and the
# configuration in one folder, on ports of their own, so nothing of the system's is touched.
#   slurm-one-node.sh start DIR   prints the SLURM_CONF to export, returns when sinfo answers
#   slurm-one-node.sh stop DIR    stops the three daemons it started (by their pid files)
# Needs root (slurmd runs jobs as their user) and the packages slurm-wlm and munge.
set -euo pipefail

cmd=${1:?usage: slurm-one-node.sh start|stop DIR}
dir=$(realpath -m "${2:?usage: slurm-one-node.sh start|stop DIR}")

stop() {
  for p in slurmd slurmctld munged; do
    if [ -f "$dir/$p.pid" ]; then
      pid=$(cat "$dir/$p.pid")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      rm -f "$dir/$p.pid"
    fi
  done
}

if [ "$cmd" = stop ]; then
  stop
  exit 0
fi
[ "$cmd" = start ] || { echo "usage: slurm-one-node.sh start|stop DIR" >&2; exit 2; }
for tool in munged slurmctld slurmd sinfo; do
  command -v "$tool" >/dev/null || { echo "slurm-one-node: $tool not found (apt-get install slurm-wlm munge)" >&2; exit 3; }
done

mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"
# munged wants a key only its user reads; a fresh one per cluster.
dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.sock" \
  --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/seed"

node=$(hostname -s)
base=$((20000 + RANDOM % 20000))
cat > "$dir/slurm.conf" <<CONF
ClusterName=meridian-test
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$base
SlurmdPort=$((base + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
NodeName=$node CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$dir/slurm.conf
slurmctld -i
slurmd
for _ in $(seq 100); do
  if sinfo -h -o %t 2>/dev/null | grep -q idle; then
    echo "SLURM_CONF=$SLURM_CONF"
    exit 0
  fi
  sleep 0.2
done
echo "slurm-one-node: the node did not become idle; logs in $dir" >&2
stop
exit 1
