"""socialgraph side by side with the original tools, on the same database and the same graph.

  scripts/measure/compare-with-originals.sh [options]

Pairings (--pairings, comma-separated, default a,b,c):
  a  LinkBench's driver (LinkStorePgsql) and ours on our graph on PostgreSQL (database linkbench,
     schema linkdb0), LinkBench's 2011 mix
  b  the same on MariaDB with LinkBench's LinkStoreMysql (database linkdb0, fixed by LinkBench)
  c  the C++ TAOBench tool and ours on TAOBench's src/workload_a.json on MariaDB REPEATABLE READ
     (database benchmark; the C++ tool's objects/edges tables next to our tables)

Default mode: per pairing, original, ours, original, ours (--runs pairs), each on a freshly loaded
graph, printing requests/s, driver and server CPU per request (scripts/measure/lib/resources.py:
the runtime's own reading, the one behind summary.json's "Driver" and "Server Process", taken the
same way around both sides' windows), server transactions (PostgreSQL) or
statements (MariaDB Questions) per request, p50/p99 per operation type, and our audit of the
database every run left; then medians and ratios ours/original.

The C++ TAOBench tool prints only averages and maxima, so in (c) its read transactions are also
timed by scripts/measure/lib/txn_latency_shim.c, built with cc and loaded with LD_PRELOAD: from the
query to its last result, per transaction, the window's p50/p99 shown beside its own figures.

--statements: each operation type alone (1 thread), counting statements per request from the
server (PostgreSQL: log_statement='all' set on database linkbench only, the lines of the server
log counted; MariaDB: global Questions and Com_* deltas) and the driver's send system calls
(strace -c; one per round trip), printed as a markdown table.

LinkBench's driver runs in FB mode by default (--linkbench-mode fb: `-D never_change=true`),
the LinkBench this project reproduces: id2s near id1 within the range its degree model gives, as
ours. The fork's own default (--linkbench-mode fork) draws the id2 of an added link from the whole
id space, so the hottest read ids gain hundreds of links per run and its range scans return about
twice as many rows as ours on the same graph: not the same work.

--dry-run prints the plan and exits without touching a database.
"""

import argparse
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import resources  # noqa: E402

LIB = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(LIB)))
# the peers' sources and DDL beside the checkout (../shared/peers); SG_SHARED_PEERS for a checkout
# elsewhere (a git worktree)
SHARED_PEERS = os.environ.get("SG_SHARED_PEERS") or os.path.join(os.path.dirname(ROOT), "shared", "peers")
PROG = "compare-with-originals"

# LinkBench's 2011 mix, by LinkBench's request names, and our transaction type of each
LB_MIX = {
    "addlink": 8.9886601, "deletelink": 2.9907664, "updatelink": 8.0122125, "countlink": 4.8863567,
    "getlink": 0.5261142, "getlinklist": 50.7119145, "getnode": 12.9326683, "addnode": 2.5732789,
    "updatenode": 7.366437, "deletenode": 1.0115914,
}
LB_OURS = {
    "addlink": "AddLink", "deletelink": "DeleteLink", "updatelink": "UpdateLink",
    "countlink": "CountLink", "getlink": "GetLink", "getlinklist": "GetLinkList",
    "getnode": "GetNode", "addnode": "AddNode", "updatenode": "UpdateNode",
    "deletenode": "DeleteNode",
}
# LinkBench's latency lines name operations by LinkBenchOp
LB_OP_NAMES = {
    "ADD_NODE": "AddNode", "UPDATE_NODE": "UpdateNode", "DELETE_NODE": "DeleteNode",
    "GET_NODE": "GetNode", "ADD_LINK": "AddLink", "DELETE_LINK": "DeleteLink",
    "UPDATE_LINK": "UpdateLink", "COUNT_LINK": "CountLink", "MULTIGET_LINK": "GetLink",
    "GET_LINKS_LIST": "GetLinkList",
}
TAO_TYPES = ["Read", "Write", "ReadTxn", "WriteTxn"]
TAO_CPP_NAMES = {"read": "Read", "write": "Write", "read_txn": "ReadTxn", "write_txn": "WriteTxn",
                 "READ": "Read", "WRITE": "Write", "READTRANSACTION": "ReadTxn",
                 "WRITETRANSACTION": "WriteTxn", "READ_TXN": "ReadTxn", "WRITE_TXN": "WriteTxn"}


class Fail(Exception):
    pass


def positive(name):
    def parse(v):
        if not re.fullmatch(r"[1-9][0-9]*", v):
            raise argparse.ArgumentTypeError(f"{name} must be a positive integer, got '{v}'")
        return int(v)
    return parse


