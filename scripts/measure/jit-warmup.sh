#!/usr/bin/env bash
# The driver's JIT inside the measured window, with and without a start-up archive: runs one config
# (--execute on a graph loaded once) under each variant and prints, per run, the time from the
# JVM's launch to the first request, when the JIT settled (the run's own "JIT Settled After"), the
# compiler threads' CPU inside the measured window and its share of the driver's CPU, and
# requests/s.
#
#   scripts/measure/jit-warmup.sh [-c config.xml] [-n nodes] [-w warmup] [-u longest] [-t seconds] [-r runs]
#                                 [-v jdk17,jdk17-cds,jdk25,jdk25-aot] [-D database]
#                                 [-j benchbase.jar] [-d dir] [-x]
#
# Variants (-v): jdk17 and jdk25 as they are; jdk17-cds with an AppCDS archive of the classes a
# training run loaded (-XX:ArchiveClassesAtExit, then -XX:SharedArchiveFile); jdk25-aot with JDK
# 25's ahead-of-time cache of a training run (-XX:AOTCacheOutput, then -XX:AOTCache: classes
# loaded and linked, and method profiles). The training run is the same config with a 5 s warm-up
# and 20 s measured. JDK 17 is $JAVA17 (default: java on the PATH), JDK 25 $JAVA25 (default: the
# Temurin 25 under /usr/lib/jvm). Defaults: config/postgres/sample_socialgraph_config.xml on
# database -D (default sg_jit_warmup, recreated), its graph size unless -n, -w 30 (the sample
# configs' warm-up), -t 60, -r 1 (runs alternate over the variants). -u N sets
# <warmupUntilJitSettled> to N: the warm-up goes on past -w until the JIT settled, at most N s in all
# (0, the default, keeps the fixed one). -x prints the plan only.
# Per run, in -d (default a new temporary folder): <variant>-<run>/benchbase.log and results/.
set -euo pipefail

usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/scripts/common.sh"
config="$root/config/postgres/sample_socialgraph_config.xml"
nodes=""; warmup=30; longest=0; seconds=60; runs=1; variants="jdk17,jdk17-cds,jdk25,jdk25-aot"
database="sg_jit_warmup"; jar="$root/target/benchbase.jar"; out=""; dry=0
java17="${JAVA17:-java}"
java25="${JAVA25:-$(ls -d /usr/lib/jvm/temurin-25*/bin/java 2>/dev/null | head -1)}"
while getopts "c:n:w:u:t:r:v:D:j:d:xh" opt; do
  case "$opt" in
    c) config="$OPTARG" ;;
    n) nodes="$OPTARG" ;;
    w) warmup="$OPTARG" ;;
    u) longest="$OPTARG" ;;
    t) seconds="$OPTARG" ;;
    r) runs="$OPTARG" ;;
    v) variants="$OPTARG" ;;
    D) database="$OPTARG" ;;
    j) jar="$OPTARG" ;;
    d) out="$OPTARG" ;;
    x) dry=1 ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
fail() { echo "jit-warmup: $*" >&2; exit 2; }
for v in warmup seconds runs; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || fail "$v must be a positive integer, got '${!v}'"
done
[[ "$longest" =~ ^(0|[1-9][0-9]*)$ ]] || fail "longest (-u) must be 0 or a positive integer, got '$longest'"
[ "$longest" = 0 ] || [ "$longest" -ge "$warmup" ] || fail "longest (-u $longest) must be 0 or at least the warm-up (-w $warmup)"
[ -z "$nodes" ] || [[ "$nodes" =~ ^[1-9][0-9]*$ ]] || fail "nodes must be a positive integer, got '$nodes'"
[[ "$database" =~ ^[a-z_][a-z0-9_]*$ ]] || fail "database must be a plain lower-case name, got '$database'"
[ -f "$config" ] || fail "config $config not found"
for v in ${variants//,/ }; do
  case "$v" in jdk17|jdk17-cds|jdk25|jdk25-aot) ;; *) fail "unknown variant '$v' (jdk17, jdk17-cds, jdk25, jdk25-aot)" ;; esac
done
kind=$(sed -n 's:.*<type>\(.*\)</type>.*:\1:p' "$config" | head -1)
case "$kind" in POSTGRES) db=postgres ;; MARIADB) db=mariadb ;; *) fail "$config: <type> $kind; this script runs PostgreSQL or MariaDB configs" ;; esac

java_of() { case "$1" in jdk17*) echo "$java17" ;; *) echo "$java25" ;; esac; }
# the options a variant runs with once its archive exists, and those that train it
opts_of() {
  case "$1" in
    jdk17-cds) echo "-XX:SharedArchiveFile=$work/app17.jsa" ;;
    jdk25-aot) echo "-XX:AOTCache=$work/app25.aot" ;;
  esac
}
train_of() {
  case "$1" in
    jdk17-cds) echo "-XX:ArchiveClassesAtExit=$work/app17.jsa" ;;
    jdk25-aot) echo "-XX:AOTCacheOutput=$work/app25.aot" ;;
  esac
}

