#!/usr/bin/env bash
# Installs what the cluster-mode infrastructure needs, and nothing when it is already there:
#   - Debian packages: PostgreSQL server, Redis, a Java runtime, Maven (for the Kafka jars)
#   - the Kafka broker jars, fetched with Maven from Maven Central into infra/.cache/kafka/libs
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

# ---------------------------------------------------------------- Debian packages
missing=()
pg_bindir >/dev/null || missing+=(postgresql)
command -v psql >/dev/null || missing+=(postgresql-client)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v redis-cli >/dev/null || missing+=(redis-tools)
command -v java >/dev/null || missing+=(openjdk-17-jre-headless)
command -v mvn >/dev/null || missing+=(maven)
command -v runuser >/dev/null || missing+=(util-linux)

if [ ${#missing[@]} -gt 0 ]; then
  # de-duplicate
  read -r -a missing <<<"$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')"
  log "installing Debian packages: ${missing[*]}"
  SUDO=()
  if ! is_root; then
    command -v sudo >/dev/null || die "need root (or sudo) to install: ${missing[*]}"
    SUDO=(sudo)
  fi
  apt_opts=(-o DPkg::Lock::Timeout=600 -q -y --no-install-recommends)
  mkdir -p "$CACHE"
  apt_log="$CACHE/apt.log"
  if ! { "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -q update &&
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "${apt_opts[@]}" install "${missing[@]}"; } >"$apt_log" 2>&1; then
    show_log_tail "$apt_log" 30
    die "apt-get could not install: ${missing[*]}"
  fi
  # Debian may also start its own system-wide services (PostgreSQL on 5432, Redis on 6379) where
  # an init system runs; ours are separate processes on other ports, so they do not collide.
fi

pg_bindir >/dev/null || die "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin"

# ---------------------------------------------------------------- Kafka broker jars
POM="$INFRA_DIR/kafka/pom.xml"
STAMP="$KAFKA_LIBS/.complete"
pom_sum=$(cksum <"$POM" | cut -d' ' -f1)

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$pom_sum" ] && ls "$KAFKA_LIBS"/kafka_2.13-*.jar >/dev/null 2>&1; then
  exit 0
fi

log "fetching Kafka broker jars with Maven (infra/kafka/pom.xml) into ${KAFKA_LIBS#"$ROOT"/}"
mkdir -p "$CACHE/kafka"
tmp=$(mktemp -d "$CACHE/kafka/libs.tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ! mvn -q -B -f "$POM" dependency:copy-dependencies \
  -DoutputDirectory="$tmp" -DincludeScope=runtime >"$CACHE/kafka/mvn.log" 2>&1; then
  show_log_tail "$CACHE/kafka/mvn.log" 40
  die "Maven could not fetch the Kafka jars"
fi
ls "$tmp"/kafka_2.13-*.jar >/dev/null 2>&1 || die "Maven ran but no kafka_2.13 jar was copied"
printf '%s\n' "$pom_sum" >"$tmp/.complete"
rm -rf "$KAFKA_LIBS"
mv "$tmp" "$KAFKA_LIBS"
trap - EXIT
broker=("$KAFKA_LIBS"/kafka_2.13-*.jar)
log "Kafka jars ready: ${broker[0]##*/} and $(($(find "$KAFKA_LIBS" -name '*.jar' | wc -l) - 1)) more"
