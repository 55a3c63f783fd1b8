#!/usr/bin/env bash
# Load/request benchmark of the socialgraph module (LinkBench side).
#
#   scripts/socialgraph-benchmark.sh -c <config.xml> [-n nodes] [-t seconds] [-T terminals]
#                                    [-j benchbase.jar] [-d results-dir]
#
# Writes a derived copy of the config (maxid1 = startid1 + nodes, every phase's <time>, and
# <terminals> when -T is given), then runs benchbase with --create --load --execute and prints
# the load rate (links/s over the whole load: nodes, links, counts, index rebuild) and the
# request rate (summary.json "Throughput (requests/second)").
# The config's database is dropped and recreated by --create: point it at a scratch database.
set -euo pipefail

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

config=""; nodes=100000; seconds=60; terminals=""; out=""
jar="$(cd "$(dirname "$0")/.." && pwd)/target/benchbase.jar"
while getopts "c:n:t:T:j:d:h" opt; do
  case "$opt" in
    c) config="$OPTARG" ;;
    n) nodes="$OPTARG" ;;
    t) seconds="$OPTARG" ;;
    T) terminals="$OPTARG" ;;
    j) jar="$OPTARG" ;;
    d) out="$OPTARG" ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
[ -n "$config" ] || { echo "socialgraph-benchmark: -c <config.xml> is required" >&2; usage; }
[ -f "$config" ] || { echo "socialgraph-benchmark: config $config not found" >&2; exit 2; }
[ -f "$jar" ] || { echo "socialgraph-benchmark: $jar not found; build it with: mvn -B package -DskipTests" >&2; exit 2; }
for v in nodes seconds; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || { echo "socialgraph-benchmark: $v must be a positive integer, got '${!v}'" >&2; exit 2; }
done
[ -z "$terminals" ] || [[ "$terminals" =~ ^[1-9][0-9]*$ ]] \
  || { echo "socialgraph-benchmark: terminals must be a positive integer, got '$terminals'" >&2; exit 2; }
command -v python3 >/dev/null || { echo "socialgraph-benchmark: python3 is required" >&2; exit 2; }

work="${out:-$(mktemp -d -t socialgraph-bench.XXXXXX)}"
mkdir -p "$work"
derived="$work/config.xml"

python3 - "$config" "$derived" "$nodes" "$seconds" "$terminals" <<'PY'
import sys
import xml.etree.ElementTree as ET
src, dst, nodes, seconds, terminals = sys.argv[1:6]
tree = ET.parse(src)
root = tree.getroot()
lb = root.find("linkbench")
if lb is None:
    lb = ET.SubElement(root, "linkbench")
start = lb.find("startid1")
first = int(start.text.strip()) if start is not None and start.text else 1
maxid = lb.find("maxid1")
if maxid is None:
    maxid = ET.SubElement(lb, "maxid1")
maxid.text = str(first + int(nodes))
works = root.findall("./works/work")
if not works:
    sys.exit(f"socialgraph-benchmark: {src} has no <works><work> phase")
for work in works:
    t = work.find("time")
    if t is None:
        t = ET.SubElement(work, "time")
    t.text = seconds
if terminals:
    term = root.find("terminals")
    if term is None:
        term = ET.SubElement(root, "terminals")
    term.text = terminals
tree.write(dst)
PY

log="$work/benchbase.log"
echo "socialgraph-benchmark: $nodes nodes, ${seconds}s per phase, config $derived, output $work"
set +e
java -jar "$jar" -b socialgraph -c "$derived" --create=true --load=true --execute=true \
  -d "$work/results" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || { echo "socialgraph-benchmark: benchbase failed (exit $status), see $log" >&2; exit "$status"; }

python3 - "$log" "$work/results" <<'PY'
import glob, json, os, re, sys
log, results = sys.argv[1:3]
text = open(log, encoding="utf-8", errors="replace").read()
m = re.findall(r"socialgraph load complete: .*? in ([0-9.]+) s: (\d+) nodes .*?, (\d+) links \(([0-9.]+) links/s\)", text)
if m:
    secs, n, links, rate = m[-1]
    print(f"LOAD     {int(n):,} nodes, {int(links):,} links in {float(secs):.1f} s: {float(rate):,.0f} links/s")
else:
    print("LOAD     (no 'socialgraph load complete' line in the log)")
summaries = sorted(glob.glob(os.path.join(results, "*.summary.json")), key=os.path.getmtime)
if summaries:
    s = json.load(open(summaries[-1]))
    thr = s.get("Throughput (requests/second)")
    good = s.get("Goodput (requests/second)")
    term = s.get("terminals", "?")
    print(f"REQUESTS {float(thr):,.0f} requests/s throughput, {float(good):,.0f} requests/s goodput ({term} terminals; {summaries[-1]})")
else:
    r = re.findall(r"= ([0-9.]+) requests/sec \(throughput\)", text)
    print(f"REQUESTS {float(r[-1]):,.0f} requests/s throughput" if r else "REQUESTS (no result found)")
PY
