#!/usr/bin/env bash
# The same socialgraph graph and mix on several database engines, alternated, each on a fresh load.
#
#   scripts/measure/engine-comparison.sh [--targets innodb,myrocks,...] [--runs N] [--nodes N]
#       [--time S] [--warmup S] [--terminals T] [--isolation sample|READ_COMMITTED|REPEATABLE_READ]
#       [--database benchbase] [--taobench] [--out DIR] [--jar target/benchbase.jar] [--dry-run] [--report runs.json]
#
# Targets (each runs its own config/<db>/sample_socialgraph_config.xml, or sample_taobench_config.xml
# with --taobench, with the graph size, phase, warm-up and terminals given here):
#   innodb             the shared MariaDB on 127.0.0.1:3306, database benchbase
#   myrocks            scripts/myrocks-server.sh (started if down), 127.0.0.1:3310
#   postgres           the shared PostgreSQL on 127.0.0.1:5432, database benchbase
#   galera3            scripts/galera-cluster.sh (started if down), 3307-3309
#   galera3-syncwait1  the same, every session with wsrep_sync_wait=1 (reads wait for causality)
#   pgreplicas-async   scripts/pg-replicas.sh start 2 (127.0.0.1:5441-5443): writes on the primary,
#                      reads on the two standbys (<readReplicas>), asynchronous replication
#   pgreplicas-apply   the same after 'pg-replicas.sh sync remote_apply' (every standby synchronous)
#   spider{1,2,3}-xa{on,off}  scripts/spider-cluster.sh start N with SG_SPIDER_XA=on|off (stopped and
#                      started per target), the head DDL of 'spider-cluster.sh ddl N'; skipped with a
#                      message while that script is missing
# Run r starts r-1 targets further along the list, so no target always goes first. Each run: --create
# --load, size on disk, --execute with the server's CPU time, bytes written (/proc/<pid>/io) and
# redo/WAL bytes sampled from warm-up + 1 s to the end - 1 s, size again. The table gives medians:
# requests/s, p99, every run's audit verdict, server CPU, KB written and WAL KB per request (the
# runtime's own figures from summary.json instead, each one it writes), MiB on disk after
# load and after the run (InnoDB: the .ibd files; MyRocks: its SST files after a memtable flush;
# PostgreSQL: pg_database_size; clusters: none), retried requests and, from the online read checks,
# fractured reads, stale reads and read-your-writes violations per million checked reads. Defaults: innodb,myrocks, 1 run, 20,000 nodes,
# 8 terminals, 5 s + 20 s. Exit 2 on a bad argument (one line), 1 when a run failed.
set -euo pipefail
command -v python3 >/dev/null || { echo "engine-comparison: python3 is required" >&2; exit 2; }
exec python3 "$(dirname "$0")/lib/engine_comparison.py" "$@"