def options(argv):
    p = argparse.ArgumentParser(prog="scripts/measure/compare-with-originals.sh", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pairings", default="a,b,c", help="comma-separated subset of a,b,c")
    p.add_argument("--peers", default=os.environ.get("PEERS") or os.path.expanduser("~/peers"),
                   help="where the peers are (built there by shared/peers/build.sh when missing)")
    p.add_argument("--jar", default=os.path.join(ROOT, "target", "benchbase.jar"))
    p.add_argument("--out", help="working directory (default: a new temporary one)")
    p.add_argument("--nodes", type=positive("--nodes"), default=100000, help="LinkBench graph (a, b)")
    p.add_argument("--threads", type=positive("--threads"), default=8, help="LinkBench pairings")
    p.add_argument("--tao-edges", type=positive("--tao-edges"), default=10000,
                   help="C++ tool's -n (edges; it loads about twice as many objects); ours loads 2x nodes")
    p.add_argument("--tao-threads", type=positive("--tao-threads"), default=4)
    p.add_argument("--time", type=positive("--time"), default=30, help="measured seconds per run")
    p.add_argument("--warmup", type=positive("--warmup"), default=5, help="warm-up seconds per run")
    p.add_argument("--runs", type=positive("--runs"), default=2, help="alternations (original, ours)")
    p.add_argument("--statements", action="store_true",
                   help="count statements and round trips per operation type instead")
    p.add_argument("--stmt-time", type=positive("--stmt-time"), default=5,
                   help="seconds per operation type in --statements")
    p.add_argument("--stmt-threads", type=positive("--stmt-threads"), default=1,
                   help="threads per operation type in --statements (default 1)")
    p.add_argument("--linkbench-mode", choices=("fb", "fork"), default="fb",
                   help="LinkBench's driver as FB's LinkBench (never_change=true, the default) or"
                        " as the fork's own default")
    p.add_argument("--dry-run", action="store_true", help="print the plan, touch nothing")
    a = p.parse_args(argv)
    bad = [x for x in a.pairings.split(",") if x not in ("a", "b", "c")]
    if bad or not a.pairings:
        p.error(f"--pairings: unknown pairing '{','.join(bad) or a.pairings}' (choose from a,b,c)")
    if a.time < 4:
        p.error(f"--time must be at least 4 (the CPU window is the run minus 2 s), got {a.time}")
    a.pairings = a.pairings.split(",")
    return a


# ---------------------------------------------------------------- databases

def psql(sql, db="postgres"):
    r = subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", db, "-AtqX", "-v",
                        "ON_ERROR_STOP=1", "-c", sql], capture_output=True, text=True)
    if r.returncode:
        raise Fail(f"psql ({db}): {r.stderr.strip()}")
    return r.stdout.strip()


def mariadb(sql, db=None):
    cmd = ["mariadb", "-uroot", "-h127.0.0.1", "-N", "-B", "-e", sql] + ([db] if db else [])
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise Fail(f"mariadb: {r.stderr.strip()}")
    return r.stdout


def maria_status():
    out = mariadb("SHOW GLOBAL STATUS WHERE Variable_name = 'Questions' OR Variable_name LIKE 'Com\\_%'")
    return {k: int(v) for k, v in (line.split("\t") for line in out.splitlines()) if v.isdigit()}


def pg_xacts(db):
    return int(psql(f"SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '{db}'"))


# The server's counters of the work a request makes it do, shown per request next to each run
# (same statements can still cost different work: pages touched, rows, redo, bytes). MariaDB:
# global status; PostgreSQL: the rows its range scans (index id1_type) and point reads (the
# primary keys) read, from the statistics views.
PG_WORK_COUNTERS = ("id1_type rows read", "linktable_pkey rows read", "nodetable_pkey rows read",
                    "counttable_pkey rows read")
WORK_COUNTERS = PG_WORK_COUNTERS + ("Com_select", "Com_stmt_execute", "Com_update", "Com_insert", "Com_commit",
                 "Handler_read_key", "Handler_read_next", "Handler_read_prev", "Handler_update",
                 "Handler_write", "Innodb_buffer_pool_read_requests", "Innodb_os_log_written",
                 "Innodb_data_fsyncs", "Innodb_row_lock_waits", "Bytes_sent", "Bytes_received")


def maria_work():
    names = ", ".join(f"'{n}'" for n in WORK_COUNTERS)
    out = mariadb(f"SHOW GLOBAL STATUS WHERE Variable_name IN ({names})")
    return {k: int(v) for k, v in (line.split("\t") for line in out.splitlines()) if v.isdigit()}


def pg_work(db):
    out = psql("SELECT indexrelname, idx_tup_read FROM pg_stat_user_indexes WHERE schemaname = 'linkdb0'"
               " AND indexrelname IN ('id1_type', 'linktable_pkey', 'nodetable_pkey', 'counttable_pkey')",
               db)
    return {f"{k} rows read": int(v) for k, v in (line.split("|") for line in out.splitlines())}


class Counter:
    """Server-side statement counter over a run: PostgreSQL transactions, MariaDB Questions (and
    the work counters of WORK_COUNTERS, as `work`)."""

    def __init__(self, kind, db):
        self.kind, self.db = kind, db

    def read(self):
        return pg_xacts(self.db) if self.kind == "POSTGRES" else maria_status()["Questions"]

    def work(self):
        return maria_work() if self.kind != "POSTGRES" else pg_work(self.db)

    def label(self):
        return "xacts/req" if self.kind == "POSTGRES" else "stmts/req"


# ---------------------------------------------------------------- peers

