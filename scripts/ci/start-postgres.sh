#!/usr/bin/env bash
# A throwaway PostgreSQL server for the API tests and the API bench (server/README.md):
# initdb into a new temporary directory, start it on a free loopback port, create a role with
# CREATEDB (each test file creates and drops its own database; pg_signal_backend so that `drop
# database ... with (force)` may end an autovacuum worker that is busy in it), and print the shell lines that
# export TEST_DATABASE_URL (and STOREFRONT_PG_DIR, to stop it).
#
#   eval "$(scripts/ci/start-postgres.sh)"      # start; TEST_DATABASE_URL is now set
#   npx vitest run server                       # the API tests run against it
#   scripts/ci/start-postgres.sh stop           # stop it and delete its directory
#
# PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user (Debian's
# postgresql package creates it; `apt-get install -y postgresql` in .ci/run). PG_BIN picks the
# binaries (default: the newest /usr/lib/postgresql/*/bin). Durability is off (fsync, synchronous
# commit): the data is thrown away, locking and constraints behave exactly as in production.
set -euo pipefail

run_as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = stop ]; then
  dir="${2:-${STOREFRONT_PG_DIR:-}}"
  [ -n "$dir" ] && [ -d "$dir/data" ] || { echo "start-postgres: nothing to stop" >&2; exit 1; }
  bin="$(cat "$dir/bin")"
  run_as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2
  rm -rf "$dir"
  exit 0
fi

bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
[ -x "$bin/initdb" ] || { echo "start-postgres: no PostgreSQL binaries (set PG_BIN)" >&2; exit 1; }

# Under /tmp, not $TMPDIR: the postgres user must be able to reach the directory.
dir="$(mktemp -d /tmp/storefront-pg.XXXXXX)"
# Until the URL is printed, a failure stops what was started and deletes the directory, so a
# failed start leaves no server behind for the caller (who has nothing to stop yet).
trap 'run_as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
echo "$bin" > "$dir/bin"
[ "$(id -u)" = 0 ] && chown postgres: "$dir"

# A free port: bind port 0 on loopback and read what the kernel chose.
port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

run_as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
  --no-instructions >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
run_as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start -o \
  "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  >&2 || { cat "$dir/server.log" >&2; exit 1; }
"$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
  -c "create role storefront login createdb password 'storefront'" \
  -c "grant pg_signal_backend to storefront" >&2

trap - EXIT
echo "export STOREFRONT_PG_DIR='$dir'"
echo "export TEST_DATABASE_URL='postgres://storefront:storefront@127.0.0.1:$port/postgres'"
