//! Parsers never panic on any input, and canonical output parses back to the
//! same value.

use engine::{Cards, Deal, Move, Play};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,80}") {
        let _ = text.parse::<Cards>();
        let _ = Deal::parse(&text);
        let _ = Play::parse(&text);
        let _ = Move::parse(&text);
    }

    #[test]
    fn card_like_text_never_panics_and_round_trips(text in "[3-9tTjJqQkKaA2xXdD01+\\[\\] ]{0,70}") {
        if let Ok(cards) = text.parse::<Cards>() {
            prop_assert_eq!(cards.to_string().parse::<Cards>(), Ok(cards));
            prop_assert_eq!(cards.to_string().to_uppercase(), cards.to_string());
        }
        if let Ok(deal) = Deal::parse(&text) {
            prop_assert_eq!(Deal::parse(&deal.to_string()).map(|d| d.hands()), Ok(deal.hands()));
        }
        if let Ok(play) = Play::parse(&text) {
            // main+kickers always names exactly one reading.
            let written = format!("{}+{}", play.main_cards(), play.kickers());
            prop_assert_eq!(Play::parse(&written), Ok(play));
        }
    }

    #[test]
    fn cards_round_trip_through_text_and_bits(bits in any::<u64>()) {
        if let Some(cards) = Cards::from_bits(bits) {
            prop_assert_eq!(cards.to_string().parse::<Cards>(), Ok(cards));
            prop_assert_eq!(cards.iter().count() as u32, cards.len());
            prop_assert_eq!(cards.iter().collect::<Result<Cards, _>>(), Ok(cards));
        }
    }
}
