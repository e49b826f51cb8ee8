#!/usr/bin/env bash
# Regenerates the screenshots in docs/screenshots/ in the real terminal under Xvfb (1280x800, the
# embedded configuration, fresh databases): each game's main screen, staged at a player's decision
# by `deckhand showcase --game <id>` (docs/screenshots/<id>.png): the same commands a dealer's
# taps send (src/demo.rs), so no screen coordinates are involved.
# Needs: apt-get install xvfb xauth imagemagick. Run from the repository root:
#   bash docs/screenshots/capture.sh
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

# Each game's main screen: the round staged through the dealer's commands (src/demo.rs).
games="holdem omaha five-card-omaha seven-card-stud five-card-draw five-card-stud triple-draw-2-7 badugi crazy-4-poker mississippi-stud texas-holdem-bonus wpt-heads-up lunar-poker spanish-21"
for g in $games; do
  target/debug/deckhand --config "$work/deckhand.toml" showcase --game "$g" --db "$work/$g.sqlite" >"$work/$g.log" 2>&1 &
  pid=$!
  sleep 4
  import -window root "$out/$g.png"
  kill $pid; wait $pid 2>/dev/null || true
done
# The cards being keyed: a Hold'em showdown and a Crazy 4 Poker settlement, on the card faces
# of assets/cards/faces.png.
for g in holdem crazy-4-poker lunar-poker spanish-21; do
  target/debug/deckhand --config "$work/deckhand.toml" showcase --game "$g" --at cards --db "$work/$g-cards.sqlite" >"$work/$g-cards.log" 2>&1 &
  pid=$!
  sleep 4
  import -window root "$out/$g-cards.png"
  kill $pid; wait $pid 2>/dev/null || true
done
echo "written: $(for g in $games holdem-cards crazy-4-poker-cards lunar-poker-cards spanish-21-cards; do printf '%s ' "$out/$g.png"; done)"
