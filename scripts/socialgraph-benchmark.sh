#!/usr/bin/env bash
# Load/request benchmark of the socialgraph module, with the CPU cost of each request.
#
#   scripts/socialgraph-benchmark.sh -c <config.xml> [-n nodes] [-t seconds] [-T terminals]
#                                    [-w warmup] [-j benchbase.jar] [-d results-dir] [-J "jvm opts"]
#
# Writes a derived copy of the config (maxid1 = startid1 + nodes, every phase's <time>, the first
# phase's <warmup> when -w is given, <terminals> when -T is given), then runs benchbase with
# --create --load --execute and prints:
#   LOAD     links/s over the whole load (nodes, links, counts, index rebuild)
#   REQUESTS summary.json "Throughput (requests/second)" and goodput
#   CPU      driver and server CPU (user + system) per request over the measured window, as the
#            run's summary.json reports them ("Driver", "Server Process"), and the free-driver
#            limit: cores / server CPU per request, the rate the same server would reach if the
#            driver cost nothing.
# Driver CPU is the benchbase JVM's (all threads: JIT and GC included). Server CPU is the server's
# process tree on this host, found from its pid file, exited backends included; SQLite runs inside
# the driver, so it has none (see docs/runtime.md, "What the driver and the server spent").
#   SQL      (MariaDB/MySQL, with the mysql client) statements the server received per request,
#            from one second after the warm-up to one second before the first phase ends.
# The config's database is dropped and recreated by --create: point it at a scratch database.
set -euo pipefail

usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }

config=""; nodes=100000; seconds=60; terminals=""; out=""; warmup=""; jvmopts=""
root="$(cd "$(dirname "$0")/.." && pwd)"
jar="$root/target/benchbase.jar"
while getopts "c:n:t:T:w:j:d:J:h" opt; do
  case "$opt" in
    c) config="$OPTARG" ;;
    n) nodes="$OPTARG" ;;
    t) seconds="$OPTARG" ;;
    T) terminals="$OPTARG" ;;
    w) warmup="$OPTARG" ;;
    j) jar="$OPTARG" ;;
    d) out="$OPTARG" ;;
    J) jvmopts="$OPTARG" ;;
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
[ "$seconds" -ge 4 ] || { echo "socialgraph-benchmark: seconds must be at least 4 (the CPU window is the phase minus 2 s), got $seconds" >&2; exit 2; }
[ -z "$terminals" ] || [[ "$terminals" =~ ^[1-9][0-9]*$ ]] \
  || { echo "socialgraph-benchmark: terminals must be a positive integer, got '$terminals'" >&2; exit 2; }
[ -z "$warmup" ] || [[ "$warmup" =~ ^[1-9][0-9]*$ ]] \
  || { echo "socialgraph-benchmark: warmup must be a positive integer (the CPU window starts after it), got '$warmup'" >&2; exit 2; }
command -v python3 >/dev/null || { echo "socialgraph-benchmark: python3 is required" >&2; exit 2; }

work="${out:-$(mktemp -d -t socialgraph-bench.XXXXXX)}"
mkdir -p "$work"
derived="$work/config.xml"

# prints "<type> <port> <user>" of the derived config, for the statement counter
target=$(PYTHONPATH="$root/scripts/measure/lib" python3 - "$config" "$derived" "$nodes" "$seconds" "$terminals" "$warmup" <<'PY'
import re, sys
import xml.etree.ElementTree as ET
from derived_config import set_nodes, set_text
src, dst, nodes, seconds, terminals, warmup = sys.argv[1:7]
tree = ET.parse(src)
root = tree.getroot()
set_nodes(root, nodes)
works = root.findall("./works/work")
if not works:
    sys.exit(f"socialgraph-benchmark: {src} has no <works><work> phase")
for work in works:
    set_text(work, "time", seconds)
w = works[0].find("warmup")
if warmup:
    set_text(works[0], "warmup", warmup)
elif w is None or not (w.text or "").strip().isdigit() or int(w.text) < 1:
    sys.exit(f"socialgraph-benchmark: {src}: the first phase has no <warmup>; give one with -w "
             "(the CPU window starts when the warm-up ends)")
if terminals:
    set_text(root, "terminals", terminals)
tree.write(dst)
kind = (root.findtext("type") or "").strip().upper()
url = (root.findtext("url") or "").strip()
m = re.match(r"jdbc:[a-z]+://[^/:?]+:(\d+)", url)
port = m.group(1) if m else {"POSTGRES": "5432", "MARIADB": "3306", "MYSQL": "3306", "MYROCKS": "3310"}.get(kind, "0")
print(kind, port, (root.findtext("username") or "").strip() or "-")
PY
)
read -r dbtype dbport dbuser <<<"$target"

