pub mod deal;
pub mod endgame;
pub mod lab;
pub mod play;
pub mod soon;
