//! Every pay line of every paytable of the six house-banked games, each driven through a whole
//! round by `settle_json` and checked against the odds transcribed here from the regulation
//! (independently of `assets/paytables/`). A second test checks that this transcription and the
//! loaded paytables hold exactly the same lines, so no line goes untested.

use deckhand::rules::banked::paytable::{Pay, Paytables};
use deckhand::rules::banked::{HouseRules, Settlement};
use deckhand::rules::registry::settle_json;
use serde_json::{Value, json};

/// game | wager | table | line | pays | section — as printed in the regulation.
const EXPECTED: &str = r#"
wpt-heads-up|ante|standard|win|1 to 1|§ 677a.12(a)
wpt-heads-up|raise|standard|win|1 to 1|§ 677a.12(a)
wpt-heads-up|odds|standard|royal-flush|500 to 1|§ 677a.12(b)
wpt-heads-up|odds|standard|straight-flush|50 to 1|§ 677a.12(b)
wpt-heads-up|odds|standard|four-of-a-kind|10 to 1|§ 677a.12(b)
wpt-heads-up|odds|standard|full-house|3 to 1|§ 677a.12(b)
wpt-heads-up|odds|standard|flush|3 to 2|§ 677a.12(b)
wpt-heads-up|odds|standard|straight|1 to 1|§ 677a.12(b)
wpt-heads-up|odds|standard|three-of-a-kind|push|§ 677a.12(b)
wpt-heads-up|odds|standard|two-pair|push|§ 677a.12(b)
wpt-heads-up|odds|standard|pair|push|§ 677a.12(b)
wpt-heads-up|odds|standard|high-card|push|§ 677a.12(b)
wpt-heads-up|bad-beat|standard|royal-flush|N/A|§ 677a.12(c)
wpt-heads-up|bad-beat|standard|straight-flush|500 to 1|§ 677a.12(c)
wpt-heads-up|bad-beat|standard|four-of-a-kind|25 to 1|§ 677a.12(c)
wpt-heads-up|bad-beat|standard|full-house|6 to 1|§ 677a.12(c)
wpt-heads-up|bad-beat|standard|flush|5 to 1|§ 677a.12(c)
wpt-heads-up|bad-beat|standard|straight|4 to 1|§ 677a.12(c)
wpt-heads-up|pocket-bonus|A|pair-of-aces|30 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|A|ace-face-suited|20 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|A|ace-face-offsuit|10 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|A|pair-twos-to-kings|5 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|B|pair-of-aces|25 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|B|ace-face-suited|20 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|B|ace-face-offsuit|10 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|B|pair-twos-to-kings|5 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|C|pair-of-aces|30 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|C|ace-face-suited|20 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|C|ace-face-offsuit|10 to 1|§ 677a.12(d)
wpt-heads-up|pocket-bonus|C|pair-twos-to-kings|4 to 1|§ 677a.12(d)
wpt-heads-up|trips-plus|A|royal-flush|100 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|A|straight-flush|40 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|A|four-of-a-kind|30 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|A|full-house|9 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|A|flush|7 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|A|straight|4 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|A|three-of-a-kind|3 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|B|royal-flush|100 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|B|straight-flush|40 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|B|four-of-a-kind|30 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|B|full-house|8 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|B|flush|6 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|B|straight|5 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|B|three-of-a-kind|3 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|C|royal-flush|100 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|C|straight-flush|40 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|C|four-of-a-kind|30 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|C|full-house|7 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|C|flush|6 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|C|straight|5 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|C|three-of-a-kind|3 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|D|royal-flush|100 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|D|straight-flush|40 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|D|four-of-a-kind|30 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|D|full-house|8 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|D|flush|7 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|D|straight|4 to 1|§ 677a.12(e)
wpt-heads-up|trips-plus|D|three-of-a-kind|3 to 1|§ 677a.12(e)
texas-holdem-bonus|ante|standard|win|1 to 1|§ 647a.12(a)
texas-holdem-bonus|flop|standard|win|1 to 1|§ 647a.12(a)
texas-holdem-bonus|turn|standard|win|1 to 1|§ 647a.12(a)
texas-holdem-bonus|river|standard|win|1 to 1|§ 647a.12(a)
texas-holdem-bonus|bonus|A|aces-with-dealer-aces|1,000 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|A|pair-of-aces|30 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|A|ace-king-suited|25 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|A|ace-queen-or-jack-suited|20 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|A|ace-king-offsuit|15 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|A|kings-queens-or-jacks|10 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|A|ace-queen-or-jack-offsuit|5 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|A|pair-twos-to-tens|3 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|B|aces-with-dealer-aces|N/A|§ 647a.12(b)
texas-holdem-bonus|bonus|B|pair-of-aces|30 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|B|ace-king-suited|25 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|B|ace-queen-or-jack-suited|20 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|B|ace-king-offsuit|15 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|B|kings-queens-or-jacks|10 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|B|ace-queen-or-jack-offsuit|5 to 1|§ 647a.12(b)
texas-holdem-bonus|bonus|B|pair-twos-to-tens|3 to 1|§ 647a.12(b)
texas-holdem-bonus|progressive|standard|royal-flush|100% of meter|§ 647a.12(d)(1)
texas-holdem-bonus|progressive|standard|straight-flush|10% of meter|§ 647a.12(d)(1)
texas-holdem-bonus|progressive|standard|four-of-a-kind|300 for 1|§ 647a.12(d)(1)
texas-holdem-bonus|progressive|standard|full-house|50 for 1|§ 647a.12(d)(1)
texas-holdem-bonus|progressive|standard|flush|40 for 1|§ 647a.12(d)(1)
texas-holdem-bonus|progressive|standard|straight|30 for 1|§ 647a.12(d)(1)
texas-holdem-bonus|progressive|standard|three-of-a-kind|9 for 1|§ 647a.12(d)(1)
texas-holdem-bonus|envy|standard $1.00|royal-flush|$1,000|§ 647a.12(d)(5)
texas-holdem-bonus|envy|standard $1.00|straight-flush|$300|§ 647a.12(d)(5)
texas-holdem-bonus|envy|standard $5.00|royal-flush|$5,000|§ 647a.12(d)(5)
texas-holdem-bonus|envy|standard $5.00|straight-flush|$1,500|§ 647a.12(d)(5)
texas-holdem-bonus|five-card-bonus|standard|royal-flush|100% of meter|§ 647a.12(e)(1)
texas-holdem-bonus|five-card-bonus|standard|straight-flush|10% of meter|§ 647a.12(e)(1)
texas-holdem-bonus|five-card-bonus|standard|four-of-a-kind|500 for 1|§ 647a.12(e)(1)
texas-holdem-bonus|five-card-bonus|standard|full-house|100 for 1|§ 647a.12(e)(1)
texas-holdem-bonus|five-card-bonus|standard|flush|50 for 1|§ 647a.12(e)(1)
texas-holdem-bonus|magic-lucky|standard|magic-card|20 for 1|§ 647a.12(e)(3)
texas-holdem-bonus|magic-lucky|standard|lucky-bonus|5 for 1|§ 647a.12(e)(3)
lunar-poker|ante|standard|win|1 to 1|§ 589.12(d)
lunar-poker|bet|standard|royal-flush|100 to 1|§ 589.12(c)
lunar-poker|bet|standard|straight-flush|50 to 1|§ 589.12(c)
lunar-poker|bet|standard|four-of-a-kind|20 to 1|§ 589.12(c)
lunar-poker|bet|standard|full-house|7 to 1|§ 589.12(c)
lunar-poker|bet|standard|flush|5 to 1|§ 589.12(c)
lunar-poker|bet|standard|straight|4 to 1|§ 589.12(c)
lunar-poker|bet|standard|three-of-a-kind|3 to 1|§ 589.12(c)
lunar-poker|bet|standard|two-pair|2 to 1|§ 589.12(c)
lunar-poker|bet|standard|pair|1 to 1|§ 589.12(c)
lunar-poker|bet|standard|ace-king|1 to 1|§ 589.12(c)
lunar-poker|instant|A|royal-flush|1,500 to 1|§ 589.12(a)
lunar-poker|instant|A|straight-flush|500 to 1|§ 589.12(a)
lunar-poker|instant|B|royal-flush|1,500 to 1|§ 589.12(a)
lunar-poker|instant|B|straight-flush|400 to 1|§ 589.12(a)
lunar-poker|instant|C|royal-flush|1,500 to 1|§ 589.12(a)
lunar-poker|instant|C|straight-flush|300 to 1|§ 589.12(a)
lunar-poker|instant|D|royal-flush|1,200 to 1|§ 589.12(a)
lunar-poker|instant|D|straight-flush|400 to 1|§ 589.12(a)
lunar-poker|instant|E|royal-flush|1,200 to 1|§ 589.12(a)
lunar-poker|instant|E|straight-flush|300 to 1|§ 589.12(a)
lunar-poker|instant|F|royal-flush|1,000 to 1|§ 589.12(a)
lunar-poker|instant|F|straight-flush|300 to 1|§ 589.12(a)
lunar-poker|instant|G|royal-flush|800 to 1|§ 589.12(a)
lunar-poker|instant|G|straight-flush|300 to 1|§ 589.12(a)
lunar-poker|instant|H|royal-flush|600 to 1|§ 589.12(a)
lunar-poker|instant|H|straight-flush|300 to 1|§ 589.12(a)
lunar-poker|super|A|four-of-a-kind|250 to 1|§ 589.12(b)
lunar-poker|super|A|same-colored-straight|150 to 1|§ 589.12(b)
lunar-poker|super|A|full-house|100 to 1|§ 589.12(b)
lunar-poker|super|A|flush|60 to 1|§ 589.12(b)
lunar-poker|super|A|straight|30 to 1|§ 589.12(b)
lunar-poker|super|A|three-of-a-kind|8 to 1|§ 589.12(b)
lunar-poker|super|A|ace-king|6 to 1|§ 589.12(b)
lunar-poker|super|A|same-colored-five|2 to 1|§ 589.12(b)
lunar-poker|super|B|four-of-a-kind|250 to 1|§ 589.12(b)
lunar-poker|super|B|same-colored-straight|150 to 1|§ 589.12(b)
lunar-poker|super|B|full-house|100 to 1|§ 589.12(b)
lunar-poker|super|B|flush|60 to 1|§ 589.12(b)
lunar-poker|super|B|straight|30 to 1|§ 589.12(b)
lunar-poker|super|B|three-of-a-kind|8 to 1|§ 589.12(b)
lunar-poker|super|B|ace-king|5 to 1|§ 589.12(b)
lunar-poker|super|B|same-colored-five|2 to 1|§ 589.12(b)
lunar-poker|super|C|four-of-a-kind|250 to 1|§ 589.12(b)
lunar-poker|super|C|same-colored-straight|150 to 1|§ 589.12(b)
lunar-poker|super|C|full-house|100 to 1|§ 589.12(b)
lunar-poker|super|C|flush|60 to 1|§ 589.12(b)
lunar-poker|super|C|straight|30 to 1|§ 589.12(b)
lunar-poker|super|C|three-of-a-kind|7 to 1|§ 589.12(b)
lunar-poker|super|C|ace-king|6 to 1|§ 589.12(b)
lunar-poker|super|C|same-colored-five|2 to 1|§ 589.12(b)
spanish-21|spanish-21|standard|win|1 to 1|§ 635a.12(a)
spanish-21|spanish-21|standard|blackjack|3 to 2|§ 635a.12(a)
spanish-21|spanish-21|standard|even-money|1 to 1|§ 635a.12(a)
spanish-21|bonus-21|standard|six-seven-eight-mixed|3 to 2|§ 635a.12(b)(1)
spanish-21|bonus-21|standard|six-seven-eight-suited|2 to 1|§ 635a.12(b)(2)
spanish-21|bonus-21|standard|six-seven-eight-spades|3 to 1|§ 635a.12(b)(2)
spanish-21|bonus-21|standard|seven-seven-seven-mixed|3 to 2|§ 635a.12(b)(3)
spanish-21|bonus-21|standard|seven-seven-seven-suited|2 to 1|§ 635a.12(b)(4)
spanish-21|bonus-21|standard|seven-seven-seven-spades|3 to 1|§ 635a.12(b)(4)
spanish-21|bonus-21|standard|five-card-21|3 to 2|§ 635a.12(b)(5)
spanish-21|bonus-21|standard|six-card-21|2 to 1|§ 635a.12(b)(6)
spanish-21|bonus-21|standard|seven-or-more-card-21|3 to 1|§ 635a.12(b)(7)
spanish-21|suited-sevens|standard|wager-5-to-under-25|$1,000|§ 635a.12(c)(1)
spanish-21|suited-sevens|standard|wager-25-or-more|$5,000|§ 635a.12(c)(2)
spanish-21|suited-sevens|standard|every-other-player|$50|§ 635a.12(c)(3)
spanish-21|insurance|standard|win|2 to 1|§ 635a.12(d)
spanish-21|match-the-dealer|6 decks|suited-match|9 to 1|§ 635a.12(e)(1)
spanish-21|match-the-dealer|6 decks|unsuited-match|4 to 1|§ 635a.12(e)(1)
spanish-21|match-the-dealer|8 decks|suited-match|12 to 1|§ 635a.12(e)(2)
spanish-21|match-the-dealer|8 decks|unsuited-match|3 to 1|§ 635a.12(e)(2)
mississippi-stud|mississippi-stud|standard|royal-flush|500 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|straight-flush|100 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|four-of-a-kind|40 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|full-house|10 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|flush|6 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|straight|4 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|three-of-a-kind|3 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|two-pair|2 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|jacks-or-better|1 to 1|§ 655a.12(a)
mississippi-stud|mississippi-stud|standard|sixes-to-tens|push|§ 655a.12(a)
mississippi-stud|progressive|standard|royal-flush|100% of meter|§ 655a.12(c)(1)
mississippi-stud|progressive|standard|straight-flush|10% of meter|§ 655a.12(c)(1)
mississippi-stud|progressive|standard|four-of-a-kind|300 for 1|§ 655a.12(c)(1)
mississippi-stud|progressive|standard|full-house|50 for 1|§ 655a.12(c)(1)
mississippi-stud|progressive|standard|flush|40 for 1|§ 655a.12(c)(1)
mississippi-stud|progressive|standard|straight|30 for 1|§ 655a.12(c)(1)
mississippi-stud|progressive|standard|three-of-a-kind|9 for 1|§ 655a.12(c)(1)
mississippi-stud|envy|standard $1.00|royal-flush|$1,000|§ 655a.12(c)(5)
mississippi-stud|envy|standard $1.00|straight-flush|$300|§ 655a.12(c)(5)
mississippi-stud|envy|standard $5.00|royal-flush|$5,000|§ 655a.12(c)(5)
mississippi-stud|envy|standard $5.00|straight-flush|$1,500|§ 655a.12(c)(5)
mississippi-stud|three-card-bonus|A|mini-royal|40 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|A|straight-flush|40 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|A|three-of-a-kind|30 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|A|straight|6 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|A|flush|4 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|A|pair|1 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|B|mini-royal|40 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|B|straight-flush|40 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|B|three-of-a-kind|30 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|B|straight|5 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|B|flush|4 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|B|pair|1 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|C|mini-royal|50 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|C|straight-flush|40 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|C|three-of-a-kind|30 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|C|straight|5 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|C|flush|4 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|C|pair|1 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|D|mini-royal|50 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|D|straight-flush|40 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|D|three-of-a-kind|30 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|D|straight|6 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|D|flush|3 to 1|§ 655a.12(d)
mississippi-stud|three-card-bonus|D|pair|1 to 1|§ 655a.12(d)
crazy-4-poker|ante|standard|win|1 to 1|§ 657a.12(a)
crazy-4-poker|play|standard|win|1 to 1|§ 657a.12(a)
crazy-4-poker|super-bonus|standard|four-aces|200 to 1|§ 657a.12(b)
crazy-4-poker|super-bonus|standard|four-of-a-kind|30 to 1|§ 657a.12(b)
crazy-4-poker|super-bonus|standard|straight-flush|15 to 1|§ 657a.12(b)
crazy-4-poker|super-bonus|standard|three-of-a-kind|2 to 1|§ 657a.12(b)
crazy-4-poker|super-bonus|standard|flush|3 to 2|§ 657a.12(b)
crazy-4-poker|super-bonus|standard|straight|1 to 1|§ 657a.12(b)
crazy-4-poker|queens-up|A|four-of-a-kind|50 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|A|straight-flush|30 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|A|three-of-a-kind|9 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|A|flush|4 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|A|straight|3 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|A|two-pair|2 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|A|queens-or-better|1 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|B|four-of-a-kind|50 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|B|straight-flush|40 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|B|three-of-a-kind|8 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|B|flush|4 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|B|straight|3 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|B|two-pair|2 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|B|queens-or-better|1 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|C|four-of-a-kind|50 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|C|straight-flush|30 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|C|three-of-a-kind|8 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|C|flush|4 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|C|straight|3 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|C|two-pair|2 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|C|queens-or-better|1 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|D|four-of-a-kind|50 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|D|straight-flush|40 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|D|three-of-a-kind|7 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|D|flush|4 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|D|straight|3 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|D|two-pair|2 to 1|§ 657a.12(c)
crazy-4-poker|queens-up|D|queens-or-better|1 to 1|§ 657a.12(c)
crazy-4-poker|progressive|A|four-aces|100% of meter|§ 657a.12(d)(1)
crazy-4-poker|progressive|A|four-of-a-kind|300 for 1|§ 657a.12(d)(1)
crazy-4-poker|progressive|A|straight-flush|100 for 1|§ 657a.12(d)(1)
crazy-4-poker|progressive|A|three-of-a-kind|9 for 1|§ 657a.12(d)(1)
crazy-4-poker|progressive|B|four-aces|100% of meter|§ 657a.12(d)(1)
crazy-4-poker|progressive|B|four-of-a-kind|300 for 1|§ 657a.12(d)(1)
crazy-4-poker|progressive|B|straight-flush|100 for 1|§ 657a.12(d)(1)
crazy-4-poker|progressive|B|three-of-a-kind|15 for 1|§ 657a.12(d)(1)
crazy-4-poker|envy|A $1.00|four-aces|$100|§ 657a.12(d)(5)(i)
crazy-4-poker|envy|A $1.00|four-of-a-kind|$10|§ 657a.12(d)(5)(i)
crazy-4-poker|envy|A $1.00|straight-flush|$5|§ 657a.12(d)(5)(i)
crazy-4-poker|envy|A $5.00|four-aces|$500|§ 657a.12(d)(5)(i)
crazy-4-poker|envy|A $5.00|four-of-a-kind|$50|§ 657a.12(d)(5)(i)
crazy-4-poker|envy|A $5.00|straight-flush|$25|§ 657a.12(d)(5)(i)
crazy-4-poker|envy|B $1.00|four-aces|$100|§ 657a.12(d)(5)(ii)
crazy-4-poker|envy|B $1.00|four-of-a-kind|$25|§ 657a.12(d)(5)(ii)
crazy-4-poker|envy|B $5.00|four-aces|$500|§ 657a.12(d)(5)(ii)
crazy-4-poker|envy|B $5.00|four-of-a-kind|$125|§ 657a.12(d)(5)(ii)
"#;

