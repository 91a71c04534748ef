//! The ddz web app: Yew components over the engine, which runs compiled to
//! wasm both here (cheap work: parsing, dealing) and in a web worker (heavy
//! work). See ARCHITECTURE.md.

pub mod api;
pub mod app;
pub mod components;
pub mod format;
pub mod game;
pub mod i18n;
pub mod pages;
pub mod route;
pub mod settings;
pub mod sound;
pub mod suits;
pub mod web;
pub mod worker;
