#!/usr/bin/env bash
# Starts PostgreSQL, Redis and Kafka (KRaft, one node) as local processes on 127.0.0.1,
# with all state under infra/.state, and writes infra/.state/env with the connection URLs.
# Idempotent: whatever already runs is left alone.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

t0=$SECONDS
take_lock
"$INFRA_DIR/install.sh"

mkdir -p "$STATE"

# ================================================================= PostgreSQL
PG_BIN=$(pg_bindir)
PG_SOCK=$(pg_socket_dir)

pg_prepare_user() {
  is_root || return 0
  if ! id -u "$PG_OS_USER" >/dev/null 2>&1; then
    log "creating system user $PG_OS_USER to run PostgreSQL"
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$PG_OS_USER"
  fi
  # the user must be able to reach its data directory
  local d=$PG_STATE
  while [ "$d" != "/" ]; do
    d=$(dirname "$d")
    if ! runuser -u "$PG_OS_USER" -- test -x "$d"; then
      die "user $PG_OS_USER cannot enter $d; make it world-searchable (chmod o+x) or move the checkout"
    fi
  done
}

pg_psql() { # psql as the superuser, over the unix socket
  as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_SOCK" -p "$PG_PORT" -U "$PG_SUPERUSER" -d postgres "$@"
}

start_postgres() {
  pg_prepare_user
  if pg_running; then
    log "postgres  already running (pid $(pg_pid), $HOST:$PG_PORT)"
  else
    if port_open "$PG_PORT"; then
      die "port $PG_PORT is taken by another process; stop it or set WPS_PG_PORT"
    fi
    mkdir -p "$PG_STATE" "$PG_SOCK"
    touch "$PG_LOG"
    if is_root; then
      chown "$PG_OS_USER" "$PG_STATE" "$PG_SOCK" "$PG_LOG"
      [ -d "$PG_DATA" ] && chown -R "$PG_OS_USER" "$PG_DATA"
    fi
    chmod 700 "$PG_STATE"
    if [ ! -f "$PG_DATA/PG_VERSION" ]; then
      log "postgres  initdb in ${PG_DATA#"$ROOT"/}"
      rm -rf "$PG_DATA"
      as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U "$PG_SUPERUSER" -E UTF8 --locale=C.UTF-8 \
        --auth-local=trust --auth-host=scram-sha-256 >>"$PG_LOG" 2>&1 ||
        { show_log_tail "$PG_LOG"; die "initdb failed"; }
      # our settings live in their own file, rewritten on every start
      printf "\ninclude_if_exists = 'wps.conf'\n" >>"$PG_DATA/postgresql.conf"
    fi
    cat >"$PG_DATA/wps.conf" <<EOF
# written by infra/start.sh on every start; edit the script, not this file
listen_addresses = '$HOST'
port = $PG_PORT
unix_socket_directories = '$PG_SOCK'
max_connections = 200
shared_buffers = 128MB
work_mem = 8MB
maintenance_work_mem = 64MB
password_encryption = scram-sha-256
max_wal_size = 1GB
log_min_messages = warning
log_min_error_statement = error
log_connections = off
log_line_prefix = '%m [%p] %q%u@%d '
timezone = 'UTC'
# per-statement time and calls, read by the benches (pg_stat_statements view, created by them on demand)
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
EOF
    is_root && chown "$PG_OS_USER" "$PG_DATA/wps.conf"
    log "postgres  starting on $HOST:$PG_PORT"
    if ! as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 start >/dev/null 2>&1 9>&-; then
      show_log_tail "$PG_LOG"
      die "PostgreSQL did not start (log: ${PG_LOG#"$ROOT"/})"
    fi
  fi

  # the application role and database (cheap to check every time)
  if [ "$(pg_psql -tAc "select 1 from pg_roles where rolname = '$PG_USER'")" != "1" ]; then
    pg_psql -c "create role $PG_USER login createdb password '$PG_PASSWORD'"
  fi
  if [ "$(pg_psql -tAc "select 1 from pg_database where datname = '$PG_DB'")" != "1" ]; then
    pg_psql -c "create database $PG_DB owner $PG_USER"
  fi
  # statement statistics for the benches: readable from the admin database, resettable by the application role
  pg_psql -d "$PG_DB" -c "create extension if not exists pg_stat_statements" \
    -c "grant execute on function pg_stat_statements_reset(oid, oid, bigint) to $PG_USER" >/dev/null 2>&1 || true

  if ! wait_for 30 pg_ready; then
    show_log_tail "$PG_LOG"
    die "PostgreSQL does not answer on $HOST:$PG_PORT"
  fi
  PGPASSWORD=$PG_PASSWORD "$PG_BIN/psql" -X -q -tA -h "$HOST" -p "$PG_PORT" -U "$PG_USER" -d "$PG_DB" \
    -c 'select 1' >/dev/null || die "cannot log in to PostgreSQL as $PG_USER"
  log "postgres  ready"
}

