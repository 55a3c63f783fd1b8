#!/usr/bin/env bash
# A sharded MariaDB cluster on this machine: N InnoDB backends and a Spider head in front of them,
# with two-phase commit (XA) across the backends, for tests and measurements.
#
#   scripts/spider-cluster.sh start N [dir]    start backends 1..N and the head; wait until ready
#   scripts/spider-cluster.sh stop    [dir]    clean shutdown of the head, then every backend
#   scripts/spider-cluster.sh status  [dir]    one line per server; exit 0 only when all are up
#   scripts/spider-cluster.sh ddl N [shards startid1 endid]
#                                              print the head DDL for N backends (see below)
#
# The head listens on 127.0.0.1:3320, backend b on 127.0.0.1:(3320+b), b = 1..4 (root, no
# password). Each server has its own data directory and defaults file under [dir] (default
# $SG_SPIDER_DIR, else /tmp/socialgraph-spider); the servers start with --defaults-file, so the
# system's my.cnf and the MariaDB on 3306 are never involved. A database 'benchbase' exists on
# every server. start is idempotent: servers already up are left alone, and a head started
# earlier with another N or SG_SPIDER_XA is restarted with the new settings.
#
# SG_SPIDER_XA=on|off (default on) sets spider_internal_xa on the head: with on, a transaction that
# wrote to more than one backend commits with XA PREPARE on each, then XA COMMIT (two-phase
# commit); with off, the head commits each backend in turn, and a failure between two commits
# leaves one backend committed and another not.
#
# The three settings the head needs, and why (docs/engines.md, "Spider"):
#  - spider_auto_increment_mode=1: the head hands out AUTO_INCREMENT values from its own counter.
#    With the default (0) every insert without an id asks the backends for the highest id under a
#    lock, so concurrent AddNode requests serialise on one backend's lock while inserting on
#    another: measured here, 16 terminals reached 0 requests/s.
#  - spider_internal_xa: see above.
#  - backend b is named by the address 127.0.0.b: Spider keys the members of an XA transaction by
#    host without the port, so two backends at 127.0.0.1 collide ("ERROR 12606: This xid member
#    already exists") on the first cross-backend commit. All of 127.0.0.0/8 reaches loopback on
#    Linux, and each backend binds 127.0.0.1 and 127.0.0.b.
#
# Needs mariadb-server; installs mariadb-plugin-spider with apt-get when ha_spider.so is missing from
# the server's plugin directory.
set -euo pipefail
. "$(dirname "$0")/common.sh"

usage() {
  echo "usage: $0 start N [dir] | stop [dir] | status [dir] | ddl N [shards startid1 endid]  (N = 1..4)" >&2
  exit 2
}

MAX_BACKENDS=4
HEAD_PORT=3320
cmd=${1:-}
n_arg=
case "$cmd" in
  start | ddl)
    n_arg=${2:-}
    [[ "$n_arg" =~ ^[1-9][0-9]*$ ]] && [ "$n_arg" -le "$MAX_BACKENDS" ] || usage
    ;;
  stop | status) ;;
  *) usage ;;
esac
case "$cmd" in
  start) dir=${3:-} ;;
  stop | status) dir=${2:-} ;;
esac
dir=${dir:-${SG_SPIDER_DIR:-/tmp/socialgraph-spider}}
XA=${SG_SPIDER_XA:-on}
case "$XA" in on | ON | 1) XA=1 ;; off | OFF | 0) XA=0 ;; *) echo "spider-cluster: SG_SPIDER_XA must be on or off, got '$XA'" >&2; exit 2 ;; esac
# The server's plugin directory, as the server itself reports it (--no-defaults: its built-in value,
# which our defaults files keep). Not mariadb_config --plugindir: that is Connector/C's folder of
# client plugins, where ha_spider.so never is, so every start reinstalled the package.
server_plugin_dir() {
  local d
  d=$(/usr/sbin/mariadbd --no-defaults --verbose --help 2>/dev/null | awk '$1 == "plugin-dir" {print $2; exit}') || true
  echo "${d:-/usr/lib/mysql/plugin}"
}
PLUGIN_DIR=$(server_plugin_dir)
PLUGIN_DIR=${PLUGIN_DIR%/}
RUN_AS=$([ "$(id -u)" = 0 ] && echo mysql || id -un)

