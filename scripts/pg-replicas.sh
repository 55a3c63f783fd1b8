#!/usr/bin/env bash
# A PostgreSQL primary with N hot standbys (streaming replication) on this machine, for tests and
# measurements of reads served by standbys (<readReplicas>, docs/engines.md).
#
#   scripts/pg-replicas.sh start N [dir]            primary, then standbys 1..N; wait until each streams
#   scripts/pg-replicas.sh stop    [dir]            clean shutdown: standbys first, then the primary
#   scripts/pg-replicas.sh status  [dir]            one line per server (role, lag); exit 0 only when
#                                                   the primary is up and every standby streams
#   scripts/pg-replicas.sh sync remote_apply|off [dir]
#                                                   commits wait until every standby has applied
#                                                   them (remote_apply), or for no standby (off)
#
# The primary listens on 127.0.0.1:5441, standby k on 127.0.0.1:(5441+k), k = 1..8 (SG_PG_REPLICAS_PORT
# moves the first port); user postgres, trust authentication, database benchbase (created on the
# primary, it reaches the standbys by replication). Data directories, sockets and logs live under
# [dir] (default $SG_PG_REPLICAS_DIR, else /var/tmp/sg-pg-replicas); the shared PostgreSQL on 5432
# is never touched. The servers run as the postgres OS user when started by root.
#
# Each standby is a pg_basebackup -R copy of the primary with its own replication slot
# (sg_standbyK), hot_standby on: it serves reads while replaying the primary's WAL.
#
# start is idempotent: servers already up are left alone, a missing standby is started (or copied
# anew when it has no data directory), standbys above N are stopped and their slots dropped. It
# leaves replication asynchronous unless SG_PG_REPLICAS_SYNC=remote_apply, so "start 2" always
# gives the same cluster whatever an earlier "sync" did.
#
# sync remote_apply sets, on the primary, synchronous_standby_names = 'ANY n (*)' (n = the standbys
# running) and synchronous_commit = remote_apply with ALTER SYSTEM and a reload: a commit returns
# once every standby has replayed it, so a read on any standby after the commit sees it. sync off
# resets both: commits return before any standby has the WAL (asynchronous replication). With
# remote_apply, a stopped standby makes every commit wait until it is back.
#
# Needs the PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup; /usr/lib/postgresql/*/bin).
set -euo pipefail

usage() {
  echo "usage: $0 start N [dir] | stop [dir] | status [dir] | sync remote_apply|off [dir]  (N = 1..8)" >&2
  exit 2
}

MAX_STANDBYS=8
cmd=${1:-}
n_arg=
mode_arg=
case "$cmd" in
  start)
    n_arg=${2:-}
    [[ "$n_arg" =~ ^[1-9]$ ]] && [ "$n_arg" -le "$MAX_STANDBYS" ] || usage
    dir=${3:-}
    ;;
  sync)
    mode_arg=${2:-}
    case "$mode_arg" in remote_apply | off) ;; *) usage ;; esac
    dir=${3:-}
    ;;
  stop | status) dir=${2:-} ;;
  *) usage ;;
esac
dir=${dir:-${SG_PG_REPLICAS_DIR:-/var/tmp/sg-pg-replicas}}
base_port=${SG_PG_REPLICAS_PORT:-5441}
[[ "$base_port" =~ ^[0-9]+$ ]] || { echo "pg-replicas: SG_PG_REPLICAS_PORT '$base_port' is not a port number" >&2; exit 2; }
start_sync=${SG_PG_REPLICAS_SYNC:-off}
case "$start_sync" in remote_apply | off) ;; *) echo "pg-replicas: SG_PG_REPLICAS_SYNC must be remote_apply or off, got '$start_sync'" >&2; exit 2 ;; esac

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1 || true)
[ -x "$bindir/initdb" ] || bindir=$(dirname "$(command -v initdb || echo /nonexistent/initdb)")

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# server 0 is the primary, server k (1..8) standby k
port() { echo $((base_port + $1)); }
sname() { if [ "$1" = 0 ]; then echo primary; else echo "standby$1"; fi; }
sdir() { echo "$dir/$(sname "$1")"; }
slot() { echo "sg_standby$1"; }

need() {
  for t in initdb pg_ctl pg_basebackup postgres; do
    [ -x "$bindir/$t" ] || { echo "pg-replicas: $t not found (install the PostgreSQL server, e.g. postgresql-15)" >&2; exit 1; }
  done
  command -v psql >/dev/null || { echo "pg-replicas: psql not found (install postgresql-client)" >&2; exit 1; }
}

