#!/usr/bin/env bash
# A three-node MariaDB Galera cluster on 127.0.0.1 for tests and measurements.
#
#   scripts/galera-cluster.sh start  [dir]     bootstrap node 1, join 2 and 3, wait until all Synced
#   scripts/galera-cluster.sh stop   [dir]     clean shutdown (3, 2, then 1, so 1 may bootstrap next)
#   scripts/galera-cluster.sh status [dir]     one line per node; exit 0 only when 3 nodes are Synced
#   scripts/galera-cluster.sh kill   N [dir]   SIGKILL node N (failover tests)
#   scripts/galera-cluster.sh rejoin N [dir]   recover node N's position and rejoin (IST when possible)
#
# Nodes 1-3 listen for SQL on 127.0.0.1:3307-3309 (root, empty password), group communication on
# 14001-14003, IST on 14011-14013, rsync SST on 14021-14023. Each node has its own data directory
# and defaults file under [dir] (default $SG_GALERA_DIR, else /tmp/socialgraph-galera); the
# system's my.cnf and the MariaDB on 3306 are never touched. When no node is running and node 1
# may not bootstrap from its saved state (all three stopped uncleanly), start wipes the data
# directories and begins again: it is a test cluster. Installs nothing: it needs
# mariadb-server, galera-4 and rsync (.ci/run installs them).
set -euo pipefail
. "$(dirname "$0")/common.sh"

usage() {
  echo "usage: $0 start|stop|status [dir] | kill|rejoin <1|2|3> [dir]" >&2
  exit 2
}

cmd=${1:-}
node_arg=
case "$cmd" in
  start | stop | status) dir=${2:-} ;;
  kill | rejoin)
    node_arg=${2:-}
    [[ "$node_arg" =~ ^[123]$ ]] || usage
    dir=${3:-}
    ;;
  *) usage ;;
esac
dir=${dir:-${SG_GALERA_DIR:-/tmp/socialgraph-galera}}
NODES=(1 2 3)
PROVIDER=${GALERA_PROVIDER:-/usr/lib/galera/libgalera_smm.so}
RUN_AS=$([ "$(id -u)" = 0 ] && echo mysql || id -un)

sql_port() { echo $((3306 + $1)); }
gcomm_port() { echo $((14000 + $1)); }
ndir() { echo "$dir/node$1"; }
cnf() { echo "$(ndir "$1")/my.cnf"; }
pidfile() { echo "$(ndir "$1")/mariadbd.pid"; }

need() {
  for f in /usr/sbin/mariadbd "$PROVIDER"; do
    [ -e "$f" ] || { echo "galera-cluster: $f not found (install mariadb-server and galera-4)" >&2; exit 1; }
  done
  command -v rsync >/dev/null || { echo "galera-cluster: rsync not found (needed for state transfer)" >&2; exit 1; }
}

write_cnf() {
  local n=$1 d
  d=$(ndir "$n")
  mkdir -p "$d/data"
  # A full cluster address lets any node join whichever others are up.
  local members="127.0.0.1:$(gcomm_port 1),127.0.0.1:$(gcomm_port 2),127.0.0.1:$(gcomm_port 3)"
  {
    mariadbd_cnf "$d" "$(sql_port "$n")"
    cat <<EOF
bind-address=127.0.0.1
max_connections=300
innodb_buffer_pool_size=96M
innodb_log_file_size=64M
innodb_flush_log_at_trx_commit=2
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
wsrep_on=ON
wsrep_provider=$PROVIDER
wsrep_cluster_name=socialgraph
wsrep_cluster_address=gcomm://$members
wsrep_node_name=node$n
wsrep_node_address=127.0.0.1:$(gcomm_port "$n")
wsrep_node_incoming_address=127.0.0.1:$(sql_port "$n")
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:$(gcomm_port "$n");ist.recv_addr=127.0.0.1:$((14010 + n));gcache.size=128M"
wsrep_sst_method=rsync
wsrep_sst_receive_address=127.0.0.1:$((14020 + n))
wsrep_slave_threads=2
EOF
    client_cnf "$d"
  } >"$(cnf "$n")"
  [ "$RUN_AS" != mysql ] || chown -R mysql:mysql "$d"
}

pid_of() { launched_pid "$(ndir "$1")"; }

q() { # q N SQL: one value, no headers, over the node's socket
  mariadb --defaults-file="$(cnf "$1")" -N -B -e "$2" 2>/dev/null
}

status_var() { q "$1" "SHOW GLOBAL STATUS LIKE '$2'" | cut -f2; }

node_state() { # "Synced 3" or "down"
  if pid_of "$1" >/dev/null; then
    local s c
    s=$(status_var "$1" wsrep_local_state_comment) || true
    c=$(status_var "$1" wsrep_cluster_size) || true
    echo "${s:-starting} ${c:-?}"
  else
    echo "down"
  fi
}

wait_synced() { # wait_synced N timeout_s
  local n=$1 t=$2 i
  for ((i = 0; i < t * 2; i++)); do
    [ "$(status_var "$n" wsrep_local_state_comment || true)" = Synced ] && return 0
    pid_of "$n" >/dev/null || { echo "galera-cluster: node $n exited; see $(ndir "$n")/error.log" >&2; tail -n 20 "$(ndir "$n")/error.log" >&2; return 1; }
    sleep 0.5
  done
  echo "galera-cluster: node $n not Synced after ${t}s; see $(ndir "$n")/error.log" >&2
  return 1
}

