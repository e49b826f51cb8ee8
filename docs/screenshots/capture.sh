#!/usr/bin/env bash
# Regenerates the screenshots in docs/screenshots/ by playing a Hold'em round in the real
# terminal under Xvfb with xdotool (1280x800, the embedded configuration, a fresh database).
# Needs: apt-get install xvfb xauth imagemagick xdotool. Run from the repository root:
#   bash docs/screenshots/capture.sh
# Coordinates follow the 1280x800 layout; if the layout changes, update them here.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${DECKHAND_CAPTURE_XVFB:-}" ]; then
  cargo build
  exec env DECKHAND_CAPTURE_XVFB=1 xvfb-run -a -s "-screen 0 1280x800x24" bash "$0"
fi
out=docs/screenshots
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s|^database = \"\"|database = \"$work/shots.sqlite\"|" assets/deckhand.default.toml > "$work/deckhand.toml"

signin="124,225 167,286 167,513 67,362 67,286 67,437 203,593"           # Alex Rivera, 20417
verify="200,267 427,323 527,550 527,550 427,323 484,630 527,323 427,399 627,399 527,475 484,630" # 1001 / 2468
open="200,635 200,267 $verify 200,292 200,267 200,292 sleep1.5"
start="179,276 395,276 719,276 200,456 200,304 200,292"                 # seats 2, 4, 7; blinds; deal
bets="336,267 336,267 336,267 200,292 548,267 124,267 336,267 200,292 336,267 548,267 336,267 200,292 336,267 336,267"
cards="116,546 116,484 692,422 372,360 820,546 116,422 692,360 52,422 180,422"

drive() {
  target/debug/deckhand --config "$work/deckhand.toml" >"$work/run.log" 2>&1 &
  local pid=$!
  sleep 4
  for step in "$@"; do
    case $step in
      sleep*) sleep "${step#sleep}" ;;
      shot:*) sleep 0.6; import -window root "$out/${step#shot:}.png" ;;
      *) xdotool mousemove "${step%,*}" "${step#*,}" click 1; sleep 0.35 ;;
    esac
  done
  kill $pid; wait $pid 2>/dev/null || true
}
# shellcheck disable=SC2086 # the step lists split into single steps on purpose
drive $signin $open $start shot:holdem-betting $bets $cards shot:holdem-showdown 200,634 shot:holdem-count
echo "written: $out/holdem-betting.png $out/holdem-showdown.png $out/holdem-count.png"
