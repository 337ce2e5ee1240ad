# shellcheck shell=bash disable=SC2034 # the settings are used by the scripts that source this
# Shared settings and helpers for infra/*.sh. Sourced, never run.
#
# Ports can be moved with environment variables (WPS_PG_PORT, WPS_REDIS_PORT, WPS_KAFKA_PORT,
# WPS_KAFKA_CONTROLLER_PORT); the defaults are what the rest of the project expects.

INFRA_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$INFRA_DIR/.." && pwd)
STATE="$INFRA_DIR/.state"
CACHE="$INFRA_DIR/.cache"

HOST=127.0.0.1
PG_PORT=${WPS_PG_PORT:-55432}
REDIS_PORT=${WPS_REDIS_PORT:-56379}
KAFKA_PORT=${WPS_KAFKA_PORT:-59092}
KAFKA_CONTROLLER_PORT=${WPS_KAFKA_CONTROLLER_PORT:-59093}

# local development credentials, not secrets
PG_DB=wps
PG_USER=wps
PG_PASSWORD=wps
PG_SUPERUSER=postgres
# initdb / postgres refuse to run as root; when we are root they run as this system user
PG_OS_USER=wpsdb

PG_STATE="$STATE/postgres"
PG_DATA="$PG_STATE/data"
PG_LOG="$STATE/postgres.log"

REDIS_STATE="$STATE/redis"
REDIS_PID="$REDIS_STATE/redis.pid"
REDIS_LOG="$STATE/redis.log"

KAFKA_STATE="$STATE/kafka"
KAFKA_DATA="$KAFKA_STATE/data"
KAFKA_PID="$KAFKA_STATE/kafka.pid"
KAFKA_LOG="$STATE/kafka.log"
KAFKA_LIBS="$CACHE/kafka/libs"
KAFKA_HEAP=${WPS_KAFKA_HEAP:-"-Xms256m -Xmx512m"}

ENV_FILE="$STATE/env"

log() { printf '[infra] %s\n' "$*"; }
warn() { printf '[infra] WARNING: %s\n' "$*" >&2; }
die() { printf '[infra] ERROR: %s\n' "$*" >&2; exit 1; }

is_root() { [ "$(id -u)" -eq 0 ]; }

# One infra script at a time (two test runs starting the servers together would race).
# The lock is fd 9; every server is launched with 9>&- so that it does not inherit it.
take_lock() {
  mkdir -p "$CACHE"
  exec 9>"$CACHE/infra.lock"
  flock -w 300 9 || die "another infra script has held $CACHE/infra.lock for 5 minutes"
}

# Directory with the PostgreSQL server binaries (initdb, pg_ctl, postgres), newest version first.
pg_bindir() {
  local d
  for d in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -t/ -k5 -V -r); do
    if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
      printf '%s\n' "$d"
      return 0
    fi
  done
  return 1
}

# The unix socket directory: inside the state dir unless the path would exceed the
# ~107-byte limit of a unix socket path, then a per-checkout directory in /tmp.
pg_socket_dir() {
  local d="$PG_STATE/run"
  if [ $((${#d} + 20)) -gt 100 ]; then
    d="/tmp/wps-pg-$(printf '%s' "$ROOT" | cksum | cut -d' ' -f1)"
  fi
  printf '%s\n' "$d"
}

# Run a command as the PostgreSQL OS user (only differs from us when we are root).
as_pg() {
  if is_root; then
    runuser -u "$PG_OS_USER" -- "$@"
  else
    "$@"
  fi
}

# true when something accepts TCP connections on 127.0.0.1:$1
port_open() {
  (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null
}

# pid from a pid file, if that process is alive and its command line contains $2
# (after a reboot a stale pid file can name some unrelated process)
live_pid() {
  local f=$1 what=${2:-} pid
  [ -s "$f" ] || return 1
  pid=$(head -n1 "$f" | tr -dc '0-9')
  [ -n "$pid" ] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  if [ -n "$what" ]; then
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$what" || return 1
  fi
  printf '%s\n' "$pid"
}

pg_running() {
  local bin
  bin=$(pg_bindir) || return 1
  [ -f "$PG_DATA/PG_VERSION" ] || return 1
  as_pg "$bin/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1
}

pg_pid() {
  [ -s "$PG_DATA/postmaster.pid" ] && head -n1 "$PG_DATA/postmaster.pid" | tr -dc '0-9'
}

pg_ready() {
  local bin
  bin=$(pg_bindir) || return 1
  "$bin/pg_isready" -q -h "$HOST" -p "$PG_PORT" -d "$PG_DB" -U "$PG_USER" 2>/dev/null
}

redis_ready() {
  [ "$(redis-cli -h "$HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = "PONG" ]
}

kafka_classpath() { printf '%s\n' "$KAFKA_LIBS/*"; }

# A real metadata request against the broker (lists topics).
kafka_ready() {
  port_open "$KAFKA_PORT" || return 1
  timeout 30 java -Xmx128m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
    -Dlog4j.configuration="file:$KAFKA_STATE/tools-log4j.properties" \
    -cp "$(kafka_classpath)" org.apache.kafka.tools.TopicCommand \
    --bootstrap-server "$HOST:$KAFKA_PORT" --list >/dev/null 2>&1
}

# Wait until "$@" succeeds, up to $1 seconds; the optional pid in $WAIT_PID must stay alive.
wait_for() {
  local limit=$1
  shift
  local start=$SECONDS
  while ! "$@"; do
    if [ -n "${WAIT_PID:-}" ] && ! kill -0 "$WAIT_PID" 2>/dev/null; then
      return 2
    fi
    if [ $((SECONDS - start)) -ge "$limit" ]; then
      return 1
    fi
    sleep 0.5
  done
}

# Stop a process by pid: TERM, wait up to $2 seconds, then KILL.
stop_pid() {
  local pid=$1 limit=${2:-30} start=$SECONDS
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null; do
    if [ $((SECONDS - start)) -ge "$limit" ]; then
      warn "pid $pid did not stop within ${limit}s, killing it"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
      break
    fi
    sleep 0.3
  done
}

show_log_tail() {
  local f=$1 n=${2:-40}
  if [ -f "$f" ]; then
    printf -- '----- last %s lines of %s -----\n' "$n" "$f" >&2
    tail -n "$n" "$f" >&2
    printf -- '-----\n' >&2
  fi
}
