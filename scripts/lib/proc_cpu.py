"""CPU time of a driver process and of a database server, read from /proc.

Shared by scripts/socialgraph-benchmark.sh and scripts/compare-with-originals.sh so that both
measure "driver CPU" and "server CPU" the same way: user + system time of the driver's process
(every thread), and of every PostgreSQL process or of the MariaDB/MySQL server listening on the
given port. SQLite has no server process.
"""

import os
import subprocess
import time

TICK = os.sysconf("SC_CLK_TCK")


def user_sys(pid):
    """(user, system) seconds of one process, (0, 0) once it has gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) / TICK, int(fields[12]) / TICK
    except (OSError, IndexError, ValueError):
        return 0.0, 0.0


def cpu_of(pid):
    return sum(user_sys(pid))


def server_pids(kind, port):
    """Processes of the server: every process named postgres, or whatever listens on the port."""
    kind = kind.upper()
    if kind == "POSTGRES":
        pids = []
        for p in os.listdir("/proc"):
            if p.isdigit():
                try:
                    with open(f"/proc/{p}/comm") as f:
                        if f.read().strip() == "postgres":
                            pids.append(int(p))
                except OSError:
                    pass
        return pids
    if kind in ("MARIADB", "MYSQL", "MYROCKS"):
        ss = subprocess.run(["ss", "-Hltnp", f"sport = :{port}"], capture_output=True, text=True).stdout
        return sorted({int(x.split(",")[0]) for x in ss.split("pid=")[1:]})
    return []


class Sample:
    """One reading: wall clock, driver (user, system), CPU of each server process."""

    def __init__(self, driver_pid, kind, port):
        self.time = time.time()
        self.driver = user_sys(driver_pid)
        self.server = {p: cpu_of(p) for p in server_pids(kind, port)}


def window(before, after):
    """Figures between two samples; server CPU sums the processes present in both (None if none)."""
    server = None
    if before.server:
        server = sum(after.server[p] - c for p, c in before.server.items() if p in after.server)
    return {
        "window_s": after.time - before.time,
        "driver_cpu_s": sum(after.driver) - sum(before.driver),
        "driver_sys_s": after.driver[1] - before.driver[1],
        "server_cpu_s": server,
        "server_processes": len(before.server),
        "cores": os.cpu_count(),
    }
