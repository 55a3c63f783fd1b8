"""Our load against the server's own bulk load of the same rows: scripts/measure/load-vs-copy.sh
(see its header for the usage and what is measured)."""

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "measure", "load-vs-copy.sh")
sys.path.insert(0, HERE)
import derived_config  # noqa: E402

PSQL = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-X", "-q", "-v", "ON_ERROR_STOP=1"]
MARIADB = ["mariadb", "-uroot", "-h127.0.0.1"]

# The loader's column order (TableLayout), so the files carry the columns the way it writes them.
TABLES = [
    ("nodetable", "id, type, version, time, data"),
    ("linktable", "id1, id2, link_type, visibility, data, time, version"),
    ("counttable", "id, link_type, count, time, version"),
]

# The secondary indexes the loader drops and rebuilds (DeferredIndexes.FIND): not primary, not
# unique, not behind a constraint.
PG_DEFERRED = (
    "SELECT ci.relname, pg_get_indexdef(ci.oid) FROM pg_index x"
    " JOIN pg_class ci ON ci.oid = x.indexrelid JOIN pg_class ct ON ct.oid = x.indrelid"
    " JOIN pg_namespace n ON n.oid = ct.relnamespace"
    " WHERE n.nspname = current_schema() AND ct.relname IN ('nodetable', 'linktable', 'counttable')"
    " AND NOT x.indisprimary AND NOT x.indisunique"
    " AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)"
    " ORDER BY ci.relname")
# LoadStrategy's session settings and ANALYZE (DatabaseFamily.POSTGRES)
PG_SESSION = ["SET synchronous_commit TO OFF"]
PG_ANALYZE = "ANALYZE nodetable, linktable, counttable"

LOAD_LINE = re.compile(
    r"socialgraph load complete: .*? in ([0-9.]+) s: (\d+) nodes \((\d+)/s\), (\d+) links \((\d+) links/s\)")


class Refused(Exception):
    """A bad argument: one line, exit 2."""


class Failed(Exception):
    """A step failed: one line, exit 1."""


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        raise Refused(message)


def usage():
    """The .sh header, without its comment marks."""
    out = []
    with open(SCRIPT) as f:
        for line in f.readlines()[1:]:
            if not line.startswith("#"):
                break
            out.append(re.sub(r"^# ?", "", line.rstrip("\n")))
    return "\n".join(out)


