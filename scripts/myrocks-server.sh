#!/usr/bin/env bash
# A private MariaDB server with the MyRocks (RocksDB) storage engine, for tests and measurements.
#
#   scripts/myrocks-server.sh start  [dir]   install the plugin if missing, initialise, start, wait
#   scripts/myrocks-server.sh stop   [dir]   clean shutdown
#   scripts/myrocks-server.sh status [dir]   one line; exit 0 only when the server answers with ROCKSDB
#
# SQL on 127.0.0.1:$SG_MYROCKS_PORT (default 3310), root with an empty password, database
# benchbase. Data, socket, logs and the server's own defaults file live under [dir] (default
# $SG_MYROCKS_DIR, else /tmp/socialgraph-myrocks). The server is started with --defaults-file as
# its first option, so the system's my.cnf (and the MariaDB on 3306) is never read or touched.
# The engine is loaded with plugin-load-add=ha_rocksdb.so; when the plugin file is missing, start
# installs the distribution's package (mariadb-plugin-rocksdb) with apt-get, which needs root.
# start is idempotent: a running server is left as it is.
#
# Sizes mirror the shared MariaDB of this project (128 MiB InnoDB buffer pool, no binary log,
# durable commits): a 128 MiB RocksDB block cache and rocksdb_flush_log_at_trx_commit=1, so an
# engine comparison against it compares engines, not cache sizes or durability.
set -euo pipefail
. "$(dirname "$0")/common.sh"

usage() {
  echo "usage: $0 start|stop|status [dir]" >&2
  exit 2
}

cmd=${1:-}
case "$cmd" in
  start | stop | status) ;;
  *) usage ;;
esac
dir=${2:-${SG_MYROCKS_DIR:-/tmp/socialgraph-myrocks}}
port=${SG_MYROCKS_PORT:-3310}
[[ "$port" =~ ^[0-9]+$ ]] || { echo "myrocks-server: SG_MYROCKS_PORT '$port' is not a port number" >&2; exit 2; }
[ "$port" != 3306 ] || { echo "myrocks-server: port 3306 is the shared MariaDB; pick another SG_MYROCKS_PORT" >&2; exit 2; }
PLUGIN_DIR=${SG_MYROCKS_PLUGIN_DIR:-/usr/lib/mysql/plugin}
RUN_AS=$([ "$(id -u)" = 0 ] && echo mysql || id -un)
cnf=$dir/my.cnf

need() {
  [ -x /usr/sbin/mariadbd ] || { echo "myrocks-server: /usr/sbin/mariadbd not found (install mariadb-server)" >&2; exit 1; }
  if [ ! -e "$PLUGIN_DIR/ha_rocksdb.so" ]; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
      echo "myrocks-server: $PLUGIN_DIR/ha_rocksdb.so not found; install mariadb-plugin-rocksdb (as root: apt-get install mariadb-plugin-rocksdb)" >&2
      exit 1
    fi
    echo "myrocks-server: installing mariadb-plugin-rocksdb"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-plugin-rocksdb
    [ -e "$PLUGIN_DIR/ha_rocksdb.so" ] || { echo "myrocks-server: mariadb-plugin-rocksdb installed no $PLUGIN_DIR/ha_rocksdb.so" >&2; exit 1; }
  fi
}

write_cnf() {
  mkdir -p "$dir/data"
  {
    mariadbd_cnf "$dir" "$port"
    cat <<EOF
bind-address=127.0.0.1
plugin-dir=$PLUGIN_DIR
plugin-load-add=ha_rocksdb.so
max_connections=300
innodb_buffer_pool_size=32M
rocksdb_block_cache_size=128M
rocksdb_flush_log_at_trx_commit=1
EOF
    client_cnf "$dir"
  } >"$cnf"
  [ "$RUN_AS" != mysql ] || chown -R mysql:mysql "$dir"
}

pid_of() { launched_pid "$dir"; }

q() { # one value, no headers, over the server's own socket
  mariadb --defaults-file="$cnf" -N -B -e "$1" 2>/dev/null
}

rocksdb_support() {
  q "SELECT SUPPORT FROM information_schema.ENGINES WHERE ENGINE = 'ROCKSDB'"
}

start() {
  need
  if pid_of >/dev/null; then
    status
    return
  fi
  # another process on the port would make this server fail to bind; say so plainly
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "myrocks-server: 127.0.0.1:$port is taken by another process (not this script's server in $dir)" >&2
    exit 1
  fi
  write_cnf
  fresh=0
  if [ ! -d "$dir/data/mysql" ]; then
    # --defaults-file first: the installer reads nothing of the system's configuration either
    mariadb-install-db --defaults-file="$cnf" --auth-root-authentication-method=normal \
      --skip-test-db >"$dir/install.log" 2>&1 ||
      { echo "myrocks-server: mariadb-install-db failed; see $dir/install.log" >&2; exit 1; }
    fresh=1
  fi
  nohup /usr/sbin/mariadbd --defaults-file="$cnf" >>"$dir/console.log" 2>&1 &
  echo $! >"$dir/launched.pid" # nohup execs, so this is mariadbd's pid from the start
  local i
  for ((i = 0; i < 120; i++)); do
    [ "$(rocksdb_support || true)" != "" ] && break
    pid_of >/dev/null || { echo "myrocks-server: mariadbd exited; see $dir/error.log" >&2; tail -n 20 "$dir/error.log" >&2; exit 1; }
    sleep 0.5
  done
  case "$(rocksdb_support || true)" in
    YES | DEFAULT) ;;
    "") echo "myrocks-server: no answer after 60 s; see $dir/error.log" >&2; exit 1 ;;
    *) echo "myrocks-server: the server runs without the ROCKSDB engine; see $dir/error.log" >&2; exit 1 ;;
  esac
  if [ "$fresh" = 1 ]; then
    # the tests and sample configs connect over TCP as root without a password
    q "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1'; GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;" ||
      { echo "myrocks-server: could not create root@127.0.0.1" >&2; exit 1; }
  fi
  q "CREATE DATABASE IF NOT EXISTS benchbase" || { echo "myrocks-server: could not create database benchbase" >&2; exit 1; }
  status
}

stop() {
  local p i
  p=$(pid_of) || { echo "myrocks stopped"; return 0; }
  kill -TERM "$p"
  for ((i = 0; i < 120; i++)); do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$p" 2>/dev/null && { echo "myrocks-server: mariadbd (pid $p) did not stop in 60 s" >&2; exit 1; }
  echo "myrocks stopped"
}

status() {
  local s v
  if ! pid_of >/dev/null; then
    echo "myrocks 127.0.0.1:$port down ($dir)"
    return 1
  fi
  s=$(rocksdb_support || true)
  v=$(q "SELECT VERSION()" || true)
  echo "myrocks 127.0.0.1:$port ${v:-starting} ROCKSDB=${s:-?} ($dir)"
  [ "$s" = YES ] || [ "$s" = DEFAULT ]
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  status) status ;;
esac
