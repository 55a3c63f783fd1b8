#!/usr/bin/env bash
# Where a request's driver time and memory go, by part (draw, pipeline and session, lost-write
# tracker, read checks, fidelity counters, procedures and statement binding, JDBC driver,
# measurement, the runtime's worker loop): runs configs with Flight Recorder on and prints one
# table, a column per run, each cell the part's share of the terminals' CPU samples and the bytes
# it allocated per request in the measured window.
#
#   scripts/measure/profile-requests.sh [-b postgres,mariadb] [-k linkbench,read,readtxn,write,writetxn]
#                                       [-n nodes] [-w warmup] [-t seconds] [-T terminals]
#                                       [-D database] [-j benchbase.jar] [-J java] [-d dir]
#                                       [-c config.xml -l label] [-x]
#
# Cases (-k): linkbench is config/<db>/sample_socialgraph_config.xml (LinkBench's mix); read,
# readtxn, write and writetxn are config/<db>/sample_taobench_config.xml with that one type's
# weight 100 and the others 0. Each case runs on database -D (default sg_profile; dropped and
# recreated once per database), --create --load --execute with -n nodes (default 10000), -w s
# warm-up (default 10, the sample configs') and -t s measured (default 30). -c runs one config of
# your own as it is (its database, size and phases; --execute only, so load it first) under label
# -l. -x prints the plan and touches nothing.
# Per run, in -d (default a new temporary folder): the derived config, benchbase.log, results/, the
# recording rec.jfr (settings: scripts/measure/lib/profile.jfc) and profile.json (the table's cells
# plus the top CPU and allocation sites); table.md is the whole table. The parser is
# com.oltpbenchmark.profile.RequestProfile in the jar (how frames map to parts: PartRules).
set -euo pipefail

usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/scripts/common.sh"
dbs="postgres,mariadb"; cases="linkbench,read,readtxn,write,writetxn"
nodes=10000; warmup=10; seconds=30; terminals=""; database="sg_profile"
jar="$root/target/benchbase.jar"; java="java"; out=""; own=""; label=""; dry=0
jfc="$root/scripts/measure/lib/profile.jfc"
while getopts "b:k:n:w:t:T:D:j:J:d:c:l:xh" opt; do
  case "$opt" in
    b) dbs="$OPTARG" ;;
    k) cases="$OPTARG" ;;
    n) nodes="$OPTARG" ;;
    w) warmup="$OPTARG" ;;
    t) seconds="$OPTARG" ;;
    T) terminals="$OPTARG" ;;
    D) database="$OPTARG" ;;
    j) jar="$OPTARG" ;;
    J) java="$OPTARG" ;;
    d) out="$OPTARG" ;;
    c) own="$OPTARG" ;;
    l) label="$OPTARG" ;;
    x) dry=1 ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
fail() { echo "profile-requests: $*" >&2; exit 2; }
for v in nodes warmup seconds; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || fail "$v must be a positive integer, got '${!v}'"
done
[ -z "$terminals" ] || [[ "$terminals" =~ ^[1-9][0-9]*$ ]] || fail "terminals must be a positive integer, got '$terminals'"
[[ "$database" =~ ^[a-z_][a-z0-9_]*$ ]] || fail "database must be a plain lower-case name, got '$database'"
for db in ${dbs//,/ }; do
  case "$db" in postgres|mariadb) ;; *) fail "unknown database '$db' (postgres, mariadb)" ;; esac
done
for c in ${cases//,/ }; do
  case "$c" in linkbench|read|readtxn|write|writetxn) ;; *) fail "unknown case '$c' (linkbench, read, readtxn, write, writetxn)" ;; esac
done
if [ -n "$own" ]; then
  [ -f "$own" ] || fail "config $own not found"
  [ -n "$label" ] || fail "-c needs -l <label>"
fi

# runs: "<db> <case> <label>" lines, or "own - <label>"
runs=()
if [ -n "$own" ]; then
  runs+=("own - $label")
else
  for db in ${dbs//,/ }; do
    for c in ${cases//,/ }; do
      name=$([ "$db" = postgres ] && echo PostgreSQL || echo MariaDB)
      case "$c" in
        linkbench) what="LinkBench mix" ;; read) what="Read" ;; readtxn) what="ReadTxn" ;;
        write) what="Write" ;; writetxn) what="WriteTxn" ;;
      esac
      runs+=("$db $c $name $what")
    done
  done