def parse(argv):
    p = OneLineParser(prog="load-vs-copy.sh", add_help=False)
    p.add_argument("--dbs", default="postgres,mariadb")
    p.add_argument("--nodes", default="1000000")
    p.add_argument("--runs", default="2")
    p.add_argument("--database", default="sg_load_floor")
    p.add_argument("--floor-source", default="server", choices=["server", "client"])
    p.add_argument("--out", default=None)
    p.add_argument("--jar", default=os.path.join(ROOT, "target", "benchbase.jar"))
    p.add_argument("--keep", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    a = p.parse_args(argv)
    for opt in ("nodes", "runs"):
        v = getattr(a, opt)
        if not re.fullmatch(r"[1-9][0-9]*", v):
            raise Refused(f"--{opt} must be a positive integer, got '{v}'")
        setattr(a, opt, int(v))
    a.dbs = [d.strip() for d in a.dbs.split(",") if d.strip()]
    if not a.dbs:
        raise Refused("--dbs names no database")
    for d in a.dbs:
        if d not in ("postgres", "mariadb"):
            raise Refused(f"--dbs: unknown database '{d}' (postgres, mariadb)")
    if len(set(a.dbs)) != len(a.dbs):
        raise Refused("--dbs names a database twice")
    # dropped and recreated: a name of this project's scratch kind only, never a user's database
    if not re.fullmatch(r"sg_[a-z0-9_]{1,60}", a.database):
        raise Refused(f"--database must be a scratch name starting with sg_ (lower case), got '{a.database}'")
    return a


def plan(runs):
    """The sides in the order they run: ours first (its rows are the floor's), then alternating."""
    return [(r, side) for r in range(1, runs + 1) for side in ("ours", "floor")]


def parse_load(log):
    """(seconds, nodes, links) of the loader's summary line; seconds from links and links/s, which
    are exact where the printed seconds are rounded to 0.1 s."""
    m = None
    for m in LOAD_LINE.finditer(log):
        pass
    if m is None:
        raise Failed("no 'socialgraph load complete' line in the load's log")
    nodes, links, rate = int(m.group(2)), int(m.group(4)), int(m.group(5))
    seconds = links / rate if rate > 0 else float(m.group(1))
    return seconds, nodes, links


def marks_to_steps(lines):
    """Durations between the time marks a floor script prints ('T|<label>|<epoch seconds>', or
    tab-separated): [(label of the step that ended at the mark, seconds)], the first mark the
    start."""
    marks = []
    for line in lines:
        f = re.split(r"[|\t]", line.strip())
        if len(f) == 3 and f[0] == "T":
            marks.append((f[1], float(f[2])))
    if len(marks) < 2:
        raise Failed(f"the floor printed {len(marks)} time marks, expected at least 2")
    return [(label, t - marks[i][1]) for i, (label, t) in enumerate(marks[1:])]


def median(xs):
    return statistics.median(xs) if xs else None


def summarize(results):
    """Medians of each side and ours/floor of the median links/s: results are dicts with side,
    seconds, nodes, links."""
    out = {}
    for side in ("ours", "floor"):
        rs = [r for r in results if r["side"] == side]
        out[side] = {
            "runs": len(rs),
            "seconds": median([r["seconds"] for r in rs]),
            "links_per_s": median([r["links"] / r["seconds"] for r in rs]),
            "nodes_per_s": median([r["nodes"] / r["seconds"] for r in rs]),
            "server_cpu_s": median([r["server_cpu_s"] for r in rs if r.get("server_cpu_s") is not None]),
        }
    o, f = out["ours"]["links_per_s"], out["floor"]["links_per_s"]
    out["ratio"] = o / f if o and f else None
    return out


def fmt_row(db, run, side, seconds, nodes, links, server_cpu=None, detail=""):
    cpu = "n/a" if server_cpu is None else f"{server_cpu:.1f}"
    return (f"{db:<9} {run:>4} {side:<6} {seconds:>9.2f} {links / seconds:>12,.0f} "
            f"{nodes / seconds:>11,.0f} {cpu:>10}  {detail}")


HEADER = (f"{'database':<9} {'run':>4} {'side':<6} {'seconds':>9} {'links/s':>12} {'nodes/s':>11}"
          f" {'server s':>10}  steps")


def median_line(db, s):
    def side(name, m):
        cpu = "" if m["server_cpu_s"] is None else f", server CPU {m['server_cpu_s']:.1f} s"
        return (f"{name} {m['links_per_s']:,.0f} links/s, {m['nodes_per_s']:,.0f} nodes/s"
                f" ({m['seconds']:.2f} s{cpu})")
    return f"MEDIAN    {db}: {side('ours', s['ours'])}; {side('floor', s['floor'])}; ours/floor {s['ratio']:.2f}x"


# --- the servers --------------------------------------------------------------------------------

def sh(cmd, log=None, input_text=None):
    """Runs cmd; its stdout. Failed with the command's last output line when it fails."""
    p = subprocess.run(cmd, input=input_text, capture_output=True, text=True)
    if log:
        with open(log, "a") as f:
            f.write(f"$ {' '.join(cmd)}\n{p.stdout}{p.stderr}\n")
    if p.returncode != 0:
        last = (p.stderr.strip() or p.stdout.strip() or "no output").splitlines()[-1]
        raise Failed(f"{' '.join(cmd[:3])} ... failed (exit {p.returncode}): {last}")
    return p.stdout


def psql(database, sql, log=None):
    return sh(PSQL + ["-d", database, "-At", "-f", "-"], log, sql)


def maria(database, sql, log=None, local=False):
    cmd = MARIADB + (["--local-infile=1"] if local else []) + ["-N", "-B", database]
    return sh(cmd, log, sql)


def recreate(db, name):
    if db == "postgres":
        sh(PSQL + ["-d", "postgres", "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"])
        sh(PSQL + ["-d", "postgres", "-c", f"CREATE DATABASE {name}"])
    else:
        sh(MARIADB + ["-e", f"DROP DATABASE IF EXISTS {name}; CREATE DATABASE {name}"])


def drop(db, name):
    """Drops the scratch database (a shared server's disk), quietly: the figures are printed."""
    try:
        if db == "postgres":
            sh(PSQL + ["-d", "postgres", "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"])
        else:
            sh(MARIADB + ["-e", f"DROP DATABASE IF EXISTS {name}"])
    except Failed as e:
        print(f"load-vs-copy: {e}", file=sys.stderr)


def derive(db, nodes, database, dst):
    tree = ET.parse(os.path.join(ROOT, "config", db, "sample_socialgraph_config.xml"))
    root = tree.getroot()
    derived_config.set_nodes(root, nodes)
    derived_config.set_database(root, database)
    tree.write(dst)


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def benchbase(jar, config, log, *steps):
    """Runs benchbase; its log and the CPU seconds its JVM used (every thread, JIT and GC too)."""
    cmd = ["java", "-jar", jar, "-b", "socialgraph", "-c", config] + [f"--{s}=true" for s in steps]
    before = children_cpu()
    with open(log, "w") as f:
        p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=os.path.dirname(log))
    if p.returncode != 0:
        raise Failed(f"benchbase {' '.join('--' + s for s in steps)} failed (exit {p.returncode}), see {log}")
    with open(log) as f:
        return f.read(), children_cpu() - before


