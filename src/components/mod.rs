pub mod card;
pub mod chart;
pub mod picker;
pub mod split;
