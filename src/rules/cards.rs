//! Cards, ranks, suits and decks, with the two-character codes dealers and floorpersons
//! read and write (`As`, `Td`, `10h`).
//!
//! § 637a.3(a): a round is played with one 52-card deck; the rank order for high poker is
//! § 637a.6(a) (ace high, ace also low in A-2-3-4-5).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A card suit. The declaration order is the Stud suit order of § 637a.6 used only for forced
/// bets and odd chips: clubs (lowest), diamonds, hearts, spades (highest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn code(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    fn from_code(c: char) -> Option<Suit> {
        match c.to_ascii_lowercase() {
            'c' | '♣' => Some(Suit::Clubs),
            'd' | '♦' => Some(Suit::Diamonds),
            'h' | '♥' => Some(Suit::Hearts),
            's' | '♠' => Some(Suit::Spades),
            _ => None,
        }
    }
}

/// A card rank, 2 through 14 (ace). Ace-low use is decided by each ranking, not here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(2);
    pub const TEN: Rank = Rank(10);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);
    pub const ACE: Rank = Rank(14);

    /// All thirteen ranks, 2 up to ace.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> {
        (2..=14).map(Rank)
    }

    /// `Some` for 2..=14.
    pub fn new(value: u8) -> Option<Rank> {
        (2..=14).contains(&value).then_some(Rank(value))
    }

    /// 2..=14, ace is 14.
    pub fn value(self) -> u8 {
        self.0
    }

    pub fn code(self) -> char {
        b"23456789TJQKA"[(self.0 - 2) as usize] as char
    }

    /// Singular name as a floorperson says it: "ace", "ten", "four".
    pub fn name(self) -> &'static str {
        [
            "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace",
        ][(self.0 - 2) as usize]
    }

    /// Plural name: "aces", "sixes".
    pub fn plural(self) -> &'static str {
        [
            "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces",
        ][(self.0 - 2) as usize]
    }

    fn from_code(s: &(impl AsRef<[u8]> + ?Sized)) -> Option<Rank> {
        // Bytes, either case, no allocation (a batch parses millions of codes).
        let v = match s.as_ref() {
            [b'A' | b'a'] => 14,
            [b'K' | b'k'] => 13,
            [b'Q' | b'q'] => 12,
            [b'J' | b'j'] => 11,
            [b'T' | b't'] | [b'1', b'0'] => 10,
            [d @ b'2'..=b'9'] => d - b'0',
            _ => return None,
        };
        Some(Rank(v))
    }
}

/// One playing card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// A dense index 0..52 (rank-major), for bitsets.
    pub fn index(self) -> usize {
        (self.rank.0 as usize - 2) * 4 + self.suit.index()
    }

    pub fn from_index(i: usize) -> Option<Card> {
        (i < 52).then(|| Card {
            rank: Rank((i / 4) as u8 + 2),
            suit: Suit::ALL[i % 4],
        })
    }

    /// "A♠", for display on the dealer's screen.
    pub fn pretty(self) -> String {
        let r = if self.rank == Rank::TEN {
            "10".to_string()
        } else {
            self.rank.code().to_string()
        };
        format!("{r}{}", self.suit.symbol())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.code(), self.suit.code())
    }
}