fi
jfr_opts="-XX:StartFlightRecording=filename=REC,settings=$jfc,dumponexit=true -XX:FlightRecorderOptions=stackdepth=128"
if [ "$dry" = 1 ]; then
  for r in "${runs[@]}"; do
    read -r db c rest <<<"$r"
    if [ "$db" = own ]; then
      echo "PLAN  $rest: $java $jfr_opts -jar $jar -b socialgraph -c $own --execute"
    else
      echo "PLAN  $rest: database $database, $nodes nodes, ${warmup} s warm-up + ${seconds} s," \
        "$([ "$c" = linkbench ] && echo "config/$db/sample_socialgraph_config.xml" || echo "config/$db/sample_taobench_config.xml, $c alone")," \
        "--create --load --execute under $java $jfr_opts"
    fi
  done
  exit 0
fi
[ -f "$jar" ] || fail "$jar not found; build it with: mvn -B -q package -DskipTests"
command -v python3 >/dev/null || fail "python3 is required"

work="${out:-$(mktemp -d -t profile-requests.XXXXXX)}"
mkdir -p "$work"
profiles=()
recreated=""
for r in "${runs[@]}"; do
  read -r db c rest <<<"$r"
  dir="$work/$([ "$db" = own ] && echo own || echo "$db-$c")"
  mkdir -p "$dir"
  if [ "$db" = own ]; then
    cp "$own" "$dir/config.xml"
    steps=(--execute=true)
  else
    src="$root/config/$db/$([ "$c" = linkbench ] && echo sample_socialgraph_config.xml || echo sample_taobench_config.xml)"
    PYTHONPATH="$root/scripts/measure/lib" python3 - "$src" "$dir/config.xml" "$c" "$nodes" \
      "$warmup" "$seconds" "$terminals" "$database" <<'PY'
import sys
import xml.etree.ElementTree as ET
from derived_config import set_database, set_nodes, set_text
src, dst, case, nodes, warmup, seconds, terminals, database = sys.argv[1:9]
tree = ET.parse(src)
root = tree.getroot()
set_nodes(root, nodes)
set_database(root, database)
if terminals:
    set_text(root, "terminals", terminals)
work = root.find("./works/work")
set_text(work, "warmup", warmup)
set_text(work, "time", seconds)
if case != "linkbench":
    names = [t.findtext("name").strip().lower() for t in root.findall("./transactiontypes/transactiontype")]
    if case not in names:
        sys.exit(f"profile-requests: {src} has no transaction type {case}")
    set_text(work, "weights", ", ".join("100" if n == case else "0" for n in names))
tree.write(dst)
PY
    if [[ ",$recreated," != *",$db,"* ]]; then
      recreate_db "$db" "$database"
      recreated="$recreated,$db"
    fi
    steps=(--create=true --load=true --execute=true)
  fi
  echo "profile-requests: $rest ($dir)"
  # shellcheck disable=SC2086
  "$java" ${jfr_opts//REC/$dir/rec.jfr} -jar "$jar" -b socialgraph -c "$dir/config.xml" \
    "${steps[@]}" -d "$dir/results" >"$dir/benchbase.log" 2>&1 \
    || fail "benchbase failed (exit $?), see $dir/benchbase.log"
  # the measured window: the run's start plus the first phase's warm-up, for the elapsed time
  window=$(python3 - "$dir/results" "$dir/config.xml" <<'PY'
import glob, json, os, sys
import xml.etree.ElementTree as ET
results, config = sys.argv[1:3]
s = json.load(open(sorted(glob.glob(os.path.join(results, "*.summary.json")), key=os.path.getmtime)[-1]))
warmup = int((ET.parse(config).getroot().findtext("./works/work/warmup") or "0").strip())
start = s["Start timestamp (milliseconds)"] + warmup * 1000
print(start, start + s["Elapsed Time (nanoseconds)"] // 1_000_000, s["Measured Requests"])
PY
)
  read -r from to requests <<<"$window"
  "$java" -cp "$jar" com.oltpbenchmark.profile.RequestProfile profile "$dir/rec.jfr" \
    "$from" "$to" "$requests" "$rest" >"$dir/profile.json"
  profiles+=("$dir/profile.json")
done
"$java" -cp "$jar" com.oltpbenchmark.profile.RequestProfile table "${profiles[@]}" | tee "$work/table.md"
echo "profile-requests: recordings and profiles in $work"
