#!/usr/bin/env bash
# Serves a fresh Kinetic for the Playwright "app" project: its own data folder and build folder.
set -euo pipefail
port="${1:-3107}"
export KINETIC_DATA_DIR="$(mktemp -d -t kinetic-e2e-XXXXXX)"
export KINETIC_BUILD_DIR=".cache/e2e-build"
export PORT="$port" HOST=127.0.0.1 BASE_URL="http://127.0.0.1:$port"
export ADMIN_EMAIL="e2e-admin@example.com" ADMIN_PASSWORD="e2e-password-123" LOG_LEVEL=warn
# Every spec signs in from 127.0.0.1, well over the default 30 attempts per address in 15 minutes;
# the throttle itself is tested in test/integration/sign-in*.test.ts. Per-account lockout stays.
export LOGIN_MAX_ATTEMPTS_PER_IP=100000
# Cheap password hashes (scrypt N=2^10): the browser tests sign in over and over; never in production.
export PASSWORD_HASH_COST=insecure-test
# Playwright's API client (page.request) keeps its connections for reuse but ignores the server's
# keep-alive timeout: a spec that calls the API again after more than the default 5 s idle sends
# its request on a connection the server is closing, and gets ECONNRESET. Longer than any spec.
export KEEP_ALIVE_TIMEOUT_SECONDS=600
# start.cjs builds into KINETIC_BUILD_DIR when the sources changed since its last build there.
exec node scripts/start.cjs