struct Entry {
    game: String,
    wager: String,
    table: String,
    line: String,
    pays: Pay,
    section: String,
}

fn entries() -> Vec<Entry> {
    EXPECTED
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            Entry {
                game: f[0].into(),
                wager: f[1].into(),
                table: f[2].into(),
                line: f[3].into(),
                pays: Pay::parse(f[4]).unwrap(),
                section: f[5].into(),
            }
        })
        .collect()
}

const METER: i64 = 2_345_678;

/// Five-card hands of each category, for games that read exactly five cards.
fn five(line: &str) -> &'static str {
    match line {
        "royal-flush" => "As Ks Qs Js Ts",
        "straight-flush" => "9h 8h 7h 6h 5h",
        "four-of-a-kind" => "9c 9d 9h 9s 2c",
        "full-house" => "Kc Kd Kh 4s 4c",
        "flush" => "Ad Jd 8d 6d 3d",
        "straight" => "9c Td Jh Qs 8d",
        "three-of-a-kind" => "7c 7d 7h Ks 2d",
        "two-pair" => "Jc Jd 4h 4s Ac",
        "pair" | "jacks-or-better" => "Qc Qd 8h 5s 3c",
        "sixes-to-tens" => "8c 8d Ah 5s 3c",
        _ => panic!("no five-card fixture for {line}"),
    }
}

