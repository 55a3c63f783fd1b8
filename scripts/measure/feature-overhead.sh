#!/usr/bin/env bash
# What a feature that is on by default costs: a sample run with the feature on and off,
# alternating, and the medians of each side's requests/s.
#
#   scripts/measure/feature-overhead.sh [-T database-figures|read-checks] [-c config.xml]
#                                       [-p pairs] [-t seconds] [-w warmup] [-s window]
#                                       [-j benchbase.jar] [-d results-dir] [-D database]
#
# -T database-figures (default): the database's counters, read at each -s window and phase
#    boundary (--database-figures=true|false); target: a cost under 1 %.
# -T read-checks: the online read checks of docs/anomalies.md (<audit><checkReads>); target:
#    a cost under 5 %.
# Loads the config's graph once (--create --load), then runs --execute -p times with the feature on
# and -p times off, alternating (on, off, on, ...), each with the given <time>, first-phase
# <warmup> and -s results window, the audit off. Prints each run's requests/s, then the two medians
# and the cost (1 - median(on) / median(off)). On a busy machine the spread of single runs is
# larger than a few per cent, so read the figures with the spread printed beside them. Default
# config: config/postgres/sample_socialgraph_config.xml (-c config/mariadb/sample_taobench_config.xml
# for TAOBench on MariaDB), pointed at database -D (default sg_feature_overhead), which --create
# recreates (PostgreSQL's database is created with psql when missing).
set -euo pipefail

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

root="$(cd "$(dirname "$0")/../.." && pwd)"
config="$root/config/postgres/sample_socialgraph_config.xml"
pairs=3; seconds=30; warmup=10; window=5; feature=database-figures
jar="$root/target/benchbase.jar"; out=""; database="sg_feature_overhead"
while getopts "T:c:p:t:w:s:j:d:D:h" opt; do
  case "$opt" in
    T) feature="$OPTARG" ;;
    c) config="$OPTARG" ;;
    p) pairs="$OPTARG" ;;
    t) seconds="$OPTARG" ;;
    w) warmup="$OPTARG" ;;
    s) window="$OPTARG" ;;
    j) jar="$OPTARG" ;;
    d) out="$OPTARG" ;;
    D) database="$OPTARG" ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
case "$feature" in
  database-figures|read-checks) ;;
  *) echo "feature-overhead: -T must be database-figures or read-checks, got '$feature'" >&2; exit 2 ;;
esac
[ -f "$config" ] || { echo "feature-overhead: no config $config" >&2; exit 2; }
[ -f "$jar" ] || { echo "feature-overhead: no $jar (mvn -B -q package -DskipTests)" >&2; exit 2; }
out="${out:-$(mktemp -d)}"
mkdir -p "$out"
derived="$out/config.xml"
sed -e "s|<time>[0-9]*</time>|<time>$seconds</time>|" \
    -e "s|\(<url>[^<]*://[^/]*/\)[^?<]*|\1$database|" \
    -e "0,/<warmup>[0-9]*<\/warmup>/s|<warmup>[0-9]*</warmup>|<warmup>$warmup</warmup>|" \
    "$config" > "$derived"
# the read checks' switch lives in the config: one derived config per side
sed -e "s|<audit>|<audit><checkReads>true</checkReads>|" "$derived" > "$out/config-true.xml"
sed -e "s|<audit>|<audit><checkReads>false</checkReads>|" "$derived" > "$out/config-false.xml"
if ! grep -q "<audit>" "$derived"; then
  sed -e "s|</parameters>|<audit><checkReads>true</checkReads></audit></parameters>|" "$derived" > "$out/config-true.xml"
  sed -e "s|</parameters>|<audit><checkReads>false</checkReads></audit></parameters>|" "$derived" > "$out/config-false.xml"
fi

# --create makes the tables, not the database: create it (PostgreSQL, with psql) if missing
url=$(sed -n 's|.*<url>jdbc:postgresql://\([^/]*\)/.*|\1|p' "$derived" | head -1)
if [ -n "$url" ] && command -v psql > /dev/null; then
  host=${url%%:*}; port=${url##*:}; [ "$port" = "$url" ] && port=5432
  user=$(sed -n 's|.*<username>\([^<]*\)</username>.*|\1|p' "$derived" | head -1)
  if ! psql -h "$host" -p "$port" -U "${user:-postgres}" -d postgres -Atc \
      "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1; then
    psql -h "$host" -p "$port" -U "${user:-postgres}" -d postgres -qc "CREATE DATABASE $database"
  fi
fi
# (with | as sed's delimiter, \| is a literal bar, not an alternation: hence # and -E)
myurl=$(sed -nE 's#.*<url>jdbc:(mariadb|mysql)://([^/]*)/.*#\2#p' "$derived" | head -1)
myclient=$(command -v mariadb || command -v mysql || true)
if [ -n "$myurl" ] && [ -n "$myclient" ]; then
  host=${myurl%%:*}; port=${myurl##*:}; [ "$port" = "$myurl" ] && port=3306
  user=$(sed -n 's|.*<username>\([^<]*\)</username>.*|\1|p' "$derived" | head -1)
  pass=$(sed -n 's|.*<password>\([^<]*\)</password>.*|\1|p' "$derived" | head -1)
  MYSQL_PWD="$pass" "$myclient" --protocol=TCP -h "$host" -P "$port" -u"${user:-root}" \
    -e "CREATE DATABASE IF NOT EXISTS $database"
fi

java -jar "$jar" -b socialgraph -c "$derived" --create --load -d "$out/load" > "$out/load.log" 2>&1 \
  || { echo "feature-overhead: the load failed, see $out/load.log" >&2; exit 1; }

throughput() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Throughput (requests/second)"])' \
    "$(ls "$1"/*.summary.json | head -1)"
}

on=(); off=()
for i in $(seq 1 "$pairs"); do
  for mode in true false; do
    dir="$out/run-$i-$mode"
    if [ "$feature" = database-figures ]; then
      args=(-c "$derived" --database-figures="$mode")
    else
      args=(-c "$out/config-$mode.xml")
    fi
    java -jar "$jar" -b socialgraph "${args[@]}" --execute --audit=false -s "$window" \
      -d "$dir" > "$dir.log" 2>&1 \
      || { echo "feature-overhead: run $i ($mode) failed, see $dir.log" >&2; exit 1; }
    t=$(throughput "$dir")
    printf 'pair %d  %s %-5s  %10.1f requests/s\n' "$i" "$feature" "$mode" "$t"
    if [ "$mode" = true ]; then on+=("$t"); else off+=("$t"); fi
  done
done

python3 - "${on[*]}" "${off[*]}" "$feature" <<'PY'
import statistics, sys
on = [float(x) for x in sys.argv[1].split()]
off = [float(x) for x in sys.argv[2].split()]
feature, target = sys.argv[3], {"database-figures": 1, "read-checks": 5}[sys.argv[3]]
mon, moff = statistics.median(on), statistics.median(off)
spread = lambda xs: (max(xs) - min(xs)) / statistics.median(xs) * 100
print(f"median on  {mon:10.1f} requests/s (spread {spread(on):.1f} %)")
print(f"median off {moff:10.1f} requests/s (spread {spread(off):.1f} %)")
print(f"cost of the {feature}: {(1 - mon / moff) * 100:.2f} % (target < {target} %)")
PY
echo "results in $out"
