//! `deckhand`: the dealer terminal (default) and its command-line tools (`src/cli/`).

fn main() -> std::process::ExitCode {
    deckhand::cli::main()
}
