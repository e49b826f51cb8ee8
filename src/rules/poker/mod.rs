//! The poker-room games of Chapter 637a: each game's procedure as data
//! ([`procedure::Procedure`]), one round as a state machine ([`hand::Hand`]), and the pots
//! with their award ([`pots`]).

pub mod hand;
pub mod hand_check;
pub mod house_take;
pub mod jackpots;
pub mod phh;
pub mod pots;
pub mod procedure;
pub mod settle_showdown;
