#!/usr/bin/env bash
# Renders a comparison report page (report/index.html by default) to PNGs with headless Chromium and
# headless Firefox, to look at the page as readers with either browser would:
#   ./benchmarks/render-report.sh [PAGE] [PNG-PREFIX] [WIDTHxHEIGHT]
# writes PREFIX.chromium.png and PREFIX.firefox.png for each browser found (Debian: apt-get install -y
# chromium firefox-esr). Not part of the build.
set -euo pipefail

page=${1:-report/index.html}
prefix=${2:-${page%.html}}
size=${3:-1200x9000}
[[ -f $page ]] || { echo "render-report: no page at $page" >&2; exit 1; }
url="file://$(realpath "$page")"

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
rendered=0

chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -n $chromium ]]; then
  "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile/chromium" --hide-scrollbars --window-size="${size/x/,}" \
    --screenshot="$(realpath -m "$prefix.chromium.png")" "$url" 2>/dev/null
  echo "render-report: wrote $prefix.chromium.png" >&2
  rendered=$((rendered + 1))
fi

firefox=$(command -v firefox-esr || command -v firefox || true)
if [[ -n $firefox ]]; then
  mkdir -p "$profile/firefox"
  timeout 120 "$firefox" --headless --no-remote --profile "$profile/firefox" --window-size="${size/x/,}" \
    --screenshot "$(realpath -m "$prefix.firefox.png")" "$url" >/dev/null 2>&1
  echo "render-report: wrote $prefix.firefox.png" >&2
  rendered=$((rendered + 1))
fi

if [[ $rendered -eq 0 ]]; then
  echo "render-report: neither Chromium nor Firefox found; install one (apt-get install -y chromium firefox-esr)" >&2
  exit 1
fi
