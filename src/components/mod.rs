pub mod card;
pub mod picker;
pub mod split;