# q K SQL: one value (or rows), no headers, over server K's own socket
q() { psql -h "$dir" -p "$(port "$1")" -U postgres -d postgres -XtAq -c "$2" 2>/dev/null; }

running() { as_pg "$bindir/pg_ctl" -D "$(sdir "$1")/data" status >/dev/null 2>&1; }

answers() { [ "$(q "$1" 'SELECT 1' || true)" = 1 ]; }

launch() { # launch K: start server K's postmaster on its port, socket in $dir, and wait for it
  local k=$1
  as_pg "$bindir/pg_ctl" -D "$(sdir "$k")/data" -l "$(sdir "$k")/server.log" -w -t 120 start \
    -o "-p $(port "$k") -k $dir -c listen_addresses=127.0.0.1 -c cluster_name=sg_$(sname "$k")" >/dev/null ||
    { echo "pg-replicas: $(sname "$k") did not start; see $(sdir "$k")/server.log" >&2; tail -n 20 "$(sdir "$k")/server.log" >&2; exit 1; }
}

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

init_primary() {
  local d
  d=$(sdir 0)
  mkdir -p "$d"
  [ "$(id -u)" != 0 ] || chown postgres "$dir" "$d"
  as_pg "$bindir/initdb" -D "$d/data" -U postgres -A trust >"$d/initdb.log" 2>&1 ||
    { echo "pg-replicas: initdb failed; see $d/initdb.log" >&2; exit 1; }
  # Shared by the standbys, which start as copies of this directory. Replication needs WAL senders
  # and slots; hot_standby lets a standby answer reads while it replays.
  cat >>"$d/data/postgresql.conf" <<EOF

# scripts/pg-replicas.sh
wal_level = replica
max_wal_senders = 16
max_replication_slots = 16
max_slot_wal_keep_size = 4GB
hot_standby = on
max_connections = 200
shared_buffers = 128MB
EOF
}

start_primary() {
  if running 0; then
    return 0
  fi
  if port_taken "$(port 0)"; then
    echo "pg-replicas: 127.0.0.1:$(port 0) is taken by another process (not this script's primary in $dir)" >&2
    exit 1
  fi
  [ -f "$(sdir 0)/data/PG_VERSION" ] || init_primary
  launch 0
  q 0 "SELECT 1 FROM pg_database WHERE datname = 'benchbase'" | grep -q 1 || q 0 "CREATE DATABASE benchbase" >/dev/null ||
    { echo "pg-replicas: could not create database benchbase on the primary" >&2; exit 1; }
}

copy_standby() { # copy_standby K: a fresh base backup of the primary, set up to stream from it
  local k=$1 d
  d=$(sdir "$k")
  rm -rf "$d"
  mkdir -p "$d"
  [ "$(id -u)" != 0 ] || chown postgres "$d"
  q 0 "SELECT pg_drop_replication_slot('$(slot "$k")') FROM pg_replication_slots WHERE slot_name = '$(slot "$k")'" >/dev/null || true
  # -R writes standby.signal and primary_conninfo; -C -S a slot that keeps the WAL this standby
  # still needs (bounded by max_slot_wal_keep_size)
  as_pg "$bindir/pg_basebackup" -D "$d/data" -R -C -S "$(slot "$k")" -X stream -c fast \
    -d "host=127.0.0.1 port=$(port 0) user=postgres application_name=$(sname "$k")" >"$d/basebackup.log" 2>&1 ||
    { echo "pg-replicas: pg_basebackup for $(sname "$k") failed; see $d/basebackup.log" >&2; exit 1; }
}

start_standby() {
  local k=$1
  running "$k" && return 0
  if port_taken "$(port "$k")"; then
    echo "pg-replicas: 127.0.0.1:$(port "$k") is taken by another process (not this script's $(sname "$k") in $dir)" >&2
    exit 1
  fi
  [ -f "$(sdir "$k")/data/standby.signal" ] || copy_standby "$k"
  launch "$k"
}

streaming() { # streaming K: the primary sees standby K streaming
  [ "$(q 0 "SELECT state FROM pg_stat_replication WHERE application_name = '$(sname "$1")'" || true)" = streaming ]
}

wait_streaming() {
  local k=$1 i
  for ((i = 0; i < 240; i++)); do
    streaming "$k" && return 0
    running "$k" || { echo "pg-replicas: $(sname "$k") exited; see $(sdir "$k")/server.log" >&2; tail -n 20 "$(sdir "$k")/server.log" >&2; exit 1; }
    sleep 0.5
  done
  echo "pg-replicas: $(sname "$k") does not stream after 120 s; see $(sdir "$k")/server.log" >&2
  exit 1
}

