//! Serial devices: one thread per link turns frames into typed events and wakes the UI.
//! Protocol documents live in `hw/`.

pub mod frame;
pub mod link;
pub mod shuffler;
pub mod sim;