log="$work/benchbase.log"
sql="$work/statements.json"
echo "socialgraph-benchmark: $nodes nodes, ${seconds}s per phase, config $derived, output $work"
: >"$log"
# shellcheck disable=SC2086
java $jvmopts -jar "$jar" -b socialgraph -c "$derived" --create=true --load=true --execute=true \
  -d "$work/results" >"$log" 2>&1 &
jpid=$!
tail -n +1 -f --pid="$jpid" "$log" &
tpid=$!
python3 - "$log" "$jpid" "$dbtype" "$dbport" "$seconds" "$sql" "$dbuser" <<'PY' &
import json, os, re, shutil, subprocess, sys, time
log, jpid, kind, port, seconds, out, user = sys.argv[1:8]
jpid, seconds = int(jpid), int(seconds)

def statements():
    """MariaDB/MySQL: statements the server has received (global Questions), or None."""
    if kind not in ("MARIADB", "MYSQL", "MYROCKS") or not shutil.which("mysql"):
        return None
    cmd = ["mysql", "-h127.0.0.1", f"-P{port}", "-N", "-B", "-e", "SHOW GLOBAL STATUS LIKE 'Questions'"]
    if user != "-":
        cmd.insert(1, f"-u{user}")
    try:
        return int(subprocess.run(cmd, capture_output=True, text=True, timeout=10).stdout.split()[1])
    except (IndexError, ValueError, subprocess.SubprocessError):
        return None

while True:
    m = re.search(r"Warming up for (\d+) s", open(log, errors="replace").read())
    if m:
        break
    if not os.path.exists(f"/proc/{jpid}"):
        sys.exit(0)
    time.sleep(0.1)
time.sleep(int(m.group(1)) + 1)
t0, q0 = time.time(), statements()
time.sleep(seconds - 2)
t1, q1 = time.time(), statements()
if q0 is not None and q1 is not None:
    json.dump({"window_s": t1 - t0, "statements": q1 - q0 - 1}, open(out, "w"))
PY
spid=$!
set +e
wait "$jpid"
status=$?
wait "$spid"
wait "$tpid" 2>/dev/null
set -e
[ "$status" -eq 0 ] || { echo "socialgraph-benchmark: benchbase failed (exit $status), see $log" >&2; exit "$status"; }

python3 - "$log" "$work/results" "$sql" <<'PY'
import glob, json, os, re, sys
log, results, sql = sys.argv[1:4]
text = open(log, encoding="utf-8", errors="replace").read()
m = re.findall(r"socialgraph load complete: .*? in ([0-9.]+) s: (\d+) nodes .*?, (\d+) links \(([0-9.]+) links/s\)", text)
if m:
    secs, n, links, rate = m[-1]
    print(f"LOAD     {int(n):,} nodes, {int(links):,} links in {float(secs):.1f} s: {float(rate):,.0f} links/s")
else:
    print("LOAD     (no 'socialgraph load complete' line in the log)")
summaries = sorted(glob.glob(os.path.join(results, "*.summary.json")), key=os.path.getmtime)
s = json.load(open(summaries[-1])) if summaries else None
thr = None
if s:
    thr = float(s.get("Throughput (requests/second)"))
    good = float(s.get("Goodput (requests/second)"))
    term = s.get("terminals", "?")
    print(f"REQUESTS {thr:,.0f} requests/s throughput, {good:,.0f} requests/s goodput ({term} terminals; {summaries[-1]})")
else:
    print("REQUESTS (no summary.json found)")
drv, srv = (s or {}).get("Driver"), (s or {}).get("Server Process") or {}
if drv and drv.get("CPU (microseconds/request)") is not None:
    share = drv.get("System CPU Share")
    line = f"CPU      driver {drv['CPU (microseconds/request)']:.1f} us/request" + (
        f" ({share * 100:.0f} % system)" if share is not None else "")
    srv_us = srv.get("CPU (microseconds/request)")
    if srv_us:
        limit = drv["Host Cores"] / (srv_us / 1e6)
        line += (f", server {srv_us:.1f} us/request ({srv['Processes']} processes);"
                 f" free-driver limit {limit:,.0f} requests/s on {drv['Host Cores']} cores,"
                 f" measured {thr / limit * 100:.0f} % of it")
    elif srv.get("Embedded"):
        line += ", server in-process (SQLite)"
    else:
        line += f", server {srv.get('Not Measured') or 'not measured'}"
    print(line + f" (window {drv['Window (seconds)']:.1f} s)")
    if drv.get("Likely Limit"):
        print(f"WARNING  {drv['Likely Limit']}")
else:
    print("CPU      (no measured window: the run ended before its warm-up did)")
if thr and os.path.exists(sql):
    q = json.load(open(sql))
    print(f"SQL      {q['statements'] / (thr * q['window_s']):.2f} statements per request (server's Questions"
          " counter: one per round trip, a multi-statement query counts each statement)")
PY
