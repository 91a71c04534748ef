pub mod deal;
pub mod endgame;
pub mod soon;
