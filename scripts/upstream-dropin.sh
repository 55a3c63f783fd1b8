#!/usr/bin/env bash
# The socialgraph module inside real upstream BenchBase (the drop-in stage of the tests).
#
#   scripts/upstream-dropin.sh build   unpack upstream, copy the module in as docs/runtime.md says,
#                                      build it (profiles postgres and mariadb) and run the
#                                      module's upstream-style tests (TestSocialGraph*) there
#   scripts/upstream-dropin.sh run     on PostgreSQL and MariaDB: the sample LinkBench and TAOBench
#                                      configs (scaled down) and a 64-terminal hot-key write race,
#                                      each with --create --load --execute under upstream, then
#                                      checks exit 0, no ERROR, the count and TAOBench invariants
#                                      (SQL afterwards) and that the result files parse
#   scripts/upstream-dropin.sh all     build, then run (default)
#   scripts/upstream-dropin.sh path P  print the built upstream folder of profile P (postgres or
#                                      mariadb; has benchbase.jar and config/), exit 1 if not built
#   scripts/upstream-dropin.sh jdk     print the JDK 23+ home the build uses
#
# Environment (all optional):
#   UPSTREAM_TARBALL  upstream source (default ../shared/upstream/benchbase-d2ff90f.tar.gz)
#   UPSTREAM_JDK      JDK 23+ home (default the newest JDK 23+ in /usr/lib/jvm)
#   DROPIN_DIR        work and result folder (default target/upstream-dropin)
#   DROPIN_CACHE      built upstream trees, one per hash of everything copied in
#                     (default ~/.cache/socialgraph-upstream-dropin; the newest 2 are kept)
#   DROPIN_SECONDS    length of each measured phase (default 8)
#   DROPIN_DBS        databases to run on (default "postgres mariadb")
#   SG_DB_PREFIX      prefix of the scratch database name (<prefix>sg_dropin)
# Needs python3, psql and the mariadb client; PostgreSQL on 127.0.0.1:5432 (user postgres, trust)
# and MariaDB on 127.0.0.1:3306 (root, no password). Building needs Maven Central the first time.
# Exit codes: 0 all checks passed; 1 a check failed; 2 something needed is missing.
set -euo pipefail
. "$(dirname "$0")/common.sh"

repo="$(cd "$(dirname "$0")/.." && pwd)"
cmd="${1:-all}"
tarball="${UPSTREAM_TARBALL:-$repo/../shared/upstream/benchbase-d2ff90f.tar.gz}"
work="${DROPIN_DIR:-$repo/target/upstream-dropin}"
cache="${DROPIN_CACHE:-$HOME/.cache/socialgraph-upstream-dropin}"
seconds="${DROPIN_SECONDS:-8}"
dbs="${DROPIN_DBS:-postgres mariadb}"
scratch="${SG_DB_PREFIX:-}sg_dropin"

die() { echo "upstream-dropin: $*" >&2; exit 2; }
fail() { echo "upstream-dropin: FAILED: $*" >&2; exit 1; }

