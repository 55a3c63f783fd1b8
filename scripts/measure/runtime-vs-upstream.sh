#!/usr/bin/env bash
# This runtime against upstream BenchBase: the same module, database and config under both.
#
#   scripts/measure/runtime-vs-upstream.sh [-c config.xml] [-n nodes] [-t seconds] [-T terminals] [-r rounds]
#                                          [-j this-runtime.jar]
#
# Defaults: config/postgres/sample_socialgraph_config.xml (LinkBench mix), 100000 nodes, 30 s,
# 8 terminals, 1 round. The config is copied with maxid1 = startid1 + nodes, every phase's <time>,
# no warm-up, <terminals>, and its database renamed to <SG_DB_PREFIX>sg_compare (dropped and
# recreated). Before each measured run the graph is created and loaded afresh (by this runtime,
# not measured), so both runtimes start from the same rows; then `--execute=true` runs alone
# under each runtime, alternating, on the same JDK. For each run it prints requests/s
# (summary.json "Throughput (requests/second)") and the driver's CPU time per request: the user +
# sys CPU of the benchbase JVM (/proc/<pid>/stat) between the "PHASE START" and "TERMINATE" log
# lines, and that of the whole JVM (start-up and result files included), divided by the requests
# it measured.
#
# Needs target/benchbase.jar (mvn -B -q package -DskipTests), the upstream build of
# scripts/upstream-dropin.sh build, python3, and the config's server (PostgreSQL: psql; MariaDB:
# the mariadb client). UPSTREAM_JDK picks the JDK (default the newest JDK 23+ in /usr/lib/jvm).
set -euo pipefail
. "$(dirname "$0")/../common.sh"

repo="$(cd "$(dirname "$0")/../.." && pwd)"
config="$repo/config/postgres/sample_socialgraph_config.xml"
nodes=100000; seconds=30; terminals=8; rounds=1
ours="$repo/target/benchbase.jar"
usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
while getopts "c:n:t:T:r:j:h" opt; do
  case "$opt" in
    c) config="$OPTARG" ;;
    n) nodes="$OPTARG" ;;
    t) seconds="$OPTARG" ;;
    T) terminals="$OPTARG" ;;
    r) rounds="$OPTARG" ;;
    j) ours="$OPTARG" ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
die() { echo "runtime-vs-upstream: $*" >&2; exit 2; }
for v in nodes seconds terminals rounds; do
  [[ "${!v}" =~ ^[1-9][0-9]*$ ]] || die "$v must be a positive integer, got '${!v}'"
done
[ -f "$config" ] || die "config $config not found"
[ -f "$ours" ] || die "$ours not found; build it with: mvn -B -q package -DskipTests"
# the JDK the drop-in build uses (UPSTREAM_JDK, else the newest JDK 23+ in /usr/lib/jvm)
jdk="$("$repo/scripts/upstream-dropin.sh" jdk)" || die "no JDK 23+ found (set UPSTREAM_JDK)"
[ -n "$jdk" ] && [ -x "$jdk/bin/java" ] || die "no JDK 23+ found (set UPSTREAM_JDK)"
command -v python3 >/dev/null || die "python3 is required"

dbtype=$(python3 -c 'import sys,xml.etree.ElementTree as E; print(E.parse(sys.argv[1]).getroot().findtext("type").strip().lower())' "$config")
case "$dbtype" in
  postgres|mariadb) ;;
  *) die "only PostgreSQL and MariaDB configs are supported (got type $dbtype)" ;;
esac
upstream="$("$repo/scripts/upstream-dropin.sh" path "$dbtype")" \
  || die "no upstream build for the current sources; run: scripts/upstream-dropin.sh build"
scratch="${SG_DB_PREFIX:-}sg_compare"
recreate_db "$dbtype" "$scratch"

work="$(mktemp -d -t runtime-vs-upstream.XXXXXX)"
derived="$work/config.xml"
PYTHONPATH="$repo/scripts/measure/lib" python3 - "$config" "$derived" "$nodes" "$seconds" "$terminals" "$scratch" <<'PY'
import sys
import xml.etree.ElementTree as ET
from derived_config import set_database, set_nodes, set_text
src, dst, nodes, seconds, terminals, scratch = sys.argv[1:7]
tree = ET.parse(src)
root = tree.getroot()
set_database(root, scratch)
set_nodes(root, nodes)
set_text(root, "terminals", terminals)
for w in root.findall("./works/work"):
    set_text(w, "time", seconds)
    set_text(w, "warmup", 0)
tree.write(dst)
PY

echo "runtime-vs-upstream: $dbtype, $(basename "$config"), $nodes nodes, $terminals terminals, ${seconds} s, JDK $jdk, work $work"
for round in $(seq 1 "$rounds"); do
  for runtime in this upstream; do
    dir="$work/$runtime-$round"
    mkdir -p "$dir"
    (cd "$repo" && "$jdk/bin/java" -jar "$ours" -b socialgraph -c "$derived" \
        --create=true --load=true >"$dir/load.log" 2>&1) \
      || die "loading failed (log $dir/load.log)"
    if [ "$runtime" = this ]; then
      jar="$ours"; cwd="$repo"
    else
      jar="$upstream/benchbase.jar"; cwd="$upstream"
    fi
    python3 - "$jdk/bin/java" "$jar" "$cwd" "$derived" "$dir" "$runtime" <<'PY' || exit 1
import glob, json, os, resource, subprocess, sys, time
java, jar, cwd, config, d, runtime = sys.argv[1:7]
cmd = [java, "-jar", jar, "-b", "socialgraph", "-c", config, "--execute=true", "-d", f"{d}/results"]
tick = os.sysconf("SC_CLK_TCK")
def cpu_of(pid):
    # utime + stime of the whole JVM (all threads), fields 14 and 15 of /proc/<pid>/stat
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / tick
    except (OSError, IndexError):
        return None
# both runtimes log "PHASE START" when measurement begins and "TERMINATE" when the last phase ends
marks = {}
start = time.monotonic()
with open(f"{d}/execute.log", "w") as log:
    p = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
    while p.poll() is None:
        cpu = cpu_of(p.pid)
        text = open(f"{d}/execute.log", errors="replace").read()
        for mark in ("PHASE START", "TERMINATE"):
            if mark not in marks and mark in text and cpu is not None:
                marks[mark] = cpu
        time.sleep(0.1)
rc = p.returncode
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime
if rc != 0:
    sys.exit(f"runtime-vs-upstream: {runtime} exited {rc} (log {d}/execute.log)")
if len(marks) != 2:
    sys.exit(f"runtime-vs-upstream: {runtime}: no PHASE START / TERMINATE lines in {d}/execute.log")
window = marks["TERMINATE"] - marks["PHASE START"]
summary = json.load(open(glob.glob(f"{d}/results/*.summary.json")[0]))
rps = float(summary["Throughput (requests/second)"])
requests = int(summary["Measured Requests"])
print(f"{runtime:>8}: {rps:9,.0f} requests/s, {requests:,} requests; driver CPU per request "
      f"{1e6 * window / requests:6.1f} us while measuring ({window:.1f} s CPU), "
      f"{1e6 * cpu / requests:6.1f} us for the whole JVM ({cpu:.1f} s, user {usage.ru_utime:.1f} "
      f"+ sys {usage.ru_stime:.1f}, start-up and result files included); wall {wall:.1f} s")
PY
  done
done
