#!/usr/bin/env bash
# Prints deploy/nginx/damabwa-site.conf with its @NAMES@ filled from the environment:
#   SERVER_NAME (_), PUBLIC_ORIGIN (https://SERVER_NAME), HTTP_PORT (80), HTTPS_PORT (443),
#   TLS_CERT, TLS_KEY (/etc/ssl/damabwa/{cert,key}.pem), STATIC_ROOT (/srv/damabwa/current/dist/client),
#   UPSTREAM_FILE (/etc/nginx/damabwa-upstream.conf), ACCESS_LOG (/var/log/nginx/damabwa.access.log).
# Production: deploy/render-site.sh > /etc/nginx/sites-available/damabwa.conf
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
SERVER_NAME="${SERVER_NAME:-_}"
sed \
  -e "s|@SERVER_NAME@|$SERVER_NAME|g" \
  -e "s|@PUBLIC_ORIGIN@|${PUBLIC_ORIGIN:-https://$SERVER_NAME}|g" \
  -e "s|@HTTP_PORT@|${HTTP_PORT:-80}|g" \
  -e "s|@HTTPS_PORT@|${HTTPS_PORT:-443}|g" \
  -e "s|@TLS_CERT@|${TLS_CERT:-/etc/ssl/damabwa/cert.pem}|g" \
  -e "s|@TLS_KEY@|${TLS_KEY:-/etc/ssl/damabwa/key.pem}|g" \
  -e "s|@STATIC_ROOT@|${STATIC_ROOT:-/srv/damabwa/current/dist/client}|g" \
  -e "s|@UPSTREAM_FILE@|${UPSTREAM_FILE:-/etc/nginx/damabwa-upstream.conf}|g" \
  -e "s|@ACCESS_LOG@|${ACCESS_LOG:-/var/log/nginx/damabwa.access.log}|g" \
  "$here/nginx/damabwa-site.conf"