# ================================================================= Redis
start_redis() {
  local pid
  if pid=$(live_pid "$REDIS_PID" redis-server) && redis_ready; then
    log "redis     already running (pid $pid, $HOST:$REDIS_PORT)"
    return 0
  fi
  if port_open "$REDIS_PORT"; then
    die "port $REDIS_PORT is taken by another process; stop it or set WPS_REDIS_PORT"
  fi
  mkdir -p "$REDIS_STATE"
  rm -f "$REDIS_PID"
  log "redis     starting on $HOST:$REDIS_PORT"
  # a cache and pub/sub bus: no persistence
  redis-server --bind "$HOST" --port "$REDIS_PORT" --protected-mode yes \
    --daemonize yes --pidfile "$REDIS_PID" --logfile "$REDIS_LOG" --dir "$REDIS_STATE" \
    --save '' --appendonly no --databases 16 --maxclients 2000 --loglevel notice 9>&- \
    || { show_log_tail "$REDIS_LOG"; die "redis-server failed to start"; }
  if ! wait_for 20 redis_ready; then
    show_log_tail "$REDIS_LOG"
    die "Redis does not answer on $HOST:$REDIS_PORT"
  fi
  log "redis     ready"
}

# ================================================================= Kafka
write_kafka_config() {
  mkdir -p "$KAFKA_STATE" "$KAFKA_DATA"
  cat >"$KAFKA_STATE/server.properties" <<EOF
# written by infra/start.sh on every start; edit the script, not this file
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$KAFKA_PORT,CONTROLLER://$HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$KAFKA_PORT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$KAFKA_DATA

# one node
num.partitions=4
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=8
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=8
auto.create.topics.enable=true
delete.topic.enable=true
group.initial.rebalance.delay.ms=0

# small machine
num.network.threads=2
num.io.threads=4
num.recovery.threads.per.data.dir=1
log.retention.hours=168
log.segment.bytes=104857600
log.retention.check.interval.ms=300000
EOF
  cat >"$KAFKA_STATE/log4j.properties" <<'EOF'
# broker logging: everything to stdout, which start.sh sends to infra/.state/kafka.log
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.network.RequestChannel$=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.authorizer.logger=WARN
log4j.logger.org.apache.kafka.clients=WARN
EOF
  cat >"$KAFKA_STATE/tools-log4j.properties" <<'EOF'
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
EOF
}

