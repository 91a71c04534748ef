pub mod deal;
pub mod endgame;
pub mod play;
pub mod soon;