launch() { # launch N [extra mariadbd args...]
  local n=$1
  shift
  # --defaults-file must come first, so the system's option files are never read
  nohup /usr/sbin/mariadbd --defaults-file="$(cnf "$n")" "$@" >>"$(ndir "$n")/console.log" 2>&1 &
  echo $! >"$(ndir "$n")/launched.pid" # nohup execs, so this is mariadbd's pid from the start
}

init_bootstrap_node() {
  local d
  d=$(ndir 1)/data
  if [ ! -d "$d/mysql" ]; then
    mariadb-install-db --defaults-file="$(cnf 1)" --auth-root-authentication-method=normal \
      --skip-test-db >"$(ndir 1)/install.log" 2>&1 ||
      { echo "galera-cluster: mariadb-install-db failed; see $(ndir 1)/install.log" >&2; exit 1; }
    FRESH=1
  fi
}

safe_to_bootstrap() {
  grep -q '^safe_to_bootstrap: 1' "$(ndir 1)/data/grastate.dat" 2>/dev/null
}

wipe_all() {
  echo "galera-cluster: no node can bootstrap from the saved state; starting from empty data directories"
  for n in "${NODES[@]}"; do rm -rf "$(ndir "$n")/data"; done
  for n in "${NODES[@]}"; do write_cnf "$n"; done
}

recovered_position() { # uuid:seqno recovered from node N's InnoDB, after an unclean stop
  local n=$1 log
  log=$(ndir "$n")/recover.log
  /usr/sbin/mariadbd --defaults-file="$(cnf "$n")" --wsrep-recover --log-error="$log" >/dev/null 2>&1 || true
  grep -o 'Recovered position: .*' "$log" | tail -n1 | sed 's/Recovered position: //'
}

wait_evicted() { # a node killed moments ago is still a member until the others suspect it; a
  # restart with the same address before then takes tens of seconds to sort out
  local n=$1 p live i m
  p=$(any_primary) || return 0
  live=0
  for m in "${NODES[@]}"; do pid_of "$m" >/dev/null && live=$((live + 1)); done
  for ((i = 0; i < 60; i++)); do
    [ "$(status_var "$p" wsrep_cluster_size || echo 0)" -le "$live" ] && return 0
    sleep 0.5
  done
}

join() { # join N: start a node that joins the running cluster
  local n=$1 pos
  pid_of "$n" >/dev/null && return 0
  write_cnf "$n"
  wait_evicted "$n"
  pos=
  if [ -f "$(ndir "$n")/data/grastate.dat" ] && grep -q 'seqno: *-1' "$(ndir "$n")/data/grastate.dat"; then
    pos=$(recovered_position "$n")
  fi
  if [ -n "$pos" ]; then
    launch "$n" --wsrep-start-position="$pos"
  else
    launch "$n"
  fi
  wait_synced "$n" 120
}

any_primary() { # a running node in a Primary component, or nothing
  for n in "${NODES[@]}"; do
    if pid_of "$n" >/dev/null && [ "$(status_var "$n" wsrep_cluster_status || true)" = Primary ]; then
      echo "$n"
      return 0
    fi
  done
  return 1
}

start() {
  need
  mkdir -p "$dir"
  for n in "${NODES[@]}"; do write_cnf "$n"; done
  FRESH=0
  if ! any_primary >/dev/null; then
    for n in "${NODES[@]}"; do
      pid_of "$n" >/dev/null && { echo "galera-cluster: node $n runs outside a Primary component; run '$0 stop $dir' first" >&2; exit 1; }
    done
    if [ -d "$(ndir 1)/data/mysql" ] && ! safe_to_bootstrap; then
      wipe_all
    fi
    init_bootstrap_node
    launch 1 --wsrep-new-cluster
    wait_synced 1 60
    if [ "$FRESH" = 1 ]; then
      # the tests and configs connect over TCP as root without a password
      q 1 "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'; GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION; CREATE DATABASE IF NOT EXISTS benchbase;" ||
        { echo "galera-cluster: could not create root@127.0.0.1 on node 1" >&2; exit 1; }
    fi
  fi
  for n in "${NODES[@]}"; do join "$n"; done
  status
}

stop() {
  local n p i
  for n in 3 2 1; do
    p=$(pid_of "$n") || continue
    kill -TERM "$p"
    for ((i = 0; i < 120; i++)); do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$p" 2>/dev/null && { echo "galera-cluster: node $n (pid $p) did not stop in 60 s" >&2; exit 1; }
    echo "node$n stopped"
  done
  return 0
}

status() {
  local ok=1 n s
  for n in "${NODES[@]}"; do
    s=$(node_state "$n")
    echo "node$n 127.0.0.1:$(sql_port "$n") $s"
    [ "$s" = "Synced 3" ] || ok=0
  done
  [ "$ok" = 1 ]
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  kill)
    p=$(pid_of "$node_arg") || { echo "galera-cluster: node $node_arg is not running" >&2; exit 1; }
    kill -KILL "$p"
    while kill -0 "$p" 2>/dev/null; do sleep 0.1; done
    echo "node$node_arg killed (pid $p)"
    ;;
  rejoin)
    need
    any_primary >/dev/null || { echo "galera-cluster: no running Primary node to rejoin; use start" >&2; exit 1; }
    join "$node_arg"
    status
    ;;
esac
