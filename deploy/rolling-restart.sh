#!/usr/bin/env bash
# A release without downtime (README, "Production on several machines"): for each instance slot, one at
# a time,
#   1. start the new build (RELEASE_DIR) on the slot's other port, and wait for /healthz 200;
#   2. nginx sends it requests as soon as it listens: the upstream list names both ports of every slot
#      (deploy/lib.sh, write_upstream), so nginx is never reloaded;
#   3. after DRAIN_WAIT seconds, stop the old instance with SIGTERM: it stops listening (nginx passes its
#      port over from then on), finishes its answers in progress, closes the database and exits.
# A new instance that does not become healthy is stopped and the restart ends there, non-zero: the old
# instances keep serving. Migrations of the new build run once, under their advisory lock, when its first
# instance starts; they must suit the old build still running (add first, remove in a later release).
#
# Environment: DEPLOY_MODE (process | systemd), RELEASE_DIR, RUN_DIR, BASE_PORT, ENV_FILE, HEALTH_TIMEOUT,
# DRAIN_WAIT, STOP_TIMEOUT (deploy/lib.sh). Usage: deploy/rolling-restart.sh
set -euo pipefail
# shellcheck source=deploy/lib.sh
. "$(dirname "$0")/lib.sh"

[ -f "$SLOTS_FILE" ] || die "no $SLOTS_FILE: start the instances first (deploy/up.sh)"
mapfile -t lines < <(read_slots)
started=$SECONDS

for line in "${lines[@]}"; do
  read -r slot old <<<"$line"
  new=$(other_port "$slot" "$old")
  say "slot $slot: starting the new build on $new (old: $old)"
  start_instance "$new"
  if ! wait_healthy "$new"; then
    stop_instance "$new"
    die "slot $slot: the new instance did not become healthy; $old keeps serving"
  fi
  read_slots | awk -v s="$slot" -v p="$new" '$1 == s { $2 = p } { print }' | write_slots
  say "slot $slot: $new is healthy; stopping $old"
  sleep "$DRAIN_WAIT"
  stop_instance "$old"
done
say "rolling restart done in $((SECONDS - started))s: $(read_slots | awk '{ printf "%s ", $2 }')"
