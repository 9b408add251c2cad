#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on a local socket for the storage tests, and export
# PBEM_TEST_POSTGRES_URL. Installs Debian's server packages when they are missing.
# Usage: source .ci/postgres.sh   (stop it with: eval "$PBEM_PG_STOP")
set -euo pipefail
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
# a fresh folder each time: its socket can never be another server's
export PBEM_PG_DIR=$(mktemp -d /tmp/pbem-pg.XXXXXX)
PG_PORT=${PG_PORT:-54329}
chmod 755 "$PBEM_PG_DIR"
chown postgres "$PBEM_PG_DIR" 2>/dev/null || true
RUN=(su postgres -s /bin/sh -c)
if [ "$(id -u)" != "0" ]; then RUN=(sh -c); fi
"${RUN[@]}" "$PG_BIN/initdb -D $PBEM_PG_DIR/data -A trust -U postgres >/dev/null"
"${RUN[@]}" "$PG_BIN/pg_ctl -D $PBEM_PG_DIR/data -o '-p $PG_PORT -k $PBEM_PG_DIR -c listen_addresses=' -l $PBEM_PG_DIR/log -w start >/dev/null"
"${RUN[@]}" "$PG_BIN/createdb -h $PBEM_PG_DIR -p $PG_PORT -U postgres pbem_test"
export PBEM_TEST_POSTGRES_URL="postgresql+psycopg://postgres@/pbem_test?host=$PBEM_PG_DIR&port=$PG_PORT"
# stopping the server also removes its folder (about 200 MB): nothing of it stays behind
if [ "$(id -u)" = "0" ]; then
  export PBEM_PG_STOP="su postgres -s /bin/sh -c '$PG_BIN/pg_ctl -D $PBEM_PG_DIR/data stop -m fast'; rm -rf -- '$PBEM_PG_DIR'"
else
  export PBEM_PG_STOP="$PG_BIN/pg_ctl -D $PBEM_PG_DIR/data stop -m fast; rm -rf -- '$PBEM_PG_DIR'"
fi
echo "PostgreSQL for the tests: $PBEM_TEST_POSTGRES_URL"
