//! Tests of the UCI text: what is read from a GUI and what is written back.

use std::time::Duration;

use herald_rules::{Move, Square, Variant};

use super::*;

fn command(line: &str) -> Command {
    parse(line).unwrap().unwrap()
}

fn lines(reply: Reply) -> Vec<String> {
    match reply {
        Reply::Lines(lines) => lines,
        other => panic!("expected lines, got {other:?}"),
    }
}

#[test]
fn simple_commands_are_read_and_blank_lines_ignored() {
    assert_eq!(command("uci"), Command::Uci);
    assert_eq!(command("  isready  "), Command::IsReady);
    assert_eq!(command("ucinewgame"), Command::NewGame);
    assert_eq!(command("stop"), Command::Stop);
    assert_eq!(command("quit"), Command::Quit);
    assert_eq!(parse("").unwrap(), None);
    assert_eq!(parse("   ").unwrap(), None);
    assert_eq!(parse("ponderhit").unwrap(), None);
    assert!(parse("frobnicate now").is_err());
}

#[test]
fn setoption_names_and_values_may_contain_spaces() {
    assert_eq!(
        command("setoption name UCI_Variant value not-chess"),
        Command::SetOption {
            name: "UCI_Variant".into(),
            value: "not-chess".into()
        }
    );
    assert_eq!(
        command("setoption name Clear Hash"),
        Command::SetOption {
            name: "Clear Hash".into(),
            value: String::new()
        }
    );
    assert_eq!(
        command("setoption name A B value c d"),
        Command::SetOption {
            name: "A B".into(),
            value: "c d".into()
        }
    );
    assert!(parse("setoption value 3").is_err());
    assert!(parse("setoption name").is_err());
}

#[test]
fn positions_keep_the_fen_fields_together_and_list_the_moves() {
    assert_eq!(
        command("position startpos"),
        Command::Position {
            fen: None,
            moves: vec![]
        }
    );
    assert_eq!(
        command("position startpos moves e3e4 a10a9"),
        Command::Position {
            fen: None,
            moves: vec!["e3e4".into(), "a10a9".into()]
        }
    );
    assert_eq!(
        command("position fen 6k3/10/10/10/10/4C5/10/10/10/3K6 w 0 0 0 1 moves e5e6"),
        Command::Position {
            fen: Some("6k3/10/10/10/10/4C5/10/10/10/3K6 w 0 0 0 1".into()),
            moves: vec!["e5e6".into()]
        }
    );
    assert!(parse("position").is_err());
    assert!(parse("position fen").is_err());
    assert!(parse("position startpos e2e4").is_err());
}

#[test]
fn go_reads_every_limit() {
    let go = match command("go wtime 60000 btime -5 winc 1000 binc 0 movestogo 20 depth 7 nodes 5000") {
        Command::Go(go) => go,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        go,
        Go {
            depth: Some(7),
            nodes: Some(5000),
            movetime: None,
            wtime: Some(60_000),
            btime: Some(0),
            winc: Some(1000),
            binc: Some(0),
            movestogo: Some(20),
            infinite: false,
        }
    );
    assert_eq!(
        command("go infinite"),
        Command::Go(Go {
            infinite: true,
            ..Go::default()
        })
    );
    assert_eq!(
        command("go movetime 100"),
        Command::Go(Go {
            movetime: Some(100),
            ..Go::default()
        })
    );
    assert_eq!(
        command("go movetime 100 searchmoves e3e4 a3a4"),
        Command::Go(Go {
            movetime: Some(100),
            ..Go::default()
        })
    );
    assert!(parse("go depth").is_err());
    assert!(parse("go depth x").is_err());
    assert!(parse("go sideways 3").is_err());
}

#[test]
fn the_time_budget_shares_the_movers_clock() {
    let go = Go {
        wtime: Some(60_000),
        btime: Some(30_000),
        winc: Some(1000),
        ..Go::default()
    };
    assert_eq!(go.budget_ms(true), Some(60_000 / 30 + 750));
    assert_eq!(go.budget_ms(false), Some(1000));
    let short = Go {
        wtime: Some(100),
        winc: Some(1000),
        ..Go::default()
    };
    assert_eq!(short.budget_ms(true), Some(50), "never more than half the clock");
    let fixed = Go {
        movetime: Some(250),
        wtime: Some(1),
        ..Go::default()
    };
    assert_eq!(fixed.budget_ms(true), Some(250));
    assert_eq!(Go::default().budget_ms(true), None);
    assert!(Go::default().limits(true).deadline.is_none());
    assert!(fixed.limits(true).deadline.is_some());
    let infinite = Go {
        movetime: Some(10),
        infinite: true,
        ..Go::default()
    };
    assert!(infinite.limits(true).deadline.is_none());
}

