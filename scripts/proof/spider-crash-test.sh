#!/usr/bin/env bash
# What a crash of the Spider head leaves behind: runs a config against the cluster of
# scripts/spider-cluster.sh (graph already loaded, <reconnectOnConnectionFailure> on), SIGKILLs
# the head KILL_AT seconds into the run, lists the prepared (in-doubt) XA transactions on every
# backend, restarts the head, lists them again, lets the run and its audit finish, and lists them
# once more. Leaves them in place (the audit's noInDoubtTransactions check reports them); resolve
# them by hand with XA COMMIT or XA ROLLBACK on each backend (docs/engines.md, "Spider").
#
#   scripts/proof/spider-crash-test.sh <config.xml> [results-dir]
#
# Env: KILL_AT (seconds after the run starts, default 20), SG_SPIDER_DIR as for the cluster script.
set -euo pipefail
cd "$(dirname "$0")/../.."
config=${1:?usage: $0 <config.xml> [results-dir]}
results=${2:-/tmp/socialgraph-spider-crash}
kill_at=${KILL_AT:-20}
dir=${SG_SPIDER_DIR:-/tmp/socialgraph-spider}
n=$(cat "$dir/head/backends")
[ -f target/benchbase.jar ] || { echo "spider-crash-test: build target/benchbase.jar first" >&2; exit 1; }

in_doubt() { # one line per backend: how many prepared XA transactions it lists
  local b
  for ((b = 1; b <= n; b++)); do
    echo "  backend$b: $(mariadb -uroot -h127.0.0.1 -P$((3320 + b)) -N -B -e 'XA RECOVER' | wc -l) prepared"
  done
}

echo "in doubt before the run:"
in_doubt
java -jar target/benchbase.jar -b socialgraph -c "$config" --execute=true -d "$results" >"$results.log" 2>&1 &
run=$!
sleep "$kill_at"
head_pid=$(cat "$dir/head/launched.pid")
kill -KILL "$head_pid"
while kill -0 "$head_pid" 2>/dev/null; do sleep 0.1; done
echo "head killed (pid $head_pid) ${kill_at}s after the run started; in doubt now:"
in_doubt
sleep 5
scripts/spider-cluster.sh start "$n" >/dev/null
echo "head restarted; in doubt now:"
in_doubt
rc=0
wait "$run" || rc=$?
echo "run exit code $rc; $(grep -o 'socialgraph audit: [A-Z]* ([^)]*)' "$results.log" | tail -n1)"
echo "in doubt after the run:"
in_doubt
for ((b = 1; b <= n; b++)); do
  mariadb -uroot -h127.0.0.1 -P$((3320 + b)) -N -B -e "XA RECOVER FORMAT='SQL'" | sed "s/^/  backend$b xid: /"
done
