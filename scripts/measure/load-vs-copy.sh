#!/usr/bin/env bash
# Our --create --load against the server's own bulk load of the very same rows, alternated.
#
#   scripts/measure/load-vs-copy.sh [--dbs postgres,mariadb] [--nodes N] [--runs N]
#       [--database sg_load_floor] [--floor-source server|client] [--out DIR]
#       [--jar target/benchbase.jar] [--keep] [--dry-run]
#
# Per database (its config/<db>/sample_socialgraph_config.xml, with the graph size --nodes and the
# scratch database --database, which is dropped and recreated; the name must start with sg_):
#   ours   `benchbase --create`, then `--load`, timed by the loader's own "socialgraph load complete"
#          line (dropping the deferred indexes, the rows, their rebuild, the id allocator, ANALYZE
#          and the graph marker), links/s and nodes/s from it.
#   floor  the rows of our first load, dumped from its tables into files once (PostgreSQL
#          `COPY ... TO file (FORMAT binary)`, MariaDB `SELECT ... INTO OUTFILE`), loaded by the
#          server itself into the same empty tables: `benchbase --create` (the same DDL), the
#          loader's index strategy (PostgreSQL: the same secondary indexes dropped before and
#          rebuilt after the rows, then the loader's ANALYZE; MariaDB: indexes in place, as the
#          loader keeps them), the loader's session settings (PostgreSQL: synchronous_commit off),
#          one statement per table on one session. Timed by the server's clock between the steps.
#          --floor-source server (default): the server reads the files itself (PostgreSQL
#          `COPY ... FROM 'file' (FORMAT binary)`, MariaDB `LOAD DATA INFILE`): no client and no
#          protocol, the server's own limit. client: the client sends them (`\copy ... FROM file`
#          through psql, `LOAD DATA LOCAL INFILE`), the path our rows take.
# Runs alternate ours, floor, ours, floor, ... (--runs pairs, default 2), each after a CHECKPOINT
# on PostgreSQL so that neither side pays for the other's dirty pages. Rows of every floor load
# are counted against the dump. The table gives each run (seconds, links/s, nodes/s, the server's
# CPU seconds: PostgreSQL's ended backends, MariaDB's whole process, so other clients of a shared
# server count too; ours: the JVM's CPU, the floor: its steps), the medians, and ours/floor of the
# median links/s. Defaults: postgres and mariadb, 1,000,000 nodes, 2 runs. The files (several
# hundred MB for 1M nodes) and the logs go to --out (default: a new temporary folder, the dumps
# removed at the end); the scratch database is dropped at the end unless --keep. Our load has
# fixed costs the floor has not (JVM and JIT, connections, the load lock, the graph marker, the id
# allocator): below a few 100k nodes they dominate the ratio, so compare at 1M; --nodes 200000
# while iterating. --dry-run prints the plan and touches nothing. Exit 2 on a bad argument (one
# line), 1 when a step failed.
set -euo pipefail
command -v python3 >/dev/null || { echo "load-vs-copy: python3 is required" >&2; exit 2; }
exec python3 "$(dirname "$0")/lib/load_vs_copy.py" "$@"
