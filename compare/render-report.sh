#!/usr/bin/env bash
# Renders a comparison report page (report/index.html by default) to a PNG with headless Chromium, to
# look at the page as a reader would: ./compare/render-report.sh [PAGE] [PNG] [WIDTHxHEIGHT]
# Needs Chromium (Debian: apt-get update && apt-get install -y chromium). Not part of the build.
set -euo pipefail

page=${1:-report/index.html}
png=${2:-${page%.html}.png}
size=${3:-1200x9000}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -z $browser ]]; then
  echo "render-report: no Chromium found; install it (apt-get install -y chromium)" >&2
  exit 1
fi
[[ -f $page ]] || { echo "render-report: no page at $page" >&2; exit 1; }

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars --window-size="${size/x/,}" \
  --screenshot="$(realpath -m "$png")" "file://$(realpath "$page")" 2>/dev/null
echo "render-report: wrote $png" >&2
