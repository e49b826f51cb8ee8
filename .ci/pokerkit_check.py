"""Replays every PHH file of a folder with PokerKit's own loader (PokerKit 0.7): each final
state's stacks must equal the file's finishing_stacks, the project's own (the files are of
rounds without rake, which PHH has no field for)."""
import sys, pathlib, tomllib
from pokerkit import HandHistory

failed = 0
files = sorted(pathlib.Path(sys.argv[1]).glob("*.phh"))
for f in files:
    with open(f, "rb") as fh:
        hh = HandHistory.load(fh)
    raw = tomllib.loads(f.read_text())
    state = None
    for state in hh:
        pass
    ours = raw["finishing_stacks"]
    theirs = list(state.stacks)
    if theirs != ours:
        failed += 1
        print(f"{f.name}: PokerKit {theirs}, deckhand {ours}")
    else:
        print(f"{f.name}: agree {ours}")
print(f"{len(files)} hand histories, {failed} disagree")
sys.exit(1 if failed or not files else 0)
