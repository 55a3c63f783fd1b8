#!/usr/bin/env bash
# Scale-out figure: the same LinkBench config (config/galera/sample_socialgraph_config.xml) run
# with all terminals on one Galera node, then spread over the three nodes; prints throughput and
# conflict rates of both.
#
#   scripts/galera-scaleout.sh [seconds] [scalefactor] [terminals]    (default 60 1 6)
#
# Needs the cluster (scripts/galera-cluster.sh start), the jar (mvn -B -q package -DskipTests;
# BENCHBASE_JAR overrides target/benchbase.jar) and python3. Each run loads a fresh graph into
# database sg_scaleout, so both start from the same state. Results go to results/galera-scaleout/.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
scale=${2:-1}
terminals=${3:-6}
jar=${BENCHBASE_JAR:-target/benchbase.jar}
db=sg_scaleout
out=results/galera-scaleout
[ -f "$jar" ] || { echo "galera-scaleout: $jar not found; build with: mvn -B -q package -DskipTests" >&2; exit 1; }
scripts/galera-cluster.sh status >/dev/null ||
  { echo "galera-scaleout: the cluster is not up; start it with: scripts/galera-cluster.sh start" >&2; exit 1; }
mkdir -p "$out"

node_sql() { mariadb --no-defaults -uroot -h127.0.0.1 -P"$1" -N -B -e "$2"; }
counters() { # "cert_failures bf_aborts commits1 commits2 commits3", failures summed over the nodes
  local f=0 b=0 per=() p v
  for p in 3307 3308 3309; do
    v=$(node_sql "$p" "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_local_commits','wsrep_local_cert_failures','wsrep_local_bf_aborts')" | sort | cut -f2 | tr '\n' ' ')
    read -r bf cert commits <<<"$v"
    f=$((f + cert)) b=$((b + bf)) per+=("$commits")
  done
  echo "$f $b ${per[*]}"
}

run() { # run LABEL URL SPREAD
  local label=$1 url=$2 spread=$3 cfg="$out/$1.xml" before after
  sed -e "s#<url>[^<]*</url>#<url>${url//&/\\&amp;}</url>#" \
    -e "s#<spreadTerminalsOverHosts>[^<]*<#<spreadTerminalsOverHosts>$spread<#" \
    -e "s#<time>[^<]*</time>#<time>$secs</time>#" \
    -e "s#<scalefactor>[^<]*</scalefactor>#<scalefactor>$scale</scalefactor>#" \
    -e "s#<terminals>[^<]*</terminals>#<terminals>$terminals</terminals>#" \
    config/galera/sample_socialgraph_config.xml >"$cfg"
  node_sql 3307 "DROP DATABASE IF EXISTS $db; CREATE DATABASE $db"
  java -jar "$jar" -b socialgraph -c "$cfg" --create=true --load=true --execute=false -d "$out/$label" >"$out/$label.load.log" 2>&1
  before=$(counters)
  java -jar "$jar" -b socialgraph -c "$cfg" --execute=true -d "$out/$label" >"$out/$label.log" 2>&1 ||
    { echo "galera-scaleout: $label run failed; see $out/$label.log" >&2; exit 1; }
  after=$(counters)
  python3 - "$label" "$(ls -t "$out/$label"/*.summary.json | head -n1)" $before $after <<'EOF'
import json, sys
label, path = sys.argv[1], sys.argv[2]
f0, b0, *n0 = map(int, sys.argv[3:8])
f1, b1, *n1 = map(int, sys.argv[8:13])
per_node = [b - a for a, b in zip(n0, n1)]
s = json.load(open(path))
status = {}
for counts in s["Transaction Status Counts"].values():
    for k, v in counts.items():
        status[k] = status.get(k, 0) + v
labels = {}
for per_type in s["Error SQLStates"].values():
    for k, v in per_type.items():
        labels[k] = labels.get(k, 0) + v
attempts = sum(status.values())
ok = status.get("SUCCESS", 0) + status.get("USER_ABORTED", 0)
commits = sum(per_node)
print(f"{label:10s} {s['Throughput (requests/second)']:10.1f} req/s  "
      f"retried {status.get('RETRY', 0):6d} of {attempts} attempts ({100.0 * status.get('RETRY', 0) / max(attempts, 1):.3f} %)  "
      f"certification {labels.get('40001 certification', 0):5d}  other 40001 {labels.get('40001', 0):5d}  "
      f"errors {status.get('ERROR', 0)}  | servers: {commits} write commits, "
      f"{f1 - f0} cert failures, {b1 - b0} brute-force aborts ({100.0 * (f1 - f0 + b1 - b0) / max(commits, 1):.3f} % of commits); "
      f"write commits per node {per_node}")
EOF
}

echo "LinkBench, $terminals terminals, ${secs} s, scalefactor $scale, on $(nproc) cores ($(uname -m))"
run one-node "jdbc:mariadb://127.0.0.1:3307/$db?rewriteBatchedStatements=true" false
run three-nodes "jdbc:mariadb://127.0.0.1:3307,127.0.0.1:3308,127.0.0.1:3309/$db?rewriteBatchedStatements=true" true