# Partitioning bound: ids at or above it are TAOBench's new objects (TaoIdAllocator), whose shard is
# id mod shards; below it ids are loaded (shard = contiguous slice) or LinkBench's AddNode ids.
NEW_ID_FLOOR=1099511627776 # 2^40

# ---------------------------------------------------------------------------------------------
# ddl: the head's DDL. Every table is a Spider table over the same-named table in the same-named
# database on each backend; spider_direct_sql first runs the backend DDL (drop, create) on every
# backend, so running this file through the head (--create) resets the whole cluster.
#
# Placement: backend b (0-based) holds TAOBench's shards floor(b*S/N) .. floor((b+1)*S/N)-1 (S =
# <taobench><shards>), loaded and new objects alike: nodetable by id, linktable by id1 (a link lives
# with its source object, as in TAO), counttable by id. The partition expression maps an id to its
# position: a loaded id is itself (ranges of whole shards, given startid1 and endid = maxid1), a
# new TAOBench object id (>= 2^40) becomes 2^40 + (id mod S), its shard. LinkBench has no shards:
# the same ranges split id1 into N contiguous ranges, and AddNode ids (after maxid1) go to the last.
# ---------------------------------------------------------------------------------------------
server_name() { echo "sg_backend$1"; }

ddl() {
  local n=$1 shards=${2:-50} start=${3:-1} end=${4:-100001}
  [[ "$shards" =~ ^[1-9][0-9]*$ && "$start" =~ ^[0-9]+$ && "$end" =~ ^[0-9]+$ ]] || usage
  [ "$end" -gt "$start" ] && [ "$((end - start))" -ge "$shards" ] && [ "$shards" -ge "$n" ] ||
    { echo "spider-cluster: need startid1 < endid, endid - startid1 >= shards >= N" >&2; exit 2; }
  local b
  # The partition expression is the id's TAOBench shard. MariaDB allows only arithmetic in a
  # partition function (no IF, no comparison), so the branch is a 0/1 factor:
  #   new    = ceil((id DIV 2^40) / 2^23)             0 below 2^40, 1 from 2^40 up to 2^63
  #   loaded = ((id - startid1 + 1) * S - 1) DIV n    the largest s with ShardMap.shardStart(s) <= id
  #   shard  = loaded + new * (id MOD S - loaded)
  # Ids at or past endid (LinkBench's AddNode ids) get a "shard" >= S and go to the last backend.
  # One partition per backend, so a scan reads each backend table once; an equality on the column
  # still prunes to one partition (the server evaluates the function on the value).
  expr() {
    local new="(($1 DIV $NEW_ID_FLOOR + 8388607) DIV 8388608)"
    local loaded="(($1 - $start + 1) * $shards - 1) DIV $((end - start))"
    echo "$loaded + $new * ($1 MOD $shards - ($loaded))"
  }
  parts() { # parts TABLE COLUMN: the PARTITION clause
    local table=$1 col=$2 sep=, bound
    echo "PARTITION BY RANGE ($(expr "$col")) ("
    for ((b = 0; b < n; b++)); do
      # backend b+1 holds shards [floor(b*S/N), floor((b+1)*S/N)); the last range is open
      if [ "$b" = $((n - 1)) ]; then bound=MAXVALUE sep=; else bound="($(((b + 1) * shards / n)))"; fi
      echo "    PARTITION b$((b + 1)) VALUES LESS THAN $bound COMMENT = 'srv \"$(server_name $((b + 1)))\", table \"$table\"'$sep"
    done
    echo ")"
  }
  # Backend tables: the InnoDB schema of ddl-mysql.sql (sent as one line each).
  local node_cols="id BIGINT NOT NULL AUTO_INCREMENT, type INT NOT NULL, version BIGINT NOT NULL, time BIGINT NOT NULL, data MEDIUMBLOB NOT NULL, PRIMARY KEY (id)"
  local link_cols="id1 BIGINT NOT NULL, id2 BIGINT NOT NULL, link_type BIGINT NOT NULL, visibility TINYINT NOT NULL, data VARBINARY(255) NOT NULL, time BIGINT NOT NULL, version INT NOT NULL, PRIMARY KEY (id1, link_type, id2), KEY id1_type (id1, link_type, visibility, time, id2, version, data)"
  local count_cols="id BIGINT NOT NULL, link_type BIGINT NOT NULL, count BIGINT NOT NULL, time BIGINT NOT NULL, version BIGINT NOT NULL, PRIMARY KEY (id, link_type)"
  cat <<EOF
-- socialgraph schema for a Spider head over $n InnoDB backends (scripts/spider-cluster.sh ddl $n
-- $shards $start $end; MariaDB 10.11 with ha_spider). Generated: edit the script, not this file.
-- Run through the head (--create): spider_direct_sql drops and creates the backend tables first,
-- in the database of the same name as the head's (created on a backend when missing), so --create
-- resets the backends too. Backend servers are the head's CREATE SERVER entries sg_backend1..$n.
-- Placement (docs/engines.md, "Spider"): backend b holds TAOBench's shards
-- floor((b-1)*$shards/$n) .. floor(b*$shards/$n)-1 of [$start, $end), loaded and new objects alike;
-- nodetable by id, linktable by id1, counttable by id.

DROP TABLE IF EXISTS linktable;
DROP TABLE IF EXISTS counttable;
DROP TABLE IF EXISTS nodetable;
EOF
  for ((b = 1; b <= n; b++)); do
    local srv params
    srv=$(server_name "$b")
    params="CONCAT('srv \"$srv\", database \"', DATABASE(), '\"')"
    # The CREATE DATABASE names a database that always exists (information_schema, readable by every
    # user): without one, spider_direct_sql opens its backend session in the head session's current
    # database, which fails with "Unknown database" exactly when the database is still missing.
    cat <<EOF

-- backend $b ($srv)
SELECT spider_direct_sql(CONCAT('CREATE DATABASE IF NOT EXISTS \`', DATABASE(), '\`'), '', 'srv "$srv", database "information_schema"');
SELECT spider_direct_sql('DROP TABLE IF EXISTS linktable, counttable, nodetable', '', $params);
SELECT spider_direct_sql('CREATE TABLE nodetable ($node_cols) ENGINE=InnoDB', '', $params);
SELECT spider_direct_sql('CREATE TABLE linktable ($link_cols) ENGINE=InnoDB', '', $params);
SELECT spider_direct_sql('CREATE TABLE counttable ($count_cols) ENGINE=InnoDB', '', $params);
EOF
  done
  cat <<EOF

-- The head's tables: the same columns and keys (the head plans with them), rows on the backends.
CREATE TABLE nodetable ($node_cols) ENGINE=SPIDER
$(parts nodetable id);

CREATE TABLE linktable ($link_cols) ENGINE=SPIDER
$(parts linktable id1);

CREATE TABLE counttable ($count_cols) ENGINE=SPIDER
$(parts counttable id);

-- Written last by the loader (and removed when a load starts); a local table on the head.
DROP TABLE IF EXISTS graphmarker;
CREATE TABLE graphmarker (id INT NOT NULL, maxid1 BIGINT NOT NULL, graph VARCHAR(2000) NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB;
EOF
}

if [ "$cmd" = ddl ]; then
  ddl "$n_arg" "${3:-}" "${4:-}" "${5:-}"
  exit 0
fi

# ---------------------------------------------------------------------------------------------
# servers: s = 0 is the head, s = 1..N the backends
# ---------------------------------------------------------------------------------------------
port() { echo $((HEAD_PORT + $1)); }
sname() { [ "$1" = 0 ] && echo head || echo "backend$1"; }
sdir() { echo "$dir/$(sname "$1")"; }
cnf() { echo "$(sdir "$1")/my.cnf"; }

pid_of() { launched_pid "$(sdir "$1")"; }

q() { # q S SQL: output without headers, over the server's socket
  mariadb --defaults-file="$(cnf "$1")" -N -B -e "$2"
}

need() {
  [ -x /usr/sbin/mariadbd ] || { echo "spider-cluster: /usr/sbin/mariadbd not found (install mariadb-server)" >&2; exit 1; }
  if [ ! -e "$PLUGIN_DIR/ha_spider.so" ]; then
    [ "$(id -u)" = 0 ] || { echo "spider-cluster: $PLUGIN_DIR/ha_spider.so not found; run as root or: apt-get install mariadb-plugin-spider" >&2; exit 1; }
    echo "spider-cluster: installing mariadb-plugin-spider"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mariadb-plugin-spider
  fi
}

write_cnf() { # write_cnf S N
  local s=$1 n=$2 d
  d=$(sdir "$s")
  mkdir -p "$d/data"
  {
    mariadbd_cnf "$d" "$(port "$s")"
    cat <<EOF
max_connections=400
innodb_buffer_pool_size=96M
innodb_log_file_size=64M
# a test cluster: commits need not wait for the disk (the shared servers in CI do the same)
innodb_flush_log_at_trx_commit=2
default_storage_engine=InnoDB
EOF
    if [ "$s" = 0 ]; then
      cat <<EOF
bind-address=127.0.0.1
plugin-load-add=ha_spider.so
# see the head of scripts/spider-cluster.sh for these two
spider_internal_xa=$XA
spider_auto_increment_mode=1
# XA across backends needs the head's own XA log (a transaction coordinator); without a binlog the
# server keeps it in a memory-mapped file
log-tc=$d/data/tc.log
# the graph loader's multi-row INSERTs become one statement per backend partition
max_allowed_packet=256M
EOF
    else
      cat <<EOF
# 127.0.0.1 for clients, 127.0.0.$s for the head (Spider's XA member key is the host alone)
bind-address=$([ "$s" = 1 ] && echo 127.0.0.1 || echo "127.0.0.1,127.0.0.$s")
max_allowed_packet=256M
EOF
    fi
    client_cnf "$d"
  } >"$(cnf "$s")"
  echo "$n" >"$d/backends"
  [ "$RUN_AS" != mysql ] || chown -R mysql:mysql "$d"
}

launch() { # launch S
  local s=$1 d
  d=$(sdir "$s")
  if [ ! -d "$d/data/mysql" ]; then
    mariadb-install-db --defaults-file="$(cnf "$s")" --auth-root-authentication-method=normal \
      --skip-test-db >"$d/install.log" 2>&1 ||
      { echo "spider-cluster: mariadb-install-db failed for $(sname "$s"); see $d/install.log" >&2; exit 1; }
  fi
  # --defaults-file must come first, so the system's option files are never read
  nohup /usr/sbin/mariadbd --defaults-file="$(cnf "$s")" >>"$d/console.log" 2>&1 &
  echo $! >"$d/launched.pid"
}

wait_up() { # wait_up S timeout_s
  local s=$1 t=$2 i
  for ((i = 0; i < t * 2; i++)); do
    q "$s" "SELECT 1" >/dev/null 2>&1 && return 0
    pid_of "$s" >/dev/null || { echo "spider-cluster: $(sname "$s") exited; see $(sdir "$s")/error.log" >&2; tail -n 20 "$(sdir "$s")/error.log" >&2; exit 1; }
    sleep 0.5
  done
  echo "spider-cluster: $(sname "$s") not ready after ${t}s; see $(sdir "$s")/error.log" >&2
  exit 1
}

stop_one() {
  local s=$1 p i
  p=$(pid_of "$s") || return 0
  kill -TERM "$p"
  for ((i = 0; i < 120; i++)); do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
  kill -0 "$p" 2>/dev/null && { echo "spider-cluster: $(sname "$s") (pid $p) did not stop in 60 s" >&2; exit 1; }
  echo "$(sname "$s") stopped"
}

# The head's settings as running, to decide whether a running head must restart.
head_settings() { q 0 "SELECT CONCAT(@@spider_internal_xa + 0, ' ', (SELECT COUNT(*) FROM mysql.servers WHERE Server_name LIKE 'sg_backend%'))" 2>/dev/null; }

setup_users() { # root over TCP from any loopback address, and the benchmark database
  q "$1" "CREATE USER IF NOT EXISTS 'root'@'127.%'; GRANT ALL ON *.* TO 'root'@'127.%' WITH GRANT OPTION; CREATE DATABASE IF NOT EXISTS benchbase;"
}

setup_servers() { # the head's CREATE SERVER entries, replaced to match N
  local n=$1 b sql="DELETE FROM mysql.servers WHERE Server_name LIKE 'sg_backend%'; FLUSH PRIVILEGES;"
  for ((b = 1; b <= n; b++)); do
    # Host 127.0.0.b, not 127.0.0.1: see the head of this script.
    sql+=" CREATE SERVER $(server_name "$b") FOREIGN DATA WRAPPER mysql OPTIONS (HOST '127.0.0.$b', PORT $(port "$b"), USER 'root', PASSWORD '');"
  done
  q 0 "$sql"
}

start() {
  local n=$1 b
  need
  mkdir -p "$dir"
  for ((b = 1; b <= n; b++)); do
    if ! pid_of "$b" >/dev/null; then
      write_cnf "$b" "$n"
      launch "$b"
    fi
  done
  for ((b = 1; b <= n; b++)); do wait_up "$b" 120; setup_users "$b"; done
  # loopback aliases really reach each backend (the XA member keys depend on it)
  for ((b = 1; b <= n; b++)); do
    mariadb -uroot -h"127.0.0.$b" -P"$(port "$b")" -N -B -e "SELECT @@port" 2>/dev/null | grep -qx "$(port "$b")" ||
      { echo "spider-cluster: backend $b does not answer on 127.0.0.$b:$(port "$b")" >&2; exit 1; }
  done
  if pid_of 0 >/dev/null && [ "$(head_settings)" != "$XA $n" ]; then
    echo "spider-cluster: restarting the head for $n backend(s), spider_internal_xa=$XA"
    stop_one 0
  fi
  if ! pid_of 0 >/dev/null; then
    write_cnf 0 "$n"
    launch 0
  fi
  wait_up 0 120
  setup_users 0
  setup_servers "$n"
  status
}

backends_configured() { cat "$dir/head/backends" 2>/dev/null || echo 0; }

stop() {
  local s
  stop_one 0
  for s in $(seq 1 "$MAX_BACKENDS"); do stop_one "$s"; done
  return 0
}

status() {
  local n s ok=1 state
  n=$(backends_configured)
  [ "$n" -gt 0 ] || { echo "spider-cluster: no cluster started under $dir" >&2; return 1; }
  for ((s = 0; s <= n; s++)); do
    if pid_of "$s" >/dev/null && q "$s" "SELECT 1" >/dev/null 2>&1; then state=up; else state=down; ok=0; fi
    if [ "$s" = 0 ] && [ "$state" = up ]; then
      state="up spider_internal_xa=$(q 0 "SELECT IF(@@spider_internal_xa, 'on', 'off')") backends=$n"
    fi
    echo "$(sname "$s") 127.0.0.1:$(port "$s") $state"
  done
  [ "$ok" = 1 ]
}

case "$cmd" in
  start) start "$n_arg" ;;
  stop) stop ;;
  status) status ;;
esac
