pub mod contest;
pub mod deal;
pub mod duplicate;
pub mod endgame;
pub mod lab;
pub mod not_found;
pub mod play;
pub mod table;
