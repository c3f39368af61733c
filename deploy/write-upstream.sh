#!/usr/bin/env bash
# Production, once (and when INSTANCES changes): writes nginx's upstream list, both ports of every slot
# (/etc/nginx/damabwa-upstream.conf), and the slots file of deploy/rolling-restart.sh when there is none.
#   sudo DEPLOY_MODE=systemd INSTANCES=2 BASE_PORT=4001 deploy/write-upstream.sh && sudo systemctl reload nginx
set -euo pipefail
# shellcheck source=deploy/lib.sh
. "$(dirname "$0")/lib.sh"
write_upstream
[ -f "$SLOTS_FILE" ] || init_slots
say "wrote $UPSTREAM_FILE ($(grep -c '^server' "$UPSTREAM_FILE") servers) and $SLOTS_FILE"