work="${out:-<dir>}"
if [ "$dry" = 1 ]; then
  echo "PLAN  load: $java17 -jar $jar -c $config (database $database${nodes:+, $nodes nodes}) --create --load"
  for v in ${variants//,/ }; do
    [ -z "$(train_of "$v")" ] || echo "PLAN  train $v: $(java_of "$v") $(train_of "$v") -jar $jar --execute (5 s + 20 s)"
  done
  for r in $(seq "$runs"); do
    for v in ${variants//,/ }; do
      echo "PLAN  run $r $v: $(java_of "$v") $(opts_of "$v") -jar $jar --execute (${warmup} s$([ "$longest" = 0 ] || echo " to the JIT's settling, at most $longest s,") + ${seconds} s)"
    done
  done
  exit 0
fi
[ -f "$jar" ] || fail "$jar not found; build it with: mvn -B -q package -DskipTests"
for v in ${variants//,/ }; do
  [ -x "$(java_of "$v")" ] || command -v "$(java_of "$v")" >/dev/null || fail "no java for $v (set JAVA17 / JAVA25)"
done
[ -n "$out" ] || work=$(mktemp -d -t jit-warmup.XXXXXX)
mkdir -p "$work"

derive() { # derive <dst> <warmup> <seconds> <longest warm-up, 0: fixed>
  PYTHONPATH="$root/scripts/measure/lib" python3 - "$config" "$1" "$nodes" "$2" "$3" "$database" "$4" <<'PY'
import sys
import xml.etree.ElementTree as ET
from derived_config import set_database, set_nodes, set_text
src, dst, nodes, warmup, seconds, database, longest = sys.argv[1:8]
tree = ET.parse(src)
root = tree.getroot()
if nodes:
    set_nodes(root, nodes)
set_database(root, database)
work = root.find("./works/work")
set_text(work, "warmup", warmup)
set_text(work, "time", seconds)
set_text(root, "warmupUntilJitSettled", longest)
tree.write(dst)
PY
}
derive "$work/config.xml" "$warmup" "$seconds" "$longest"
derive "$work/train.xml" 5 20 0
recreate_db "$db" "$database"
echo "jit-warmup: loading ($work)"
"$java17" -jar "$jar" -b socialgraph -c "$work/config.xml" --create=true --load=true \
  -d "$work/load" >"$work/load.log" 2>&1 || fail "the load failed, see $work/load.log"
for v in ${variants//,/ }; do
  t=$(train_of "$v")
  [ -n "$t" ] || continue
  echo "jit-warmup: training $v"
  # shellcheck disable=SC2086
  "$(java_of "$v")" $t -jar "$jar" -b socialgraph -c "$work/train.xml" --execute=true \
    -d "$work/train-$v" >"$work/train-$v.log" 2>&1 || fail "training $v failed, see $work/train-$v.log"
done
printf '%-10s %3s %10s %10s %10s %14s %9s %10s\n' variant run "start s" "settled s" "window s" "JIT CPU ms" "JIT %" "req/s"
for r in $(seq "$runs"); do
  for v in ${variants//,/ }; do
    dir="$work/$v-$r"
    mkdir -p "$dir"
    launched=$(date +%s%3N)
    # shellcheck disable=SC2086
    "$(java_of "$v")" $(opts_of "$v") -jar "$jar" -b socialgraph -c "$work/config.xml" \
      --execute=true -d "$dir/results" >"$dir/benchbase.log" 2>&1 \
      || fail "run $r of $v failed, see $dir/benchbase.log"
    python3 - "$dir/results" "$launched" "$v" "$r" <<'PY'
import glob, json, os, sys
results, launched, variant, run = sys.argv[1:5]
s = json.load(open(sorted(glob.glob(os.path.join(results, "*.summary.json")), key=os.path.getmtime)[-1]))
d = s.get("Driver") or {}
jit, cpu = d.get("JIT Compiler CPU (milliseconds)"), d.get("CPU (seconds)")
share = f"{jit / (cpu * 1000) * 100:.1f}" if jit is not None and cpu else "n/a"
settled = (s.get("JIT") or {}).get("Settled After (seconds)")
window = (s.get("JIT") or {}).get("Measured Window Began At (seconds)")
print(f"{variant:<10} {run:>3} {(s['Start timestamp (milliseconds)'] - int(launched)) / 1000:>10.1f}"
      f" {'never' if settled is None else settled:>10} {'n/a' if window is None else window:>10}"
      f" {jit if jit is not None else 'n/a':>14}"
      f" {share:>9} {s['Throughput (requests/second)']:>10,.0f}")
PY
  done
done
echo "jit-warmup: logs and results in $work"
