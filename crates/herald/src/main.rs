//! The `herald` binary: the web server (`herald`, `herald serve`) and the rules command line (perft, moves).

mod cli;

fn main() -> std::process::ExitCode {
    cli::run(std::env::args_os())
}
