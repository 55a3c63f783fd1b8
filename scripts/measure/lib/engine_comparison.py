"""The engine comparison of scripts/measure/engine-comparison.sh (see its header for the usage).

For each run and each target, in an order that rotates from run to run: a fresh --create --load of
the same graph, the size of the database on disk, an --execute of the same mix while the server's
CPU time, the bytes it writes and its redo/WAL bytes are sampled over the measured window, the size
again, and the figures of summary.json (throughput, p99, the audit verdict and, when the runtime
writes them, its own database figures). Prints one table of medians and writes every run's figures
to <out>/runs.json.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
import derived_config  # noqa: E402
import resources  # noqa: E402

SPIDER_SCRIPT = os.environ.get("SG_SPIDER_SCRIPT", os.path.join(ROOT, "scripts", "spider-cluster.sh"))


class Target:
    """A database to measure: where its sample configs are, how to bring it up, what to read."""

    def __init__(self, name, samples, kind, port, start=None, env=None, ddl=None, note="",
                 url_params="", replicas=(), then=None):
        self.name, self.samples, self.kind, self.port = name, samples, kind, port
        self.start, self.env, self.ddl, self.note = start, env or {}, ddl, note
        # url_params: appended to <url>; replicas: ports of standbys for <readReplicas>; then: a
        # command run after start (a setting of the topology)
        self.url_params, self.replicas, self.then = url_params, list(replicas), then

    def sample(self, taobench):
        f = "sample_taobench_config.xml" if taobench else "sample_socialgraph_config.xml"
        return os.path.join(ROOT, "config", self.samples, f)


def targets():
    t = {
        "innodb": Target("innodb", "mariadb", "MARIADB", 3306, note="shared MariaDB, InnoDB"),
        "myrocks": Target("myrocks", "myrocks", "MYROCKS", int(os.environ.get("SG_MYROCKS_PORT", "3310")),
                          start=[os.path.join(ROOT, "scripts", "myrocks-server.sh"), "start"]),
        "postgres": Target("postgres", "postgres", "POSTGRES", 5432, note="shared PostgreSQL"),
        "galera3": Target("galera3", "galera", "MARIADB", 3307,
                          start=[os.path.join(ROOT, "scripts", "galera-cluster.sh"), "start"],
                          note="server figures of node 1 only"),
    }
    t["galera3-syncwait1"] = Target("galera3-syncwait1", "galera", "MARIADB", 3307,
                                    start=[os.path.join(ROOT, "scripts", "galera-cluster.sh"), "start"],
                                    url_params="&sessionVariables=wsrep_sync_wait=1",
                                    note="server figures of node 1 only")
    replicas = os.path.join(ROOT, "scripts", "pg-replicas.sh")
    for sync in ("async", "remote_apply"):
        name = "pgreplicas-" + ("async" if sync == "async" else "apply")
        t[name] = Target(name, "postgres", "POSTGRES", 5441, start=[replicas, "start", "2"],
                         replicas=(5442, 5443),
                         then=[replicas, "sync", "off" if sync == "async" else "remote_apply"],
                         note="reads on 2 standbys; server figures of the primary only")
    for n in (1, 2, 3):
        for xa in ("on", "off"):
            name = f"spider{n}-xa{xa}"
            t[name] = Target(name, "spider", "MARIADB", 3320, start=[SPIDER_SCRIPT, "start", str(n)],
                             env={"SG_SPIDER_XA": xa}, ddl=[SPIDER_SCRIPT, "ddl", str(n)],
                             note="server figures of the head only")
    return t


class Refused(Exception):
    """A bad argument: one line, exit 2."""


class OneLineParser(argparse.ArgumentParser):
    def error(self, message):
        raise Refused(message)


def parse(argv):
    p = OneLineParser(prog="engine-comparison.sh", add_help=True)
    p.add_argument("--targets", default="innodb,myrocks")
    p.add_argument("--runs", default="1")
    p.add_argument("--nodes", default="20000")
    p.add_argument("--time", default="20")
    p.add_argument("--warmup", default="5")
    p.add_argument("--terminals", default="8")
    p.add_argument("--isolation", default="sample",
                   choices=["sample", "READ_COMMITTED", "REPEATABLE_READ", "SERIALIZABLE"])
    p.add_argument("--database", default="benchbase")
    p.add_argument("--taobench", action="store_true")
    p.add_argument("--out", default=None)
    p.add_argument("--jar", default=os.path.join(ROOT, "target", "benchbase.jar"))
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--report", metavar="RUNS_JSON", default=None)
    a = p.parse_args(argv)
    for opt, least in (("runs", 1), ("nodes", 1), ("time", 4), ("warmup", 1), ("terminals", 1)):
        v = getattr(a, opt)
        if not re.fullmatch(r"[1-9][0-9]*", v):
            raise Refused(f"--{opt} must be a positive integer, got '{v}'")
        setattr(a, opt, int(v))
        if a.__dict__[opt] < least:
            why = " (the CPU window is the phase minus 2 s)" if opt == "time" else ""
            raise Refused(f"--{opt} must be at least {least}{why}, got {v}")
    known = targets()
    names = [x.strip() for x in a.targets.split(",") if x.strip()]
    if not names:
        raise Refused("--targets names no target")
    for n in names:
        if n not in known:
            raise Refused(f"--targets: unknown target '{n}' (known: {', '.join(known)})")
    if len(set(names)) != len(names):
        raise Refused("--targets names a target twice")
    a.targets = [known[n] for n in names]
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,63}", a.database):
        raise Refused(f"--database must be a plain SQL name, got '{a.database}'")
    return a


def order(targets, run):
    """Run r starts r-1 places further along, so no target always goes first (caches, fresh files)."""
    k = (run - 1) % len(targets)
    return targets[k:] + targets[:k]


# ---- the servers ---------------------------------------------------------------------------

def sh(cmd, env=None, timeout=600):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run(cmd, capture_output=True, text=True, env=e, timeout=timeout)


def sql(t, query, db=None):
    """One query on the target's (first) server; stdout, or None when it fails."""
    if t.kind == "POSTGRES":
        cmd = ["psql", "-h", "127.0.0.1", "-p", str(t.port), "-U", "postgres", "-tA", "-c", query]
        if db:
            cmd += ["-d", db]
    else:
        cmd = ["mariadb", "-h127.0.0.1", f"-P{t.port}", "-uroot", "-N", "-B", "-e", query]
        if db:
            cmd.append(db)
    try:
        r = sh(cmd, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    return r.stdout.strip() if r.returncode == 0 else None


def bring_up(t):
    """None when the target answers, else why it is skipped."""
    if t.name.startswith("spider") and not os.access(SPIDER_SCRIPT, os.X_OK):
        return f"{SPIDER_SCRIPT} not found (the Spider cluster script comes with the Spider branch)"
    if not os.path.exists(t.sample(False)):
        return f"no sample config {os.path.relpath(t.sample(False), ROOT)}"
    if t.start:
        if t.name.startswith("spider"):
            sh([SPIDER_SCRIPT, "stop"], timeout=300)  # XA and backend count differ per target
        r = sh(t.start, env=t.env, timeout=600)
        if r.returncode == 0 and t.then:
            r = sh(t.then, env=t.env, timeout=300)
        if r.returncode != 0:
            return f"{' '.join(os.path.relpath(c, ROOT) if c.startswith(ROOT) else c for c in t.start)} failed: " \
                   + (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]
    if sql(t, "SELECT 1") is None:
        how = {"innodb": "start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd",
               "postgres": "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"}
        return f"no answer on 127.0.0.1:{t.port}" + (f"; start it with: {how[t.name]}" if t.name in how else "")
    return None


def ensure_database(t, db):
    """Creates the database on the target when it is missing (the samples' benchbase exists)."""
    if t.kind == "POSTGRES":
        if sql(t, f"SELECT 1 FROM pg_database WHERE datname = '{db}'") != "1":
            sql(t, f"CREATE DATABASE {db}")
    else:
        sql(t, f"CREATE DATABASE IF NOT EXISTS {db}")


def database_of(config_path):
    url = (ET.parse(config_path).getroot().findtext("url") or "").strip()
    m = re.match(r"jdbc:[a-z]+://[^/]+/([^?;]+)", url)
    return m.group(1) if m else "benchbase"


def size_bytes(t, db):
    """The database's size on disk, or None where it cannot be told apart (clusters)."""
    if t.kind == "POSTGRES":
        v = sql(t, f"SELECT pg_database_size('{db}')")
        return int(v) if v and v.isdigit() else None
    if t.name == "myrocks":
        # the memtables first, so that what was written is in the SST files (a private server)
        sql(t, "SET GLOBAL rocksdb_force_flush_memtable_now = 1")
        return myrocks_sst_bytes(t, db)
    if t.name == "innodb":
        datadir = sql(t, "SELECT @@datadir")
        d = os.path.join(datadir or "", db)
        if datadir and os.access(d, os.R_OK):
            return sum(os.path.getsize(os.path.join(d, f)) for f in os.listdir(d) if f.endswith(".ibd"))
        v = sql(t, "SELECT COALESCE(SUM(DATA_LENGTH + INDEX_LENGTH), 0) FROM information_schema.TABLES"
                   f" WHERE TABLE_SCHEMA = '{db}'")
        return int(v) if v and v.isdigit() else None
    return None


# Per SST file: the database's share of its uncompressed key and value bytes, their total, and the
# sizes of its blocks as written (the fallback for a file this process cannot stat).
MYROCKS_SST_FILES = (
    "SELECT m.SST_NAME, SUM(IF(d.TABLE_SCHEMA = '{db}', m.DATA_SIZE, 0)), SUM(m.DATA_SIZE),"
    " MAX(p.DATA_BLOCK_SIZE + p.INDEX_BLOCK_SIZE + p.FILTER_BLOCK_SIZE)"
    " FROM information_schema.ROCKSDB_INDEX_FILE_MAP m"
    " LEFT JOIN information_schema.ROCKSDB_DDL d"
    " ON d.INDEX_NUMBER = m.INDEX_NUMBER AND d.COLUMN_FAMILY = m.COLUMN_FAMILY"
    " LEFT JOIN information_schema.ROCKSDB_SST_PROPS p ON p.SST_NAME = m.SST_NAME"
    " GROUP BY m.SST_NAME")


def myrocks_sst_bytes(t, db):
    """The bytes on disk of the SST files that hold the database's indexes (compressed, as
    written), or None when the server does not answer. ROCKSDB_INDEX_FILE_MAP.DATA_SIZE alone is
    RocksDB's uncompressed key and value bytes: about 1.6 times the files for the socialgraph
    tables (Snappy). A column family's files may hold other databases' indexes too, so each file
    counts in the database's share of its DATA_SIZE. Rows still in a memtable are in no file:
    flush first."""
    out = sql(t, MYROCKS_SST_FILES.format(db=db))
    if out is None:
        return None
    datadir = sql(t, "SELECT @@datadir") or ""
    rocksdir = os.path.join(datadir, sql(t, "SELECT @@rocksdb_datadir") or "#rocksdb")

    def file_size(name, blocks):
        try:
            return os.path.getsize(os.path.join(rocksdir, name))
        except OSError:
            return blocks

    return sst_share_bytes(out, file_size)


def sst_share_bytes(rows_text, file_size):
    """Sum over the rows of MYROCKS_SST_FILES (tab-separated lines) of the file's size times the
    database's share of its DATA_SIZE; file_size(name, block_bytes) gives a file's bytes."""
    total = 0.0
    for line in rows_text.splitlines():
        cols = line.split("\t")
        if len(cols) < 4 or not cols[2].isdigit() or int(cols[2]) == 0:
            continue
        mine, everything = int(cols[1]), int(cols[2])
        blocks = int(cols[3]) if cols[3].isdigit() else 0
        total += file_size(cols[0], blocks) * mine / everything
    return int(round(total))


def wal_bytes(t):
    """Redo/WAL bytes the server has written so far (a counter), or None."""
    if t.kind == "POSTGRES":
        v = sql(t, "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint")
    elif t.name == "myrocks":
        v = (sql(t, "SHOW GLOBAL STATUS LIKE 'Rocksdb_wal_bytes'") or "").split("\t")[-1]
    else:
        v = (sql(t, "SHOW GLOBAL STATUS LIKE 'Innodb_os_log_written'") or "").split("\t")[-1]
    return int(v) if v and v.isdigit() else None


def server_process(t, sampler):
    """(pid, how) of the target's server on this host, or (None, why not), found the way a run
    finds it (scripts/measure/lib/resources.py)."""
    if t.kind == "POSTGRES":
        return sampler.find(f"jdbc:postgresql://127.0.0.1:{t.port}/postgres?sslmode=disable", "postgres")
    return sampler.find(f"jdbc:mariadb://127.0.0.1:{t.port}/", "root")


# ---- one run of one target ------------------------------------------------------------------

def derive(t, a, dst):
    tree = ET.parse(t.sample(a.taobench))
    root = tree.getroot()
    derived_config.set_nodes(root, a.nodes)
    derived_config.set_text(root, "terminals", a.terminals)
    if a.isolation != "sample":
        derived_config.set_text(root, "isolation", "TRANSACTION_" + a.isolation)
    derived_config.set_database(root, a.database)
    url = root.find("url")
    if t.kind == "POSTGRES" and t.port != 5432:
        url.text = re.sub(r"//[^/]+/", f"//127.0.0.1:{t.port}/", url.text.strip(), count=1)
    url.text = url.text.strip() + t.url_params
    if t.replicas:
        block = ET.SubElement(root, "readReplicas")
        for port in t.replicas:
            ET.SubElement(block, "url").text = re.sub(r"//[^/]+/", f"//127.0.0.1:{port}/", url.text, count=1)
    works = root.findall("./works/work")
    for w in works:
        derived_config.set_text(w, "time", a.time)
    derived_config.set_text(works[0], "warmup", a.warmup)
    for w in works[1:]:
        derived_config.set_text(w, "warmup", 0)
    if t.ddl:
        r = sh(t.ddl, env=t.env)
        if r.returncode != 0:
            raise RuntimeError(f"{' '.join(t.ddl)} failed: {r.stderr.strip()}")
        ddl = os.path.join(os.path.dirname(dst), "ddl.sql")
        with open(ddl, "w") as f:
            f.write(r.stdout)
        derived_config.set_text(root, "ddlpath", ddl)
        # the audit's in-doubt check asks every backend the config names: only this cluster's
        audit = root.find("audit")
        backends = audit.findall("backend") if audit is not None else []
        for b in backends[int(t.start[-1]):]:
            audit.remove(b)
    tree.write(dst)
    return (root.findtext("isolation") or "").replace("TRANSACTION_", "")


def benchbase(a, cfg, results, log, *actions):
    with open(log, "a") as out:
        return subprocess.Popen(["java", "-jar", a.jar, "-b", "socialgraph", "-c", cfg, "-d", results,
                                 *actions], stdout=out, stderr=subprocess.STDOUT)


def sample_window(t, log, proc, a, into):
    """Server CPU, bytes written and WAL over the measured window (warm-up + 1 s to the end - 1 s)."""
    while True:
        m = re.search(r"Warming up for (\d+) s", open(log, errors="replace").read())
        if m or proc.poll() is not None:
            break
        time.sleep(0.1)
    if not m:
        return
    time.sleep(int(m.group(1)) + 1)
    pid = into.pop("server_pid", None)
    s0, w0 = resources.Sample(a.sampler, proc.pid, pid), wal_bytes(t)
    time.sleep(a.time - 2)
    s1, w1 = resources.Sample(a.sampler, proc.pid, pid), wal_bytes(t)
    try:
        f = resources.window(s0, s1)
    except RuntimeError:
        return
    f["wal_bytes"] = None if w0 is None or w1 is None else w1 - w0
    # bytes the server's process tree caused to be written to storage (/proc/<pid>/io)
    f["written_bytes"] = f.pop("server_write_bytes")
    into.update(f)


def database_figures(summary):
    """The runtime's own figures from summary.json (docs/database-figures.md): the last phase's
    `Per Request` under `Database`, else the `Server Process` CPU; {} when there are none."""
    names = {"Server CPU microseconds": "server_cpu_us", "KB written": "written_kb",
             "WAL/redo KB": "wal_kb", "KB read": "read_kb", "Disk reads": "disk_reads"}
    found, source = {}, None
    db = summary.get("Database")
    phases = db.get("Phases") if isinstance(db, dict) else None
    if phases:
        per = phases[-1].get("Per Request") or {}
        found = {name: float(per[k]) for k, name in names.items() if isinstance(per.get(k), (int, float))}
        source = "summary.json 'Database'"
    proc = summary.get("Server Process")
    cpu = proc.get("CPU (microseconds/request)") if isinstance(proc, dict) else None
    if "server_cpu_us" not in found and isinstance(cpu, (int, float)):
        source = (source + ", " if found else "") + "summary.json 'Server Process'"
        found["server_cpu_us"] = float(cpu)
    if found:
        found["source"] = source
    return found


def measure(t, a, run, out):
    d = os.path.join(out, f"run{run}", t.name)
    os.makedirs(d, exist_ok=True)
    cfg, log, results = os.path.join(d, "config.xml"), os.path.join(d, "benchbase.log"), os.path.join(d, "results")
    row = {"target": t.name, "run": run, "note": t.note}
    row["isolation"] = derive(t, a, cfg)
    db = database_of(cfg)
    load = benchbase(a, cfg, results, log, "--create=true", "--load=true")
    if load.wait() != 0:
        row["error"] = f"create/load failed, see {log}"
        return row
    row["size_after_load"] = size_bytes(t, db)
    pid, how = server_process(t, a.sampler)
    if pid is None:
        row["server"] = f"not measured: {how}"
    window = {"server_pid": pid}
    run_proc = benchbase(a, cfg, results, log, "--execute=true")
    sampler = threading.Thread(target=sample_window, args=(t, log, run_proc, a, window))
    sampler.start()
    row["exit"] = run_proc.wait()
    sampler.join()
    row["size_after_run"] = size_bytes(t, db)
    summaries = sorted(f for f in os.listdir(results) if f.endswith(".summary.json")) if os.path.isdir(results) else []
    if not summaries:
        row["error"] = f"no summary.json (exit {row['exit']}), see {log}"
        return row
    s = json.load(open(os.path.join(results, summaries[-1])))
    rps = float(s.get("Throughput (requests/second)") or 0)
    row["requests_per_s"] = rps
    row["p99_ms"] = (s.get("Latency Distribution") or {}).get("99th Percentile Latency (microseconds)", 0) / 1000
    row["audit"] = (s.get("Audit") or {}).get("verdict", "none")
    row["retries"] = sum(c.get("RETRY", 0) for c in (s.get("Transaction Status Counts") or {}).values())
    row["anomalies"] = anomalies(s)
    sampled = []
    if window.get("window_s") and rps > 0:
        requests = rps * window["window_s"]
        if window.get("server_cpu_s") is not None:
            row["server_cpu_us"] = window["server_cpu_s"] / requests * 1e6
            sampled.append("server_cpu_us")
        if window.get("written_bytes") is not None:
            row["written_kb"] = window["written_bytes"] / requests / 1024
            sampled.append("written_kb")
        if window.get("wal_bytes") is not None:
            row["wal_kb"] = window["wal_bytes"] / requests / 1024
            sampled.append("wal_kb")
    # the runtime's own figures win where it writes them; what it does not write stays sampled
    figures = database_figures(s)
    row.update(figures)
    rest = [k for k in sampled if k not in figures]
    if figures:
        row["source"] = figures["source"] + (f", {'/'.join(rest)} sampled by this script" if rest else "")
    elif sampled:
        row["source"] = "sampled by this script"
    return row


ANOMALY_CLASSES = (("fracturedReads", "fractured/M"), ("staleReads", "stale/M"),
                   ("readYourWritesViolations", "RYW/M"))


def anomalies(summary):
    """Per class of the online read checks (docs/anomalies.md): [seen, checked, allowed]."""
    a = summary.get("Anomalies") or {}
    return {k: [int(a[k].get("seen", 0)), int(a[k].get("checked", 0)), a[k].get("promise") != "forbidden"]
            for k, _ in ANOMALY_CLASSES if isinstance(a.get(k), dict)}


def anomaly_rate(rows, key):
    """Anomalies per million checked reads over every run of a target; '*' when the setting allows them."""
    seen = sum(r.get("anomalies", {}).get(key, [0, 0, False])[0] for r in rows)
    checked = sum(r.get("anomalies", {}).get(key, [0, 0, False])[1] for r in rows)
    allowed = any(r.get("anomalies", {}).get(key, [0, 0, False])[2] for r in rows)
    if checked == 0:
        return "-"
    return format(seen * 1e6 / checked, ",.0f") + ("*" if allowed else "")


# ---- the table ------------------------------------------------------------------------------

def median(rows, key):
    v = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(v) if v else None


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def table(rows, names):
    head = ("target", "runs", "isolation", "req/s", "p99 ms", "audit", "srv CPU us/req", "KB written/req",
            "WAL KB/req", "MiB after load", "MiB after run", "retries") + tuple(h for _, h in ANOMALY_CLASSES)
    lines = [head]
    for name in names:
        rs = [r for r in rows if r["target"] == name]
        if not rs:
            continue
        if all("skipped" in r for r in rs):
            lines.append((name, "0", "-", "-", "-", "skipped: " + rs[0]["skipped"]) + ("",) * (len(head) - 6))
            continue
        ok = [r for r in rs if "error" not in r and "skipped" not in r]
        audits = [r.get("audit") or ("ERROR" if "error" in r else "-") for r in rs]
        mib = lambda k: None if median(ok, k) is None else median(ok, k) / 2**20  # noqa: E731
        lines.append((name, str(len(ok)), ok[0]["isolation"] if ok else "-", fmt(median(ok, "requests_per_s"), ",.0f"),
                      fmt(median(ok, "p99_ms"), ".1f"), "/".join(audits), fmt(median(ok, "server_cpu_us"), ".0f"),
                      fmt(median(ok, "written_kb"), ".2f"), fmt(median(ok, "wal_kb"), ".2f"),
                      fmt(mib("size_after_load"), ".1f"), fmt(mib("size_after_run"), ".1f"),
                      fmt(median(ok, "retries"), ".0f"))
                     + tuple(anomaly_rate(ok, k) for k, _ in ANOMALY_CLASSES))
    widths = [max(len(l[i]) for l in lines) for i in range(len(head))]
    out = []
    for l in lines:
        out.append("  ".join(c.ljust(widths[i]) if i == 0 or i == 5 else c.rjust(widths[i]) for i, c in enumerate(l)).rstrip())
    for r in rows:
        if "error" in r:
            out.append(f"run {r['run']} {r['target']}: {r['error']}")
    if any(r.get("anomalies") for r in rows):
        out.append("fractured/M, stale/M, RYW/M: anomalies per million checked reads over all runs"
                   " (docs/anomalies.md); * = allowed by the setting, else forbidden")
    sources = sorted({r["source"] for r in rows if r.get("source")})
    if sources:
        out.append("database figures: " + "; ".join(sources))
    return "\n".join(out)


def main(argv):
    try:
        a = parse(argv)
    except Refused as e:
        print(f"engine-comparison: {e}", file=sys.stderr)
        return 2
    if a.report:
        try:
            with open(a.report) as f:
                doc = json.load(f)
            print(table(doc["rows"], doc["targets"]))
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"engine-comparison: --report {a.report}: not a runs.json of this script ({e})",
                  file=sys.stderr)
            return 2
        return 0
    mix = "TAOBench preset A" if a.taobench else "LinkBench mix"
    print(f"engine-comparison: {mix}, database {a.database}, {a.nodes:,} nodes, {a.terminals} terminals, {a.warmup} s warm-up +"
          f" {a.time} s, {a.runs} run(s), a fresh load each")
    for run in range(1, a.runs + 1):
        print(f"run {run}: " + " ".join(t.name for t in order(a.targets, run)))
    if a.dry_run:
        for t in a.targets:
            skip = f" (skipped: {SPIDER_SCRIPT} not found)" if t.name.startswith("spider") and not os.access(SPIDER_SCRIPT, os.X_OK) else ""
            print(f"{t.name}: {os.path.relpath(t.sample(a.taobench), ROOT)} on 127.0.0.1:{t.port}{skip}")
        return 0
    if not os.path.exists(a.jar):
        print(f"engine-comparison: {a.jar} not found; build it with: mvn -B package -DskipTests", file=sys.stderr)
        return 2
    out = a.out or os.path.join("/tmp", "engine-comparison-" + time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(out, exist_ok=True)
    with resources.Sampler(a.jar) as a.sampler:
        return run_all(a, out)


def run_all(a, out):
    rows, skipped = [], {}
    for run in range(1, a.runs + 1):
        for t in order(a.targets, run):
            if t.name in skipped:
                continue
            why = bring_up(t)
            if why:
                skipped[t.name] = why
                print(f"engine-comparison: skipping {t.name}: {why}")
                rows.append({"target": t.name, "run": run, "skipped": why})
                continue
            ensure_database(t, a.database)
            print(f"engine-comparison: run {run}, {t.name} ...", flush=True)
            row = measure(t, a, run, out)
            rows.append(row)
            print("  " + json.dumps({k: (round(v, 2) if isinstance(v, float) else v) for k, v in row.items()}), flush=True)
    names = [t.name for t in a.targets]
    with open(os.path.join(out, "runs.json"), "w") as f:
        json.dump({"targets": names, "rows": rows, "args": sys.argv[1:],
                   "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}, f, indent=1)
    print(table(rows, names))
    print(f"engine-comparison: every run's figures in {os.path.join(out, 'runs.json')}")
    page = compare_page(a, out, names)
    if page:
        print(f"engine-comparison: the last run of each target side by side: {page}")
    return 0 if all("error" not in r for r in rows) else 1


def compare_page(a, out, names):
    """One report page (the runtime's Compare) over each target's result set of the last run."""
    summaries = []
    for name in names:
        results = os.path.join(out, f"run{a.runs}", name, "results")
        found = sorted(f for f in os.listdir(results) if f.endswith(".summary.json")) \
            if os.path.isdir(results) else []
        if found:
            summaries.append(os.path.join(results, found[-1]))
    if not summaries:
        return None
    page = os.path.join(out, "engines.report.html")
    r = sh(["java", "-cp", a.jar, "com.oltpbenchmark.report.Compare", "-o", page, *summaries], timeout=300)
    if r.returncode != 0:
        print(f"engine-comparison: the comparison page was not written: {(r.stderr or r.stdout).strip()}",
              file=sys.stderr)
        return None
    return page


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
