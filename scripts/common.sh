# Shell functions the scripts in this folder share; each sources it with
#   . "$(dirname "$0")/common.sh"

# launched_pid <dir>: prints the pid recorded in <dir>/launched.pid when that process is alive;
# status 1 when there is none or it has gone.
launched_pid() {
  local p
  p=$(cat "$1/launched.pid" 2>/dev/null) || return 1
  [ -n "$p" ] && kill -0 "$p" 2>/dev/null && echo "$p"
}

# recreate_db <postgres|mariadb> <name>: drops database <name> on the local shared server and
# creates it empty.
recreate_db() {
  case "$1" in
    postgres)
      PGOPTIONS=--client-min-messages=warning psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $2 WITH (FORCE)" >/dev/null
      psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $2" >/dev/null ;;
    mariadb)
      mariadb -uroot -h127.0.0.1 -e "DROP DATABASE IF EXISTS $2; CREATE DATABASE $2" ;;
  esac
}

# mariadbd_cnf <dir> <port>: the start of the [mariadbd] section of a private server these scripts
# run (galera-cluster.sh, myrocks-server.sh, spider-cluster.sh): its files under <dir>, <port>, run
# as $RUN_AS; the caller adds the lines of its own kind of server.
mariadbd_cnf() {
  cat <<EOF
[mariadbd]
user=$RUN_AS
datadir=$1/data
socket=$1/mariadbd.sock
pid-file=$1/mariadbd.pid
log-error=$1/error.log
port=$2
skip-name-resolve
performance_schema=OFF
EOF
}

# client_cnf <dir>: the [client] section after it, so that the mariadb client run with this file
# reaches that server over its socket as root.
client_cnf() {
  printf '\n[client]\nsocket=%s/mariadbd.sock\nuser=root\n' "$1"
}

# run_watching <log> <limit s> <regex> <command...>: runs the command with its output in <log> for
# at most <limit> s. Status 124 when the limit ends it (as timeout(1)), 75 when a line of <log>
# matches the extended <regex> first (the command is then stopped at once, not left to hang until
# the limit), the command's own status otherwise. The command must be one process (use env -C to
# change directory), so that stopping it stops everything it started.
run_watching() {
  local log="$1" limit="$2" pattern="$3" pid ticks=0
  shift 3
  "$@" >"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    if grep -Eq "$pattern" "$log"; then
      kill -KILL "$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
      return 75
    fi
    if [ "$ticks" -ge "$((limit * 5))" ]; then
      kill -KILL "$pid" 2>/dev/null
      wait "$pid" 2>/dev/null
      return 124
    fi
    sleep 0.2
    ticks=$((ticks + 1))
  done
  local rc=0
  wait "$pid" || rc=$?
  # a command that printed the pattern and exited between two looks
  if [ "$rc" -ne 0 ] && grep -Eq "$pattern" "$log"; then return 75; fi
  return "$rc"
}
