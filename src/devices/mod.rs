//! Serial devices: one thread per link turns frames into typed events and wakes the UI.
//! Protocol documents live in `hw/`.

pub mod frame;
pub mod link;
pub mod progressive;
pub mod runner;
pub mod shuffler;
pub mod sim;
pub mod sim_controls;
pub mod sim_shoe;
