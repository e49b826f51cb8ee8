#!/usr/bin/env bash
# Draws the card faces the dealer's screen shows (assets/cards/faces.png): one sheet of 13
# columns (ranks 2 to ace) by 4 rows (clubs, diamonds, hearts, spades), each face 116x112 px,
# rank and suit in DejaVu Sans (assets/fonts), red suits in red, each face inside a transparent
# margin of 3 px. The terminal embeds the sheet as one texture and draws each face from its cell
# (src/ui/cards.rs; the margin keeps a neighbour's colour off each edge). Needs ImageMagick. Run
# from the repository root:
#   bash assets/cards/make-faces.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
font=assets/fonts/DejaVuSans.ttf
w=116; h=112
ranks=(2 3 4 5 6 7 8 9 10 J Q K A)
suits=("♣" "♦" "♥" "♠")
colours=("#101010" "#D03030" "#D03030" "#101010")
args=(-size "$((w * 13))x$((h * 4))" xc:none)
for row in 0 1 2 3; do
  for col in $(seq 0 12); do
    x=$((col * w)); y=$((row * h))
    r=${ranks[$col]}; s=${suits[$row]}; c=${colours[$row]}
    size=50; [ "$r" = 10 ] && size=40
    args+=(-fill '#FAF8F0' -stroke '#9A9A90' -strokewidth 2
      -draw "roundrectangle $((x + 3)),$((y + 3)) $((x + w - 4)),$((y + h - 4)) 12,12"
      -stroke none -fill "$c" -font "$font"
      -pointsize "$size" -annotate "+$((x + 9))+$((y + 52))" "$r"
      -pointsize 50 -annotate "+$((x + w - 50))+$((y + h - 12))" "$s")
  done
done
convert "${args[@]}" -strip assets/cards/faces.png
echo "written: assets/cards/faces.png"
