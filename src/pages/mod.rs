pub mod deal;
pub mod soon;
