# shellcheck shell=bash
# What deploy/up.sh, deploy/down.sh and deploy/rolling-restart.sh share (README, "Production on several
# machines"; decision 023). Sourced, not run.
#
# Two ways to run the instances, chosen by DEPLOY_MODE:
# - `systemd` (production): an instance is the unit damabwa@PORT (deploy/damabwa@.service), nginx is the
#   system's, the upstream list is /etc/nginx/damabwa-upstream.conf (deploy/write-upstream.sh);
# - `process` (the default; tests and a machine without systemd): instances are background processes with
#   pid files in RUN_DIR, and nginx runs with the configuration up.sh writes there.
#
# Each instance slot has two ports, "blue" BASE_PORT+slot-1 and "green" 100 above it: a rolling restart
# starts the new build on the slot's other port, so old and new never fight over one. The metrics port of
# an instance is its port + 1000 (127.0.0.1 only).

# Debian's nginx is in /usr/sbin, which a user's PATH may leave out.
PATH="$PATH:/usr/sbin:/sbin"
DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_DIR="$(cd "$DEPLOY_DIR/.." && pwd)"
DEPLOY_MODE="${DEPLOY_MODE:-process}"
RUN_DIR="${RUN_DIR:-${TMPDIR:-/tmp}/damabwa-deploy}"
# The build the new instances run: a release directory with dist/, node_modules/ and scripts/.
RELEASE_DIR="${RELEASE_DIR:-$REPO_DIR}"
BASE_PORT="${BASE_PORT:-4001}"
INSTANCES="${INSTANCES:-2}"
HEALTH_TIMEOUT="${HEALTH_TIMEOUT:-90}"
# Seconds between a new instance answering /healthz and the old one's SIGTERM (nginx finds the new one).
DRAIN_WAIT="${DRAIN_WAIT:-1}"
# How long a SIGTERM'd instance may take (its SHUTDOWN_TIMEOUT_MS plus closing the database) before SIGKILL.
STOP_TIMEOUT="${STOP_TIMEOUT:-30}"
if [ "$DEPLOY_MODE" = systemd ]; then
  UPSTREAM_FILE="${UPSTREAM_FILE:-/etc/nginx/damabwa-upstream.conf}"
  SLOTS_FILE="${SLOTS_FILE:-/var/lib/damabwa/slots}"
else
  UPSTREAM_FILE="${UPSTREAM_FILE:-$RUN_DIR/upstream.conf}"
  SLOTS_FILE="${SLOTS_FILE:-$RUN_DIR/slots}"
fi

say() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() {
  say "error: $*"
  exit 1
}

blue_port() { echo $((BASE_PORT + $1 - 1)); }
other_port() {
  local slot=$1 port=$2 blue
  blue=$(blue_port "$slot")
  if [ "$port" = "$blue" ]; then echo $((blue + 100)); else echo "$blue"; fi
}

# The port each slot serves on now: "slot port" lines.
read_slots() { cat "$SLOTS_FILE"; }
write_slots() {
  mkdir -p "$(dirname "$SLOTS_FILE")"
  cat >"$SLOTS_FILE.tmp" && mv "$SLOTS_FILE.tmp" "$SLOTS_FILE"
}

# The upstream servers nginx balances over: both ports of every slot, always. The port of a slot that
# is not running refuses connections, which nginx passes over at once (nothing was sent, so any request
# may go to the next server) and then skips for fail_timeout. So a rolling restart never reloads nginx:
# a reload closes the idle keep-alive connections of clients, and an HTTP/1.1 client that was just
# sending on one sees it drop (measured: 3 of 1,744 requests in a restart).
# The slots file of a first start: every slot on its blue port.
init_slots() {
  local slot
  for slot in $(seq 1 "$INSTANCES"); do echo "$slot $(blue_port "$slot")"; done | write_slots
}

write_upstream() {
  local slot
  mkdir -p "$(dirname "$UPSTREAM_FILE")"
  {
    echo "# Written by deploy/up.sh: both ports of each instance slot (deploy/lib.sh)."
    for slot in $(seq 1 "$INSTANCES"); do
      echo "server 127.0.0.1:$(blue_port "$slot") max_fails=1 fail_timeout=3s;"
      echo "server 127.0.0.1:$(($(blue_port "$slot") + 100)) max_fails=1 fail_timeout=3s;"
    done
  } >"$UPSTREAM_FILE.tmp"
  mv "$UPSTREAM_FILE.tmp" "$UPSTREAM_FILE"
}

nginx_cmd() {
  if [ "$DEPLOY_MODE" = systemd ]; then
    nginx "$@"
  else
    nginx -p "$RUN_DIR/nginx/" -c "$RUN_DIR/nginx/nginx.conf" "$@"
  fi
}

instance_pid() { cat "$RUN_DIR/instance-$1.pid" 2>/dev/null || true; }

# Starts an instance of RELEASE_DIR's build on a port (its metrics on port + 1000).
start_instance() {
  local port=$1
  if [ "$DEPLOY_MODE" = systemd ]; then
    local envfile="/etc/damabwa/instance-$port.env"
    [ -f "$envfile" ] || printf 'METRICS_PORT=%s\n' $((port + 1000)) >"$envfile"
    systemctl enable --now "damabwa@$port"
    return
  fi
  mkdir -p "$RUN_DIR"
  [ -n "${ENV_FILE:-}" ] && [ ! -f "$ENV_FILE" ] && die "ENV_FILE $ENV_FILE does not exist"
  (
    # The environment file first (as systemd's EnvironmentFile), then what this port needs.
    if [ -n "${ENV_FILE:-}" ]; then
      set -a
      # shellcheck disable=SC1090
      . "$ENV_FILE"
      set +a
    fi
    export PORT="$port" HOST=127.0.0.1 TRUST_PROXY=true METRICS_PORT=$((port + 1000))
    cd "$RELEASE_DIR" || exit 1
    exec setsid node scripts/server.mjs >>"$RUN_DIR/instance-$port.log" 2>&1 </dev/null
  ) &
  echo $! >"$RUN_DIR/instance-$port.pid"
}

# Waits until the instance answers /healthz with 200 (the database reachable); fails after HEALTH_TIMEOUT s.
wait_healthy() {
  local port=$1 deadline=$((SECONDS + HEALTH_TIMEOUT)) pid
  while [ $SECONDS -lt $deadline ]; do
    if [ "$(curl -s -o /dev/null -m 2 -w '%{http_code}' "http://127.0.0.1:$port/healthz")" = 200 ]; then return 0; fi
    if [ "$DEPLOY_MODE" = process ]; then
      pid=$(instance_pid "$port")
      if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
        say "instance on $port exited; its log ends:"
        tail -n 20 "$RUN_DIR/instance-$port.log" >&2 || true
        return 1
      fi
    fi
    sleep 0.5
  done
  say "instance on $port not healthy after ${HEALTH_TIMEOUT}s"
  return 1
}

# Stops an instance gracefully: SIGTERM (it stops accepting, finishes what it holds, closes the database),
# SIGKILL only after STOP_TIMEOUT seconds.
stop_instance() {
  local port=$1 pid deadline
  if [ "$DEPLOY_MODE" = systemd ]; then
    systemctl disable --now "damabwa@$port"
    return
  fi
  pid=$(instance_pid "$port")
  [ -n "$pid" ] || return 0
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    deadline=$((SECONDS + STOP_TIMEOUT))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then
      say "instance on $port still running after ${STOP_TIMEOUT}s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$RUN_DIR/instance-$port.pid"
}
