#!/usr/bin/env bash
# Screenshots along the real path (issue 20): the terminal as `deckhand` starts it (the embedded
# configuration, simulated shuffler and progressive controller, a fresh database), walked by
# taps under Xvfb at each screen size a table uses (1024x768, 1280x800, 1366x768, 1920x1080):
# sign-in, the open-table screen, the opening steps, the table map picking seats 2, 5 and 9,
# Hold'em's pre-flop with the map in the side panel. Writes docs/screenshots/walk-*.png
# (the 1024x768 ones without a size in the name, the others with it).
# Needs: apt-get install xvfb xauth xdotool imagemagick sqlite3. Run from the repository root:
#   bash docs/screenshots/walk.sh            # every size
#   bash docs/screenshots/walk.sh 1920x1080  # one
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${DECKHAND_WALK_XVFB:-}" ]; then
  cargo build --release
  for size in "${@:-1024x768 1280x800 1366x768 1920x1080}"; do
    for s in $size; do
      DECKHAND_WALK_XVFB=1 xvfb-run -a -s "-screen 0 ${s}x24" bash "$0" "$s"
    done
  done
  exit 0
fi
size=$1
W=${size%x*}
H=${size#*x}
suffix=$([ "$size" = 1024x768 ] && echo "" || echo "-$size")
out=docs/screenshots
work=$(mktemp -d)
sed "s|^database = \"\"|database = \"$work/walk.sqlite\"|" assets/deckhand.default.toml > "$work/deckhand.toml"
target/release/deckhand --config "$work/deckhand.toml" >"$work/log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
sleep 4
tap() { xdotool mousemove "$1" "$2" click 1; sleep 0.8; }
# The screen's layout (src/ui/theme.rs): below 1200 px wide the side panel is 300 px and the
# step's margin 12, from 1200 px 340 and 24. Places are written for 1024x768 and moved by the
# margin (`at`), or with the verification's box, which keeps to the top right (`pad`).
if [ "$W" -lt 1200 ]; then m=0; side=300; else m=12; side=340; fi
at() { tap $(($1 + m)) $(($2 + m)); }
right() { tap $(($1 + W - 1024)) "$2"; }
# The step's primary button, found by its colour (theme::PRIMARY, #E0A92E) in the step's
# panel: where it lies depends on how the instruction above it wraps.
# The status bar (60 px) is left out, and the gold pixels of text are eroded away.
primary() {
  import -window root "$work/now.png"
  read -r w h x y < <(convert "$work/now.png" -crop "$((W - side))x$((H - 60))+0+60" +repage \
    -fuzz 2% -fill white -opaque "#E0A92E" -fill black +opaque white \
    -morphology Erode Square:4 -trim -format "%w %h %X %Y\n" info: 2>/dev/null) || w=0
  if [ "$w" -lt 40 ]; then
    echo "no primary button on the screen at $size" >&2
    cp "$work/now.png" "/tmp/walk-stuck-$size.png"
    exit 1
  fi
  tap $((x + w / 2)) $((y + 60 + h / 2))
}
# The keypad of the sign-in (in the step) and of the verification (an overlay).
key() {
  case $1 in
    1) at 55 306 ;; 2) at 155 306 ;; 3) at 255 306 ;; 4) at 55 382 ;; 7) at 55 458 ;;
    0) at 155 534 ;;
  esac
}
pad() {
  case $1 in
    1) right 523 290 ;; 2) right 623 290 ;; 4) right 523 366 ;; 6) right 723 366 ;; 8) right 623 442 ;;
    0) right 623 518 ;;
  esac
}
at 111 212                                 # Alex Rivera
for d in 2 0 4 1 7; do key $d; done
primary                                    # Next: PIN
for d in 1 1 2 2 3 3; do key $d; done
primary                                    # Sign in
import -window root "$out/walk-open-table$suffix.png"
primary                                    # Open table (Hold'em)
primary                                    # Decks inspected
primary                                    # Floorperson verify
for d in 1 0 0 1; do pad $d; done
right 579 598                                # Next: PIN
for d in 2 4 6 8 1 0; do pad $d; done
right 579 598                                # Verify
primary                                    # Players have inspected
primary                                    # Decks washed
primary                                    # Start shuffle; the simulator counts 52
sleep 4
# Seats 2, 5 and 9 on the map (src/ui/table_map.rs::place), below the line that says where the
# button goes: 700 px wide at 1024, 760 wider.
# Below 1600 px the instruction above the map takes two lines, from 1600 one.
if [ "$W" -lt 1200 ]; then
  tap 64 345; tap 301 263; tap 660 345
elif [ "$W" -lt 1600 ]; then
  tap 76 360; tap 338 278; tap 732 360
else
  tap 76 320; tap 338 238; tap 732 320
fi
import -window root "$out/walk-table-map$suffix.png"
primary                                    # Start round 1
# The betting stays at the table (the embedded default): the pre-flop's screen says the blinds
# and the deal, and asks one tap once the betting is over.
import -window root "$out/walk-first-decision$suffix.png"
sqlite3 "$work/walk.sqlite" "SELECT kind FROM journal WHERE stream = 'table' ORDER BY serial" | tail -4
echo "written at $size: $out/walk-open-table$suffix.png $out/walk-table-map$suffix.png $out/walk-first-decision$suffix.png"
