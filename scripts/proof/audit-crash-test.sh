#!/usr/bin/env bash
# Lost acknowledged writes after a crash: the audit's proof on a real fault.
#
#   scripts/proof/audit-crash-test.sh [-m off|on|both] [-p port] [-t seconds] [-k kill-after] [-j benchbase.jar]
#
# Starts a private PostgreSQL cluster (initdb into a temporary directory, port 5433 by default;
# never the shared server) with synchronous_commit=<mode> and a WAL writer that flushes only
# every 10 s, loads a 10,000-node graph, runs a write-heavy LinkBench phase (16 terminals,
# reconnectOnConnectionFailure) and SIGKILLs every process of that cluster after <kill-after> s,
# restarts it at once (crash recovery) and lets the run finish. The run's built-in audit then
# compares every tracked key with what its acknowledged writes left. Expected: lost acknowledged
# writes with synchronous_commit=off (commits acknowledged before their WAL reached the OS), none
# with synchronous_commit=on. The WAL writer is paused for 3 s before the kill (see pg_crash).
# Prints one line per mode; exit 0 when both expectations hold.
# Needs the PostgreSQL server binaries (initdb, pg_ctl), python3, and root or the postgres user.
set -euo pipefail

usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

modes="both"; port=5433; seconds=40; kill_after=15; stall=3
jar="$(cd "$(dirname "$0")/../.." && pwd)/target/benchbase.jar"
while getopts "m:p:t:k:j:h" opt; do
  case "$opt" in
    m) modes="$OPTARG" ;;
    p) port="$OPTARG" ;;
    t) seconds="$OPTARG" ;;
    k) kill_after="$OPTARG" ;;
    j) jar="$OPTARG" ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
case "$modes" in off|on) ;; both) modes="off on" ;; *) echo "audit-crash-test: -m must be off, on or both" >&2; exit 2 ;; esac
for v in port seconds kill_after; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "audit-crash-test: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
(( kill_after < seconds )) || { echo "audit-crash-test: kill-after must be below the phase time" >&2; exit 2; }
if [ -n "${BENCHBASE_CLASSPATH:-}" ]; then
  cp="$BENCHBASE_CLASSPATH"
else
  [ -f "$jar" ] || { echo "audit-crash-test: $jar not found; build it with: mvn -B package -DskipTests (or set BENCHBASE_CLASSPATH)" >&2; exit 2; }
  cp="$jar"