#[test]
fn uci_lists_the_variants_and_options_then_uciok() {
    let mut session = Session::new(Variant::NotChess).unwrap();
    let out = lines(session.handle(Command::Uci));
    assert!(out[0].starts_with("id name Herald"));
    assert!(out.contains(
        &"option name UCI_Variant type combo default not-chess var nowan var not-chess var chatrang var ancient".into()
    ));
    assert!(out.contains(&"option name jumping type check default false".into()));
    assert_eq!(out.last().map(String::as_str), Some("uciok"));
    assert_eq!(lines(session.handle(Command::IsReady)), ["readyok"]);
}

#[test]
fn a_session_plays_the_position_it_is_given() {
    let mut session = Session::new(Variant::NotChess).unwrap();
    for line in [
        "setoption name UCI_Variant value ancient",
        "setoption name ferz-forward value true",
        "position startpos moves e3e4 e6e5",
    ] {
        assert_eq!(lines(session.handle(command(line))), Vec::<String>::new(), "{line}");
    }
    assert_eq!(session.game().variant(), Variant::Ancient);
    assert_eq!(session.game().moves().len(), 2);
    assert_eq!(
        session.game().legal_moves().len(),
        18 + 1,
        "ferz-forward adds d1d2; e4 gains a step"
    );
    match session.handle(command("go depth 3")) {
        Reply::Think {
            game,
            settings,
            infinite,
        } => {
            assert_eq!(game.fen(), session.game().fen());
            assert_eq!(settings.limits.depth, Some(3));
            assert!(settings.level.is_none());
            assert!(!infinite);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn refused_moves_and_options_are_reported_as_info_strings() {
    let mut session = Session::new(Variant::NotChess).unwrap();
    let out = lines(session.handle(command("position startpos moves e3e4 e4e9")));
    assert_eq!(out.len(), 1);
    assert!(out[0].starts_with("info string move e4e9"), "{out:?}");
    assert_eq!(session.game().moves().len(), 1, "kept up to the refused move");
    for line in [
        "setoption name UCI_Variant value chess",
        "setoption name Hash value lots",
        "setoption name Level value 9",
        "setoption name Frobs value 1",
        "setoption name jumping value maybe",
        "position fen garbage",
    ] {
        let out = lines(session.handle(command(line)));
        assert!(out.len() == 1 && out[0].starts_with("info string "), "{line}: {out:?}");
    }
    assert_eq!(
        lines(session.handle(command("setoption name Level value 3"))),
        Vec::<String>::new()
    );
    assert_eq!(
        lines(session.handle(command("setoption name hash value 64"))),
        Vec::<String>::new()
    );
    assert_eq!(session.hash_mib(), 64);
    match session.handle(command("go nodes 100")) {
        Reply::Think { settings, .. } => assert_eq!(settings.level.map(Level::get), Some(3)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn scores_and_info_lines_use_the_uci_forms() {
    assert_eq!(score_text(Score::Centipawns(-35)), "cp -35");
    assert_eq!(score_text(Score::Win { plies: 1 }), "mate 1");
    assert_eq!(score_text(Score::Win { plies: 5 }), "mate 3");
    assert_eq!(score_text(Score::Loss { plies: 4 }), "mate -2");
    let e3 = Square::parse("e3").unwrap();
    let e4 = Square::parse("e4").unwrap();
    let a10 = Square::parse("a10").unwrap();
    let a9 = Square::parse("a9").unwrap();
    let found = Found {
        best: Move::normal(e3, e4),
        score: Score::Centipawns(12),
        pv: vec![Move::normal(e3, e4), Move::normal(a10, a9)],
        depth: 4,
        seldepth: 9,
        nodes: 30_000,
        elapsed: Duration::from_millis(150),
    };
    assert_eq!(
        info_line(&found),
        "info depth 4 seldepth 9 score cp 12 nodes 30000 nps 200000 time 150 pv e3e4 a10a9"
    );
    assert_eq!(bestmove_line(Some(found.best)), "bestmove e3e4");
    assert_eq!(bestmove_line(None), "bestmove (none)");
    assert_eq!(info_string("two\nlines"), "info string two lines");
}

#[test]
fn go_perft_lists_the_moves_with_their_counts() {
    assert_eq!(command("go perft 2"), Command::Perft(2));
    assert!(parse("go perft many").is_err());
    let mut session = Session::new(Variant::Ancient).unwrap();
    let out = lines(session.handle(command("go perft 2")));
    assert_eq!(out.len(), 17 + 2);
    assert!(out.contains(&"e1c2: 17".to_string()), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("Nodes searched: 289"));
    let moves = crate::matchplay::perft_moves(out.iter().map(String::as_str));
    assert_eq!(moves.len(), 17);
}
