//! The card table's parts that every table in the app draws alike (the
//! Play page, a contest board online, people's tables, the Endgame page's
//! hand): the hand the user taps to choose cards and the seats around it.

mod hand;
pub mod view;

pub use self::hand::TapHand;