stop_one() {
  local k=$1
  running "$k" || return 0
  as_pg "$bindir/pg_ctl" -D "$(sdir "$k")/data" -m fast -w -t 60 stop >/dev/null ||
    { echo "pg-replicas: $(sname "$k") did not stop in 60 s" >&2; exit 1; }
  echo "$(sname "$k") stopped"
}

standbys_running() {
  local k n=0
  for ((k = 1; k <= MAX_STANDBYS; k++)); do running "$k" && n=$((n + 1)); done
  echo "$n"
}

set_sync() { # set_sync remote_apply|off, on the running primary
  local n
  if [ "$1" = remote_apply ]; then
    n=$(standbys_running)
    [ "$n" -gt 0 ] || { echo "pg-replicas: no standby is running; start some first" >&2; exit 1; }
    q 0 "ALTER SYSTEM SET synchronous_standby_names = 'ANY $n (*)'" >/dev/null
    q 0 "ALTER SYSTEM SET synchronous_commit = 'remote_apply'" >/dev/null
  else
    q 0 "ALTER SYSTEM RESET synchronous_standby_names" >/dev/null
    q 0 "ALTER SYSTEM RESET synchronous_commit" >/dev/null
  fi
  q 0 "SELECT pg_reload_conf()" >/dev/null
}

start() {
  local n=$1 k
  need
  mkdir -p "$dir"
  chmod 755 "$dir"
  start_primary
  for ((k = n + 1; k <= MAX_STANDBYS; k++)); do
    if [ -d "$(sdir "$k")" ]; then
      stop_one "$k"
      q 0 "SELECT pg_drop_replication_slot('$(slot "$k")') FROM pg_replication_slots WHERE slot_name = '$(slot "$k")'" >/dev/null || true
      rm -rf "$(sdir "$k")"
    fi
  done
  for ((k = 1; k <= n; k++)); do start_standby "$k"; done
  for ((k = 1; k <= n; k++)); do wait_streaming "$k"; done
  set_sync "$start_sync"
  status
}

stop() {
  local k
  for ((k = MAX_STANDBYS; k >= 0; k--)); do stop_one "$k"; done
  return 0
}

sync_cmd() {
  need
  running 0 && answers 0 || { echo "pg-replicas: the primary is not running under $dir; use start" >&2; exit 1; }
  set_sync "$1"
  echo "primary 127.0.0.1:$(port 0) synchronous_commit=$(q 0 'SHOW synchronous_commit')" \
    "synchronous_standby_names='$(q 0 'SHOW synchronous_standby_names')'"
}

status() {
  local ok=1 k lag
  if running 0 && answers 0; then
    echo "primary 127.0.0.1:$(port 0) up primary synchronous_commit=$(q 0 'SHOW synchronous_commit')" \
      "synchronous_standby_names='$(q 0 'SHOW synchronous_standby_names')'"
  else
    echo "primary 127.0.0.1:$(port 0) down ($dir)"
    ok=0
  fi
  for ((k = 1; k <= MAX_STANDBYS; k++)); do
    [ -d "$(sdir "$k")" ] || continue
    if ! running "$k" || ! answers "$k"; then
      echo "$(sname "$k") 127.0.0.1:$(port "$k") down"
      ok=0
      continue
    fi
    if [ "$(q "$k" 'SELECT pg_is_in_recovery()')" != t ]; then
      echo "$(sname "$k") 127.0.0.1:$(port "$k") up NOT IN RECOVERY (promoted?)"
      ok=0
      continue
    fi
    # the primary's view: how far behind this standby's write, flush and replay are
    lag=$(q 0 "SELECT state || ' sync=' || sync_state
        || ' write_lag=' || COALESCE(EXTRACT(EPOCH FROM write_lag)::numeric(12,6)::text, '0')
        || 's flush_lag=' || COALESCE(EXTRACT(EPOCH FROM flush_lag)::numeric(12,6)::text, '0')
        || 's replay_lag=' || COALESCE(EXTRACT(EPOCH FROM replay_lag)::numeric(12,6)::text, '0')
        || 's replay_behind=' || COALESCE(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint, 0) || 'B'
        FROM pg_stat_replication WHERE application_name = '$(sname "$k")'" 2>/dev/null || true)
    [ -n "$lag" ] || { lag="not streaming"; ok=0; }
    case "$lag" in streaming*) ;; *) ok=0 ;; esac
    echo "$(sname "$k") 127.0.0.1:$(port "$k") up standby $lag"
  done
  [ "$ok" = 1 ]
}

case "$cmd" in
  start) start "$n_arg" ;;
  stop) stop ;;
  status) status ;;
  sync) sync_cmd "$mode_arg" ;;
esac
