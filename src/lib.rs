//! Deckhand: the dealer terminal for live casino table games.
//!
//! Layers, from the inside out (see `docs/architecture.md`):
//! - [`rules`]: cards, rankings and the procedure state machines, pure;
//! - [`devices`]: serial links to the shuffler and the progressive controller;
//! - [`store`]: the SQLite journal, append-only and hash-chained;
//! - [`terminal`]: glues them: commands in, events journaled, state out;
//! - [`ui`]: the egui dealer screen;
//! - [`print`]: printable documents: PDF, ESC/POS receipts, and the printer they go to.

pub mod app;
pub mod cli;
pub mod config;
pub mod demo;
pub mod devices;
pub mod fonts;
pub mod memory;
pub mod print;
pub mod rules;
pub mod store;
pub mod terminal;
pub mod ui;
