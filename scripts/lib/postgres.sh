# A throwaway PostgreSQL for the server's tests, from Debian's package:
# installed when missing (apt, as toolchain.sh installs things), a cluster
# initdb'd under target/ as the postgres user, started on a free port on
# 127.0.0.1, its URL exported as DDZ_TEST_POSTGRES, stopped on exit.
# Needs toolchain.sh sourced first (say, apt_install). Facts: docs/server.md.

PG_DIR=
PG_BIN=

# The newest installed server's bin/ (initdb, pg_ctl are not on PATH in Debian).
pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

ensure_postgres() {
  if [ -z "$(pg_bin)" ]; then
    apt_install postgresql
  fi
  PG_BIN=$(pg_bin)
  if [ -z "$PG_BIN" ]; then
    echo "PostgreSQL's initdb not found after installing the postgresql package" >&2
    exit 1
  fi
}

# As the postgres user when we are root (initdb refuses root), else as we are.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# A port nobody listens on, asked of the kernel.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null ||
    echo $((20000 + RANDOM % 20000))
}

stop_postgres() {
  if [ -n "$PG_DIR" ] && [ -f "$PG_DIR/data/postmaster.pid" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  if [ -n "$PG_DIR" ]; then
    rm -rf "$PG_DIR"
  fi
  PG_DIR=
  return 0
}

# Starts the cluster and exports DDZ_TEST_POSTGRES; stops it on exit.
start_postgres() {
  ensure_postgres
  local port
  port=$(free_port)
  PG_DIR="$PWD/target/pg-test-$$"
  rm -rf "$PG_DIR"
  mkdir -p "$PG_DIR"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$PG_DIR"
    # The postgres user must reach target/ to read its cluster; where a
    # parent folder shuts it out (a checkout under /root), a temp folder.
    chmod o+x "$PWD" "$PWD/target" 2>/dev/null || true
    if ! runuser -u postgres -- test -w "$PG_DIR"; then
      rm -rf "$PG_DIR"
      PG_DIR=$(mktemp -d /tmp/ddz-pg-test.XXXXXX)
      chown postgres: "$PG_DIR"
    fi
  fi
  trap stop_postgres EXIT
  say "starting a throwaway PostgreSQL ($("$PG_BIN/postgres" --version | awk '{print $3}')) on 127.0.0.1:$port"
  as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U ddz --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $PG_DIR -c max_connections=300 -c fsync=off" start >/dev/null
  as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U ddz ddz
  export DDZ_TEST_POSTGRES="postgres://ddz@127.0.0.1:$port/ddz"
}
