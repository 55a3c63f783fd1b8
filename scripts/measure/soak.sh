#!/usr/bin/env bash
# Driver heap over a long run: does the heap after a full GC reach a plateau?
#
#   scripts/measure/soak.sh [-c config.xml] [-r requests/s] [-t seconds] [-i interval] [-n nodes]
#                   [-j benchbase.jar] [-d work-dir] [-J "jvm opts"]
#
# Defaults: config/sqlite/sample_socialgraph_config.xml, 2000 requests/s, 3600 s, a sample every
# 30 s, the config's graph size. Writes a derived config (every phase's <rate> and <time>, one
# phase), runs benchbase with --create --load --execute --raw-output=false, and every interval runs
# `jcmd <pid> GC.class_histogram` (a full GC, then the live objects summed) and records the live
# heap. Prints one row per sample (elapsed s, live heap after GC in MB, RSS in MB) and a verdict
# (scripts/measure/lib/soak_verdict.py): GROWING only when the heap over the second half of the samples
# rises with 95 % confidence (the lower bound of its least-squares slope is above zero) and by more
# than 1 MB/h; PLATEAU otherwise, a falling heap included; the slope and its bound are printed in
# MB/h. At least 8 samples are needed for a verdict. Samples are taken during the measured phase
# only (after "Warming up"). SQLite runs in the driver's process: its page cache is native memory.
set -euo pipefail

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
root="$(cd "$(dirname "$0")/../.." && pwd)"
config="$root/config/sqlite/sample_socialgraph_config.xml"
rate=2000; seconds=3600; interval=30; nodes=""; out=""; jvmopts=""
jar="$root/target/benchbase.jar"
while getopts "c:r:t:i:n:j:d:J:h" opt; do
  case "$opt" in
    c) config="$OPTARG" ;; r) rate="$OPTARG" ;; t) seconds="$OPTARG" ;;
    i) interval="$OPTARG" ;; n) nodes="$OPTARG" ;; j) jar="$OPTARG" ;;
    d) out="$OPTARG" ;; J) jvmopts="$OPTARG" ;; h) usage 0 ;; *) usage ;;
  esac
done
for v in rate seconds interval; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "soak: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[ -z "$nodes" ] || [[ "$nodes" =~ ^[1-9][0-9]*$ ]] || { echo "soak: nodes must be a positive integer, got '$nodes'" >&2; exit 2; }
[ -f "$config" ] || { echo "soak: config $config not found" >&2; exit 2; }
[ -f "$jar" ] || { echo "soak: $jar not found; build it with: mvn -B package -DskipTests" >&2; exit 2; }
command -v jcmd >/dev/null || { echo "soak: jcmd (JDK) is required" >&2; exit 2; }
command -v python3 >/dev/null || { echo "soak: python3 is required" >&2; exit 2; }

work="${out:-$(mktemp -d -t socialgraph-soak.XXXXXX)}"
mkdir -p "$work"
PYTHONPATH="$root/scripts/measure/lib" python3 - "$config" "$work/config.xml" "$rate" "$seconds" "$nodes" "$work" <<'PY'
import sys
import xml.etree.ElementTree as ET
from derived_config import set_nodes, set_text
src, dst, rate, seconds, nodes, work = sys.argv[1:7]
tree = ET.parse(src)
root = tree.getroot()
url = root.find("url")
if url is not None and (url.text or "").strip().startswith("jdbc:sqlite:"):
    url.text = f"jdbc:sqlite:{work}/soak.db"
works = root.find("works")
phases = works.findall("work") if works is not None else []
if not phases:
    sys.exit(f"soak: {src} has no <works><work> phase")
for extra in phases[1:]:
    works.remove(extra)
set_text(phases[0], "rate", rate)
set_text(phases[0], "time", seconds)
if nodes:
    set_nodes(root, nodes)
tree.write(dst)
PY

log="$work/benchbase.log"
samples="$work/heap.tsv"
echo "soak: ${rate} requests/s for ${seconds} s, heap after full GC every ${interval} s; output in $work"
# shellcheck disable=SC2086
java $jvmopts -jar "$jar" -b socialgraph -c "$work/config.xml" --create=true --load=true \
  --execute=true --raw-output=false -d "$work/results" >"$log" 2>&1 &
jpid=$!
trap 'kill "$jpid" 2>/dev/null || true' INT TERM
until grep -q "Warming up" "$log" 2>/dev/null; do
  kill -0 "$jpid" 2>/dev/null || { echo "soak: benchbase ended before the run started, see $log" >&2; exit 1; }
  sleep 1
done
start=$(date +%s)
printf "elapsed_s\theap_used_mb\trss_mb\n" >"$samples"
printf "%9s  %12s  %8s\n" "elapsed s" "heap MB (GC)" "RSS MB"
while kill -0 "$jpid" 2>/dev/null; do
  sleep "$interval"
  kill -0 "$jpid" 2>/dev/null || break
  # the class histogram runs a full GC and sums the live objects (its "Total" line, in bytes):
  # unlike GC.run followed by GC.heap_info, nothing the workers allocate in between is counted
  live=$(jcmd "$jpid" GC.class_histogram 2>/dev/null | awk '$1 == "Total" {print $3}' || true)
  [ -n "$live" ] || break
  used=$(( live / 1024 ))
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$jpid/status" 2>/dev/null || echo 0)
  now=$(( $(date +%s) - start ))
  printf "%d\t%.1f\t%.1f\n" "$now" "$(echo "$used / 1024" | bc -l)" "$(echo "${rss:-0} / 1024" | bc -l)" >>"$samples"
  tail -n 1 "$samples" | awk -F'\t' '{printf "%9s  %12s  %8s\n", $1, $2, $3}'
done
set +e
wait "$jpid"
status=$?
set -e
[ "$status" -eq 0 ] || echo "soak: benchbase exited with $status, see $log" >&2
python3 "$root/scripts/measure/lib/soak_verdict.py" "$samples"
exit "$status"
