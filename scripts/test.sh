#!/usr/bin/env bash
# npm test: typecheck, lint, unit + integration (vitest), then end-to-end (Playwright, Debian Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's Chromium for the browser tests (apt-get)…"
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

echo "== typecheck"
node_modules/.bin/tsc --noEmit -p .
echo "== lint (layer rules included)"
node_modules/.bin/eslint .
echo "== format (Prettier; npm run format fixes it)"
node_modules/.bin/prettier --check --log-level warn .
echo "== build for the HTTP tests (reused when fresh)"
node_modules/.bin/tsx test/prepare-build.ts
echo "== unit and integration tests"
node_modules/.bin/vitest run
echo "== end-to-end tests"
node_modules/.bin/playwright test
