//! The integration tests, built as one test binary.
//!
//! Each file in `tests/` is a module here rather than a crate of its own: one link instead of
//! forty-odd (each of which carried the whole terminal, eframe and PostgreSQL client), so a clean
//! `cargo test` builds in a fraction of the time and disk. Run one file's tests by its module
//! name: `cargo test --test suite ui_review::`.

mod common;

mod bad_beat;
mod banked_devices;
mod big_bet;
mod board_first;
mod box_counts;
mod boxes;
mod central;
mod chain_at_start;
mod config_start;
mod conformance;
mod crash;
mod deck_removal;
mod device_pipeline;
mod eval_cli;
mod every_game_from_sign_in;
mod evidence_attacks;
mod five_card_bonus;
mod folded_hands;
mod fouled_hand;
mod heads_up;
mod high_hand;
mod holdem_round;
mod kill;
mod link_faults;
mod manual_shuffle;
mod packaging;
mod people;
mod phh;
mod poker_rounds;
mod preshuffled;
mod printing;
mod progressive_link;
mod rake;
mod rankings_exhaustive;
mod reading_shoe;
mod reading_shoe_21;
mod replay;
mod results_by_category;
mod review;
mod settle_cli;
mod settle_conservation;
mod settle_extremes;
mod settle_paylines;
mod settle_rules;
mod shared_database;
mod showcase;
mod shuffler_link;
mod significant_events;
mod snapshots;
mod spanish21_irregularities;
mod store_records;
mod straddle;
mod stub_count;
mod tap_budget;
mod ui_banked;
mod ui_big_bet;
mod ui_irregularity;
mod ui_layout_still;
mod ui_manual;
mod ui_money;
mod ui_people;
mod ui_pin_wait;
mod ui_poker;
mod ui_print;
mod ui_review;
mod ui_round;
mod ui_screen_sizes;
mod ui_stray_taps;
mod ui_table_life;
mod ui_table_map;
mod undo;
mod untracked;
mod void_settles;
mod wagers_lost;
mod write_faults;
