pub mod card;
pub mod chart;
pub mod icon;
pub mod info;
pub mod par;
pub mod picker;
pub mod split;
pub mod task;
