#!/usr/bin/env bash
# Starts the reference deployment on this machine without systemd (tests, a trial run): INSTANCES
# instances of RELEASE_DIR's build as background processes, together (their migrations run once, under
# an advisory lock), and nginx in front with a self-signed certificate made here (openssl).
#   ENV_FILE=/path/app.env HTTPS_PORT=8443 HTTP_PORT=8080 deploy/up.sh
# ENV_FILE holds the app's settings (DATABASE_URL, JWT_SECRET, PUBLIC_ORIGIN, DATA_DIR...; .env.example);
# PORT, HOST=127.0.0.1, TRUST_PROXY=true and METRICS_PORT are set per instance. Stop with deploy/down.sh.
# Production runs the same pieces under systemd: README, "Production on several machines".
set -euo pipefail
# shellcheck source=deploy/lib.sh
. "$(dirname "$0")/lib.sh"
[ "$DEPLOY_MODE" = process ] || die "up.sh starts processes; under systemd: systemctl start damabwa@PORT"
for bin in nginx openssl curl node; do command -v "$bin" >/dev/null || die "$bin is not installed"; done
HTTPS_PORT="${HTTPS_PORT:-8443}"
HTTP_PORT="${HTTP_PORT:-8080}"
[ -f "$RUN_DIR/nginx/nginx.pid" ] && die "already up ($RUN_DIR); deploy/down.sh first"
[ -d "$RELEASE_DIR/dist/client" ] || die "no build in $RELEASE_DIR/dist: npm run build"
mkdir -p "$RUN_DIR/nginx/tmp" "$RUN_DIR/tls"

# A self-signed certificate for localhost and 127.0.0.1 (production: a real one, README).
if [ ! -f "$RUN_DIR/tls/cert.pem" ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 30 \
    -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
    -keyout "$RUN_DIR/tls/key.pem" -out "$RUN_DIR/tls/cert.pem" 2>/dev/null
fi

# The instances, all at once.
init_slots
while read -r slot port; do start_instance "$port"; done <"$SLOTS_FILE"
while read -r slot port; do
  wait_healthy "$port" || die "instance $slot on $port did not start"
done <"$SLOTS_FILE"
write_upstream

# nginx with the same site configuration as production, in a configuration of its own.
SERVER_NAME=localhost PUBLIC_ORIGIN="https://localhost:$HTTPS_PORT" HTTP_PORT="$HTTP_PORT" HTTPS_PORT="$HTTPS_PORT" \
  TLS_CERT="$RUN_DIR/tls/cert.pem" TLS_KEY="$RUN_DIR/tls/key.pem" STATIC_ROOT="$RELEASE_DIR/dist/client" \
  UPSTREAM_FILE="$UPSTREAM_FILE" ACCESS_LOG="$RUN_DIR/nginx/access.log" \
  "$DEPLOY_DIR/render-site.sh" >"$RUN_DIR/nginx/site.conf"
user_line=""
[ "$(id -u)" = 0 ] && user_line="user root;" # a trial run as root: workers read the work tree as it is
cat >"$RUN_DIR/nginx/nginx.conf" <<CONF
# Written by deploy/up.sh. Production uses Debian's /etc/nginx/nginx.conf and the same site.conf.
$user_line
worker_processes 2;
pid $RUN_DIR/nginx/nginx.pid;
error_log $RUN_DIR/nginx/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65s;
    client_body_temp_path $RUN_DIR/nginx/tmp/body;
    proxy_temp_path $RUN_DIR/nginx/tmp/proxy;
    fastcgi_temp_path $RUN_DIR/nginx/tmp/fastcgi;
    uwsgi_temp_path $RUN_DIR/nginx/tmp/uwsgi;
    scgi_temp_path $RUN_DIR/nginx/tmp/scgi;
    include $RUN_DIR/nginx/site.conf;
}
CONF
nginx_cmd -t -q || die "nginx configuration test failed"
nginx_cmd
say "up: https://localhost:$HTTPS_PORT/ → $(read_slots | awk '{ printf "127.0.0.1:%s ", $2 }')"
