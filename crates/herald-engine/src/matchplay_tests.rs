//! Tests of the match arithmetic and openings, with worked numbers.

use herald_rules::{AnyGame, EndReason, Options, Outcome, Team, Variant};

use super::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.05
}

#[test]
fn sixty_percent_over_a_hundred_games_is_about_seventy_elo() {
    let tally = Tally {
        wins: 60,
        draws: 0,
        losses: 40,
        unscored: 3,
    };
    assert_eq!((tally.scored(), tally.games()), (100, 103));
    assert_eq!(tally.score(), Some(0.6));
    let elo = tally.elo().unwrap();
    // -400 log10(1/0.6 - 1) = 70.44; the score's standard error is sqrt(0.24 / 100) = 0.049,
    // so the 95% interval is 0.6 -/+ 0.096: scores 0.504 and 0.696.
    assert!(close(elo.diff, 70.44), "{elo:?}");
    assert!(close(elo.low, 2.77), "{elo:?}");
    assert!(close(elo.high, 143.91), "{elo:?}");
    assert_eq!(elo.to_string(), "+70 (95%: +3 .. +144)");
}

#[test]
fn draws_narrow_the_interval() {
    let tally = Tally {
        wins: 50,
        draws: 20,
        losses: 30,
        unscored: 0,
    };
    let elo = tally.elo().unwrap();
    assert!(close(elo.diff, 70.44));
    assert!(close(elo.low, 10.13), "{elo:?}");
    assert!(close(elo.high, 135.30), "{elo:?}");
}

#[test]
fn even_and_one_sided_scores() {
    assert!(close(elo_of_score(0.5), 0.0));
    assert!(close(elo_of_score(0.75), 190.85));
    assert!(close(elo_of_score(0.25), -190.85));
    let sweep = Tally {
        wins: 10,
        ..Tally::default()
    };
    // 10 of 10: the rule of three puts the true score above 1 - 3/10.
    assert_eq!(sweep.elo().unwrap().to_string(), "+inf (95%: +147 .. +inf)");
    let whitewash = Tally {
        losses: 100,
        ..Tally::default()
    };
    assert_eq!(whitewash.elo().unwrap().to_string(), "-inf (95%: -inf .. -604)");
    let even = Tally {
        wins: 2,
        losses: 2,
        ..Tally::default()
    };
    assert_eq!(even.elo().unwrap().to_string(), "+0 (95%: -798 .. +798)");
    assert_eq!(Tally::default().elo(), None);
    assert_eq!(Tally::default().score(), None);
}

#[test]
fn results_follow_the_winning_team() {
    let win = Some(Outcome::Win {
        team: Team::SECOND,
        reason: EndReason::Checkmate,
    });
    assert_eq!(Result3::from_outcome(win, Team::SECOND), Result3::Win);
    assert_eq!(Result3::from_outcome(win, Team::FIRST), Result3::Loss);
    let draw = Some(Outcome::Draw {
        reason: EndReason::TwentyMoveRule,
    });
    assert_eq!(Result3::from_outcome(draw, Team::FIRST), Result3::Draw);
    assert_eq!(Result3::from_outcome(None, Team::FIRST), Result3::Draw);
    let mut tally = Tally::default();
    for r in [Result3::Win, Result3::Draw, Result3::Loss, Result3::Win] {
        tally.add(r);
    }
    assert_eq!((tally.wins, tally.draws, tally.losses, tally.points()), (2, 1, 1, 2.5));
    assert_eq!(
        [team_of_a(0), team_of_a(1), team_of_a(2)],
        [Team::FIRST, Team::SECOND, Team::FIRST]
    );
}

#[test]
fn engines_are_read_from_their_descriptions() {
    assert_eq!(
        EngineSpec::parse("herald:level=3"),
        Ok(EngineSpec::Herald(Budget {
            level: Some(3),
            ..Budget::default()
        }))
    );
    assert_eq!(
        EngineSpec::parse("herald:movetime=100:nodes=5000"),
        Ok(EngineSpec::Herald(Budget {
            movetime: Some(100),
            nodes: Some(5000),
            ..Budget::default()
        }))
    );
    assert_eq!(
        EngineSpec::parse("uci:/opt/fsf:variant=notchess:ini=/x/v.ini:movetime=50"),
        Ok(EngineSpec::Uci {
            path: "/opt/fsf".into(),
            args: vec![],
            variant: Some("notchess".into()),
            ini: Some("/x/v.ini".into()),
            budget: Budget {
                movetime: Some(50),
                ..Budget::default()
            }
        })
    );
    assert!(matches!(
        EngineSpec::parse("uci:/bin/herald:arg=uci:arg=ancient"),
        Ok(EngineSpec::Uci { args, .. }) if args == ["uci", "ancient"]
    ));
    for bad in [
        "",
        "stockfish",
        "herald:level=9",
        "herald:level=x",
        "herald:variant=a",
        "uci:",
        "uci:/x:level=3",
        "herald:fast",
    ] {
        assert!(EngineSpec::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(Budget::default().movetime_or_default(), Some(100));
    let nodes = Budget {
        nodes: Some(10),
        ..Budget::default()
    };
    assert_eq!(nodes.movetime_or_default(), None);
}

#[test]
fn random_openings_are_seeded_distinct_and_playable() {
    let start = AnyGame::new(Variant::NotChess, Options::NONE, None).unwrap();
    let a = random_openings(&start, 20, 6, 7);
    assert_eq!(a.len(), 20);
    assert_eq!(a, random_openings(&start, 20, 6, 7));
    assert_ne!(a, random_openings(&start, 20, 6, 8));
    let distinct: HashSet<_> = a.iter().collect();
    assert_eq!(distinct.len(), 20);
    for line in &a {
        let text: Vec<String> = line.iter().map(ToString::to_string).collect();
        let parsed = parse_openings(&text.join(" "), &start).unwrap();
        assert_eq!(parsed, vec![line.clone()]);
    }
    // Chatrang has 6 first moves and 6 replies: 36 two-ply lines at most.
    let chatrang = AnyGame::new(Variant::Chatrang, Options::NONE, None).unwrap();
    assert!(random_openings(&chatrang, 100, 2, 1).len() <= 36);
}

#[test]
fn opening_files_skip_comments_and_report_bad_lines() {
    let start = AnyGame::new(Variant::Ancient, Options::NONE, None).unwrap();
    let text = "# two openings\n\ne3e4 e6e5\n  a3a4  \n";
    assert_eq!(parse_openings(text, &start).unwrap().len(), 2);
    let error = parse_openings("e3e4\ne3e5\n", &start).unwrap_err();
    assert!(error.starts_with("openings line 2: e3e5"), "{error}");
}

#[test]
fn perft_answers_are_read_and_compared() {
    let answer = "info string variant notchess\na3a4: 1\nc9c10q: 1\na10a9: 1\n\nNodes searched: 3\n";
    let theirs = perft_moves(answer.lines());
    assert_eq!(theirs, ["a3a4", "c9c10q", "a10a9"]);
    let ours: Vec<String> = ["a10a9", "a3a4", "b3b4"].map(String::from).to_vec();
    assert_eq!(
        compare_moves(&ours, &theirs),
        (vec!["b3b4".to_string()], vec!["c9c10q".to_string()])
    );
    let same: Vec<String> = ["a10a9", "c9c10q", "a3a4"].map(String::from).to_vec();
    assert_eq!(compare_moves(&same, &theirs), (vec![], vec![]));
}
