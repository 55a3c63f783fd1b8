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