/// Why a card code was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardParseError {
    #[error("`{0}`: a card is a rank (2-9, T or 10, J, Q, K, A) followed by a suit (c, d, h, s)")]
    Shape(String),
    #[error("`{code}`: unknown rank `{rank}`")]
    Rank { code: String, rank: String },
    #[error("`{code}`: unknown suit `{suit}`")]
    Suit { code: String, suit: char },
    #[error("`{0}` appears twice")]
    Duplicate(String),
}

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Card, CardParseError> {
        // The usual two-byte code ("Kh") without counting characters (a batch parses millions).
        if let [_, su] = s.as_bytes()
            && su.is_ascii()
            && let (Some(rank), Some(suit)) =
                (Rank::from_code(&s[..1]), Suit::from_code(char::from(*su)))
        {
            return Ok(Card { rank, suit });
        }
        let code = s.trim();
        let n = code.chars().count();
        let Some((last, suit_char)) = code.char_indices().last().filter(|_| (2..=3).contains(&n))
        else {
            return Err(CardParseError::Shape(code.to_string()));
        };
        let rank_str = &code[..last];
        let rank = Rank::from_code(rank_str).ok_or_else(|| CardParseError::Rank {
            code: code.to_string(),
            rank: rank_str.to_string(),
        })?;
        let suit = Suit::from_code(suit_char).ok_or(CardParseError::Suit {
            code: code.to_string(),
            suit: suit_char,
        })?;
        Ok(Card { rank, suit })
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The two ASCII characters of the code, as `Display` writes them, without a formatter.
        let code = [self.rank.code() as u8, self.suit.code() as u8];
        s.serialize_str(std::str::from_utf8(&code).unwrap_or("??"))
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Cards as they read on screen and in the journal's words ("A♠ K♥"), space-separated.
pub fn pretty_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The cards as codes separated by spaces ("As Kd"), what [`parse_cards`] reads.
pub fn cards_codes(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `t` with each letter of `pairs` given its value in both cases.
const fn with_letters(mut t: [u8; 256], pairs: &[(u8, u8)]) -> [u8; 256] {
    let mut i = 0;
    while i < pairs.len() {
        let (letter, value) = pairs[i];
        t[letter.to_ascii_lowercase() as usize] = value;
        t[letter.to_ascii_uppercase() as usize] = value;
        i += 1;
    }
    t
}

/// What an ASCII byte is to the card parser: a suit's index (0 to 3), a separator, or other.
const SEP: u8 = 0xFE;
const BYTES: [u8; 256] = {
    let mut t = with_letters([0xFF; 256], &[(b'c', 0), (b'd', 1), (b'h', 2), (b's', 3)]);
    let mut i = 0;
    while i < 256 {
        if (i as u8).is_ascii_whitespace() || i == b',' as usize || i == 0x0B {
            t[i] = SEP;
        }
        i += 1;
    }
    t
};
/// A one-byte rank code's value (0: not one), as [`Rank::from_code`] reads it.
const RANKS: [u8; 256] = {
    let mut t = with_letters(
        [0; 256],
        &[(b't', 10), (b'j', 11), (b'q', 12), (b'k', 13), (b'a', 14)],
    );
    let mut d = b'2';
    while d <= b'9' {
        t[d as usize] = d - b'0';
        d += 1;
    }
    t
};

/// Parse a list of codes separated by spaces or commas, refusing a card named twice.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardParseError> {
    let mut out = Vec::with_capacity(8);
    parse_cards_into(text, &mut out)?;
    Ok(out)
}

/// [`parse_cards`] into a vector the caller reuses (cleared first): a batch parses millions.
pub fn parse_cards_into(text: &str, out: &mut Vec<Card>) -> Result<(), CardParseError> {
    out.clear();
    let mut seen = CardSet::default();
    let mut push = |card: Card, out: &mut Vec<Card>| {
        if !seen.insert(card) {
            return Err(CardParseError::Duplicate(card.to_string()));
        }
        out.push(card);
        Ok(())
    };
    if text.is_ascii() {
        // Bytes: split on ASCII whitespace (and vertical tab) and commas, exactly as the
        // general path below; a two-byte code is looked up in place.
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if BYTES[b[i] as usize] == SEP {
                i += 1;
                continue;
            }
            let start = i;
            while i < b.len() && BYTES[b[i] as usize] != SEP {
                i += 1;
            }
            let tok = &b[start..i];
            if let [r, su] = tok
                && let (rank @ 2..=14, suit @ 0..=3) = (RANKS[*r as usize], BYTES[*su as usize])
            {
                push(
                    Card {
                        rank: Rank(rank),
                        suit: Suit::ALL[suit as usize],
                    },
                    out,
                )?;
                continue;
            }
            // ASCII, so every byte boundary is a character boundary.
            push(std::str::from_utf8(tok).unwrap_or_default().parse()?, out)?;
        }
    } else {
        for tok in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            push(tok.parse()?, out)?;
        }
    }
    Ok(())
}

