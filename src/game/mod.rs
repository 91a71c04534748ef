//! The game at the app's card table, without its looks: the deal from the
//! auction to the end with each card's face (`model`), its saved form
//! (`saved`), the player's preferences at the table (`prefs`), an
//! entrant's boards in a contest (`entry`) and the daily contest's record
//! (`journal`). The pages build on these; nothing here renders.

pub mod entry;
pub mod journal;
pub mod model;
pub mod prefs;
pub mod saved;
