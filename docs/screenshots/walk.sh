#!/usr/bin/env bash
# Screenshots along the real path (issue 20): the terminal as `deckhand` starts it (the embedded
# configuration, simulated shuffler and progressive controller, a fresh database), walked by
# taps under Xvfb at 1024x768, the smallest screen a table uses: sign-in, the open-table screen,
# the opening steps, the table map picking seats 2, 5 and 9, Hold'em's first decision with the
# map in the side panel. Writes docs/screenshots/walk-*.png.
# Needs: apt-get install xvfb xauth xdotool imagemagick. Run from the repository root:
#   bash docs/screenshots/walk.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${DECKHAND_WALK_XVFB:-}" ]; then
  cargo build --release
  exec env DECKHAND_WALK_XVFB=1 xvfb-run -a -s "-screen 0 1024x768x24" bash "$0"
fi
out=docs/screenshots
work=$(mktemp -d)
sed "s|^database = \"\"|database = \"$work/walk.sqlite\"|" assets/deckhand.default.toml > "$work/deckhand.toml"
target/release/deckhand --config "$work/deckhand.toml" >"$work/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
sleep 4
tap() { xdotool mousemove "$1" "$2" click 1; sleep 0.7; }
# The keypad of the sign-in and the verification (1024x768 places).
key() {
  case $1 in
    1) tap 55 306 ;; 2) tap 155 306 ;; 3) tap 255 306 ;; 4) tap 55 382 ;; 7) tap 55 458 ;;
    0) tap 155 534 ;;
  esac
}
pad() {
  case $1 in
    1) tap 523 290 ;; 2) tap 623 290 ;; 4) tap 523 366 ;; 6) tap 723 366 ;; 8) tap 623 442 ;;
    0) tap 623 518 ;;
  esac
}
tap 111 212                                # Alex Rivera
for d in 2 0 4 1 7; do key $d; done
tap 191 614                                # Next: PIN
for d in 1 1 2 2 3 3; do key $d; done
tap 191 614                                # Sign in
import -window root "$out/walk-open-table.png"
tap 420 646                                # Open table (Hold'em)
tap 191 221                                # Decks inspected
tap 191 221                                # Floorperson verify
for d in 1 0 0 1; do pad $d; done
tap 579 598                                # Next: PIN
for d in 2 4 6 8 1 0; do pad $d; done
tap 579 598                                # Verify
tap 191 246                                # Players have inspected
tap 191 246                                # Decks washed
tap 191 246                                # Start shuffle; the simulator counts 52
sleep 4
tap 64 308; tap 301 226; tap 660 308       # Seats 2, 5 and 9 on the map
import -window root "$out/walk-table-map.png"
tap 191 490                                # Start round 1
tap 191 246                                # Blinds posted
tap 191 221                                # Cards dealt
import -window root "$out/walk-first-decision.png"
sqlite3 "$work/walk.sqlite" "SELECT kind FROM journal WHERE stream = 'table' ORDER BY serial" | tail -4
echo "written: $out/walk-open-table.png $out/walk-table-map.png $out/walk-first-decision.png"
