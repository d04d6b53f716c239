#!/bin/bash
# One-command release of the site on the school's server, the steps of deploy/README.md:
#   deploy/release.sh release    build the repository's HEAD into a new folder, add its static files to
#                                the shared folder (earlier builds' stay), switch `current`, restart the
#                                instances one at a time, waiting for each to be healthy
#   deploy/release.sh rollback   switch `current` back to the release before it, same rolling restart
#   deploy/release.sh scheduled  what the timer runs: a release only when an article or story becomes
#                                due today (scripts/release-due.ts), nothing otherwise
# Settings (environment; the defaults are the server's): SITE_ROOT, REPOSITORY, PORTS, and for tests
# RELEASE_BUILD, RELEASE_RESTART, RELEASE_HEALTH (shell snippets; $port is the instance), RELEASE_SETTLE.
set -euo pipefail

SITE_ROOT=${SITE_ROOT:-/srv/school-site}
REPOSITORY=${REPOSITORY:-$SITE_ROOT/repository.git}
PORTS=${PORTS:-"3001 3002"}
RELEASE_BUILD=${RELEASE_BUILD:-'npm install && npm run build && cp -r public .next/standalone/ && cp -r .next/static .next/standalone/.next/'}
RELEASE_RESTART=${RELEASE_RESTART:-'systemctl restart "site@$port"'}
RELEASE_HEALTH=${RELEASE_HEALTH:-'curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null'}
# nginx's fail_timeout (5 s): it sends the restarted instance requests again before the next one stops.
RELEASE_SETTLE=${RELEASE_SETTLE:-6}

releases() { ls -1d "$SITE_ROOT"/releases/*/ 2>/dev/null | sed 's:/$::' | sort; }

switch_to() {
  local target=$1
  ln -sfn "$target" "$SITE_ROOT/current.next"
  mv -T "$SITE_ROOT/current.next" "$SITE_ROOT/current"
  for port in $PORTS; do
    eval "$RELEASE_RESTART"
    until eval "$RELEASE_HEALTH"; do sleep 1; done
    sleep "$RELEASE_SETTLE"
  done
  echo "current: $target"
}

case "${1:-}" in
  release)
    commit=$(git ls-remote "$REPOSITORY" HEAD | cut -c1-12)
    release="$SITE_ROOT/releases/$(date -u +%Y%m%d%H%M%S%N)-$commit"
    mkdir -p "$SITE_ROOT/releases" "$SITE_ROOT/static"
    git clone -q "$REPOSITORY" "$release"
    (cd "$release" && eval "$RELEASE_BUILD")
    # Before any restart: a page of the previous build still loads its code, and this build's files exist.
    cp -r "$release/.next/static/." "$SITE_ROOT/static/"
    switch_to "$release"
    ;;
  rollback)
    current=$(readlink -f "$SITE_ROOT/current")
    previous=$(releases | awk -v current="$current" '$0 == current { print last; exit } { last = $0 }')
    if [ -z "$previous" ]; then echo "Откатывать не на что: до $current выпусков нет." >&2; exit 1; fi
    switch_to "$previous"
    ;;
  scheduled)
    if (cd "$SITE_ROOT/current" && node --import tsx --conditions=react-server scripts/release-due.ts); then
      exec "$0" release
    fi
    ;;
  *)
    echo "usage: $0 release | rollback | scheduled" >&2
    exit 2
    ;;
esac
