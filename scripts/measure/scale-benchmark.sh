#!/usr/bin/env bash
# Growth with graph size (docs/scale.md): for each node count and database, load the graph, run
# the LinkBench sample config and the TAOBench sample config, and print one table row.
#
#   scripts/measure/scale-benchmark.sh [-n "100000 1000000"] [-s "postgres mariadb"] [-t seconds]
#                              [-j benchbase.jar] [-d work-dir] [-J "jvm opts"] [-H]
#
# Columns: database, nodes, links, load time (s), links/s, peak driver RSS (MB) during the load,
# during a -t second LinkBench run (default 60) and during a -t second TAOBench run, and the
# database's size on disk (MB) after the load. Peak RSS is the JVM's VmHWM read from
# /proc/<pid>/status just before it exits (polled every 0.2 s; the last value wins).
# Databases are named ${SG_DB_PREFIX}scale_<nodes> (SG_DB_PREFIX is required, so that a shared
# server's other databases are never touched) and are recreated by --create. -H also writes a
# heap class histogram (jcmd GC.class_histogram, after a full GC) halfway through each load that
# prints progress (5 s or longer), for the bytes per node the driver keeps. Configs: config/<db>/sample_socialgraph_config.xml and
# sample_taobench_config.xml with <maxid1> = 1 + nodes and every phase's <time> = -t.
set -euo pipefail

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
root="$(cd "$(dirname "$0")/../.." && pwd)"
sizes="100000"; dbs="postgres mariadb"; seconds=60; out=""; jvmopts=""; histo=0
jar="$root/target/benchbase.jar"
while getopts "n:s:t:j:d:J:Hh" opt; do
  case "$opt" in
    n) sizes="$OPTARG" ;; s) dbs="$OPTARG" ;; t) seconds="$OPTARG" ;; j) jar="$OPTARG" ;;
    d) out="$OPTARG" ;; J) jvmopts="$OPTARG" ;; H) histo=1 ;; h) usage 0 ;; *) usage ;;
  esac
done
[ -n "${SG_DB_PREFIX:-}" ] || { echo "scale-benchmark: export SG_DB_PREFIX=<prefix>_ first (databases are named \${SG_DB_PREFIX}scale_<nodes>)" >&2; exit 2; }
[[ "$SG_DB_PREFIX" =~ ^[a-z0-9_]+$ ]] || { echo "scale-benchmark: SG_DB_PREFIX must be lower-case letters, digits and _, got '$SG_DB_PREFIX'" >&2; exit 2; }
for n in $sizes; do [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "scale-benchmark: node count must be a positive integer, got '$n'" >&2; exit 2; }; done
for d in $dbs; do [[ "$d" == postgres || "$d" == mariadb ]] || { echo "scale-benchmark: database must be postgres or mariadb, got '$d'" >&2; exit 2; }; done
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || { echo "scale-benchmark: -t must be a positive integer, got '$seconds'" >&2; exit 2; }
[ -f "$jar" ] || { echo "scale-benchmark: $jar not found; build it with: mvn -B package -DskipTests" >&2; exit 2; }
work="${out:-$(mktemp -d -t socialgraph-scale.XXXXXX)}"
mkdir -p "$work"

derive() { # src dst db nodes seconds
  PYTHONPATH="$root/scripts/measure/lib" python3 - "$@" <<'PY'
import sys
import xml.etree.ElementTree as ET
from derived_config import set_database, set_nodes, set_text
src, dst, db, nodes, seconds = sys.argv[1:6]
tree = ET.parse(src)
root = tree.getroot()
set_database(root, db)
set_nodes(root, nodes)
for w in root.findall("./works/work"):
    set_text(w, "time", seconds)
tree.write(dst)
PY
}

# runs benchbase with the given arguments; prints the peak RSS in MB; log in $1
peak_run() {
  local log="$1" hist="$2"; shift 2
  # shellcheck disable=SC2086
  java $jvmopts -jar "$jar" -b socialgraph "$@" >"$log" 2>&1 &
  local pid=$! hwm=0 h
  while kill -0 "$pid" 2>/dev/null; do
    h=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
    [ -n "$h" ] && hwm=$h
    # halfway through the load (the JVM is gone a moment after its last line)
    if [ -n "$hist" ] && [ ! -s "$hist" ] && grep -qE "ids \((5[0-9]|[6-9][0-9])\.[0-9]%\)" "$log" 2>/dev/null; then
      jcmd "$pid" GC.class_histogram >"$hist" 2>/dev/null || true
    fi
    sleep 0.2
  done
  wait "$pid" || { echo "scale-benchmark: benchbase failed, see $log" >&2; return 1; }
  echo $((hwm / 1024))
}

db_size_mb() { # kind dbname
  if [ "$1" = postgres ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -Atc "SELECT pg_database_size('$2') / 1048576"
  else
    mysql -h127.0.0.1 -uroot -N -B -e "SELECT COALESCE(ROUND(SUM(data_length + index_length) / 1048576), 0) FROM information_schema.tables WHERE table_schema = '$2'"
  fi
}

recreate_db() { # kind dbname: an empty database of that name (--create makes the tables only)
  if [ "$1" = postgres ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -q -c "DROP DATABASE IF EXISTS $2 WITH (FORCE)" \
      -c "CREATE DATABASE $2"
  else
    mysql -h127.0.0.1 -uroot -e "DROP DATABASE IF EXISTS $2; CREATE DATABASE $2"
  fi
}

printf "%-9s %12s %12s %9s %10s %8s %8s %8s %8s\n" database nodes links load_s links/s \
  rss_load rss_lb rss_tao disk_mb | tee "$work/table.txt"
for db in $dbs; do
  for n in $sizes; do
    name="${SG_DB_PREFIX}scale_${n}"
    dir="$work/$db-$n"; mkdir -p "$dir"
    derive "$root/config/$db/sample_socialgraph_config.xml" "$dir/linkbench.xml" "$name" "$n" "$seconds"
    derive "$root/config/$db/sample_taobench_config.xml" "$dir/taobench.xml" "$name" "$n" "$seconds"
    hist=""; [ "$histo" = 1 ] && hist="$dir/load-histogram.txt"
    recreate_db "$db" "$name"
    rss_load=$(peak_run "$dir/load.log" "$hist" -c "$dir/linkbench.xml" --create=true --load=true -d "$dir/load")
    read -r load_s links rate < <(python3 - "$dir/load.log" <<'PY'
import re, sys
m = re.findall(r"socialgraph load complete: .*? in ([0-9.]+) s: (\d+) nodes .*?, (\d+) links \(([0-9.]+) links/s\)",
               open(sys.argv[1], errors="replace").read())
print(" ".join(m[-1][i] for i in (0, 2, 3)) if m else "- - -")
PY
)
    disk=$(db_size_mb "$db" "$name")
    rss_lb=$(peak_run "$dir/linkbench.log" "" -c "$dir/linkbench.xml" --execute=true --raw-output=false -d "$dir/linkbench")
    rss_tao=$(peak_run "$dir/taobench.log" "" -c "$dir/taobench.xml" --execute=true --raw-output=false -d "$dir/taobench")
    printf "%-9s %12s %12s %9s %10s %8s %8s %8s %8s\n" "$db" "$n" "$links" "$load_s" "$rate" \
      "$rss_load" "$rss_lb" "$rss_tao" "$disk" | tee -a "$work/table.txt"
  done
done
echo "scale-benchmark: table in $work/table.txt, logs and results under $work"