def server_pid(db):
    """The server's main process on this host, from its pid file; None when it cannot be read."""
    try:
        if db == "postgres":
            d = sh(PSQL + ["-d", "postgres", "-Atc", "SHOW data_directory"]).strip()
            path = os.path.join(d, "postmaster.pid")
        else:
            path = sh(MARIADB + ["-N", "-B", "-e", "SELECT @@pid_file"]).strip()
        with open(path) as f:
            pid = int(f.readline().strip())
        os.stat(f"/proc/{pid}")
        return pid
    except (Failed, OSError, ValueError):
        return None


def cpu_ticks(pid):
    """The server's CPU in clock ticks: its own and its reaped children's (PostgreSQL's backends
    that ended, MariaDB's threads are its own); None without a server to read."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    except OSError:
        return None


def settle(db, database):
    """Waits until no session of database is left, so the server has reaped the side's backends
    (a client's exit does not wait for its backend's) before its CPU is read."""
    if db != "postgres":
        return
    q = f"SELECT count(*) FROM pg_stat_activity WHERE datname = '{database}'"
    for _ in range(100):
        if sh(PSQL + ["-d", "postgres", "-Atc", q]).strip() == "0":
            time.sleep(0.2)
            return
        time.sleep(0.1)


def cpu_seconds(before, after):
    if before is None or after is None:
        return None
    return (after - before) / os.sysconf("SC_CLK_TCK")


def checkpoint(db, database):
    # both sides start with no dirty pages of the other's load in the shared buffers
    if db == "postgres":
        psql(database, "CHECKPOINT;")


def dump(db, database, files, log):
    """Writes the loaded rows into files the server's bulk load reads; {table: rows}."""
    counts = {}
    for table, cols in TABLES:
        path = os.path.join(files, f"{table}.{'bin' if db == 'postgres' else 'txt'}")
        if os.path.exists(path):
            os.remove(path)
        if db == "postgres":
            psql(database, f"COPY {table} ({cols}) TO '{path}' (FORMAT binary);", log)
            n = psql(database, f"SELECT count(*) FROM {table};")
        else:
            maria(database, f"SELECT {cols} INTO OUTFILE '{path}' FROM {table};", log)
            n = maria(database, f"SELECT count(*) FROM {table};")
        counts[table] = int(n.strip())
    return counts


def floor_sql(db, database, files, source, deferred):
    """The timed script: marks on the server's clock around each step."""
    def mark(label):
        if db == "postgres":
            return f"SELECT 'T', '{label}', extract(epoch FROM clock_timestamp());"
        return f"SELECT 'T', '{label}', UNIX_TIMESTAMP(NOW(6));"
    lines = []
    if db == "postgres":
        lines += [s + ";" for s in PG_SESSION]
        lines += [f'DROP INDEX "{name}";' for name, _ in deferred]
    lines.append(mark("start"))
    for table, cols in TABLES:
        if db == "postgres":
            path = os.path.join(files, f"{table}.bin")
            if source == "server":
                lines.append(f"COPY {table} ({cols}) FROM '{path}' (FORMAT binary);")
            else:
                lines.append(f"\\copy {table} ({cols}) FROM '{path}' (FORMAT binary)")
        else:
            path = os.path.join(files, f"{table}.txt")
            local = " LOCAL" if source == "client" else ""
            lines.append(f"LOAD DATA{local} INFILE '{path}' INTO TABLE {table} CHARACTER SET binary ({cols});")
        lines.append(mark(table))
    if db == "postgres":
        for name, definition in deferred:
            lines.append(definition + ";")
            lines.append(mark(f"index {name}"))
        lines.append(PG_ANALYZE + ";")
        lines.append(mark("analyze"))
    return "\n".join(lines) + "\n"


def deferred_indexes(database):
    out = psql(database, PG_DEFERRED + ";")
    return [tuple(line.split("|", 1)) for line in out.splitlines() if line.strip()]


