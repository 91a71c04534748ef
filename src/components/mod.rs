pub mod card;
pub mod chart;
pub mod par;
pub mod picker;
pub mod split;
pub mod task;
