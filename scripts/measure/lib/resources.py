"""CPU, bytes and context switches of a process tree and of the database server, as a run reads them.

The readings are made by the runtime's own code (com.oltpbenchmark.api.collectors.resources, the
figures a run writes under "Driver" and "Server Process" in summary.json), so that a script that
measures another program beside ours reads both the same way. One JVM answers every reading
(`ResourcesCommand serve`): it starts before the first window, so no reading pays for a JVM start.

A process tree's CPU includes its children that have exited (their parent's cutime/cstime, e.g.
PostgreSQL backends reaped by the postmaster) and its live descendants; the server is found from its
own pid file, checked against the connection (see ServerProcess), or "not measured" with the reason.
"""

import json
import os
import subprocess
import time

COMMAND = "com.oltpbenchmark.api.collectors.resources.ResourcesCommand"


class Sampler:
    """A `ResourcesCommand serve` process answering one JSON line per request."""

    def __init__(self, classpath):
        """classpath: target/benchbase.jar, or any class path holding the runtime's classes."""
        if os.pathsep not in classpath and not os.path.exists(classpath):
            raise RuntimeError(f"{classpath} not found; build it with: mvn -B package -DskipTests")
        self.proc = subprocess.Popen(["java", "-cp", classpath, COMMAND, "serve"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, *words):
        self.proc.stdin.write(" ".join(str(w) for w in words) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the resource sampler ({COMMAND}) ended, exit {self.proc.poll()}")
        return json.loads(line)

    def find(self, url, user=None, password=None):
        """(pid, how) of the server behind a JDBC URL on this host, or (None, why not)."""
        words = ["find", url] + ([user] if user else []) + ([password] if password else [])
        a = self.ask(*words)
        return (a["pid"], a["how"]) if "pid" in a else (None, a.get("not_measured") or a.get("error"))

    def sample(self, pid):
        """A reading of the tree under pid (a dict of ResourcesCommand's keys), None once it has gone."""
        a = self.ask("sample", pid)
        return None if "error" in a else a

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def cpu_s(reading):
    return (reading["user_us"] + reading["system_us"]) / 1e6


class Sample:
    """One reading of the driver's tree and the server's (server_pid None: no server to read)."""

    def __init__(self, sampler, driver_pid, server_pid):
        self.time = time.time()
        self.driver = sampler.sample(driver_pid)
        self.server = sampler.sample(server_pid) if server_pid else None


def window(before, after):
    """Figures between two samples; server figures None when either reading has none."""
    if before.driver is None or after.driver is None:
        raise RuntimeError("the driver's process was gone when it was read")
    server = before.server is not None and after.server is not None
    return {
        "window_s": (after.driver["nanotime"] - before.driver["nanotime"]) / 1e9,
        "driver_cpu_s": cpu_s(after.driver) - cpu_s(before.driver),
        "driver_sys_s": (after.driver["system_us"] - before.driver["system_us"]) / 1e6,
        "server_cpu_s": cpu_s(after.server) - cpu_s(before.server) if server else None,
        "server_processes": after.server["processes"] if server else 0,
        "server_write_bytes": (after.server["write_bytes"] - before.server["write_bytes"])
        if server and "write_bytes" in after.server and "write_bytes" in before.server else None,
        "cores": os.cpu_count(),
    }
