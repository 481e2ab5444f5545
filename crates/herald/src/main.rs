//! The `herald` binary: the web server (`herald`, `herald serve`), the rules command line
//! (perft, moves) and the operator's commands (migrate, admin, backup).

mod allocator;
mod cli;
mod engine_cli;
mod match_cli;
mod match_player;
mod ops;

fn main() -> std::process::ExitCode {
    cli::run(std::env::args_os())
}
