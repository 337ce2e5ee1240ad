#!/usr/bin/env bash
# Stops Kafka, Redis and PostgreSQL started by infra/start.sh: cleanly first, forcefully after a
# bounded wait.  --wipe also deletes infra/.state (all data: databases, topics, cluster id).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

wipe=false
for arg in "$@"; do
  case "$arg" in
    --wipe) wipe=true ;;
    -h | --help)
      echo "usage: infra/stop.sh [--wipe]"
      exit 0
      ;;
    *) die "unknown argument: $arg (usage: infra/stop.sh [--wipe])" ;;
  esac
done

take_lock

# ---------------------------------------------------------------- Kafka (first: it has clients of its own)
if pid=$(live_pid "$KAFKA_PID" kafka.Kafka); then
  log "kafka     stopping (pid $pid)"
  stop_pid "$pid" 45
else
  log "kafka     not running"
fi
rm -f "$KAFKA_PID"

# ---------------------------------------------------------------- Redis
if pid=$(live_pid "$REDIS_PID" redis-server); then
  log "redis     stopping (pid $pid)"
  redis-cli -h "$HOST" -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  stop_pid "$pid" 15
else
  log "redis     not running"
fi
rm -f "$REDIS_PID"

# ---------------------------------------------------------------- PostgreSQL
if pg_running; then
  pid=$(pg_pid)
  log "postgres  stopping (pid $pid)"
  bin=$(pg_bindir)
  if ! as_pg "$bin/pg_ctl" -D "$PG_DATA" -m fast -w -t 30 stop >/dev/null 2>&1; then
    warn "fast shutdown did not finish in 30s, trying immediate"
    as_pg "$bin/pg_ctl" -D "$PG_DATA" -m immediate -w -t 15 stop >/dev/null 2>&1 || true
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && stop_pid "$pid" 5
  fi
else
  log "postgres  not running"
fi

if $wipe; then
  log "wiping ${STATE#"$ROOT"/}"
  rm -rf "$STATE"
  sock=$(pg_socket_dir)
  case "$sock" in /tmp/wps-pg-*) rm -rf "$sock" ;; esac
fi
log "stopped"