def ensure_peers(a, need_lb, need_tao):
    lb = os.path.join(a.peers, "linkbench", "target", "FacebookLinkBench.jar")
    tao = os.path.join(a.peers, "taobench", "build-mysql", "taobench")
    missing = (need_lb and not os.path.exists(lb)) or (need_tao and not os.path.exists(tao))
    if missing:
        build = os.path.join(SHARED_PEERS, "build.sh")
        if not os.path.exists(build):
            raise Fail(f"peers missing under {a.peers} and no {build} to build them")
        print(f"[{PROG}] building the peers into {a.peers} ({build})", flush=True)
        if subprocess.run([build, a.peers]).returncode:
            raise Fail(f"{build} {a.peers} failed")
    return os.path.join(a.peers, "linkbench"), os.path.join(a.peers, "taobench")


# ---------------------------------------------------------------- configs

def derive_config(src, dst, url, maxid1, terminals, warmup, seconds, weights=None, tao=None):
    tree = ET.parse(src)
    root = tree.getroot()
    root.find("url").text = url
    lb = root.find("linkbench")
    if lb is None:
        lb = ET.SubElement(root, "linkbench")
    for child in list(lb):
        if child.tag == "maxid1":
            lb.remove(child)
    ET.SubElement(lb, "maxid1").text = str(maxid1)
    root.find("terminals").text = str(terminals)
    work = root.find("./works/work")
    work.find("warmup").text = str(warmup)
    work.find("time").text = str(seconds)
    if isinstance(weights, dict):
        # by transaction type name, in the order the config lists its types
        names = [n.text.strip() for n in root.findall("./transactiontypes/transactiontype/name")]
        unknown = set(weights) - set(names)
        if unknown:
            raise Fail(f"{src}: no transaction type {', '.join(sorted(unknown))}")
        weights = [weights.get(n, 0) for n in names]
    if weights is not None:
        work.find("weights").text = ", ".join(str(w) for w in weights)
    if tao:
        t = root.find("taobench")
        for k, v in tao.items():
            e = t.find(k)
            if e is None:
                e = ET.SubElement(t, k)
            e.text = v
    tree.write(dst)
    return dst


PG_URL = ("jdbc:postgresql://127.0.0.1:5432/linkbench?sslmode=disable&reWriteBatchedInserts=true"
          "&currentSchema=linkdb0")
MARIA_OPTS = "rewriteBatchedStatements=true&useServerPrepStmts=true&allowMultiQueries=true"