def floor_run(db, a, config, files, counts, log, pid):
    benchbase(a.jar, config, log + ".create.log", "create")
    deferred = deferred_indexes(a.database) if db == "postgres" else []
    checkpoint(db, a.database)
    sql = floor_sql(db, a.database, files, a.floor_source, deferred)
    with open(log + ".sql", "w") as f:
        f.write(sql)
    before = cpu_ticks(pid)
    out = psql(a.database, sql, log) if db == "postgres" else maria(
        a.database, sql, log, local=a.floor_source == "client")
    settle(db, a.database)
    server_cpu = cpu_seconds(before, cpu_ticks(pid))
    steps = marks_to_steps(out.splitlines())
    for table, _ in TABLES:
        q = f"SELECT count(*) FROM {table};"
        n = int((psql(a.database, q) if db == "postgres" else maria(a.database, q)).strip())
        if n != counts[table]:
            raise Failed(f"the floor loaded {n} rows into {table}, the dump holds {counts[table]}")
    return sum(s for _, s in steps), steps, server_cpu


def dry_run(a):
    for db in a.dbs:
        src = "server reads the files" if a.floor_source == "server" else "the client sends the files"
        print(f"PLAN  {db}: database {a.database} recreated, {a.nodes:,} nodes, floor: {src}")
        for r, side in plan(a.runs):
            if side == "ours":
                what = "benchbase --create; benchbase --load" + (" (then dump its rows)" if r == 1 else "")
            elif db == "postgres":
                what = ("benchbase --create; drop the deferred indexes; COPY x3 FROM "
                        + ("'file'" if a.floor_source == "server" else "\\copy stdin")
                        + " (FORMAT binary); rebuild the indexes; ANALYZE")
            else:
                what = "benchbase --create; LOAD DATA" + (" LOCAL" if a.floor_source == "client" else "") + " INFILE x3"
            print(f"PLAN  {db} run {r} {side}: {what}")


def measure(db, a, work):
    config = os.path.join(work, f"{db}.xml")
    derive(db, a.nodes, a.database, config)
    files = os.path.join(work, f"{db}-files")
    os.makedirs(files, exist_ok=True)
    os.chmod(files, 0o777)  # the server process writes and reads the dumps there
    recreate(db, a.database)
    results, counts = [], None
    pid = server_pid(db)
    for r, side in plan(a.runs):
        log = os.path.join(work, f"{db}-{r}-{side}")
        if side == "ours":
            checkpoint(db, a.database)
            benchbase(a.jar, config, log + ".create.log", "create")
            before = cpu_ticks(pid)
            text, driver_cpu = benchbase(a.jar, config, log + ".log", "load")
            settle(db, a.database)
            server_cpu = cpu_seconds(before, cpu_ticks(pid))
            seconds, nodes, links = parse_load(text)
            if counts is None:
                counts = dump(db, a.database, files, log + ".dump.log")
            elif counts["linktable"] != links or counts["nodetable"] != nodes:
                raise Failed(f"run {r} loaded {nodes} nodes and {links} links, run 1 {counts}")
            detail = f"driver CPU {driver_cpu:.1f} s (the JVM's, start-up included)"
        else:
            seconds, steps, server_cpu = floor_run(db, a, config, files, counts, log, pid)
            nodes, links = counts["nodetable"], counts["linktable"]
            detail = ", ".join(f"{label} {s:.2f}" for label, s in steps)
        row = {"db": db, "run": r, "side": side, "seconds": seconds, "nodes": nodes, "links": links,
               "server_cpu_s": server_cpu}
        results.append(row)
        print(fmt_row(db, r, side, seconds, nodes, links, server_cpu, detail), flush=True)
    return results


def main(argv):
    if "-h" in argv or "--help" in argv:
        print(usage())
        return 0
    try:
        a = parse(argv)
    except Refused as e:
        print(f"load-vs-copy: {e}", file=sys.stderr)
        return 2
    if a.dry_run:
        dry_run(a)
        return 0
    if not os.path.exists(a.jar):
        print(f"load-vs-copy: {a.jar} not found; build it with: mvn -B -q package -DskipTests", file=sys.stderr)
        return 2
    work = a.out or tempfile.mkdtemp(prefix="load-vs-copy.")
    os.makedirs(work, exist_ok=True)
    os.chmod(work, 0o755)
    print(f"load-vs-copy: {a.nodes:,} nodes, {a.runs} run(s) per side, logs in {work}")
    print(HEADER)
    medians = []
    try:
        for db in a.dbs:
            s = summarize(measure(db, a, work))
            medians.append((db, s))
    except Failed as e:
        print(f"load-vs-copy: {e}", file=sys.stderr)
        return 1
    finally:
        for db in a.dbs:
            shutil.rmtree(os.path.join(work, f"{db}-files"), ignore_errors=True)
            if not a.keep:
                drop(db, a.database)
    for db, s in medians:
        print(median_line(db, s))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