/// Splits "a b c d e" into (first two, last three).
fn split5(s: &str) -> (String, String) {
    let c: Vec<&str> = s.split_whitespace().collect();
    (c[..2].join(" "), c[2..].join(" "))
}

fn rules_with(game: &str, key: &str, table: &str) -> Value {
    let mut r = json!({});
    if !key.is_empty() {
        r[key] = json!(table);
    }
    let _ = game;
    r
}

/// A round that hits `e`'s line for seat 1, and the stake it puts on the wager.
fn scenario(e: &Entry) -> Option<(Value, i64)> {
    let stake = 1000;
    let line = e.line.as_str();
    let round = match (e.game.as_str(), e.wager.as_str()) {
        ("wpt-heads-up", "ante" | "raise") => json!({"game": "wpt-heads-up",
            "dealer": "Kh 3c", "community": "5c 6d 7h Kc 2s",
            "seats": [{"seat": 1, "cards": "8s 9d", "wagers": {"ante": stake, "odds": stake}, "raise": {"street": "pre-flop", "amount": stake}}]}),
        ("wpt-heads-up", "odds" | "trips-plus") => {
            // (player, dealer, board): the player wins against a dealer who qualifies, except
            // the high-card line, where the dealer does not.
            let (p, d, b) = match line {
                "royal-flush" => ("As Ks", "4h 4d", "Ts Js Qs 2c 3d"),
                "straight-flush" => ("8h 9h", "3c 3d", "5h 6h 7h 2c 2d"),
                "four-of-a-kind" => ("9h 9s", "Kc 3d", "9c 9d 2h 5s Kd"),
                "full-house" => ("Qh 4c", "8c 3d", "Qc Qd 4h 8s 2c"),
                "flush" => ("Ad Jd", "Kh 3c", "2d 7d 9d Kc 4s"),
                "straight" => ("8s 9d", "Kh 3c", "5c 6d 7h Kc 2s"),
                "three-of-a-kind" => ("7h 7d", "Kh 3c", "7c 2d 9h Kc 4s"),
                "two-pair" => ("7h 9d", "Kh 3c", "7c 2d 9h Kc 4s"),
                "pair" => ("Ah Ad", "Kh 3c", "7c 2d 9h Kc 4s"),
                "high-card" => ("Ah 3d", "Qh 5d", "7c 2d 9h Kc 4s"),
                _ => return None,
            };
            let key = if e.wager == "trips-plus" {
                "trips_plus"
            } else {
                ""
            };
            let wagers = if e.wager == "trips-plus" {
                json!({"ante": stake, "odds": stake, "trips_plus": stake})
            } else {
                json!({"ante": stake, "odds": stake})
            };
            json!({"game": "wpt-heads-up", "rules": rules_with(&e.game, key, &e.table), "dealer": d, "community": b,
                "seats": [{"seat": 1, "cards": p, "wagers": wagers, "raise": {"street": "pre-flop", "amount": stake}}]})
        }
        ("wpt-heads-up", "bad-beat") => {
            // The player's straight or better loses to a qualifying dealer.
            let (p, d, b) = match line {
                "straight-flush" => ("7h 8h", "Qh Kh", "9h Th Jh 2c 3d"),
                "four-of-a-kind" => ("9h 9s", "Kh Ks", "9c 9d Kc Kd 2s"),
                "full-house" => ("9h 4c", "Kh Ks", "9c 9d Kc 4d 2s"),
                "flush" => ("3h 5h", "Ah Qh", "2h 7h 9h Kc 4d"),
                "straight" => ("8s 9d", "Kd Kh", "5c 6d 7h Kc Ks"),
                // A royal flush cannot lose; the line is printed N/A.
                _ => return None,
            };
            json!({"game": "wpt-heads-up", "dealer": d, "community": b,
                "seats": [{"seat": 1, "cards": p, "wagers": {"ante": stake, "odds": stake}, "raise": {"street": "river", "amount": stake}}]})
        }
        ("wpt-heads-up", "pocket-bonus") => {
            let p = match line {
                "pair-of-aces" => "Ah Ad",
                "ace-face-suited" => "Ah Kh",
                "ace-face-offsuit" => "Ah Qd",
                "pair-twos-to-kings" => "7h 7d",
                _ => return None,
            };
            json!({"game": "wpt-heads-up", "rules": {"pocket_bonus": e.table}, "dealer": "4d 8c", "community": "2c 5d 9s Jc 3h",
                "seats": [{"seat": 1, "cards": p, "wagers": {"ante": stake, "odds": stake, "pocket_bonus": stake}, "fold": true}]})
        }
        ("texas-holdem-bonus", "ante" | "flop" | "turn" | "river") => {
            json!({"game": "texas-holdem-bonus",
            "dealer": "Kh 3c", "community": "5c 6d 7h Kc 2s",
            "seats": [{"seat": 1, "cards": "8s 9d", "wagers": {"ante": stake}, "flop": 2 * stake, "turn": stake, "river": stake}]})
        }
        ("texas-holdem-bonus", "bonus") => {
            let (p, d) = match line {
                "aces-with-dealer-aces" => ("Ah Ad", "As Ac"),
                "pair-of-aces" => ("Ah Ad", "4s 8c"),
                "ace-king-suited" => ("Ah Kh", "4s 8c"),
                "ace-queen-or-jack-suited" => ("Ah Jh", "4s 8c"),
                "ace-king-offsuit" => ("Ah Kd", "4s 8c"),
                "kings-queens-or-jacks" => ("Qh Qd", "4s 8c"),
                "ace-queen-or-jack-offsuit" => ("Ah Qd", "4s 8c"),
                "pair-twos-to-tens" => ("Th Td", "4s 8c"),
                _ => return None,
            };
            json!({"game": "texas-holdem-bonus", "rules": {"bonus": e.table}, "dealer": d, "community": "2c 5d 9s Jc 3h",
                "seats": [{"seat": 1, "cards": p, "wagers": {"ante": stake, "bonus": stake}, "flop": 0}]})
        }
        ("texas-holdem-bonus", "progressive" | "five-card-bonus") => {
            let (hole, flop) = split5(five(line));
            let w = if e.wager == "progressive" {
                json!({"ante": stake, "progressive": 100})
            } else {
                json!({"ante": stake, "fchb_player": 100})
            };
            return Some((
                json!({"game": "texas-holdem-bonus", "rules": {"magic_and_lucky": false}, "dealer": "2s 3s", "community": format!("{flop} 4h 5c"),
                "meters": {"progressive": METER, "five_card_bonus": METER},
                "seats": [{"seat": 1, "cards": hole, "wagers": w, "flop": 2 * stake}]}),
                100,
            ));
        }
        ("texas-holdem-bonus", "envy") => {
            let chip = if e.table.contains("$5") { 500 } else { 100 };
            let (hole, flop) = split5(five(line));
            return Some((
                json!({"game": "texas-holdem-bonus", "dealer": "2c 3c", "community": format!("{flop} 4c 4d"),
                "meters": {"progressive": METER},
                "seats": [{"seat": 1, "cards": "Ad Kd", "wagers": {"ante": stake, "progressive": chip}, "flop": 0},
                          {"seat": 2, "cards": hole, "wagers": {"ante": stake}, "flop": 2 * stake}]}),
                0,
            ));
        }
        ("texas-holdem-bonus", "magic-lucky") => {
            let (magic, lucky) = if line == "magic-card" {
                ("Ad", json!(4))
            } else {
                ("2h", json!(1))
            };
            return Some((
                json!({"game": "texas-holdem-bonus", "dealer": "Kh 3c", "community": "5c 6d 7h Kc 2s",
                "meters": {"five_card_bonus": METER}, "magic_card": magic, "lucky": lucky,
                "seats": [{"seat": 1, "cards": "Ad 9d", "wagers": {"ante": stake, "fchb_player": 100}, "flop": 0}]}),
                100,
            ));
        }
        ("lunar-poker", "ante") => json!({"game": "lunar-poker", "dealer": "Qh 9d 7c 4s 2h",
            "seats": [{"seat": 1, "cards": "Jc Jd 8h 5s 3c", "wagers": {"ante": stake}, "bet": true}]}),
        ("lunar-poker", "bet") => {
            let seat = match line {
                "royal-flush" => {
                    json!({"seat": 1, "cards": "As Ks Qs Js 2d", "wagers": {"ante": stake}, "draw": {"buy": "Ts"}, "bet": true})
                }
                "straight-flush" => {
                    json!({"seat": 1, "cards": "9h 8h 7h Kc 2d", "wagers": {"ante": stake}, "draw": {"exchange": {"discard": "Kc 2d", "replace": "6h 5h"}}, "bet": true})
                }
                "four-of-a-kind" => {
                    json!({"seat": 1, "cards": "9c 9d 9h 9s 2c", "wagers": {"ante": stake}, "bet": true})
                }
                "full-house" => {
                    json!({"seat": 1, "cards": "Jc Jd Js 4s 4c", "wagers": {"ante": stake}, "bet": true})
                }
                "flush" => {
                    json!({"seat": 1, "cards": "Ad Jd 8d 6d 3d", "wagers": {"ante": stake}, "bet": true})
                }
                "straight" => {
                    json!({"seat": 1, "cards": "9c Td Jh Qs 8d", "wagers": {"ante": stake}, "bet": true})
                }
                "three-of-a-kind" => {
                    json!({"seat": 1, "cards": "6c 6d 6h Ks 2d", "wagers": {"ante": stake}, "bet": true})
                }
                "two-pair" => {
                    json!({"seat": 1, "cards": "Jc Jd 4h 4s 3c", "wagers": {"ante": stake}, "bet": true})
                }
                "pair" => {
                    json!({"seat": 1, "cards": "Qc Qd 8h 5s 3c", "wagers": {"ante": stake}, "bet": true})
                }
                "ace-king" => {
                    json!({"seat": 1, "cards": "Ac Kd Qs 5s 3c", "wagers": {"ante": stake}, "bet": true})
                }
                _ => return None,
            };
            // The dealer qualifies with ace-king and loses to every line.
            let dealer = if line == "ace-king" {
                "Ah Kh 8h 7c 2s"
            } else {
                "Ah Kh Qh 7c 2s"
            };
            json!({"game": "lunar-poker", "dealer": dealer, "seats": [seat]})
        }
        ("lunar-poker", "instant") => {
            let cards = if line == "royal-flush" {
                "As Ks Qs Js Ts"
            } else {
                "9h 8h 7h 6h 5h"
            };
            json!({"game": "lunar-poker", "rules": {"instant": e.table}, "dealer": "Ac Kd 7c 4s 2h",
                "seats": [{"seat": 1, "cards": cards, "wagers": {"ante": stake}, "declared": true}]})
        }
        ("lunar-poker", "super") => {
            let cards = match line {
                "four-of-a-kind" => "9c 9d 9h 9s 2c",
                "same-colored-straight" => "9h Td Jh Qd Kh",
                "full-house" => "Kc Kd Kh 4s 4c",
                "flush" => "Ad Jd 8d 6d 3d",
                "straight" => "9c Td Jh Qs 8d",
                "three-of-a-kind" => "7c 7d 7h Ks 2d",
                "ace-king" => "Ac Kd 8h 5s 3c",
                "same-colored-five" => "9h 9d 2h 2d 5h",
                _ => return None,
            };
            json!({"game": "lunar-poker", "rules": {"super": e.table}, "dealer": "Qh 6c 8c 3s 2s",
                "seats": [{"seat": 1, "cards": cards, "wagers": {"ante": stake, "super": stake}, "declared": true}]})
        }
        ("spanish-21", "spanish-21") => match line {
            "win" => {
                json!({"game": "spanish-21", "dealer": "9c 8d", "seats": [{"seat": 1, "wagers": {"spanish_21": stake}, "hands": [{"cards": "Kh Qs"}]}]})
            }
            "blackjack" => {
                json!({"game": "spanish-21", "dealer": "9c 8d", "seats": [{"seat": 1, "wagers": {"spanish_21": stake}, "hands": [{"cards": "Ah Ks"}]}]})
            }
            "even-money" => {
                json!({"game": "spanish-21", "rules": {"even_money_offered": true}, "dealer": "Ac 8d", "seats": [{"seat": 1, "wagers": {"spanish_21": stake}, "even_money": true, "hands": [{"cards": "Ah Ks"}]}]})
            }
            _ => return None,
        },
        ("spanish-21", "bonus-21") => {
            let cards = match line {
                "six-seven-eight-mixed" => "6h 7s 8d",
                "six-seven-eight-suited" => "6h 7h 8h",
                "six-seven-eight-spades" => "6s 7s 8s",
                "seven-seven-seven-mixed" => "7h 7s 7d",
                "seven-seven-seven-suited" => "7h 7h 7h",
                "seven-seven-seven-spades" => "7s 7s 7s",
                "five-card-21" => "2c 3d 4h 5s 7c",
                "six-card-21" => "2c 2d 3h 3s 4c 7d",
                "seven-or-more-card-21" => "2c 2d 2h 3s 3c 4d 5h",
                _ => return None,
            };
            json!({"game": "spanish-21", "dealer": "9c 8d", "seats": [{"seat": 1, "wagers": {"spanish_21": stake}, "hands": [{"cards": cards}]}]})
        }
        ("spanish-21", "suited-sevens") => {
            let (w, seat) = match line {
                "wager-5-to-under-25" => (500, 1),
                "wager-25-or-more" => (2500, 1),
                _ => (500, 2),
            };
            return Some((
                json!({"game": "spanish-21", "dealer": "7c 9d 3h", "seats": [
                {"seat": 1, "wagers": {"spanish_21": w}, "hands": [{"cards": "7h 7h 7h"}]},
                {"seat": 2, "wagers": {"spanish_21": 1000}, "hands": [{"cards": "Kh Qs"}]}]}),
                if seat == 1 { 0 } else { -1 },
            ));
        }
        ("spanish-21", "insurance") => json!({"game": "spanish-21", "dealer": "Ac Kd",
            "seats": [{"seat": 1, "wagers": {"spanish_21": 2 * stake, "insurance": stake}, "hands": [{"cards": "9h 9s"}]}]}),
        ("spanish-21", "match-the-dealer") => {
            let decks: u8 = e.table[..1].parse().unwrap();
            let cards = if line == "suited-match" {
                "9c 5h"
            } else {
                "9h 5h"
            };
            json!({"game": "spanish-21", "rules": {"decks": decks}, "dealer": "9c 8d",
                "seats": [{"seat": 1, "wagers": {"spanish_21": stake, "match_the_dealer": stake}, "hands": [{"cards": cards}]}]})
        }
        ("mississippi-stud", "mississippi-stud") => {
            let (hole, board) = split5(five(line));
            json!({"game": "mississippi-stud", "community": board,
                "seats": [{"seat": 1, "cards": hole, "wagers": {"ante": stake}, "streets": [stake, stake, stake]}]})
        }
        ("mississippi-stud", "progressive") => {
            let (hole, board) = split5(five(line));
            return Some((
                json!({"game": "mississippi-stud", "community": board, "meters": {"progressive": METER},
                "seats": [{"seat": 1, "cards": hole, "wagers": {"ante": stake, "progressive": 100}, "streets": [stake, stake, stake]}]}),
                100,
            ));
        }
        ("mississippi-stud", "envy") => {
            let chip = if e.table.contains("$5") { 500 } else { 100 };
            let (hole, board) = split5(five(line));
            return Some((
                json!({"game": "mississippi-stud", "community": board, "meters": {"progressive": METER},
                "seats": [{"seat": 1, "cards": "2c 2d", "wagers": {"ante": stake, "progressive": chip}, "streets": []},
                          {"seat": 2, "cards": hole, "wagers": {"ante": stake}, "streets": [stake, stake, stake]}]}),
                0,
            ));
        }
        ("mississippi-stud", "three-card-bonus") => {
            let board = match line {
                "mini-royal" => "Ah Kh Qh",
                "straight-flush" => "9h 8h 7h",
                "three-of-a-kind" => "7c 7d 7h",
                "straight" => "9c Td Jh",
                "flush" => "Ad Jd 8d",
                "pair" => "Qc Qd 8h",
                _ => return None,
            };
            json!({"game": "mississippi-stud", "rules": {"three_card_bonus": e.table}, "community": board,
                "seats": [{"seat": 1, "cards": "2s 3s", "wagers": {"ante": stake, "three_card_bonus": stake}, "streets": []}]})
        }
        ("crazy-4-poker", "ante" | "play") => {
            json!({"game": "crazy-4-poker", "dealer": "Kc 9d 7h 4s 2c",
            "seats": [{"seat": 1, "cards": "Qs Qd 8h 5s 3c", "wagers": {"ante": stake, "super_bonus": stake}, "play": stake}]})
        }
        ("crazy-4-poker", "super-bonus" | "queens-up" | "progressive") => {
            let cards = match line {
                "four-aces" => "Ac Ad Ah As 2c",
                "four-of-a-kind" => "9c 9d 9h 9s 2c",
                "straight-flush" => "9h 8h 7h 6h 2c",
                "three-of-a-kind" => "7c 7d 7h Ks 2d",
                "flush" => "Ad Jd 8d 6d 3c",
                "straight" => "9c Td Jh Qs 3d",
                "two-pair" => "Jc Jd 4h 4s 2c",
                "queens-or-better" => "Qc Qd 8h 5s 3c",
                _ => return None,
            };
            let (w, key, st) = match e.wager.as_str() {
                "super-bonus" => (json!({"ante": stake, "super_bonus": stake}), "", stake),
                "queens-up" => (
                    json!({"ante": stake, "super_bonus": stake, "queens_up": stake}),
                    "queens_up",
                    stake,
                ),
                _ => (
                    json!({"ante": stake, "super_bonus": stake, "progressive": 100}),
                    "progressive",
                    100,
                ),
            };
            return Some((
                json!({"game": "crazy-4-poker", "rules": rules_with(&e.game, key, &e.table), "dealer": "Kc 5c 7s 4c 2s", "meters": {"progressive": METER},
                "seats": [{"seat": 1, "cards": cards, "wagers": w, "play": stake}]}),
                st,
            ));
        }
        ("crazy-4-poker", "envy") => {
            let chip = if e.table.contains("$5") { 500 } else { 100 };
            let letter = &e.table[..1];
            let cards = match line {
                "four-aces" => "Ac Ad Ah As 2c",
                "four-of-a-kind" => "9c 9d 9h 9s 2c",
                "straight-flush" => "9h 8h 7h 6h 2c",
                _ => return None,
            };
            return Some((
                json!({"game": "crazy-4-poker", "rules": {"progressive": letter}, "dealer": "Kc 5c 7s 4c 2s", "meters": {"progressive": METER},
                "seats": [{"seat": 1, "cards": "3d 3s 5d 6d Ts", "wagers": {"ante": stake, "super_bonus": stake, "progressive": chip}, "play": stake},
                          {"seat": 2, "cards": cards, "wagers": {"ante": stake, "super_bonus": stake}, "play": stake}]}),
                0,
            ));
        }
        _ => return None,
    };
    Some((round, stake))
}

