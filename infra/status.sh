#!/usr/bin/env bash
# One line per component. Exits 0 when all three are up and answering, 1 otherwise.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

all=0
line() { printf '%-9s %-8s %-22s %s\n' "$1" "$2" "$3" "$4"; }

if pg_running; then
  if pg_ready; then line postgres up "$HOST:$PG_PORT" "pid $(pg_pid)"
  else line postgres starting "$HOST:$PG_PORT" "pid $(pg_pid), not accepting connections"; all=1; fi
else
  line postgres down "$HOST:$PG_PORT" "$([ -f "$PG_DATA/PG_VERSION" ] && echo "data kept" || echo "no data")"; all=1
fi

if pid=$(live_pid "$REDIS_PID" redis-server); then
  if redis_ready; then line redis up "$HOST:$REDIS_PORT" "pid $pid"
  else line redis starting "$HOST:$REDIS_PORT" "pid $pid, no PONG"; all=1; fi
else
  line redis down "$HOST:$REDIS_PORT" ""; all=1
fi

if pid=$(live_pid "$KAFKA_PID" kafka.Kafka); then
  # a port check here; start.sh does the full metadata request
  if port_open "$KAFKA_PORT"; then line kafka up "$HOST:$KAFKA_PORT" "pid $pid, controller $HOST:$KAFKA_CONTROLLER_PORT"
  else line kafka starting "$HOST:$KAFKA_PORT" "pid $pid, port closed"; all=1; fi
else
  line kafka down "$HOST:$KAFKA_PORT" "$([ -f "$KAFKA_DATA/meta.properties" ] && echo "data kept" || echo "no data")"; all=1
fi
exit "$all"