# the newest JDK 23+ under /usr/lib/jvm (by its release file), unless UPSTREAM_JDK says otherwise
newest_jdk() {
  local best="" best_major=0 home major
  for home in /usr/lib/jvm/*/; do
    home="${home%/}"
    [ -x "$home/bin/javac" ] && [ -f "$home/release" ] || continue
    major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$home/release")
    if [ -n "$major" ] && [ "$major" -ge 23 ] && [ "$major" -gt "$best_major" ]; then
      best="$home"; best_major="$major"
    fi
  done
  echo "$best"
}
jdk="${UPSTREAM_JDK:-$(newest_jdk)}"
[ -n "$jdk" ] && [ -x "$jdk/bin/java" ] || die "no JDK 23+ found (set UPSTREAM_JDK; none in /usr/lib/jvm)"
[ -f "$tarball" ] || die "upstream source $tarball not found (set UPSTREAM_TARBALL)"
command -v python3 >/dev/null || die "python3 is required"
command -v mvn >/dev/null || die "mvn is required"

# Everything that goes into the built tree: the module, its upstream-style tests, the upstream
# source and the build recipe (drop_in, build). A change to any of them gives a new key, so a cached
# tree is never stale. Bump the recipe number when drop_in or build changes.
recipe=1
build_key() {
  (
    cd "$repo"
    echo "recipe $recipe"
    sha256sum "$tarball" | cut -c1-64
    find src/main/java/com/oltpbenchmark/benchmarks/socialgraph \
      src/main/resources/benchmarks/socialgraph \
      src/test/java/com/oltpbenchmark/benchmarks/socialgraph -type f \
      \( -path 'src/main/*' -o -name 'TestSocialGraph*.java' \) -print0 \
      | sort -z | xargs -0 sha256sum
  ) | sha256sum | cut -c1-16
}

# The steps of docs/runtime.md, "Dropping the module into an upstream BenchBase tree".
drop_in() {
  local tree="$1"
  for d in src/main/java/com/oltpbenchmark/benchmarks/socialgraph \
           src/main/resources/benchmarks/socialgraph; do
    mkdir -p "$tree/$d"
    cp -R "$repo/$d/." "$tree/$d/"
  done
  local tests=src/test/java/com/oltpbenchmark/benchmarks/socialgraph
  mkdir -p "$tree/$tests"
  cp "$repo/$tests"/TestSocialGraph*.java "$tree/$tests/"
  python3 - "$tree/config/plugin.xml" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
line = '    <plugin name="socialgraph">com.oltpbenchmark.benchmarks.socialgraph.SocialGraphBenchmark</plugin>\n'
if 'name="socialgraph"' not in text:
    if "</plugins>" not in text:
        sys.exit(f"upstream-dropin: {path} has no </plugins>")
    text = text.replace("</plugins>", line + "</plugins>", 1)
    open(path, "w").write(text)
PY
  for db in postgres mariadb mysql sqlite cockroachdb; do
    mkdir -p "$tree/config/$db"
    cp "$repo/config/$db"/sample_*.xml "$tree/config/$db/"
  done
}

mvn_upstream() {
  # upstream's formatter plugin fails on JDK 25 and its dependency analysis is not ours to run
  JAVA_HOME="$jdk" mvn -B -q -Dfmt.skip=true -Dmaven.compiler.release=23 -Dmdep.analyze.skip=true \
    -Ddescriptors=src/main/assembly/dir.xml "$@"
}

build() {
  local key built tmp
  key="$(build_key)"
  built="$cache/$key"
  if [ -f "$built/ok" ]; then
    echo "upstream-dropin: upstream build $key is cached ($built)"
    return
  fi
  mkdir -p "$cache"
  # a failed build is left for reading its log; drop those over an hour old
  find "$cache" -maxdepth 1 -name '.build-*' -mmin +60 -exec rm -rf {} +
  tmp="$(mktemp -d "$cache/.build-$key.XXXXXX")"
  tar xzf "$tarball" -C "$tmp"
  drop_in "$tmp/benchbase"
  echo "upstream-dropin: building upstream with the module (JDK $jdk), log $tmp/build.log"
  local started=$SECONDS
  if ! (cd "$tmp/benchbase" \
        && mvn_upstream package -P postgres -Dtest='TestSocialGraph*' \
             -Dsurefire.failIfNoSpecifiedTests=false \
        && mvn_upstream package -P mariadb -DskipTests) >"$tmp/build.log" 2>&1; then
    tail -n 60 "$tmp/build.log" >&2
    fail "upstream build with the module failed (log $tmp/build.log)"
  fi
  python3 - "$tmp/benchbase/target/surefire-reports" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
want = ["TestSocialGraphBenchmark", "TestSocialGraphLoader", "TestSocialGraphWorker"]
for name in want:
    files = glob.glob(f"{sys.argv[1]}/TEST-*.{name}.xml")
    if not files:
        sys.exit(f"upstream-dropin: FAILED: {name} did not run inside upstream")
    suite = ET.parse(files[0]).getroot()
    tests, bad = int(suite.get("tests")), int(suite.get("failures")) + int(suite.get("errors"))
    skipped = int(suite.get("skipped", "0"))
    if tests == 0 or bad or skipped:
        sys.exit(f"upstream-dropin: FAILED: {name} inside upstream: {tests} tests, {bad} failed, {skipped} skipped")
    print(f"upstream-dropin: {name} inside upstream: {tests} tests passed")
PY
  mkdir -p "$tmp/out"
  for profile in postgres mariadb; do
    mv "$tmp/benchbase/target/benchbase-$profile/benchbase-$profile" "$tmp/out/$profile"
  done
  mv "$tmp/build.log" "$tmp/out/"
  rm -rf "$built"
  mv "$tmp/out" "$built"
  rm -rf "$tmp"
  touch "$built/ok"
  echo "upstream-dropin: built in $((SECONDS - started)) s -> $built"
  # keep the two newest builds
  ls -1dt "$cache"/*/ 2>/dev/null | tail -n +3 | xargs -r rm -rf
}

sql() { # sql <db> <query>: one value
  case "$1" in
    postgres) psql -h 127.0.0.1 -U postgres -d "$scratch" -tAqc "$2" ;;
    mariadb) mariadb -uroot -h127.0.0.1 -N -s -D "$scratch" -e "$2" ;;
  esac
}