class Pairing:
    """One pairing: how to load a fresh graph, run each driver, and which database to watch."""

    def __init__(self, key, a, lbdir, taodir, work):
        self.key, self.a, self.lbdir, self.taodir = key, a, lbdir, taodir
        self.work = os.path.join(work, key)
        os.makedirs(self.work, exist_ok=True)
        self.kind = "POSTGRES" if key == "a" else "MARIADB"
        self.port = 5432 if key == "a" else 3306
        # where the resource sampler asks the server for its pid file (any database will do)
        self.server_url, self.server_user = (
            ("jdbc:postgresql://127.0.0.1:5432/postgres?sslmode=disable", "postgres") if key == "a"
            else ("jdbc:mariadb://127.0.0.1:3306/", "root"))
        self.server_pid = None
        self.db = {"a": "linkbench", "b": "linkdb0", "c": "benchmark"}[key]
        self.original = {"a": "LinkBench", "b": "LinkBench", "c": "TAOBench C++"}[key]
        self.threads = a.tao_threads if key == "c" else a.threads
        self.nodes = 2 * a.tao_edges if key == "c" else a.nodes
        self.types = TAO_TYPES if key == "c" else list(LB_OURS.values())

    def describe(self):
        what = {"a": "LinkBench's driver vs ours on our graph, PostgreSQL",
                "b": "LinkBench's driver (LinkStoreMysql) vs ours on our graph, MariaDB",
                "c": "C++ TAOBench vs ours on workload_a.json, MariaDB REPEATABLE READ"}[self.key]
        size = (f"C++ -n {self.a.tao_edges} edges / ours {self.nodes} nodes" if self.key == "c"
                else f"{self.nodes} nodes")
        mode = "" if self.key == "c" else f", LinkBench in {self.a.linkbench_mode} mode" + (
            " (never_change=true)" if self.a.linkbench_mode == "fb" else "")
        return f"({self.key}) {what}: database {self.db}, {size}, {self.threads} threads{mode}"

    # -- ours
    def our_config(self, name, terminals, warmup, seconds, weights=None):
        dst = os.path.join(self.work, name)
        if self.key == "a":
            return derive_config(os.path.join(ROOT, "config/postgres/sample_socialgraph_config.xml"), dst,
                                 PG_URL, self.nodes + 1, terminals, warmup, seconds, weights)
        url = f"jdbc:mariadb://127.0.0.1:3306/{self.db}?{MARIA_OPTS}"
        if self.key == "b":
            return derive_config(os.path.join(ROOT, "config/mariadb/sample_socialgraph_config.xml"), dst,
                                 url, self.nodes + 1, terminals, warmup, seconds, weights)
        workload = os.path.join(self.taodir, "src", "workload_a.json")
        return derive_config(os.path.join(ROOT, "config/mariadb/sample_taobench_config.xml"), dst, url,
                             self.nodes + 1, terminals, warmup, seconds,
                             weights or tao_operations(workload),
                             {"workload": workload, "colocation": "independent",
                              "keyDistribution": "uniform"})

    # -- fresh graph
    def fresh_load(self, log):
        if self.key == "a":
            psql("DROP DATABASE IF EXISTS linkbench WITH (FORCE)")
            psql("CREATE DATABASE linkbench")
            r = subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "linkbench", "-qX",
                                "-v", "ON_ERROR_STOP=1", "-f", os.path.join(SHARED_PEERS, "linkbench-pg-ddl.sql")],
                               capture_output=True, text=True)
            if r.returncode:
                raise Fail(f"linkbench-pg-ddl.sql: {r.stderr.strip()}")
        else:
            mariadb(f"DROP DATABASE IF EXISTS {self.db}; CREATE DATABASE {self.db}")
        cfg = self.our_config("load.xml", self.threads, 1, 4)
        java(self.a.jar, cfg, ["--create=true", "--load=true"], log)
        if self.key == "c":
            tao_schema = os.path.join(self.taodir, "deps", "mysql_schema.sql")
            mariadb(open(tao_schema).read() + "; TRUNCATE TABLE edges; TRUNCATE TABLE objects", self.db)
            run_checked(["./build-mysql/taobench", "-load-threads", "2", "-db", "mysql", "-p",
                         "deps/mariadb.properties", "-c", "src/workload_a.json", "-load",
                         "-n", str(self.a.tao_edges)], self.taodir, log, 1800)

    # -- the original's command
    def original_command(self, warmup, seconds, threads, mix=None):
        mix = mix or LB_MIX
        if self.key == "c":
            exp = os.path.join(self.work, "exp.txt")
            with open(exp, "w") as f:
                f.write(f"{threads},{warmup},{warmup + seconds}\n")
            workload = getattr(self, "tao_workload", "src/workload_a.json")
            return ["./build-mysql/taobench", "-load-threads", "2", "-db", "mysql", "-p",
                    "deps/mariadb.properties", "-c", workload, "-property", "status.interval=1",
                    "-run", "-e", exp], self.taodir
        props = "config/LinkConfigPgsql.properties"
        extra = []
        if self.key == "b":
            # LinkBench's own MySQL config, pointed at the local MariaDB
            props = "config/LinkConfigMysql.properties"
            extra = ["-D", "host=127.0.0.1", "-D", "user=root", "-D", "password=", "-D", "port=3306"]
        else:
            extra = ["-D", "host=127.0.0.1"]
        cmd = ["./bin/linkbench", "-c", props, "-D", "data_file=config/Distribution_2011.dat"]
        if self.a.linkbench_mode == "fb":
            # FB's id2 choice and degree model, which ours reproduces (see the module's docstring)
            cmd += ["-D", "never_change=true"]
        for k, v in mix.items():
            cmd += ["-D", f"{k}={v}"]
        cmd += extra + ["-r", "-D", f"maxid1={self.nodes + 1}", "-D", f"requesters={threads}",
                        "-D", f"maxtime={seconds}", "-D", f"warmup_time={warmup}",
                        "-D", "requests=1000000000", "-D", "displayfreq=1000000",
                        "-D", "progressfreq=1000000"]
        return cmd, self.lbdir

    def original_marker(self):
        # LinkBench: a requester logs when its warm-up is over (its clock for maxtime started
        # at launch, so a slow first request on a busy machine shortens the measured part)
        return r"warmup finished" if self.key != "c" else r"(?i)warm|Experiment|operations"


def tao_operations(workload):
    for line in open(workload):
        if '"operations"' in line:
            return json.loads(line)["weights"]
    raise Fail(f"{workload}: no operations record")


# ---------------------------------------------------------------- processes

def run_checked(cmd, cwd, log, timeout):
    with open(log, "a") as f:
        f.write(f"\n$ (cd {cwd} && {' '.join(cmd)})\n")
        f.flush()
        r = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
    if r.returncode:
        raise Fail(f"{' '.join(cmd[:3])} ... exited {r.returncode}, see {log}")


def java(jar, cfg, flags, log, results=None):
    cmd = ["java", "-jar", jar, "-b", "socialgraph", "-c", cfg] + flags
    if results:
        cmd += ["-d", results]
    run_checked(cmd, ROOT, log, 3600)


def wait_for(log, pattern, proc, timeout=600):
    end = time.time() + timeout
    while time.time() < end:
        if re.search(pattern, open(log, errors="replace").read()):
            return True
        if proc.poll() is not None:
            return False
        time.sleep(0.1)
    return False


