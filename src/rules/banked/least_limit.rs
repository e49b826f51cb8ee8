//! The payout limits whose floor is "$50,000 or the maximum payout at the table minimum,
//! whichever is greater" (§ 677a.12(f), § 647a.12(c), § 655a.12(b)): the second figure computed
//! from the table's paytables and its posted minimums, so a configured limit below it is
//! refused.

use super::paytable::Paytables;
use crate::rules::Cents;

/// Mississippi Stud (§ 655a.12(b)): at the minimum Ante, the Ante and the three Street wagers
/// at their most (3× the Ante each, § 655a.11(b),(d),(f)) on the paytable's top line; the
/// limit covers those wagers.
pub fn mississippi_stud(p: &Paytables, min_ante: Cents) -> Result<Cents, String> {
    let t = p.get("mississippi-stud", "mississippi-stud", "standard")?;
    let street = min_ante.saturating_mul(3);
    Ok(t.top_win(min_ante)
        .saturating_add(t.top_win(street).saturating_mul(3)))
}

/// WPT Heads-Up Hold 'Em (§ 677a.12(f)): at the minimum Ante, the Ante, the largest Raise (3×
/// the Ante before the flop, § 677a.11(b)) and the Odds Wager (equal to the Ante, § 677a.7(d))
/// on their tables' top lines; the limit covers those wagers, never a Bad Beat payout.
pub fn wpt_heads_up(p: &Paytables, min_ante: Cents) -> Result<Cents, String> {
    let game = "wpt-heads-up";
    let mut most: Cents = 0;
    for (wager, stake) in [
        ("ante", min_ante),
        ("raise", min_ante.saturating_mul(3)),
        ("odds", min_ante),
    ] {
        most = most.saturating_add(p.get(game, wager, "standard")?.top_win(stake));
    }
    Ok(most)
}

/// Texas Hold 'Em Bonus (§ 647a.12(c)): at the minimum Ante, the Ante, the Flop (2× the Ante),
/// Turn and River wagers (1× each, § 647a.11(b),(d),(f)) on their tables' top lines, and the
/// Bonus at its posted minimum on its table's top line; the limit covers those wagers.
pub fn texas_holdem_bonus(
    p: &Paytables,
    bonus_table: &str,
    min_ante: Cents,
    min_bonus: Cents,
) -> Result<Cents, String> {
    let game = "texas-holdem-bonus";
    let mut most: Cents = 0;
    for (wager, stake) in [
        ("ante", min_ante),
        ("flop", min_ante.saturating_mul(2)),
        ("turn", min_ante),
        ("river", min_ante),
    ] {
        most = most.saturating_add(p.get(game, wager, "standard")?.top_win(stake));
    }
    Ok(most.saturating_add(p.get(game, "bonus", bonus_table)?.top_win(min_bonus)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_second_branch_from_the_embedded_paytables() {
        let p = Paytables::embedded().unwrap();
        // A royal flush pays 500 to 1 on the $25 Ante and three $75 Streets: $125,000.
        assert_eq!(mississippi_stud(&p, 2500).unwrap(), 500 * (2500 + 3 * 7500));
        // $5 Ante: Ante, Flop, Turn and River 1 to 1 ($25), and a $5 Bonus 1,000 to 1.
        assert_eq!(
            texas_holdem_bonus(&p, "A", 500, 500).unwrap(),
            500 + 1000 + 500 + 500 + 500 * 1000
        );
        // § 677a.12(f): a $100 Ante wins $100, a $300 Raise $300 and the Odds' top line on $100.
        let odds = p
            .get("wpt-heads-up", "odds", "standard")
            .unwrap()
            .top_win(10_000);
        assert_eq!(wpt_heads_up(&p, 10_000).unwrap(), 10_000 + 30_000 + odds);
        // A huge minimum never wraps.
        assert_eq!(mississippi_stud(&p, Cents::MAX).unwrap(), Cents::MAX);
    }
}
