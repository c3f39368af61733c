#!/usr/bin/env bash
# Stops what deploy/up.sh started: nginx (graceful quit), then every instance with SIGTERM (SIGKILL after
# STOP_TIMEOUT seconds).
set -euo pipefail
# shellcheck source=deploy/lib.sh
. "$(dirname "$0")/lib.sh"
[ "$DEPLOY_MODE" = process ] || die "down.sh stops processes; under systemd: systemctl stop 'damabwa@*'"
if [ -f "$RUN_DIR/nginx/nginx.pid" ]; then
  pid=$(cat "$RUN_DIR/nginx/nginx.pid")
  nginx_cmd -s quit 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$pid" 2>/dev/null && kill -TERM "$pid" 2>/dev/null || true
  rm -f "$RUN_DIR/nginx/nginx.pid"
fi
for file in "$RUN_DIR"/instance-*.pid; do
  [ -e "$file" ] || continue
  port=${file##*/instance-}
  stop_instance "${port%.pid}"
done
say "down"