start_kafka() {
  local pid
  if pid=$(live_pid "$KAFKA_PID" kafka.Kafka); then
    write_kafka_config_tools_only
    if wait_for 60 kafka_ready; then
      log "kafka     already running (pid $pid, $HOST:$KAFKA_PORT)"
      return 0
    fi
    show_log_tail "$KAFKA_LOG"
    die "Kafka process $pid is alive but does not answer on $HOST:$KAFKA_PORT; run infra/stop.sh"
  fi
  if port_open "$KAFKA_PORT" || port_open "$KAFKA_CONTROLLER_PORT"; then
    die "port $KAFKA_PORT or $KAFKA_CONTROLLER_PORT is taken by another process; stop it or set WPS_KAFKA_PORT"
  fi
  write_kafka_config

  local cp
  cp=$(kafka_classpath)
  if [ ! -f "$KAFKA_DATA/meta.properties" ]; then
    # A cluster id is a base64url-encoded random UUID (16 bytes -> 22 characters). Like Kafka's own generator, never
    # one that starts with '-': the storage tool would read it as an option (one id in 64 would fail the format).
    while [ ! -s "$KAFKA_STATE/cluster-id" ] || [ "$(head -c 1 "$KAFKA_STATE/cluster-id")" = "-" ]; do
      head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' >"$KAFKA_STATE/cluster-id"
    done
    log "kafka     formatting storage (cluster id $(cat "$KAFKA_STATE/cluster-id"))"
    java -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
      -Dlog4j.configuration="file:$KAFKA_STATE/tools-log4j.properties" \
      -cp "$cp" kafka.tools.StorageTool format --ignore-formatted \
      -t "$(cat "$KAFKA_STATE/cluster-id")" -c "$KAFKA_STATE/server.properties" \
      >>"$KAFKA_LOG" 2>&1 || { show_log_tail "$KAFKA_LOG"; die "Kafka storage format failed"; }
  fi

  [ -f "$KAFKA_LOG" ] && [ "$(stat -c %s "$KAFKA_LOG")" -gt 20000000 ] && mv -f "$KAFKA_LOG" "$KAFKA_LOG.1"
  log "kafka     starting on $HOST:$KAFKA_PORT (controller $HOST:$KAFKA_CONTROLLER_PORT)"
  # shellcheck disable=SC2086 # KAFKA_HEAP holds several options
  setsid java $KAFKA_HEAP -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:+ExitOnOutOfMemoryError \
    -Djava.awt.headless=true -Dlog4j.configuration="file:$KAFKA_STATE/log4j.properties" \
    -Dkafka.logs.dir="$KAFKA_STATE" \
    -cp "$cp" kafka.Kafka "$KAFKA_STATE/server.properties" \
    </dev/null >>"$KAFKA_LOG" 2>&1 9>&- &
  pid=$!
  echo "$pid" >"$KAFKA_PID"

  local rc=0
  WAIT_PID=$pid wait_for 120 kafka_ready || rc=$?
  if [ "$rc" -eq 2 ]; then
    show_log_tail "$KAFKA_LOG"
    rm -f "$KAFKA_PID"
    die "Kafka exited during start-up (log: ${KAFKA_LOG#"$ROOT"/})"
  elif [ "$rc" -ne 0 ]; then
    show_log_tail "$KAFKA_LOG"
    die "Kafka did not become ready within 120s (pid $pid still running; log: ${KAFKA_LOG#"$ROOT"/})"
  fi
  kafka_warmup
  log "kafka     ready (pid $pid)"
}

# Right after a broker starts, the first idempotent producer and the first consumer group wait for
# Kafka to create (on a new broker) or load (after a restart) its internal topics
# (__transaction_state, __consumer_offsets); clients see "coordinator loading / not available"
# errors and retry meanwhile. Go through that here, so that "ready" means ready for the tests.
kafka_warmup() {
  local cp topic=_wps.infra.warmup
  cp=$(kafka_classpath)
  local jvm=(java -Xmx128m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC
    "-Dlog4j.configuration=file:$KAFKA_STATE/tools-log4j.properties" -cp "$cp")
  log "kafka     warming up (internal topics)"
  {
    echo warm | timeout 60 "${jvm[@]}" kafka.tools.ConsoleProducer --bootstrap-server "$HOST:$KAFKA_PORT" \
      --topic "$topic" --producer-property enable.idempotence=true --producer-property acks=all &&
      timeout 60 "${jvm[@]}" org.apache.kafka.tools.consumer.ConsoleConsumer --bootstrap-server "$HOST:$KAFKA_PORT" \
        --topic "$topic" --group "$topic" --from-beginning --max-messages 1 --timeout-ms 45000 &&
      timeout 60 "${jvm[@]}" org.apache.kafka.tools.TopicCommand --bootstrap-server "$HOST:$KAFKA_PORT" \
        --delete --topic "$topic"
  } >>"$KAFKA_STATE/warmup.log" 2>&1 || warn "Kafka warm-up did not complete (see ${KAFKA_STATE#"$ROOT"/}/warmup.log); clients will retry"
}

write_kafka_config_tools_only() {
  [ -f "$KAFKA_STATE/tools-log4j.properties" ] || write_kafka_config
}

start_postgres
start_redis
start_kafka

cat >"$ENV_FILE" <<EOF
DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@$HOST:$PG_PORT/$PG_DB
REDIS_URL=redis://$HOST:$REDIS_PORT
KAFKA_BROKERS=$HOST:$KAFKA_PORT
EOF
log "all up in $((SECONDS - t0))s; connection settings in ${ENV_FILE#"$ROOT"/}:"
cat "$ENV_FILE"