recreate_scratch() { recreate_db "$1" "$scratch"; }

# derive <db> <kind> <out.xml>: a scaled-down copy of the sample config on the scratch database.
# kind: linkbench | taobench | race (64 terminals writing a 100-node graph, LinkBench and
# TAOBench writers at once, so lock conflicts between them really happen).
derive() {
  PYTHONPATH="$repo/scripts/measure/lib" python3 - "$repo/config/$1" "$2" "$3" "$scratch" "$seconds" <<'PY'
import sys
import xml.etree.ElementTree as ET
from derived_config import child, set_database, set_text
confdir, kind, out, scratch, seconds = sys.argv[1:6]
src = f"{confdir}/sample_{'taobench' if kind == 'taobench' else 'socialgraph'}_config.xml"
tree = ET.parse(src)
root = tree.getroot()
set_database(root, scratch)
set_text(root, "scalefactor", 0.01 if kind == "race" else 0.2)
set_text(root, "retries", 10)
works = root.find("works")
for w in works.findall("work"):
    set_text(w, "time", seconds)
    set_text(w, "warmup", 0)
if kind == "race":
    set_text(root, "terminals", 64)
    tao = child(root, "taobench")
    set_text(tao, "workload", "A")
    set_text(tao, "shards", 2)
    names = ["AddLink", "UpdateLink", "DeleteLink", "Write", "WriteTxn"]
    types = root.find("transactiontypes")
    for t in list(types):
        types.remove(t)
    for n in names:
        ET.SubElement(ET.SubElement(types, "transactiontype"), "name").text = n
    for w in works.findall("work"):
        set_text(w, "weights", ", ".join(["20"] * len(names)))
tree.write(out)
PY
}

check_run() { # check_run <db> <kind> <dir> <exit code>
  local db="$1" kind="$2" dir="$3" rc="$4"
  [ "$rc" -eq 0 ] || { tail -n 40 "$dir/benchbase.log" >&2; fail "$db $kind: upstream exited $rc (log $dir/benchbase.log)"; }
  if grep -E '^\S* *\[?ERROR\]? ' "$dir/benchbase.log" | grep -v 'Unexpected SQL Errors' >&2; then
    fail "$db $kind: ERROR lines in the upstream log ($dir/benchbase.log)"
  fi
  local mismatched uncounted
  mismatched=$(sql "$db" "SELECT COUNT(*) FROM counttable c WHERE c.count <> (SELECT COUNT(*) FROM linktable l WHERE l.id1 = c.id AND l.link_type = c.link_type AND l.visibility = 1)")
  uncounted=$(sql "$db" "SELECT COUNT(*) FROM (SELECT DISTINCT id1, link_type FROM linktable WHERE visibility = 1) v WHERE NOT EXISTS (SELECT 1 FROM counttable c WHERE c.id = v.id1 AND c.link_type = v.link_type)")
  [ "$mismatched" = 0 ] && [ "$uncounted" = 0 ] \
    || fail "$db $kind: count invariant broken: $mismatched count rows differ from their visible links, $uncounted visible lists have no count row"
  local dup_unique one_way
  # TAOBench: unique association types (987654320, 987654322) have at most one visible association
  # per id1; bidirectional ones (987654321, 987654322) always have their visible inverse
  dup_unique=$(sql "$db" "SELECT COUNT(*) FROM (SELECT id1, link_type FROM linktable WHERE visibility = 1 AND link_type IN (987654320, 987654322) GROUP BY id1, link_type HAVING COUNT(*) > 1) d")
  one_way=$(sql "$db" "SELECT COUNT(*) FROM linktable a WHERE a.visibility = 1 AND a.link_type IN (987654321, 987654322) AND NOT EXISTS (SELECT 1 FROM linktable b WHERE b.id1 = a.id2 AND b.id2 = a.id1 AND b.link_type = a.link_type AND b.visibility = 1)")
  [ "$dup_unique" = 0 ] && [ "$one_way" = 0 ] \
    || fail "$db $kind: TAOBench invariants broken: $dup_unique id1s with 2+ visible unique associations, $one_way bidirectional associations without their inverse"
  python3 - "$db" "$kind" "$dir" <<'PY'
import csv, glob, json, sys
db, kind, d = sys.argv[1:4]
def one(pattern):
    files = glob.glob(f"{d}/results/{pattern}")
    if len(files) != 1:
        sys.exit(f"upstream-dropin: FAILED: {db} {kind}: expected one {pattern}, found {files}")
    return files[0]
summary = json.load(open(one("*.summary.json")))
throughput = float(summary["Throughput (requests/second)"])
measured = int(summary["Measured Requests"])
if measured <= 0:
    sys.exit(f"upstream-dropin: FAILED: {db} {kind}: no measured requests")
for name in ("*.results.csv", "*.samples.csv", "*.raw.csv"):
    rows = list(csv.reader(open(one(name))))
    if len(rows) < 2 or any(len(r) != len(rows[0]) for r in rows):
        sys.exit(f"upstream-dropin: FAILED: {db} {kind}: {name} does not parse as a table")
json.load(open(one("*.params.json")))
json.load(open(one("*.metrics.json")))
hist = json.load(open(f"{d}/histograms.json"))
def total(h):
    # upstream's histogram JSON: {"HISTOGRAM": {type: count}, "NUM_SAMPLES": n}
    n = int(h["NUM_SAMPLES"])
    if n != sum(int(v) for v in h["HISTOGRAM"].values()):
        sys.exit(f"upstream-dropin: FAILED: {db} {kind}: inconsistent histogram {h}")
    return n
errors = total(hist["unexpected"])
completed, aborted, retried = total(hist["completed"]), total(hist["aborted"]), total(hist["rejected"])
if errors:
    sys.exit(f"upstream-dropin: FAILED: {db} {kind}: {errors} transactions ended in ERROR: {hist['unexpected']}")
if completed <= 0:
    sys.exit(f"upstream-dropin: FAILED: {db} {kind}: no transaction completed")
print(f"upstream-dropin: {db} {kind}: ok: {throughput:.0f} req/s, {completed} completed, "
      f"{aborted} user aborts, {retried} retried, 0 errors")
PY
}

