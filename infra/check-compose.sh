#!/usr/bin/env bash
# Checks docker-compose.yml without a Docker engine: installs Debian's docker-compose if missing
# and validates the file (syntax, anchors, variable substitution) with `docker-compose config`.
# Runs with no environment of its own: the file must refuse to run without its secrets (the containers run in
# production mode, which refuses demo secrets) and be valid once throwaway ones are given.
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
SECRETS=(SERVICE_TOKEN IDENTITY_SECRET_KEY HOUSE_VENDOR_SECRET OPERATOR_TOKEN)
unset_all=()
given=()
for name in "${SECRETS[@]}"; do
  unset_all+=(-u "$name")
  given+=("$name=check-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')")
done
if env "${unset_all[@]}" docker-compose -f docker-compose.yml config -q >/dev/null 2>&1; then
  die "docker-compose.yml starts without its secrets (${SECRETS[*]}); it must refuse"
fi
env -u POSTGRES_PASSWORD -u LOG_LEVEL "${given[@]}" docker-compose -f docker-compose.yml config -q
services=$(env "${given[@]}" docker-compose -f docker-compose.yml config --services | sort | tr '\n' ' ')
log "docker-compose.yml is valid; services: $services"
