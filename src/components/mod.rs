pub mod card;
pub mod split;