fi
bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$bindir/initdb" ] || bindir="$(dirname "$(command -v initdb || echo /nonexistent/initdb)")"
[ -x "$bindir/initdb" ] || { echo "audit-crash-test: initdb not found (install the PostgreSQL server)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "audit-crash-test: python3 is required" >&2; exit 2; }

as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
work="$(mktemp -d -t sg-audit-crash.XXXXXX)"
chmod 755 "$work"; [ "$(id -u)" != 0 ] || chown postgres "$work"
data="$work/pgdata"
log="$work/postgres.log"
touch "$log"; [ "$(id -u)" != 0 ] || chown postgres "$log"

pg_start() {
  as_pg "$bindir/pg_ctl" -D "$data" -l "$log" -w -t 120 start -o "-p $port -k $work \
    -c listen_addresses=127.0.0.1 -c synchronous_commit=$1 -c wal_writer_delay=10000 \
    -c wal_buffers=256MB \
    -c bgwriter_lru_maxpages=0 -c checkpoint_timeout=3600 -c max_wal_size=4GB -c shared_buffers=512MB \
    -c max_connections=100" >/dev/null
}
postmaster_pid() { head -1 "$data/postmaster.pid"; }
# SIGKILL the postmaster and every child it started, by process id: nothing gets to flush.
# The WAL writer is paused (SIGSTOP) for a few seconds first: a stalled WAL writer (I/O
# pressure) is what makes the window of synchronous_commit=off wide enough to hit every time;
# it changes nothing for synchronous_commit=on, where each backend flushes its own commit.
pg_crash() {
  local pm; pm="$(postmaster_pid)"
  local children; children="$(pgrep -P "$pm" || true)"
  local walwriter; walwriter="$(pgrep -P "$pm" -f 'walwriter' || true)"
  [ -z "$walwriter" ] || kill -STOP $walwriter
  sleep "$stall"
  kill -9 "$pm" $children 2>/dev/null || true
  while kill -0 "$pm" 2>/dev/null; do sleep 0.2; done
  sleep 1
}
pg_stop() { as_pg "$bindir/pg_ctl" -D "$data" -m immediate stop >/dev/null 2>&1 || true; }
trap 'pg_stop; echo "audit-crash-test: work files in $work"' EXIT

status=0
for mode in $modes; do
  rm -rf "$data"; mkdir -p "$data"; [ "$(id -u)" != 0 ] || chown postgres "$data"
  as_pg "$bindir/initdb" -D "$data" -U postgres -A trust >/dev/null
  pg_start "$mode"
  as_pg "$bindir/createdb" -h "$work" -p "$port" -U postgres sgcrash
  config="$work/crash-$mode.xml"
  cat > "$config" <<XML
<?xml version="1.0"?>
<parameters>
  <type>POSTGRES</type><driver>org.postgresql.Driver</driver>
  <url>jdbc:postgresql://127.0.0.1:$port/sgcrash?sslmode=disable&amp;connectTimeout=5</url>
  <username>postgres</username><password></password>
  <isolation>TRANSACTION_READ_COMMITTED</isolation>
  <batchsize>1024</batchsize><retries>3</retries><loaderThreads>2</loaderThreads>
  <terminals>16</terminals>
  <reconnectOnConnectionFailure>true</reconnectOnConnectionFailure>
  <linkbench><maxid1>10001</maxid1></linkbench>
  <audit><trackedKeys>200000</trackedKeys></audit>
  <works><work><time>$seconds</time><rate>unlimited</rate>
    <weights>0, 10, 25, 5, 0, 0, 0, 30, 25, 5</weights></work></works>
  <transactiontypes>
    <transactiontype><name>GetNode</name></transactiontype>
    <transactiontype><name>AddNode</name></transactiontype>
    <transactiontype><name>UpdateNode</name></transactiontype>
    <transactiontype><name>DeleteNode</name></transactiontype>
    <transactiontype><name>GetLink</name></transactiontype>
    <transactiontype><name>GetLinkList</name></transactiontype>
    <transactiontype><name>CountLink</name></transactiontype>
    <transactiontype><name>AddLink</name></transactiontype>
    <transactiontype><name>UpdateLink</name></transactiontype>
    <transactiontype><name>DeleteLink</name></transactiontype>
  </transactiontypes>
</parameters>
XML
  results="$work/results-$mode"
  java -cp "$cp" com.oltpbenchmark.DBWorkload -b socialgraph -c "$config" \
    --create=true --load=true -d "$results" > "$work/load-$mode.log" 2>&1 \
    || { echo "audit-crash-test: load failed, see $work/load-$mode.log" >&2; exit 1; }
  java -cp "$cp" com.oltpbenchmark.DBWorkload -b socialgraph -c "$config" \
    --execute=true -d "$results" > "$work/run-$mode.log" 2>&1 &
  run=$!
  sleep "$kill_after"
  pg_crash
  pg_start "$mode"
  rc=0; wait "$run" || rc=$?
  audit="$(ls "$results"/*.audit.json 2>/dev/null | tail -1)"
  [ -n "$audit" ] || { echo "audit-crash-test: the run wrote no audit (exit $rc), see $work/run-$mode.log" >&2; exit 1; }
  line="$(python3 - "$audit" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
c = {x["name"]: x for x in doc["checks"]}
lost = c["acknowledgedWritesKept"]
print(lost["violations"], lost["examined"], doc["verdict"],
      json.dumps(lost["examples"][:3]))
PY
)"
  read -r lost examined verdict examples <<<"$line"
  echo "synchronous_commit=$mode: $lost lost acknowledged writes among $examined tracked keys (audit $verdict, exit $rc); examples: $examples"
  if [ "$mode" = off ] && [ "$lost" -eq 0 ]; then status=1; fi
  if [ "$mode" = on ] && [ "$lost" -ne 0 ]; then status=1; fi
  pg_stop
done
exit "$status"