/// Parse a list of codes from a multi-deck shoe (Spanish 21 uses six or eight decks,
/// § 635a.3(a)), where the same card may appear more than once.
pub fn parse_multi_deck(text: &str) -> Result<Vec<Card>, CardParseError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

/// The 52 cards of one deck (§ 637a.3(a)), in index order.
pub fn full_deck() -> Vec<Card> {
    (0..52).filter_map(Card::from_index).collect()
}

/// A set of cards as a 52-bit mask, used to refuse a card already in play.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSet(u64);

impl CardSet {
    pub fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.index()) != 0
    }
    /// Adds the card; `false` if it was already there.
    pub fn insert(&mut self, c: Card) -> bool {
        let fresh = !self.contains(c);
        self.0 |= 1 << c.index();
        fresh
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ascii_path_splits_as_the_character_path_does() {
        let by_chars = |text: &str| -> Vec<String> {
            text.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect()
        };
        for b in 0u8..128 {
            let sep = char::from(b).to_string();
            let text = format!("Ah{sep}Kd{sep}{sep}10c");
            let want = by_chars(&text)
                .iter()
                .map(|t| t.parse::<Card>())
                .collect::<Result<Vec<_>, _>>();
            assert_eq!(parse_cards(&text).ok(), want.ok(), "separator byte {b}");
        }
        assert_eq!(
            parse_cards("Ah Kd Ah").unwrap_err(),
            CardParseError::Duplicate("Ah".into())
        );
        assert_eq!(
            parse_cards("Ah\u{a0}Kd").unwrap().len(),
            2,
            "a non-ASCII space"
        );
        // The lookup tables read every two-byte ASCII code as the general parser does.
        for a in 0u8..128 {
            for b in 0u8..128 {
                let code = String::from_utf8(vec![a, b]).unwrap();
                let want = by_chars(&code)
                    .iter()
                    .map(|t| t.parse::<Card>())
                    .collect::<Result<Vec<_>, _>>();
                assert_eq!(parse_cards(&code).ok(), want.ok(), "{a} {b}");
            }
        }
    }

    #[test]
    fn parses_and_prints_every_card() {
        for c in full_deck() {
            let code = c.to_string();
            assert_eq!(code.parse::<Card>().unwrap(), c);
            assert_eq!(Card::from_index(c.index()), Some(c));
        }
        assert_eq!("10h".parse::<Card>().unwrap().to_string(), "Th");
        assert_eq!("aS".parse::<Card>().unwrap().to_string(), "As");
        assert_eq!(full_deck().len(), 52);
    }

    #[test]
    fn bad_codes_say_what_is_wrong() {
        assert_eq!(
            "1x".parse::<Card>().unwrap_err().to_string(),
            "`1x`: unknown rank `1`"
        );
        assert_eq!(
            "Ax".parse::<Card>().unwrap_err().to_string(),
            "`Ax`: unknown suit `x`"
        );
        assert!(matches!("".parse::<Card>(), Err(CardParseError::Shape(_))));
        assert!(matches!(
            "10hh".parse::<Card>(),
            Err(CardParseError::Shape(_))
        ));
        assert_eq!(
            parse_cards("As Kd As").unwrap_err(),
            CardParseError::Duplicate("As".into())
        );
    }

    #[test]
    fn card_set_refuses_duplicates() {
        let mut s = CardSet::default();
        let a: Card = "As".parse().unwrap();
        assert!(s.insert(a));
        assert!(!s.insert(a));
        assert_eq!(s.len(), 1);
    }
}
