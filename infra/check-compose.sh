#!/usr/bin/env bash
# Checks docker-compose.yml without a Docker engine: installs Debian's docker-compose if missing
# and validates the file (syntax, anchors, variable substitution) with `docker-compose config`.
# Runs with no environment set on purpose: the file must work out of the box.
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

if ! command -v docker-compose >/dev/null; then
  log "installing docker-compose (Debian package)"
  SUDO=()
  if ! is_root; then
    command -v sudo >/dev/null || die "need root (or sudo) to install docker-compose"
    SUDO=(sudo)
  fi
  mkdir -p "$CACHE"
  if ! { "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -q update &&
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -q -y \
      --no-install-recommends install docker-compose; } >"$CACHE/apt-compose.log" 2>&1; then
    show_log_tail "$CACHE/apt-compose.log" 30
    die "apt-get could not install docker-compose"
  fi
fi

cd "$ROOT"
env -u SERVICE_TOKEN -u POSTGRES_PASSWORD -u LOG_LEVEL docker-compose -f docker-compose.yml config -q
services=$(env -u SERVICE_TOKEN docker-compose -f docker-compose.yml config --services | sort | tr '\n' ' ')
log "docker-compose.yml is valid; services: $services"