fn settle(round: &Value) -> Settlement {
    let p = Paytables::embedded().unwrap();
    settle_json(&round.to_string(), &p, &HouseRules::default())
        .unwrap_or_else(|e| panic!("{e}\n{round}"))
}

/// The result names a line's payout is recorded under.
fn result_names(e: &Entry) -> Vec<&'static str> {
    match (e.game.as_str(), e.wager.as_str()) {
        (_, "bad-beat") => vec!["odds"],
        ("texas-holdem-bonus", "five-card-bonus") => vec!["fchb-player"],
        ("texas-holdem-bonus", "magic-lucky") => vec!["magic-card", "lucky-bonus"],
        ("lunar-poker", "instant") => vec!["ante"],
        ("spanish-21", "bonus-21") => vec!["spanish-21"],
        ("spanish-21", "suited-sevens") => vec!["suited-sevens", "suited-sevens-share"],
        ("mississippi-stud", "mississippi-stud") => vec!["ante"],
        _ => vec![Box::leak(e.wager.clone().into_boxed_str())],
    }
}

#[test]
fn every_pay_line_pays_as_the_regulation_prints_it() {
    let mut checked = 0;
    for e in entries() {
        let Some((round, stake)) = scenario(&e) else {
            // Only a line printed "N/A" with no reachable hand may be skipped.
            assert_eq!(
                e.pays,
                Pay::NotAvailable,
                "no scenario for {} {} {} {}",
                e.game,
                e.wager,
                e.table,
                e.line
            );
            continue;
        };
        let s = settle(&round);
        let seat = if stake == -1 { 2 } else { 1 };
        let names = result_names(&e);
        let r = s
            .results
            .iter()
            .find(|r| {
                r.seat == seat
                    && names.contains(&r.wager.as_str())
                    && (e.game != "spanish-21" || e.wager != "suited-sevens" || r.stake == 0)
            })
            .unwrap_or_else(|| {
                panic!(
                    "no {names:?} result at seat {seat} for {} {} {}: {:#?}",
                    e.game, e.table, e.line, s.results
                )
            });
        let ctx = format!(
            "{} {} {} {} ({}): {}",
            e.game, e.wager, e.table, e.line, e.section, r.explanation
        );
        let stake = stake.max(0);
        match e.pays {
            Pay::To(a, b) => {
                // The Flop (647a) and Bet (589) wagers are twice the Ante; the rest stake `stake`.
                let stake = if e.wager == "flop" || e.wager == "bet" {
                    2 * stake
                } else {
                    stake
                };
                assert_eq!(r.stake, stake, "{ctx}");
                // § 677a.12(a): WPT's winning Ante and Raise wagers are paid 1 to 1.
                // § 677a.12(b): the Odds Wager at its table, 500 to 1 down to 1 to 1, else push.
                // § 677a.12(c): the Bad Beat on a losing straight or better, 500 to 1 to 4 to 1.
                // § 677a.12(d): the Pocket Bonus by the paytable A, B or C the rules choose.
                // § 677a.12(e): Trips Plus by the paytable A, B, C or D the rules choose.
                // § 655a.12(a): Mississippi Stud's winning wagers at the printed odds, royal
                // flush 500 to 1 down to jacks or better 1 to 1 (6s to 10s push, below).
                // § 655a.12(d): the Three Card Bonus by the paytable A, B, C or D the rules
                // choose (`three_card_bonus`): each table's own odds, straight 6 or 5 to 1.
                // § 589.12(b): Lunar Poker's Super Wager by the paytable A, B or C the rules
                // choose (`super`): each table's own odds, three of a kind 8 or 7 to 1.
                // § 589.12(c): Lunar Poker's Bet (twice the Ante, above) at the fixed odds,
                // royal flush 100 to 1 down to ace-king 1 to 1.
                // § 657a.12(a): Crazy 4 Poker's winning Ante and Play Wagers are paid 1 to 1.
                // § 657a.12(b): the Super Bonus at its printed odds, four aces 200 to 1 down to a
                // straight 1 to 1.
                // § 657a.12(c): Queens Up by the paytable A, B, C or D the rules choose
                // (`queens_up`): each table's own odds, three of a kind 9, 8 (table B) or 7 to 1.
                // § 635a.12(a): a winning Spanish 21 Wager is paid 1 to 1, a Blackjack 3 to 2.
                // § 635a.12(b): the 6-7-8, 7-7-7 and five-, six- and seven-card 21 bonuses at
                // their printed odds.
                // § 635a.12(d): a winning Insurance Wager is paid 2 to 1.
                // § 635a.8(c): the winning insurance is paid from the paytable at 2 to 1.
                // § 635a.12(e): Match-the-Dealer by the decks in the shoe (`decks`): 9 and 4 to 1
                // with six, 12 and 3 to 1 with eight.
                // § 647a.12(a): Texas Hold 'Em Bonus's winning Ante, Flop (twice the Ante, above),
                // Turn and River wagers are paid 1 to 1.
                assert_eq!(r.net, stake * a as i64 / b as i64, "{ctx}");
                assert_eq!(r.paid, r.stake + r.net, "{ctx}");
            }
            Pay::For(a, b) => {
                let total = 100 * a as i64 / b as i64;
                // § 657a.12(d): the progressive by the paytable A or B the rules choose
                // (`progressive`): three of a kind 9 for 1 on A, 15 for 1 on B.
                if r.stake == 0 {
                    assert_eq!(r.net, total, "{ctx}");
                } else {
                    assert_eq!(r.paid, total, "{ctx}");
                    assert_eq!(r.net, total - r.stake, "{ctx}");
                }
            }
            Pay::Push => {
                assert_eq!(r.net, 0, "{ctx}");
                assert_eq!(r.paid, r.stake, "{ctx}");
            }
            Pay::MeterPercent(pct) => {
                assert_eq!(r.paid, METER * pct as i64 / 100, "{ctx}");
                assert_eq!(r.from_meter, r.paid, "{ctx}");
                // § 657a.11(e): a meter hit is paid from the meter as it stands at the player's
                // turn, validated by a floorperson, the cards held on the table.
                assert!(r.floor_verification && r.hold_cards, "{ctx}");
                let m = &s.meters[0];
                assert_eq!(m.before, METER);
                assert_eq!(m.paid, r.paid, "{ctx}");
            }
            // § 657a.12(d): the Envy Bonus schedule of the chosen paytable (A or B) by the $1 or
            // $5 progressive chip, for another player's hand.
            Pay::Fixed(c) => assert_eq!(r.net, c, "{ctx}"),
            Pay::NotAvailable => {
                // Table B's dealer-and-player aces line: the hand is paid as ace-ace instead.
                assert_eq!(
                    (e.game.as_str(), e.line.as_str()),
                    ("texas-holdem-bonus", "aces-with-dealer-aces")
                );
                // § 647a.12(b): paytable B (the `bonus` choice) has no dealer-and-player aces line:
                // the hand is paid ace-ace's 30 to 1, where table A pays it 1,000 to 1 (above).
                assert_eq!(r.net, stake * 30, "{ctx}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 250, "{checked} lines checked");
}

#[test]
fn the_transcription_and_the_paytable_files_hold_the_same_lines() {
    let p = Paytables::embedded().unwrap();
    let mut from_files: Vec<(String, String, String, String, Pay)> = Vec::new();
    for t in p.all() {
        for (line, pay) in &t.lines {
            from_files.push((
                t.game.clone(),
                t.wager.clone(),
                t.table.clone(),
                line.clone(),
                *pay,
            ));
        }
    }
    let mut expected: Vec<(String, String, String, String, Pay)> = entries()
        .into_iter()
        .map(|e| (e.game, e.wager, e.table, e.line, e.pays))
        .collect();
    from_files.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    expected.sort_by(|a, b| format!("{a:?}").cmp(&format!("{b:?}")));
    for (a, b) in from_files.iter().zip(&expected) {
        assert_eq!(a, b);
    }
    assert_eq!(from_files.len(), expected.len());
    // Every table cites its section as the transcription does.
    for e in entries() {
        let t = p.get(&e.game, &e.wager, &e.table).unwrap();
        assert!(
            e.section.starts_with(&t.section)
                || t.section
                    .starts_with(&e.section[..e.section.len().min(t.section.len())]),
            "{} vs {}",
            e.section,
            t.section
        );
    }
}
