//! The analysis board's rules service: on every position of seeded random games of the four
//! games (Ancient chess with its options too), the legal moves and where each leads are
//! exactly the rules crate's (what `herald moves` prints); bad input is a 400 with a code.

use axum::http::StatusCode;
use herald_rules::{AnyGame, Options, Variant};
use serde_json::Value;

use crate::common::{TestApp, TestDb, assert_error};

/// A small deterministic generator (xorshift), so a failure names a reproducible game.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

pub fn url_encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn every_position_of_random_games_gets_the_engines_moves_and_their_results() {
    let db = TestDb::sqlite();
    let app = TestApp::real(&db).await;
    let games: [(Variant, &[&str]); 5] = [
        (Variant::Nowan, &[]),
        (Variant::NotChess, &[]),
        (Variant::Chatrang, &[]),
        (Variant::Ancient, &[]),
        (Variant::Ancient, &["ferz-forward", "jumping", "promotion"]),
    ];
    let mut seed = 0x5eed_u64;
    let mut positions = 0;
    for (variant, option_ids) in games {
        let options = Options::parse(variant, option_ids.iter().copied()).unwrap();
        let query_options = option_ids.join(",");
        for _game in 0..3 {
            let mut game = AnyGame::new(variant, options, None).unwrap();
            // A finished game's last position is not asked for: its ending was checked as
            // the `after` of the move before, and some (a captured King) are no position
            // string a game can be set up from.
            for ply in 0..60 {
                if game.outcome().is_some() {
                    break;
                }
                let fen = game.fen();
                let path = format!(
                    "/api/v1/analysis/{}?fen={}&options={}",
                    variant.id(),
                    url_encoded(&fen),
                    query_options
                );
                let (status, body) = app.get(&path, None).await;
                assert_eq!(status, StatusCode::OK, "{path}: {body}");
                let mut expected: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
                expected.sort();
                let moves: Vec<String> = serde_json::from_value(body["moves"].clone()).unwrap();
                assert_eq!(moves, expected, "{} ply {ply} at {fen}", variant.id());
                assert_eq!(body["fen"], fen.as_str());
                assert_eq!(body["turn"], u64::from(game.turn().get()));
                assert_eq!(body["ending"].is_null(), game.outcome().is_none(), "{body}");
                for mv in &expected {
                    let mut after = game.clone();
                    after.play_text(mv).unwrap();
                    let told = &body["after"][mv.as_str()];
                    assert_eq!(told["fen"], after.fen().as_str(), "{mv} from {fen}");
                    assert_eq!(told["turn"], u64::from(after.turn().get()));
                    assert_eq!(told["ending"].is_null(), after.outcome().is_none(), "{mv} from {fen}");
                    if let Some(outcome) = after.outcome() {
                        assert_eq!(told["ending"]["reason"], outcome.reason().id(), "{told}");
                        assert_eq!(
                            told["ending"]["winner_team"],
                            outcome.winner().map_or(Value::Null, |t| Value::from(t.get()))
                        );
                    }
                    if mv == "pass" {
                        assert!(
                            body["dests"].get("p").is_none(),
                            "a pass has no squares: {}",
                            body["dests"]
                        );
                    } else {
                        let from = &mv[..mv[1..].find(|c: char| c.is_ascii_lowercase()).unwrap() + 1];
                        assert!(
                            body["dests"][from].as_array().is_some_and(|d| !d.is_empty()),
                            "{mv}: no destinations from {from}: {}",
                            body["dests"]
                        );
                    }
                }
                positions += 1;
                if expected.is_empty() {
                    break;
                }
                let pick = usize::try_from(next(&mut seed) % expected.len() as u64).unwrap();
                game.play_text(&expected[pick]).unwrap();
            }
        }
    }
    assert!(positions > 500, "{positions} positions checked");
    // Without a position string: the start.
    let (status, body) = app.get("/api/v1/analysis/nowan", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moves"].as_array().unwrap().len(), 48, "Nowan's 48 first moves");
}

#[tokio::test]
async fn bad_games_options_and_positions_are_400_with_a_code() {
    let db = TestDb::sqlite();
    let app = TestApp::real(&db).await;
    for (path, code) in [
        ("/api/v1/analysis/checkers", "invalid_variant"),
        ("/api/v1/analysis/nowan?options=jumping", "invalid_option"),
        ("/api/v1/analysis/ancient?options=flying", "invalid_option"),
        ("/api/v1/analysis/nowan?fen=rubbish", "invalid_position"),
        (
            "/api/v1/analysis/ancient?fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2F8%20w",
            "invalid_position",
        ),
        ("/api/v1/analysis/nowan?colour=red", "bad_query"),
    ] {
        let (status, body) = app.get(path, None).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, code);
    }
    let long = "x".repeat(301);
    let (status, body) = app.get(&format!("/api/v1/analysis/nowan?fen={long}"), None).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_position");
}

/// The answers are cached by the position as the engine writes it: a thousand spellings
/// of one position take one entry (issue 32: each spelling took its own).
#[test]
fn spellings_of_one_position_share_one_cache_entry() {
    use herald_server::api::analysis::AnswerCache;
    use herald_server::domain::rules::HeraldRules;
    let cache = AnswerCache::new(1 << 20);
    let start = AnyGame::new(Variant::Ancient, Options::NONE, None).unwrap().fen();
    let first = cache.answer(&HeraldRules, Variant::Ancient, Options::NONE, "").unwrap();
    assert_eq!(cache.usage().0, 1);
    for n in 1..40 {
        let fen = format!("{}{}\t", " ".repeat(n % 3), start.replace(' ', &" ".repeat(n)));
        let body = cache
            .answer(&HeraldRules, Variant::Ancient, Options::NONE, &fen)
            .unwrap();
        assert_eq!(body, first, "{fen:?}");
    }
    assert_eq!(cache.usage().0, 1, "one position, one entry");
}

/// The cache holds at most its bytes, whatever is asked of it (issue 32: distinct positions
/// grew the server from 41 to 703 MiB).
#[test]
fn the_analysis_cache_holds_at_most_its_bytes() {
    use herald_server::api::analysis::AnswerCache;
    use herald_server::domain::rules::HeraldRules;
    const BYTES: u64 = 256 << 10;
    let cache = AnswerCache::new(BYTES);
    let mut game = AnyGame::new(Variant::NotChess, Options::NONE, None).unwrap();
    let (mut asked, mut total) = (0, 0);
    for ply in 0..400 {
        if game.outcome().is_some() {
            break;
        }
        let body = cache
            .answer(&HeraldRules, Variant::NotChess, Options::NONE, &game.fen())
            .unwrap();
        total += body.len();
        asked += 1;
        let moves = game.legal_moves();
        let Some(mv) = moves.get(ply * 7 % moves.len().max(1)) else {
            break;
        };
        game.play_text(&mv.to_string()).unwrap();
    }
    let (entries, weight) = cache.usage();
    assert!(
        total > 2 * usize::try_from(BYTES).unwrap(),
        "the test asked for {total} bytes only"
    );
    assert!(weight <= BYTES, "{weight} bytes kept of {BYTES}");
    assert!(entries < asked && entries > 0, "{entries} of {asked}");
}
