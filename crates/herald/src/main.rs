//! The `herald` binary: the rules engine's command line (perft, moves).

mod cli;

fn main() -> std::process::ExitCode {
    cli::run(std::env::args_os())
}