# Upstream's WorkloadState.fetchWork reads currentPhase again outside its lock on an unlimited
# phase; when the last phase ends between the two reads a worker dies with a NullPointerException
# and upstream waits for it until killed. Any exception raised inside fetchWork is upstream's own
# (it calls no module code), so a run that shows one is run again rather than judged.
upstream_race='at com\.oltpbenchmark\.WorkloadState\.fetchWork\('

run() {
  local key built
  key="$(build_key)"
  built="$cache/$key"
  [ -f "$built/ok" ] || die "no upstream build for the current sources (run: $0 build)"
  command -v psql >/dev/null || die "psql is required"
  command -v mariadb >/dev/null || die "the mariadb client is required"
  rm -rf "$work/runs"
  for db in $dbs; do
    recreate_scratch "$db" || die "cannot create database $scratch on $db (is the server up?)"
    for kind in linkbench taobench race; do
      local dir="$work/runs/$db-$kind"
      mkdir -p "$dir"
      derive "$db" "$kind" "$dir/config.xml"
      local rc attempt
      for attempt in 1 2 3; do
        rc=0
        rm -rf "$dir/results" "$dir/histograms.json"
        # upstream reads config/plugin.xml from the working directory
        run_watching "$dir/benchbase.log" 600 "$upstream_race" \
          env -C "$built/$db" "$jdk/bin/java" -jar benchbase.jar -b socialgraph \
          -c "$dir/config.xml" --create=true --load=true --execute=true \
          -d "$dir/results" -jh "$dir/histograms.json" || rc=$?
        [ "$rc" -eq 75 ] || break
        cp "$dir/benchbase.log" "$dir/benchbase.race-$attempt.log"
        echo "upstream-dropin: $db $kind: upstream's own race ended attempt $attempt (a worker died" \
          "in WorkloadState.fetchWork as the phase ended; log kept as benchbase.race-$attempt.log)," \
          "running it again"
      done
      [ "$rc" -ne 75 ] || fail "$db $kind: upstream's own race in WorkloadState.fetchWork ended all" \
        "3 attempts (logs $dir/benchbase.race-*.log)"
      check_run "$db" "$kind" "$dir" "$rc"
    done
    if [ "$db" = postgres ]; then
      # deadlocks (40P01) upstream would have counted as ERROR, had the module not rethrown them
      echo "upstream-dropin: postgres: $(sql postgres "SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()") server deadlocks in these runs, all retried"
    fi
  done
  echo "upstream-dropin: all runs passed"
}

case "$cmd" in
  build) build ;;
  run) run ;;
  all) build; run ;;
  path)
    built="$cache/$(build_key)/${2:-postgres}"
    [ -f "$built/benchbase.jar" ] || fail "no upstream build of profile '${2:-postgres}' for the current sources (run: $0 build)"
    echo "$built" ;;
  jdk) echo "$jdk" ;;
  -h|--help) sed -n '2,28p' "$0" | sed 's/^# \{0,1\}//' ;;
  *) die "unknown command '$cmd' (build, run, all, path or jdk)" ;;
esac
