#!/usr/bin/env bash
# The system packages the tests need: PostgreSQL 15 with PostGIS, Redis (the shared rate limits),
# Chromium (the browser and its headless shell), and GDAL's ogrinfo (the GIS client that reads the
# OGC API – Features and the vector tiles).
# As root on Debian it installs what is missing; otherwise it says exactly what to install
# and fails, so no test layer is ever skipped in silence.
set -euo pipefail

pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
redis_server="${REDIS_SERVER:-/usr/bin/redis-server}"
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
headless_shell="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
if [ ! -x "$pg_bin/initdb" ] || [ ! -f /usr/share/postgresql/15/extension/postgis.control ]; then
  missing+=(postgresql-15-postgis-3)
fi
[ -x "$redis_server" ] || missing+=(redis-server)
[ -x "$chromium" ] || missing+=(chromium)
[ -x "$headless_shell" ] || missing+=(chromium-headless-shell)
command -v ogrinfo >/dev/null || missing+=(gdal-bin)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing the Debian packages the tests need: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" fonts-dejavu-core >/dev/null
  echo "Installed: ${missing[*]}"
else
  echo "The tests need these system packages: ${missing[*]}" >&2
  echo "On Debian or Ubuntu, install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