class Sends:
    """The driver's send system calls (write, sendto, sendmsg, writev; every thread), counted by
    strace attached to it: a request sends each of its round trips' messages in one call, so calls
    per request are round trips per request (plus the odd log line, negligible over thousands of
    requests). strace slows the driver down; only counts are taken from these runs."""

    CALLS = ("write", "sendto", "sendmsg", "writev")

    def __init__(self, pid, work):
        self.out = os.path.join(work, f"strace-{pid}.txt")
        self.proc = subprocess.Popen(["strace", "-f", "-c", "-o", self.out, "-e",
                                      "trace=" + ",".join(self.CALLS), "-p", str(pid)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def total(self):
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            self.proc.wait()
        calls = 0
        if os.path.exists(self.out):
            for line in open(self.out):
                f = line.split()
                if len(f) >= 5 and f[-1] in self.CALLS and f[3].isdigit():
                    calls += int(f[3])
        return calls

def measured_run(cmd, cwd, log, marker, warmup, seconds, pairing, counter, after_marker=None, env=None):
    """Runs a driver; CPU and counter deltas from 1 s after its warm-up to 1 s before its end."""
    with open(log, "w") as f:
        f.write(f"$ (cd {cwd} && {' '.join(cmd)})\n")
    f = open(log, "a")
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT,
                            env=dict(os.environ, **env) if env else None)
    fig = None
    if wait_for(log, marker, proc):
        time.sleep((warmup if after_marker is None else after_marker) + 1)
        s0, c0, w0 = resources.Sample(pairing.a.sampler, proc.pid, pairing.server_pid), counter.read(), counter.work()
        t0 = time.time()
        time.sleep(seconds - 2)
        s1, c1, w1 = resources.Sample(pairing.a.sampler, proc.pid, pairing.server_pid), counter.read(), counter.work()
        try:
            fig = resources.window(s0, s1)
        except RuntimeError as e:
            raise Fail(f"{cmd[0]}: {e}")
        fig["wall"] = (t0, time.time())
        fig["counter"] = c1 - c0
        fig["work"] = {k: w1[k] - w0.get(k, 0) for k in w1} if w1 is not None else None
    try:
        proc.wait(timeout=warmup + seconds + 900)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise Fail(f"{cmd[0]} did not end, see {log}")
    f.close()
    if proc.returncode:
        raise Fail(f"{' '.join(cmd[:2])} exited {proc.returncode}, see {log}")
    if fig is None:
        raise Fail(f"no '{marker}' in {log}: cannot place the measured window")
    return fig


# ---------------------------------------------------------------- result parsing

def parse_linkbench(log):
    text = open(log, errors="replace").read()
    m = re.search(r"REQUEST PHASE COMPLETED\. (\d+) requests done in (\d+) seconds\. Requests/second = (\d+)", text)
    if not m:
        raise Fail(f"{log}: no 'REQUEST PHASE COMPLETED' line")
    ops = {}
    for name, count, p50, p99 in re.findall(
            r"(\w+) count = (\d+)\s+p25 = \S+\s+p50 = \[?([0-9.]+)[^ ]*\s+p75 = \S+\s+p95 = \S+\s+p99 = \[?([0-9.]+)",
            text):
        if name in LB_OP_NAMES:
            ops[LB_OP_NAMES[name]] = (int(count), float(p50), float(p99))
    failed = len(re.findall(r"(?i)\bERROR\b", text))
    return {"requests": int(m.group(1)), "rate": float(m.group(3)), "ops": ops,
            "failed": f"{failed} ERROR lines"}


def parse_taobench(log):
    text = open(log, errors="replace").read()
    m = re.search(r"Throughput excluding warmup: ([0-9.]+)", text)
    if not m:
        raise Fail(f"{log}: no 'Throughput excluding warmup' line")
    failed = re.search(r"Number of failed operations: (\d+)", text)
    ops = {}
    # the final status line: "[READ: Count=308743 Max=60153.80 Min=12.82 Avg=103.01] ..." in
    # microseconds; the tool reports no percentiles, so (count, None, None, avg ms, max ms)
    final = [l for l in text.splitlines() if re.match(r"\d+ operations;", l)]
    for name, count, mx, avg in re.findall(r"\[(\w+): Count=(\d+) Max=([0-9.]+) Min=[0-9.]+ Avg=([0-9.]+)\]",
                                           final[-1] if final else ""):
        if name in TAO_CPP_NAMES:
            ops[TAO_CPP_NAMES[name]] = (int(count), None, None, float(avg) / 1000, float(mx) / 1000)
    return {"rate": float(m.group(1)), "ops": ops,
            "failed": f"{failed.group(1) if failed else '?'} failed operations"}


def parse_ours(results):
    files = sorted(glob.glob(os.path.join(results, "*.summary.json")), key=os.path.getmtime)
    if not files:
        raise Fail(f"no summary.json in {results}")
    s = json.load(open(files[-1]))
    ops = {}
    for t, d in (s.get("Latency Distribution By Transaction Type") or {}).items():
        ops[t] = (d.get("Requests"), d["Median Latency (microseconds)"] / 1000,
                  d["99th Percentile Latency (microseconds)"] / 1000,
                  d["Average Latency (microseconds)"] / 1000, d["Maximum Latency (microseconds)"] / 1000)
    st = s.get("Transaction Status Counts") or {}
    errors = sum(int(v.get("ERROR", 0)) for v in st.values() if isinstance(v, dict))
    audit = s.get("Audit") or {}
    return {"rate": float(s["Throughput (requests/second)"]), "ops": ops,
            "requests": int(s.get("Measured Requests", 0)), "failed": f"{errors} ERROR",
            "audit": audit_line(os.path.join(results, audit["file"]) if audit.get("file") else None)
            if audit else "off"}


def audit_line(path):
    """Verdict and the count check of an audit.json: 'PASS (7 checks); counts differing: 0'."""
    if not path or not os.path.exists(path):
        return "no audit.json"
    a = json.load(open(path))
    checks = {c["name"]: c for c in a.get("checks", [])}
    cnt = checks.get("countMatchesVisibleLinks")
    diff = f"{cnt['violations']} of {cnt['examined']}" if cnt else "not checked"
    return f"{a.get('verdict')} ({len(checks)} checks, {a.get('violations')} violations); counts differing from visible links: {diff}"


def audit_original(pairing, cfg, log):
    """Our invariant audit on the database the original left (audit alone: no lost-write check)."""
    if pairing.key == "c":
        return "n/a: the C++ tool writes its own objects/edges tables, which our audit does not know"
    out = os.path.join(pairing.work, f"audit-{int(time.time() * 1000)}")
    java(pairing.a.jar, cfg, ["--audit=true"], log, out)
    files = glob.glob(os.path.join(out, "*.audit.json"))
    return audit_line(files[0] if files else None)


# ---------------------------------------------------------------- the C++ tool's ReadTxn percentiles

SHIM_SOURCE = os.path.join(LIB, "txn_latency_shim.c")


def build_latency_shim(work):
    """Compiles txn_latency_shim.c (LD_PRELOAD into the C++ tool: its read transactions' latencies,
    which it reports only as average and maximum). Returns (path, None) or (None, why not)."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        return None, "no C compiler (cc or gcc) to build scripts/measure/lib/txn_latency_shim.c"
    out = os.path.join(work, "txn_latency_shim.so")
    r = subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", out, SHIM_SOURCE, "-ldl"],
                       capture_output=True, text=True)
    if r.returncode:
        return None, f"{cc} failed on txn_latency_shim.c: {r.stderr.strip().splitlines()[-1:]}"
    return out, None


def nearest_rank(sorted_values, q):
    return sorted_values[max(1, -(-len(sorted_values) * q // 100)) - 1]


def shim_latencies(path, window):
    """The shim's samples whose transaction started inside `window` (epoch seconds): count and
    p50, p99, average and maximum in ms; None when the file is missing or holds none."""
    if not os.path.exists(path):
        return None
    lo, hi = window[0] * 1e9, window[1] * 1e9
    lat = []
    for line in open(path):
        f = line.split()
        if len(f) == 2 and not line.startswith("#") and lo <= int(f[0]) <= hi:
            lat.append(int(f[1]) / 1e6)
    if not lat:
        return None
    lat.sort()
    return {"count": len(lat), "p50": nearest_rank(lat, 50), "p99": nearest_rank(lat, 99),
            "avg": sum(lat) / len(lat), "max": lat[-1]}


# ---------------------------------------------------------------- the comparison

def per_request(fig, rate):
    req = rate * fig["window_s"]
    if req <= 0:
        return float("nan"), float("nan"), float("nan"), float("nan")
    drv = fig["driver_cpu_s"] / req * 1e6
    srv = fig["server_cpu_s"] / req * 1e6 if fig["server_cpu_s"] is not None else float("nan")
    return drv, srv, fig["counter"] / req, fig["driver_sys_s"] / req * 1e6


def compare(pairing):
    a = pairing.a
    counter = Counter(pairing.kind, pairing.db)
    rows = {"original": [], "ours": []}
    print(f"\n== {pairing.describe()}, {a.warmup} s warm-up + {a.time} s, {a.runs} alternations", flush=True)
    shim = None
    if pairing.key == "c":
        shim, why = build_latency_shim(pairing.work)
        if why:
            print(f"    the C++ tool's ReadTxn percentiles are not measured: {why}", flush=True)
    for i in range(a.runs):
        for side in ("original", "ours"):
            log = os.path.join(pairing.work, f"run{i + 1}-{side}.log")
            pairing.fresh_load(os.path.join(pairing.work, f"load{i + 1}-{side}.log"))
            if side == "original":
                cmd, cwd = pairing.original_command(a.warmup, a.time, pairing.threads)
                env, samples = None, None
                if shim:
                    samples = os.path.join(pairing.work, f"run{i + 1}-readtxn-latencies.txt")
                    env = {"LD_PRELOAD": shim, "SG_TXN_LATENCY_OUT": samples}
                fig = measured_run(cmd, cwd, log, pairing.original_marker(), a.warmup, a.time, pairing,
                                   counter, after_marker=0 if pairing.key != "c" else None, env=env)
                res = parse_taobench(log) if pairing.key == "c" else parse_linkbench(log)
                if samples:
                    res["shim"] = shim_latencies(samples, fig["wall"])
                    own = res["ops"].get("ReadTxn")
                    if res["shim"] and own:
                        # percentiles from the shim; count, average and maximum stay the tool's own
                        res["ops"]["ReadTxn"] = (own[0], res["shim"]["p50"], res["shim"]["p99"], own[3], own[4])
                res["audit"] = audit_original(pairing, pairing.our_config("audit.xml", 1, 1, 4),
                                              os.path.join(pairing.work, f"audit{i + 1}.log"))
                name = pairing.original
            else:
                cfg = pairing.our_config(f"run{i + 1}.xml", pairing.threads, a.warmup, a.time)
                results = os.path.join(pairing.work, f"results{i + 1}")
                cmd = ["java", "-jar", a.jar, "-b", "socialgraph", "-c", cfg, "--execute=true", "-d", results]
                fig = measured_run(cmd, ROOT, log, r"Warming up for \d+ s", a.warmup, a.time, pairing, counter)
                res = parse_ours(results)
                name = "ours"
            drv, srv, stm, sys_ = per_request(fig, res["rate"])
            res.update(drv=drv, srv=srv, stm=stm, sys=sys_)
            req = res["rate"] * fig["window_s"]
            res["work"] = {k: v / req for k, v in fig["work"].items()} if fig.get("work") and req > 0 else None
            rows[side].append(res)
            print(f"run {i + 1} {name:12s} {res['rate']:10,.0f} req/s  driver {drv:6.1f} us/req ({sys_:4.1f} sys)  "
                  f"server {srv:6.1f} us/req  {stm:5.2f} {counter.label()}  {res['failed']}", flush=True)
            print("    p50/p99 ms: " + "  ".join(
                f"{t} {res['ops'][t][1]:.2f}/{res['ops'][t][2]:.2f}" for t in pairing.types
                if t in res["ops"] and res["ops"][t][1] is not None))
            if pairing.key == "c":
                # the C++ tool reports only average and maximum, so both sides are shown that way too
                print("    avg/max ms: " + "  ".join(
                    f"{t} {res['ops'][t][3]:.2f}/{res['ops'][t][4]:.1f}" for t in pairing.types if t in res["ops"]))
            if res.get("shim"):
                sh = res["shim"]
                print(f"    ReadTxn measured by txn_latency_shim (window): {sh['count']} transactions, p50/p99 "
                      f"{sh['p50']:.2f}/{sh['p99']:.2f} ms, avg/max {sh['avg']:.2f}/{sh['max']:.1f} ms")
            elif side == "original" and shim:
                print("    ReadTxn by txn_latency_shim: no read transaction recorded in the window")
            if res["work"]:
                print("    server work per request: " + "  ".join(
                    f"{k} {res['work'][k]:.2f}" for k in WORK_COUNTERS if k in res["work"]))
            print(f"    audit: {res['audit']}", flush=True)
    print(f"-- medians ({pairing.key}), ours/original")
    for key, label in (("rate", "requests/s"), ("drv", "driver us/req"), ("sys", "  of it kernel"),
                       ("srv", "server us/req"),
                       ("stm", counter.label())):
        o = statistics.median(r[key] for r in rows["original"])
        u = statistics.median(r[key] for r in rows["ours"])
        ratio = u / o if o and o == o else float("nan")
        print(f"   {label:14s} original {o:10,.2f}  ours {u:10,.2f}  ratio {ratio:.2f}")
    if pairing.key == "c":
        p99s = {side: [r["ops"]["ReadTxn"][2] for r in rs
                       if r["ops"].get("ReadTxn") and r["ops"]["ReadTxn"][2] is not None]
                for side, rs in rows.items()}
        if p99s["original"] and p99s["ours"]:
            o, u = statistics.median(p99s["original"]), statistics.median(p99s["ours"])
            print(f"   {'ReadTxn p99 ms':14s} original {o:10,.2f}  ours {u:10,.2f}  ratio {u / o:.2f}")
    if all(r.get("work") for side in rows.values() for r in side):
        print("   server work per request (medians), original -> ours:")
        for k in (k for k in WORK_COUNTERS if any(k in r["work"] for side in rows.values() for r in side)):
            o = statistics.median(r["work"].get(k, 0) for r in rows["original"])
            u = statistics.median(r["work"].get(k, 0) for r in rows["ours"])
            print(f"     {k:34s} {o:10.2f} -> {u:10.2f}")
    return rows


# ---------------------------------------------------------------- statements per operation

def pg_log_path():
    return "/var/log/postgresql/postgresql-15-main.log"


STMT_RE = re.compile(r"@linkbench LOG:  (?:statement|execute [^:]*): (\S+)")


def count_pg_log(offset):
    kinds = {}
    with open(pg_log_path(), errors="replace") as f:
        f.seek(offset)
        for line in f:
            m = STMT_RE.search(line)
            if m:
                k = m.group(1).upper().rstrip(";")
                kinds[k] = kinds.get(k, 0) + 1
    return kinds


def statements_of(pairing, side, op, seconds):
    """(requests, statements by kind, driver send calls, server CPU seconds or None) of one
    operation type alone. The server's CPU includes its exited processes (PostgreSQL backends
    that ended with their connections, counted through the postmaster)."""
    a = pairing.a
    def server_cpu():
        r = a.sampler.sample(pairing.server_pid) if pairing.server_pid else None
        return resources.cpu_s(r) if r else None

    cpu0 = server_cpu()
    log = os.path.join(pairing.work, f"stmt-{side}-{op}.log")
    if pairing.kind == "POSTGRES":
        before = os.path.getsize(pg_log_path())
    else:
        before = maria_status()
    if side == "original":
        if pairing.key == "c":
            pairing.tao_workload = derived_tao_workload(pairing, op)
            cmd, cwd = pairing.original_command(1, seconds, a.stmt_threads)
        else:
            mix = {k: (100 if LB_OURS[k] == op else 0) for k in LB_MIX}
            cmd, cwd = pairing.original_command(0, seconds, a.stmt_threads, mix)
    else:
        weights = {t: (100 if t == op else 0) for t in pairing.types}
        cfg = pairing.our_config(f"stmt-{op}.xml", a.stmt_threads, 0, seconds, weights)
        results = os.path.join(pairing.work, f"stmt-results-{op}")
        cmd, cwd = ["java", "-jar", a.jar, "-b", "socialgraph", "-c", cfg, "--execute=true",
                    "--audit=false", "-d", results], ROOT
    with open(log, "w") as f:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
        seg = Sends(proc.pid, pairing.work)
        proc.wait(timeout=seconds + 900)
        segments = seg.total()
    if proc.returncode:
        raise Fail(f"{side} {op} exited {proc.returncode}, see {log}")
    if pairing.kind == "POSTGRES":
        time.sleep(0.5)
        kinds = count_pg_log(before)
    else:
        after = maria_status()
        kinds = {k[4:].upper(): after[k] - before.get(k, 0) for k in after
                 if k.startswith("Com_") and after[k] - before.get(k, 0) > 0}
        kinds["QUESTIONS"] = after["Questions"] - before["Questions"] - 2  # our two SHOW STATUS
    if side == "ours":
        requests = parse_ours(results)["requests"]
    elif pairing.key == "c":
        res = parse_taobench(log)
        requests = res["rate"] * seconds
    else:
        requests = parse_linkbench(log)["requests"]
    cpu1 = server_cpu()
    return requests, kinds, segments, (cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None)


def derived_tao_workload(pairing, op):
    src = os.path.join(pairing.taodir, "src", "workload_a.json")
    dst = os.path.join(pairing.work, f"workload_only_{op}.json")
    with open(src) as f, open(dst, "w") as g:
        for line in f:
            if '"operations"' in line:
                rec = json.loads(line)
                rec["weights"] = [1 if t == op else 0 for t in TAO_TYPES]
                line = json.dumps(rec) + "\n"
            g.write(line)
    return dst


def summarize(kinds, kind):
    if kind == "POSTGRES":
        total = sum(kinds.values())
        begins = kinds.get("BEGIN", 0)
        detail = {k: v for k, v in kinds.items()}
        return total, total - begins, detail
    total = kinds.pop("QUESTIONS", 0)
    return total, None, kinds


def statements(pairing):
    print(f"\n== statements per operation: {pairing.describe()}", flush=True)
    pairing.fresh_load(os.path.join(pairing.work, "stmt-load.log"))
    if pairing.kind == "POSTGRES":
        psql("ALTER DATABASE linkbench SET log_statement = 'all'")
    table = []
    try:
        for op in pairing.types:
            row = [op]
            for side in ("original", "ours"):
                req, kinds, segs, cpu = statements_of(pairing, side, op, pairing.a.stmt_time)
                total, trips, detail = summarize(kinds, pairing.kind)
                req = max(req, 1)
                parts = ", ".join(f"{k.lower()} {v / req:.2f}" for k, v in sorted(detail.items())
                                  if v / req >= 0.01)
                row += [f"{total / req:.2f}", f"{segs / req:.2f}",
                        "n/a" if cpu is None else f"{cpu / req * 1e6:.0f}", parts]
            table.append(row)
            print(f"   {op}: original {row[1]} stmts, {row[2]} sends, server {row[3]} us; "
                  f"ours {row[5]} stmts, {row[6]} sends, server {row[7]} us", flush=True)
    finally:
        if pairing.kind == "POSTGRES":
            psql("ALTER DATABASE linkbench RESET log_statement")
    head = (f"| {pairing.key}: operation | {pairing.original} stmts | sends | server us | by kind "
            f"| ours stmts | sends | server us | by kind |")
    print("\n" + head)
    print("|" + "---|" * 9)
    for r in table:
        print("| " + " | ".join(r) + " |")
    return table


# ---------------------------------------------------------------- main

def main(argv):
    a = options(argv)
    if a.dry_run:
        work = a.out or "(a new temporary directory)"
        print(f"[{PROG}] plan ({'statements per operation' if a.statements else 'alternated runs'}),"
              f" peers {a.peers}, jar {a.jar}, output {work}")
        for k in a.pairings:
            p = Pairing(k, a, os.path.join(a.peers, "linkbench"), os.path.join(a.peers, "taobench"), work)
            print("  " + p.describe())
        return 0
    if not os.path.exists(a.jar):
        raise Fail(f"{a.jar} not found; build it with: mvn -B package -DskipTests")
    for tool, needed in (("psql", "a" in a.pairings), ("mariadb", "b" in a.pairings or "c" in a.pairings),
                         ("java", True)):
        if needed and not shutil.which(tool):
            raise Fail(f"{tool} is required and not on PATH")
    lbdir, taodir = ensure_peers(a, "a" in a.pairings or "b" in a.pairings, "c" in a.pairings)
    work = a.out or tempfile.mkdtemp(prefix="compare-originals.")
    os.makedirs(work, exist_ok=True)
    print(f"[{PROG}] output {work}; {os.cpu_count()} cores; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    with resources.Sampler(a.jar) as a.sampler:
        for k in a.pairings:
            p = Pairing(k, a, lbdir, taodir, work)
            p.server_pid, how = a.sampler.find(p.server_url, p.server_user)
            print(f"[{PROG}] ({k}) server process: " + (f"pid {p.server_pid} ({how})" if p.server_pid
                                                          else f"not measured: {how}"), flush=True)
            try:
                statements(p) if a.statements else compare(p)
            except Fail as e:
                print(f"[{PROG}] pairing ({k}) failed: {e}", flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Fail as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        sys.exit(1)
