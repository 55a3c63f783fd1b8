#!/usr/bin/env bash
# What reading the database's counters costs: the PostgreSQL LinkBench sample run with the
# database figures on and off, alternating, and the medians of each side's requests/s.
#
#   scripts/measure/sampling-overhead.sh [-c config.xml] [-p pairs] [-t seconds] [-w warmup]
#                                        [-s window] [-j benchbase.jar] [-d results-dir]
#                                        [-D database]
#
# Loads the config's graph once (--create --load), then runs --execute -p times with
# --database-figures=true and -p times with --database-figures=false, alternating (on, off, on,
# ...), each with the given <time>, first-phase <warmup> and -s results window (a reading per
# window and per phase boundary). Prints each run's requests/s, then the two medians and the cost
# (1 - median(on) / median(off)). The target is a cost under 1 %; on a busy machine the spread of
# single runs is larger than that, so read the figures with the spread printed beside them.
# Default config: config/postgres/sample_socialgraph_config.xml, pointed at database -D (default
# sg_sampling_overhead), which --create recreates.
set -euo pipefail

usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

root="$(cd "$(dirname "$0")/../.." && pwd)"
config="$root/config/postgres/sample_socialgraph_config.xml"
pairs=3; seconds=30; warmup=10; window=5
jar="$root/target/benchbase.jar"; out=""; database="sg_sampling_overhead"
while getopts "c:p:t:w:s:j:d:D:h" opt; do
  case "$opt" in
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
[ -f "$config" ] || { echo "sampling-overhead: no config $config" >&2; exit 2; }
[ -f "$jar" ] || { echo "sampling-overhead: no $jar (mvn -B -q package -DskipTests)" >&2; exit 2; }
out="${out:-$(mktemp -d)}"
mkdir -p "$out"
derived="$out/config.xml"
sed -e "s|<time>[0-9]*</time>|<time>$seconds</time>|" \
    -e "s|\(<url>[^<]*://[^/]*/\)[^?<]*|\1$database|" \
    -e "0,/<warmup>[0-9]*<\/warmup>/s|<warmup>[0-9]*</warmup>|<warmup>$warmup</warmup>|" \
    "$config" > "$derived"

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

java -jar "$jar" -b socialgraph -c "$derived" --create --load -d "$out/load" > "$out/load.log" 2>&1 \
  || { echo "sampling-overhead: the load failed, see $out/load.log" >&2; exit 1; }

throughput() {
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Throughput (requests/second)"])' \
    "$(ls "$1"/*.summary.json | head -1)"
}

on=(); off=()
for i in $(seq 1 "$pairs"); do
  for mode in true false; do
    dir="$out/run-$i-$mode"
    java -jar "$jar" -b socialgraph -c "$derived" --execute --audit=false -s "$window" \
      --database-figures="$mode" -d "$dir" > "$dir.log" 2>&1 \
      || { echo "sampling-overhead: run $i ($mode) failed, see $dir.log" >&2; exit 1; }
    t=$(throughput "$dir")
    printf 'pair %d  database figures %-5s  %10.1f requests/s\n' "$i" "$mode" "$t"
    if [ "$mode" = true ]; then on+=("$t"); else off+=("$t"); fi
  done
done

python3 - "${on[*]}" "${off[*]}" <<'PY'
import statistics, sys
on = [float(x) for x in sys.argv[1].split()]
off = [float(x) for x in sys.argv[2].split()]
mon, moff = statistics.median(on), statistics.median(off)
spread = lambda xs: (max(xs) - min(xs)) / statistics.median(xs) * 100
print(f"median on  {mon:10.1f} requests/s (spread {spread(on):.1f} %)")
print(f"median off {moff:10.1f} requests/s (spread {spread(off):.1f} %)")
print(f"cost of the database figures: {(1 - mon / moff) * 100:.2f} % (target < 1 %)")
PY
echo "results in $out"
