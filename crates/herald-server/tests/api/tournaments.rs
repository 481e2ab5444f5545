//! Tournaments through the API on both databases: a round robin played to the end with its
//! table worked out by hand, a Swiss paired round by round with a bye, a Chatrang team
//! event, withdrawals forfeiting games, who may do what, bad input, and the next round
//! paired exactly once when two instances see the last games end at the same moment, and
//! the players told of each round and the end by e-mail and feed, once.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{TestApp, TestDb, assert_error, each_backend, two_servers};

/// Waits (up to 20 s) until the event satisfies `done`, as the outbox worker advances it.
async fn wait_for(app: &TestApp, id: &str, what: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let (status, event) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{event}");
        if done(&event) {
            return event;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_, event) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
    panic!("tournament never reached: {what}: {event:#}");
}

/// Signs up `names`: name -> API token.
async fn sign_up(app: &TestApp, names: &[&'static str]) -> HashMap<&'static str, String> {
    let mut tokens = HashMap::new();
    for name in names {
        tokens.insert(*name, app.user(name).await);
    }
    tokens
}

/// Creates an event as `organiser` and registers `players` (tokens) in order.
async fn event_with(app: &TestApp, organiser: &str, body: Value, players: &[&str]) -> String {
    let (status, event) = app.post("/api/v1/tournaments", organiser, body).await;
    assert_eq!(status, StatusCode::CREATED, "{event}");
    let id = event["id"].as_str().unwrap().to_owned();
    for p in players {
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), p, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
    }
    id
}

/// The boards of `round`: (game id, first entrant, second entrant).
fn boards(event: &Value, round: i64) -> Vec<(String, i64, i64)> {
    event["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["round"] == round)
        .flat_map(|r| r["boards"].as_array().unwrap().clone())
        .map(|b| {
            (
                b["game_id"].as_str().unwrap().to_owned(),
                b["first"].as_i64().unwrap(),
                b["second"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// Pairing number -> token, from the event's players.
fn tokens_by_number(event: &Value, tokens: &HashMap<&str, String>) -> HashMap<i64, String> {
    event["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| Some((p["number"].as_i64()?, tokens[p["username"].as_str().unwrap()].clone())))
        .collect()
}

/// Ends game `id` as asked: `first` wins (the second resigns), `second` wins, or a draw.
async fn finish(app: &TestApp, id: &str, first: &str, second: &str, result: &str) {
    let path = |what: &str| format!("/api/v1/games/{id}/{what}");
    let (status, game) = match result {
        "1-0" => app.post(&path("resign"), second, json!({})).await,
        "0-1" => app.post(&path("resign"), first, json!({})).await,
        _ => {
            let (status, body) = app.post(&path("draw"), first, json!({"action": "offer"})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            app.post(&path("draw"), second, json!({"action": "accept"})).await
        }
    };
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["status"], "finished", "{game}");
}

#[tokio::test]
async fn a_round_robin_starts_every_game_at_once_and_ends_with_the_table_worked_out_by_hand() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let tokens = sign_up(&app, &["anna", "boris", "clara", "dmitri"]).await;
        let players: Vec<&str> = ["anna", "boris", "clara", "dmitri"]
            .iter()
            .map(|n| tokens[n].as_str())
            .collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Club league", "variant": "not-chess", "format": "round_robin", "days_per_move": 3,
                   "description": "Spring <b>league</b>", "max_entrants": 4, "rated": false}),
            &players,
        )
        .await;
        // A fifth player finds it full.
        let late = app.user("eve").await;
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), &late, json!(null))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "tournament_full");
        // Only the organiser starts it.
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &tokens["anna"], json!(null))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_organiser");
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["status"], "running");
        assert_eq!(event["rounds"].as_array().unwrap().len(), 3);
        assert_eq!(event["round"], 3, "a round robin plays every round at once");
        // Numbered in order of entry (nobody is rated yet); the Berger table for four.
        let numbers: Vec<(String, i64)> = event["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["username"].as_str().unwrap().to_owned(),
                    p["number"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            numbers,
            vec![
                ("anna".into(), 1),
                ("boris".into(), 2),
                ("clara".into(), 3),
                ("dmitri".into(), 4)
            ]
        );
        let pairs: Vec<Vec<(i64, i64)>> = (1..=3)
            .map(|r| boards(&event, r).iter().map(|b| (b.1, b.2)).collect())
            .collect();
        assert_eq!(
            pairs,
            vec![vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)], vec![(2, 4), (3, 1)]]
        );
        let by_number = tokens_by_number(&event, &tokens);
        // Every game is an ordinary game: active, the first player's turn, in the lists.
        for r in 1..=3 {
            for (game_id, first, _) in boards(&event, r) {
                let (status, game) = app
                    .get(&format!("/api/v1/games/{game_id}"), Some(&by_number[&first]))
                    .await;
                assert_eq!(status, StatusCode::OK, "{game}");
                assert_eq!(game["status"], "active");
                assert_eq!(game["rated"], false);
                assert_eq!(game["days_per_move"], 3);
            }
        }
        // Results: the lower number wins, except 2-3, drawn.
        for r in 1..=3 {
            for (game_id, first, second) in boards(&event, r) {
                let result = if (first.min(second), first.max(second)) == (2, 3) {
                    "draw"
                } else if first < second {
                    "1-0"
                } else {
                    "0-1"
                };
                finish(&app, &game_id, &by_number[&first], &by_number[&second], result).await;
            }
        }
        let event = wait_for(&app, &id, "finished", |e| e["status"] == "finished").await;
        // Anna 3, Boris and Clara 1½ (level on direct encounter, Sonneborn-Berger and wins:
        // they share second place), Dmitri 0.
        let table: Vec<(i64, i64, String, u64)> = event["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["rank"].as_i64().unwrap(),
                    l["number"].as_i64().unwrap(),
                    l["points"].as_str().unwrap().to_owned(),
                    l["wins"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            table,
            vec![
                (1, 1, "3".into(), 3),
                (2, 2, "1½".into(), 1),
                (2, 3, "1½".into(), 1),
                (4, 4, "0".into(), 0)
            ]
        );
        // The crosstable: Anna's row, Boris's draw with Clara.
        assert_eq!(event["crosstable"]["1"]["4"], json!(["1"]));
        assert_eq!(event["crosstable"]["2"]["3"], json!(["½"]));
        assert_eq!(event["crosstable"]["4"]["1"], json!(["0"]));
        // The page's crosstable ends each row with the entrant's points, as the standings.
        let page = crate::pages::Browser::new(&app)
            .get(&format!("/tournaments/{id}"))
            .await;
        let cross = page.body.split("<table class=\"crosstable\">").nth(1).unwrap();
        assert!(
            cross.contains("<th scope=\"col\" class=\"num total\">Points</th>"),
            "{cross}"
        );
        let totals: Vec<&str> = cross
            .split("<td class=\"num total\">")
            .skip(1)
            .map(|cell| cell.split('<').next().unwrap())
            .collect();
        assert_eq!(totals, ["3", "1½", "1½", "0"], "{}", db.backend);
        // The lists and the player's events.
        let (_, finished) = app.get("/api/v1/tournaments?status=finished", None).await;
        assert_eq!(finished[0]["id"], id.as_str());
        let (_, mine) = app.get("/api/v1/users/clara/tournaments", None).await;
        assert_eq!(mine[0]["id"], id.as_str());
        assert_eq!(mine[0]["status"], "finished");
        // Finished: nothing more to do.
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/cancel"), &org, json!(null))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "tournament_over");
    })
    .await;
}

#[tokio::test]
async fn nowan_points_count_two_for_a_win_in_the_table() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let tokens = sign_up(&app, &["anna", "boris", "clara"]).await;
        let players: Vec<&str> = ["anna", "boris", "clara"].iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(&app, &org, json!({"name": "Nowan trio", "variant": "nowan"}), &players).await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        // Three players: three rounds, one bye each (worth nothing in a round robin).
        let rounds = event["rounds"].as_array().unwrap();
        assert_eq!(rounds.len(), 3);
        let byes: Vec<i64> = rounds
            .iter()
            .map(|r| r["byes"][0]["entrant"].as_i64().unwrap())
            .collect();
        assert_eq!(byes.iter().collect::<HashSet<_>>().len(), 3, "{byes:?}");
        let by_number = tokens_by_number(&event, &tokens);
        // The scripted game ends with the second player capturing the King (a Nowan win: 2
        // points); the others are won by resignation.
        for r in 1..=3 {
            for (game_id, first, second) in boards(&event, r) {
                if first == 1 || second == 1 {
                    let winner_first = first == 1;
                    finish(
                        &app,
                        &game_id,
                        &by_number[&first],
                        &by_number[&second],
                        if winner_first { "1-0" } else { "0-1" },
                    )
                    .await;
                } else {
                    for ply in 0..6 {
                        let who = if ply % 2 == 0 {
                            &by_number[&first]
                        } else {
                            &by_number[&second]
                        };
                        let (status, body) = app
                            .post(&format!("/api/v1/games/{game_id}/moves"), who, json!({"move": "a1a2"}))
                            .await;
                        assert_eq!(status, StatusCode::OK, "{body}");
                    }
                }
            }
        }
        let event = wait_for(&app, &id, "finished", |e| e["status"] == "finished").await;
        let top = &event["standings"][0];
        assert_eq!(top["number"], 1);
        assert_eq!(top["points_halves"], 8, "two Nowan wins are 4 points: {event:#}");
        assert_eq!(top["points"], "4");
        assert_eq!(event["standings"][1]["points"], "2");
        assert_eq!(event["standings"][2]["points"], "0");
    })
    .await;
}

#[tokio::test]
async fn a_swiss_pairs_each_round_when_the_last_one_ends_with_a_bye_and_no_repeats() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["player1", "player2", "player3", "player4", "player5"];
        let tokens = sign_up(&app, &names).await;
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Autumn Swiss", "variant": "ancient", "format": "swiss", "rounds": 3, "bye_points_halves": 2}),
            &players,
        )
        .await;
        let (status, event) = app.post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["round"], 1);
        assert_eq!(event["rounds"].as_array().unwrap().len(), 1, "only round one is paired");
        let by_number = tokens_by_number(&event, &tokens);
        let mut met = HashSet::new();
        let mut byes = HashSet::new();
        for round in 1..=3 {
            let event = wait_for(&app, &id, "round paired", |e| e["round"] == round).await;
            let this = boards(&event, round);
            assert_eq!(this.len(), 2, "{event:#}");
            let bye = event["rounds"][usize::try_from(round - 1).unwrap()]["byes"][0].clone();
            assert_eq!(bye["points_halves"], 2);
            assert!(byes.insert(bye["entrant"].as_i64().unwrap()), "a second bye: {event:#}");
            for (game_id, first, second) in this {
                assert!(met.insert((first.min(second), first.max(second))), "a repeat pairing: {event:#}");
                // The lower number wins.
                let result = if first < second { "1-0" } else { "0-1" };
                finish(&app, &game_id, &by_number[&first], &by_number[&second], result).await;
            }
        }
        let event = wait_for(&app, &id, "finished", |e| e["status"] == "finished").await;
        assert_eq!(event["rounds"].as_array().unwrap().len(), 3);
        let total: i64 = event["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["points_halves"].as_i64().unwrap())
            .sum();
        assert_eq!(total, 3 * (2 * 2 + 2), "two games and one bye a round, each worth a point");
    })
    .await;
}

#[tokio::test]
async fn a_chatrang_team_event_seats_partners_together_and_rotates_them() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["a1x", "a2x", "b1x", "b2x", "c1x", "c2x"];
        let tokens = sign_up(&app, &names).await;
        let (status, event) = app
            .post(
                "/api/v1/tournaments",
                &org,
                json!({"name": "Team cup", "variant": "chatrang", "format": "round_robin"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{event}");
        let id = event["id"].as_str().unwrap().to_owned();
        let register = |token: String, partner: Option<&'static str>| {
            let app = &app;
            let id = id.clone();
            async move {
                app.post(
                    &format!("/api/v1/tournaments/{id}/register"),
                    &token,
                    partner.map_or(json!(null), |p| json!({"partner": p})),
                )
                .await
            }
        };
        let (status, body) = register(tokens["a1x"].clone(), None).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "partner_required");
        for (captain, partner) in [("a1x", "a2x"), ("b1x", "b2x"), ("c1x", "c2x")] {
            let (status, body) = register(tokens[captain].clone(), Some(partner)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            // The partner accepts by registering.
            let (status, body) = register(tokens[partner].clone(), None).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        // Three teams: three rounds of one board and a bye.
        assert_eq!(event["rounds"].as_array().unwrap().len(), 3);
        let team_of: HashMap<String, i64> = event["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["username"].as_str().unwrap().to_owned(),
                    p["number"].as_i64().unwrap(),
                )
            })
            .collect();
        for r in 1..=3 {
            for (game_id, first, second) in boards(&event, r) {
                let (_, game) = app.get(&format!("/api/v1/games/{game_id}"), None).await;
                let seats: Vec<String> = game["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["user"].as_str().unwrap().to_owned())
                    .collect();
                assert_eq!(seats.len(), 4, "{game}");
                // Seats 1 and 3 are team 0 (the first entrant), 2 and 4 team 1.
                assert_eq!(team_of[&seats[0]], first, "{game}");
                assert_eq!(team_of[&seats[2]], first, "{game}");
                assert_eq!(team_of[&seats[1]], second, "{game}");
                assert_eq!(team_of[&seats[3]], second, "{game}");
            }
        }
        // Play it out: in each game the scripted finish (team 1's last mover wins).
        for r in 1..=3 {
            for (game_id, _, _) in boards(&event, r) {
                let (_, game) = app.get(&format!("/api/v1/games/{game_id}"), None).await;
                let seats: Vec<String> = game["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["user"].as_str().unwrap().to_owned())
                    .collect();
                for ply in 0..6 {
                    let (status, body) = app
                        .post(
                            &format!("/api/v1/games/{game_id}/moves"),
                            &tokens[seats[ply % 4].as_str()],
                            json!({"move": "a1a2"}),
                        )
                        .await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                }
            }
        }
        let event = wait_for(&app, &id, "finished", |e| e["status"] == "finished").await;
        let lines = event["standings"].as_array().unwrap();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0]["players"].as_array().unwrap().len(), 2, "{event:#}");
    })
    .await;
}

#[tokio::test]
async fn a_withdrawal_forfeits_the_players_games_and_later_rounds_pair_without_them() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["player1", "player2", "player3", "player4"];
        let tokens = sign_up(&app, &names).await;
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(&app, &org, json!({"name": "League", "variant": "not-chess"}), &players).await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        // Someone else cannot withdraw p2; the organiser can.
        let (status, body) = app
            .post(
                &format!("/api/v1/tournaments/{id}/withdraw"),
                &tokens["player1"],
                json!({"username": "player2"}),
            )
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_organiser");
        let (status, event) = app
            .post(
                &format!("/api/v1/tournaments/{id}/withdraw"),
                &org,
                json!({"username": "player2"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let p2 = event["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["username"] == "player2")
            .unwrap()
            .clone();
        assert_eq!(p2["state"], "withdrawn");
        let number = p2["number"].as_i64().unwrap();
        for r in 1..=3 {
            for (game_id, first, second) in boards(&event, r) {
                if first == number || second == number {
                    let (_, game) = app.get(&format!("/api/v1/games/{game_id}"), None).await;
                    assert_eq!(game["status"], "finished", "{game}");
                    assert_eq!(game["reason"], "withdrawal", "{game}");
                    let loser_team = i64::from(second == number);
                    assert_eq!(game["winner_team"], 1 - loser_team, "{game}");
                }
            }
        }
        let (status, body) = app
            .post(
                &format!("/api/v1/tournaments/{id}/withdraw"),
                &tokens["player2"],
                json!(null),
            )
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "not_entered");
    })
    .await;
}

#[tokio::test]
async fn who_may_do_what_and_bad_input_gets_a_clear_error() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let other = app.user("other").await;
        let create = |body: Value| app.post("/api/v1/tournaments", &org, body);
        for (body, code) in [
            (json!({"name": "", "variant": "nowan"}), "invalid_name"),
            (json!({"name": "x", "variant": "go"}), "invalid_variant"),
            (
                json!({"name": "x", "variant": "nowan", "format": "swiss", "rounds": 0}),
                "invalid_rounds",
            ),
            (json!({"name": "x", "variant": "nowan", "rounds": 4}), "invalid_rounds"),
            (
                json!({"name": "x", "variant": "nowan", "max_entrants": 31}),
                "invalid_entrants",
            ),
            (
                json!({"name": "x", "variant": "nowan", "min_entrants": 9, "max_entrants": 4}),
                "invalid_entrants",
            ),
            (
                json!({"name": "x", "variant": "nowan", "days_per_move": 15}),
                "invalid_days_per_move",
            ),
            (
                json!({"name": "x", "variant": "nowan", "rating_min": 1800, "rating_max": 1200}),
                "invalid_rating_range",
            ),
            (
                json!({"name": "x", "variant": "nowan", "bye_points_halves": 3}),
                "invalid_bye_points",
            ),
            (
                json!({"name": "x", "variant": "nowan", "tie_breaks": ["wins", "wins"]}),
                "invalid_tie_breaks",
            ),
            (
                json!({"name": "x", "variant": "nowan", "starts_at": 1}),
                "invalid_starts_at",
            ),
        ] {
            let (status, answer) = create(body.clone()).await;
            assert_error(status, &answer, StatusCode::BAD_REQUEST, code);
        }
        let (status, answer) = create(json!({"name": "x", "variant": "nowan", "format": "knockout"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");

        let (status, event) = create(json!({"name": "Invitational", "variant": "nowan", "entry": "invitation"})).await;
        assert_eq!(status, StatusCode::CREATED, "{event}");
        let id = event["id"].as_str().unwrap().to_owned();
        // Anonymous callers write nothing; a revoked token is refused.
        let (status, _) = app
            .call(
                "POST",
                "/api/v1/tournaments",
                None,
                Some(json!({"name": "x", "variant": "nowan"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = app
            .call("POST", &format!("/api/v1/tournaments/{id}/register"), None, None)
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let revoked = app.token("other").await;
        let (status, tokens) = app.get("/api/v1/tokens", Some(&revoked)).await;
        assert_eq!(status, StatusCode::OK, "{tokens}");
        let newest = tokens
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["id"].as_i64().unwrap())
            .max()
            .unwrap();
        let (status, _) = app
            .call("DELETE", &format!("/api/v1/tokens/{newest}"), Some(&revoked), None)
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, _) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), &revoked, json!(null))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        // Invitation only: the uninvited are turned away; the invited accept.
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), &other, json!(null))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invitation_only");
        let (status, body) = app
            .post(
                &format!("/api/v1/tournaments/{id}/invitations"),
                &other,
                json!({"username": "other"}),
            )
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_organiser");
        let (status, body) = app
            .post(
                &format!("/api/v1/tournaments/{id}/invitations"),
                &org,
                json!({"username": "nobody_here"}),
            )
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "user_not_found");
        let (status, event) = app
            .post(
                &format!("/api/v1/tournaments/{id}/invitations"),
                &org,
                json!({"username": "other"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["players"][0]["state"], "invited");
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), &other, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["players"][0]["state"], "registered");
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), &other, json!(null))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "already_entered");
        // Too few to start; another user cannot cancel or hand it over; the organiser can.
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "too_few_entrants");
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/cancel"), &other, json!(null))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_organiser");
        let (status, body) = app
            .call(
                "PUT",
                &format!("/api/v1/tournaments/{id}/organiser"),
                Some(&other),
                Some(json!({"username": "other"})),
            )
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_organiser");
        let (status, event) = app
            .call(
                "PUT",
                &format!("/api/v1/tournaments/{id}/organiser"),
                Some(&org),
                Some(json!({"username": "other"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["organiser"], "other");
        // An administrator acts for any event: a third user, once made one, hands it on.
        let admin = app.user("steward").await;
        let path = format!("/api/v1/tournaments/{id}/organiser");
        let (status, body) = app
            .call("PUT", &path, Some(&admin), Some(json!({"username": "steward"})))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_organiser");
        herald_server::operator::make_admin(&app.state.db, "steward", true)
            .await
            .unwrap();
        let (status, event) = app
            .call("PUT", &path, Some(&admin), Some(json!({"username": "other"})))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/cancel"), &other, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["status"], "cancelled");
        let (status, body) = app.get("/api/v1/tournaments/nope", None).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "tournament_not_found");
        let (status, body) = app.get("/api/v1/tournaments?status=someday", None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    })
    .await;
}

#[tokio::test]
async fn the_next_round_is_paired_once_when_two_instances_see_the_last_games_end_together() {
    each_backend(|db: TestDb| async move {
        let one = TestApp::scripted(&db).await;
        let two = TestApp::scripted(&db).await;
        let org = one.user("organiser").await;
        let names = ["player1", "player2", "player3", "player4", "player5", "player6"];
        let mut tokens = HashMap::new();
        for name in names {
            tokens.insert(name, one.user(name).await);
        }
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &one,
            &org,
            json!({"name": "Race", "variant": "not-chess", "format": "swiss", "rounds": 2}),
            &players,
        )
        .await;
        let (status, event) = one
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let by_number = tokens_by_number(&event, &tokens);
        let round_one = boards(&event, 1);
        assert_eq!(round_one.len(), 3);
        // The first game ends alone; the last two at once, one through each instance.
        let servers = two_servers(&db, &one, &two).await;
        let client = reqwest::Client::new();
        let (g, first, second) = &round_one[0];
        finish(&one, g, &by_number[first], &by_number[second], "1-0").await;
        let resign = |server: usize, game: String, token: String| {
            let client = client.clone();
            let base = servers[server].base.clone();
            async move {
                client
                    .post(format!("{base}/api/v1/games/{game}/resign"))
                    .bearer_auth(token)
                    .send()
                    .await
                    .unwrap()
                    .status()
            }
        };
        let (a, b) = tokio::join!(
            resign(0, round_one[1].0.clone(), by_number[&round_one[1].2].clone()),
            resign(1, round_one[2].0.clone(), by_number[&round_one[2].2].clone()),
        );
        assert_eq!((a.as_u16(), b.as_u16()), (200, 200));
        // And both instances are told to advance many times at once.
        let mut racing = Vec::new();
        for k in 0..8 {
            let state = if k % 2 == 0 {
                one.state.clone()
            } else {
                two.state.clone()
            };
            let id = id.clone();
            racing.push(tokio::spawn(async move {
                herald_server::api::tournaments::rounds::advance(&state, &id)
                    .await
                    .unwrap();
            }));
        }
        for r in racing {
            r.await.unwrap();
        }
        let event = wait_for(&one, &id, "round two", |e| e["round"] == 2).await;
        tokio::time::sleep(Duration::from_millis(600)).await;
        let (_, event_after) = one.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_eq!(event_after["round"], 2);
        assert_eq!(boards(&event_after, 2).len(), 3, "round two paired once: {event:#}");
        let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tournament_games")
            .fetch_one(one.state.db.pool())
            .await
            .unwrap();
        assert_eq!(games, 6, "three games a round, two rounds");
        let started: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = 'active'")
            .fetch_one(one.state.db.pool())
            .await
            .unwrap();
        assert_eq!(started, 3);
        // Its players are told of round two once, and each notice is sent by one instance.
        let notices: Vec<(String, i64)> = sqlx::query_as("SELECT kind, round FROM tournament_notices ORDER BY id")
            .fetch_all(one.state.db.pool())
            .await
            .unwrap();
        assert_eq!(notices, [("started".to_owned(), 1), ("round_started".to_owned(), 2)]);
        for s in servers {
            s.stop().await;
        }
    })
    .await;
}

/// The authorization matrix of the tournament writes: anonymous, a revoked token and a
/// session cookie without its CSRF token are refused before anything is read.
#[tokio::test]
async fn tournament_writes_answer_the_authorization_matrix() {
    use axum::body::Body;
    use axum::http::Request;
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let revoked = crate::common::revoked_token(&app, "alice", &alice).await;
        let (_, event) = app
            .post(
                "/api/v1/tournaments",
                &alice,
                json!({"name": "Open", "variant": "nowan"}),
            )
            .await;
        let id = event["id"].as_str().unwrap().to_owned();
        let routes = [
            ("POST", "/api/v1/tournaments".to_owned()),
            ("POST", format!("/api/v1/tournaments/{id}/register")),
            ("POST", format!("/api/v1/tournaments/{id}/leave")),
            ("POST", format!("/api/v1/tournaments/{id}/invitations")),
            ("POST", format!("/api/v1/tournaments/{id}/start")),
            ("POST", format!("/api/v1/tournaments/{id}/withdraw")),
            ("POST", format!("/api/v1/tournaments/{id}/pause")),
            ("POST", format!("/api/v1/tournaments/{id}/resume")),
            ("POST", format!("/api/v1/tournaments/{id}/cancel")),
            ("PUT", format!("/api/v1/tournaments/{id}/organiser")),
        ];
        let cookie = crate::accounts::log_in(&app, "alice").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        for (method, path) in &routes {
            let (status, body) = app.call(method, path, None, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} anonymous: {body}");
            let (status, body) = app.call(method, path, Some(&revoked), None).await;
            assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
            let request = Request::builder()
                .method(*method)
                .uri(path.as_str())
                .header("cookie", pair.clone())
                .body(Body::empty())
                .unwrap();
            let (status, body) = app.raw(request).await;
            assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
        }
        // Nothing changed: the event is still taking entries, with nobody in it.
        let (_, event) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_eq!(event["status"], "registering");
        assert_eq!(event["players"], json!([]));
        // Reads are public.
        let (status, _) = app.get("/api/v1/tournaments", None).await;
        assert_eq!(status, StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn a_late_entry_to_a_running_swiss_is_paired_from_the_next_round() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["player1", "player2", "player3", "player4"];
        let mut tokens = sign_up(&app, &names).await;
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Late Swiss", "variant": "not-chess", "format": "swiss", "rounds": 2}),
            &players,
        )
        .await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(boards(&event, 1).len(), 2);
        // Round one is under way: a fifth player enters and gets the next number.
        let late = app.user("latecomer").await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), &late, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let entry = event["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["username"] == "latecomer")
            .unwrap()
            .clone();
        assert_eq!(entry["number"], 5);
        assert_eq!(entry["state"], "registered");
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), &late, json!(null))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "already_entered");
        tokens.insert("latecomer", late.clone());
        let by_number = tokens_by_number(&event, &tokens);
        for (game_id, first, second) in boards(&event, 1) {
            finish(&app, &game_id, &by_number[&first], &by_number[&second], "1-0").await;
        }
        let event = wait_for(&app, &id, "round two", |e| e["round"] == 2).await;
        let round_two = boards(&event, 2);
        let bye = event["rounds"][1]["byes"][0]["entrant"].as_i64().unwrap();
        let paired: Vec<i64> = round_two.iter().flat_map(|b| [b.1, b.2]).chain([bye]).collect();
        assert_eq!(paired.len(), 5);
        assert!(paired.contains(&5), "the latecomer plays round two: {event:#}");
        // The last round is under way: no rounds left to enter.
        let later = app.user("too_late").await;
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/register"), &later, json!(null))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "not_registering");
    })
    .await;
}

#[tokio::test]
async fn an_event_without_vacation_keeps_its_players_clocks_running() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["player1", "player2", "player3"];
        let tokens = sign_up(&app, &names).await;
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Strict league", "variant": "ancient", "vacation_allowed": false}),
            &players,
        )
        .await;
        // Before the start, vacation is the player's own business.
        let (status, body) = app
            .post("/api/v1/me/vacation", &tokens["player1"], json!({"on": true}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = app
            .post("/api/v1/me/vacation", &tokens["player1"], json!({"on": false}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["vacation_allowed"], false);
        let (status, body) = app
            .post("/api/v1/me/vacation", &tokens["player2"], json!({"on": true}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "vacation_not_allowed");
        assert!(
            body["error"]["message"].as_str().unwrap().contains("Strict league"),
            "{body}"
        );
        // Someone outside the event may.
        let (status, body) = app.post("/api/v1/me/vacation", &org, json!({"on": true})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // Once the event is over, so may its players.
        let (status, _) = app
            .post(&format!("/api/v1/tournaments/{id}/cancel"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK);
        // Its players are told it was cancelled, once (in the round it stood at: a round
        // robin plays all three of its rounds at once).
        let notices: Vec<(String, i64)> =
            sqlx::query_as("SELECT kind, round FROM tournament_notices WHERE tournament_id = $1 ORDER BY id")
                .bind(&id)
                .fetch_all(app.state.db.pool())
                .await
                .unwrap();
        assert_eq!(notices, [("started".to_owned(), 1), ("cancelled".to_owned(), 3)]);
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{id}/cancel"), &org, json!(null))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "tournament_over");
        let (status, body) = app
            .post("/api/v1/me/vacation", &tokens["player2"], json!({"on": true}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    })
    .await;
}

/// An organiser pauses a player, also in an event that allows players no vacation of their
/// own: the player's clocks stop (the game shows them on vacation) until the organiser
/// resumes them; nobody else may, and only players of the running event can be paused.
#[tokio::test]
async fn the_organiser_pauses_and_resumes_a_player() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["player1", "player2", "player3"];
        let tokens = sign_up(&app, &names).await;
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Strict league", "variant": "ancient", "vacation_allowed": false}),
            &players,
        )
        .await;
        let pause = format!("/api/v1/tournaments/{id}/pause");
        let resume = format!("/api/v1/tournaments/{id}/resume");
        let (status, body) = app.post(&pause, &org, json!({"username": "player2"})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "not_running");
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        // The start of a round robin tells each player all their games at once.
        let started = herald_server::storage::NoticeRow {
            id: 0,
            tournament_id: id.clone(),
            tournament_name: "Strict league".to_owned(),
            kind: herald_server::domain::tournament_states::NoticeKind::Started,
            round: 1,
            created_at: 0,
        };
        let messages = herald_server::api::tournaments::notices::messages(&app.state, &started)
            .await
            .unwrap();
        assert_eq!(messages.len(), 3, "{messages:?}");
        for message in &messages {
            assert!(
                message.body.starts_with("All 3 rounds of “Strict league” start now"),
                "{}",
                message.body
            );
            assert_eq!(message.body.matches("/games/").count(), 2, "{}", message.body);
        }
        // Only the organiser (or an administrator) pauses, and only players of the event.
        let (status, body) = app
            .post(&pause, &tokens["player1"], json!({"username": "player2"}))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_organiser");
        let (status, body) = app.post(&pause, &org, json!({"username": "nobody_here"})).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "user_not_found");
        let (status, body) = app.post(&pause, &org, json!({"username": "organiser"})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "not_entered");
        let (status, body) = app.post(&pause, &org, json!({"name": "player2"})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");

        let (status, event) = app.post(&pause, &org, json!({"username": "player2"})).await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let paused = |event: &Value, name: &str| {
            event["players"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["username"] == name)
                .unwrap()["on_vacation"]
                .as_bool()
                .unwrap()
        };
        assert!(paused(&event, "player2"));
        assert!(!paused(&event, "player1"));
        let (_, vacation) = app.get("/api/v1/me/vacation", Some(&tokens["player2"])).await;
        assert_eq!(vacation["on"], true, "{vacation}");
        // Every game of player2 shows their clock stopped.
        let games: Vec<String> = event["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["boards"].as_array().unwrap().clone())
            .filter_map(|b| b["game_id"].as_str().map(str::to_owned))
            .collect();
        let mut seen = 0;
        for game in &games {
            let (_, g) = app.get(&format!("/api/v1/games/{game}"), None).await;
            for seat in g["seats"].as_array().unwrap() {
                if seat["user"] == "player2" {
                    assert_eq!(seat["on_vacation"], true, "{g}");
                    seen += 1;
                }
            }
        }
        assert_eq!(seen, 2, "player2 plays two games of the three-player round robin");
        // The event page says so.
        let page = crate::pages::Browser::new(&app)
            .get(&format!("/tournaments/{id}"))
            .await
            .body;
        assert!(
            page.contains("player2</a> <span class=\"muted\" title=\"on vacation: clocks stopped\">(paused)"),
            "{page}"
        );

        let (status, event) = app.post(&resume, &org, json!({"username": "player2"})).await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert!(!paused(&event, "player2"));
        let (_, vacation) = app.get("/api/v1/me/vacation", Some(&tokens["player2"])).await;
        assert_eq!(vacation["on"], false, "{vacation}");
        assert!(vacation["used_ms"].as_i64().unwrap() >= 0, "{vacation}");
        // The player still may not switch it on themselves in this event.
        let (status, body) = app
            .post("/api/v1/me/vacation", &tokens["player2"], json!({"on": true}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "vacation_not_allowed");
    })
    .await;
}

/// The tournament mails queued so far: (recipient, subject, body).
async fn tournament_mails(app: &TestApp) -> Vec<(String, String, String)> {
    sqlx::query_as("SELECT recipient, subject, body FROM email_outbox WHERE kind = 'tournament' ORDER BY id")
        .fetch_all(app.state.db.pool())
        .await
        .unwrap()
}

/// Players hear of their event by e-mail, webhook and in their Atom feed: its start with
/// their game or bye, each new round, its end with their place; once each, and by e-mail
/// only at a confirmed address of a player who wants tournament mail.
#[tokio::test]
async fn players_hear_of_each_round_and_the_end_by_email_and_feed_once() {
    each_backend(|db| async move {
        // Mail is on (the mail server is unreachable: the test reads the queue).
        let app = crate::streams::app_with(&db, |c| c.smtp_url = Some("smtp://127.0.0.1:9".to_owned())).await;
        let org = app.user("organiser").await;
        let names = ["player1", "player2", "player3"];
        let tokens = sign_up(&app, &names).await;
        // player1 wants tournament mail, player2 does not, player3 gave no address.
        for (name, wanted) in [("player1", true), ("player2", false)] {
            let (status, body) = app
                .call(
                    "PUT",
                    "/api/v1/me/notifications",
                    Some(&tokens[name]),
                    Some(json!({"email": format!("{name}@example.org"), "email_tournament": wanted})),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body["email_tournament"], wanted, "{body}");
            // Confirmed as the mailed link would (its flow has its own test).
            sqlx::query(
                "UPDATE notification_settings SET email_confirmed = email \
                 WHERE user_id = (SELECT id FROM users WHERE username = $1)",
            )
            .bind(name)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        }
        // player3 has a webhook (nothing listens: the test reads the deliveries).
        let (status, hook) = app
            .post(
                "/api/v1/me/webhooks",
                &tokens["player3"],
                json!({"url": "http://127.0.0.1:9/hook"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{hook}");
        let hook_id = hook["id"].as_i64().unwrap();
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Winter Swiss", "variant": "ancient", "format": "swiss", "rounds": 2, "bye_points_halves": 2}),
            &players,
        )
        .await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let by_number = tokens_by_number(&event, &tokens);
        let mut mails = Vec::new();
        for round in 1..=2 {
            let event = wait_for(&app, &id, "round paired", |e| e["round"] == round).await;
            mails = crate::notify::eventually("the round's mail", async || {
                let m = tournament_mails(&app).await;
                (m.len() >= usize::try_from(round).unwrap()).then_some(m)
            })
            .await;
            let (to, subject, body) = mails.last().unwrap();
            assert_eq!(to, "player1@example.org");
            let expected = if round == 1 {
                "The tournament “Winter Swiss” has started".to_owned()
            } else {
                "Round 2 of “Winter Swiss” has started".to_owned()
            };
            assert_eq!(subject, &expected);
            assert!(body.contains(&format!("Round {round} of 2 of “Winter Swiss” starts now.")), "{body}");
            let (game, first, second) = boards(&event, round)[0].clone();
            let player1_plays = [first, second]
                .iter()
                .any(|n| by_number[n] == tokens["player1"]);
            if player1_plays {
                assert!(body.contains(&format!("/games/{game}")), "{body}");
                assert!(body.contains(" v "), "{body}");
            } else {
                assert!(body.contains(&format!("Round {round}: a bye worth 1 point")), "{body}");
            }
            finish(&app, &game, &by_number[&first], &by_number[&second], "1-0").await;
        }
        wait_for(&app, &id, "finished", |e| e["status"] == "finished").await;
        let mails = crate::notify::eventually("the closing mail", async || {
            let m = tournament_mails(&app).await;
            (m.len() > mails.len()).then_some(m)
        })
        .await;
        assert_eq!(mails.len(), 3, "{mails:?}");
        let (to, subject, body) = &mails[2];
        assert_eq!(to, "player1@example.org");
        assert_eq!(subject, "The tournament “Winter Swiss” is over");
        assert!(body.contains("Winner: ") && body.contains(" of 3 with "), "{body}");

        // Each notice once, sent; going over the event again changes nothing.
        herald_server::api::tournaments::rounds::advance(&app.state, &id).await.unwrap();
        assert_eq!(
            herald_server::api::notify::fanout::send_notices_once(&app.state).await.unwrap(),
            0
        );
        let notices: Vec<(String, i64, Option<i64>)> =
            sqlx::query_as("SELECT kind, round, sent_at FROM tournament_notices ORDER BY id")
                .fetch_all(app.state.db.pool())
                .await
                .unwrap();
        let kinds: Vec<(&str, i64)> = notices.iter().map(|(k, r, _)| (k.as_str(), *r)).collect();
        assert_eq!(kinds, [("started", 1), ("round_started", 2), ("finished", 2)]);
        assert!(notices.iter().all(|(_, _, sent)| sent.is_some()), "{notices:?}");
        assert_eq!(tournament_mails(&app).await.len(), 3);

        // player3's webhook got each notice once, with their own message.
        let (status, log) = app
            .get(&format!("/api/v1/me/webhooks/{hook_id}/deliveries"), Some(&tokens["player3"]))
            .await;
        assert_eq!(status, StatusCode::OK, "{log}");
        let mut kinds: Vec<&str> = log
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["tournament_id"] == id.as_str())
            .map(|d| d["kind"].as_str().unwrap())
            .collect();
        kinds.sort_unstable();
        assert_eq!(
            kinds,
            ["tournament_finished", "tournament_round_started", "tournament_started"],
            "{log:#}"
        );
        let payloads: Vec<String> = sqlx::query_scalar(
            "SELECT payload FROM webhook_deliveries WHERE notice_id IS NOT NULL ORDER BY id",
        )
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
        assert_eq!(payloads.len(), 3, "one webhook, three notices: {payloads:?}");
        let finished: Value = serde_json::from_str(&payloads[2]).unwrap();
        assert_eq!(finished["type"], "tournament_notice");
        assert_eq!(finished["notice"], "finished");
        assert_eq!(finished["tournament_id"], id.as_str());
        assert!(finished["text"].as_str().unwrap().contains(" of 3 with "), "{finished}");

        // player3, who has no address, reads it all in the feed.
        let (status, feed) = app.post("/api/v1/me/feed", &tokens["player3"], json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{feed}");
        let url = feed["url"].as_str().unwrap();
        let path = &url[url.find("/feeds/").unwrap()..];
        let (status, xml) = app.get(path, None).await;
        assert_eq!(status, StatusCode::OK, "{xml}");
        let atom = atom_syndication::Feed::read_from(xml.as_str().unwrap().as_bytes()).unwrap();
        let titles: Vec<&str> = atom.entries().iter().map(|e| e.title().as_str()).collect();
        for title in [
            "The tournament “Winter Swiss” has started",
            "Round 2 of “Winter Swiss” has started",
            "The tournament “Winter Swiss” is over",
        ] {
            assert!(titles.contains(&title), "{title} missing from {titles:?}");
        }
        assert!(
            atom.entries()
                .iter()
                .any(|e| e.links()[0].href().ends_with(&format!("/tournaments/{id}"))),
            "{titles:?}"
        );
    })
    .await;
}

/// The pages work without JavaScript: create with the form (a bad field comes back with
/// the form and a sentence), enter and leave, a refusal explained on the event page once,
/// a form without its CSRF token refused, and everything a user typed escaped.
#[tokio::test]
async fn the_tournament_pages_work_as_plain_forms() {
    use crate::pages::Browser;
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut org = Browser::new(&app);
        org.sign_up("organiser").await;
        let page = org.get("/tournaments/new").await;
        assert_eq!(page.status, StatusCode::OK);
        let bad = org
            .post(
                "/tournaments/new",
                &[("name", "League"), ("variant", "nowan"), ("max_entrants", "99")],
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
        assert!(bad.body.contains("round robin takes 3 to 30 entrants"), "{}", bad.body);
        assert!(bad.body.contains("value=\"League\""), "the form keeps what was typed");
        let bad_time = org
            .post(
                "/tournaments/new",
                &[("name", "League"), ("variant", "nowan"), ("starts_at", "soon")],
            )
            .await;
        assert_eq!(bad_time.status, StatusCode::BAD_REQUEST, "{}", bad_time.body);
        assert!(bad_time.body.contains("start time"), "{}", bad_time.body);
        let made = org
            .post(
                "/tournaments/new",
                &[
                    ("name", "<b>Spring</b> league"),
                    ("variant", "nowan"),
                    ("description", "<script>x</script>"),
                    ("starts_at", "2026-01-15T18:30"),
                ],
            )
            .await;
        assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
        let url = made.location.unwrap();
        let page = org.get(&url).await;
        assert!(
            page.body.contains("&#60;b&#62;Spring&#60;/b&#62; league"),
            "the name is escaped"
        );
        assert!(!page.body.contains("<script>x</script>"), "the description is escaped");
        assert!(page.body.contains("Organiser tools"));
        assert!(
            page.body.contains("Thu 15 Jan 2026, 18:30 UTC"),
            "the start time: {}",
            page.body
        );
        // A player enters and leaves with the page's forms; a form without the token is refused.
        let mut anna = Browser::new(&app);
        anna.sign_up("anna").await;
        anna.get(&url).await;
        let refused = anna.post_raw(&format!("{url}/register"), &[]).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        let entered = anna.post(&format!("{url}/register"), &[]).await;
        assert_eq!(entered.status, StatusCode::SEE_OTHER);
        let page = anna.get(&url).await;
        assert!(page.body.contains("You are entered."), "{}", page.body);
        assert!(
            !page.body.contains("Organiser tools"),
            "only the organiser sees the tools"
        );
        // Starting with one entrant is refused, and the page says why, once.
        org.get(&url).await;
        let start = org.post(&format!("{url}/start"), &[]).await;
        assert_eq!(start.status, StatusCode::SEE_OTHER);
        let page = org.get(&url).await;
        assert!(page.body.contains("needs at least 3 entrants"), "{}", page.body);
        let again = org.get(&url).await;
        assert!(
            !again.body.contains("needs at least 3 entrants"),
            "the notice shows once"
        );
        let left = anna.post(&format!("{url}/leave"), &[]).await;
        assert_eq!(left.status, StatusCode::SEE_OTHER);
        let page = anna.get(&url).await;
        assert!(page.body.contains("Enter the tournament"), "{}", page.body);
        // The list shows it; the profile of a player in it lists it.
        let list = anna.get("/tournaments").await;
        assert!(
            list.body.contains("&#60;b&#62;Spring&#60;/b&#62; league"),
            "{}",
            list.body
        );
        anna.post(&format!("{url}/register"), &[]).await;
        let profile = anna.get("/users/anna").await;
        assert!(profile.body.contains(&url), "{}", profile.body);
        // Started with three, the organiser pauses a player and resumes them by form.
        for name in ["benno", "carla"] {
            let mut player = Browser::new(&app);
            player.sign_up(name).await;
            player.get(&url).await;
            assert_eq!(
                player.post(&format!("{url}/register"), &[]).await.status,
                StatusCode::SEE_OTHER
            );
        }
        org.get(&url).await;
        assert_eq!(
            org.post(&format!("{url}/start"), &[]).await.status,
            StatusCode::SEE_OTHER
        );
        let paused = "anna</a> <span class=\"muted\" title=\"on vacation: clocks stopped\">(paused)</span>";
        org.get(&url).await;
        let done = org.post(&format!("{url}/pause"), &[("username", "anna")]).await;
        assert_eq!(done.status, StatusCode::SEE_OTHER);
        let page = org.get(&url).await;
        assert!(page.body.contains(paused), "{}", page.body);
        // Someone else's attempt is explained on the page, and changes nothing.
        anna.get(&url).await;
        anna.post(&format!("{url}/resume"), &[("username", "anna")]).await;
        let page = anna.get(&url).await;
        assert!(page.body.contains("Only the tournament"), "{}", page.body);
        assert!(page.body.contains(paused), "{}", page.body);
        org.get(&url).await;
        org.post(&format!("{url}/resume"), &[("username", "anna")]).await;
        let page = org.get(&url).await;
        assert!(!page.body.contains(paused), "{}", page.body);
        org.post(&format!("{url}/pause"), &[("username", "nobody")]).await;
        let page = org.get(&url).await;
        assert!(page.body.contains("No user `nobody`."), "{}", page.body);
    })
    .await;
}

/// A failure while the next round is stored (here a board already taken) leaves the event
/// as it was: no game of the new round, the round unchanged; the next attempt pairs it.
#[tokio::test]
async fn a_failure_mid_pairing_leaves_the_event_as_it_was() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["player1", "player2", "player3", "player4", "player5"];
        let tokens = sign_up(&app, &names).await;
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Fragile", "variant": "not-chess", "format": "swiss", "rounds": 2}),
            &players,
        )
        .await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        // Board 2 of round 2 is taken by an aborted game that is not the event's.
        let (_, other) = app.post("/api/v1/games", &org, json!({"variant": "not-chess"})).await;
        let other = other["id"].as_str().unwrap().to_owned();
        let (status, _) = app.post(&format!("/api/v1/games/{other}/abort"), &org, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        sqlx::query(
            "INSERT INTO tournament_games (tournament_id, round, board, game_id, first, second) \
             VALUES ($1, 2, 2, $2, 98, 99)",
        )
        .bind(&id)
        .bind(&other)
        .execute(app.state.db.pool())
        .await
        .unwrap();
        let count = |sql: &'static str| {
            let pool = app.state.db.pool().clone();
            async move { sqlx::query_scalar::<_, i64>(sql).fetch_one(&pool).await.unwrap() }
        };
        let games_before = count("SELECT COUNT(*) FROM games").await;
        let by_number = tokens_by_number(&event, &tokens);
        for (game_id, first, second) in boards(&event, 1) {
            finish(&app, &game_id, &by_number[&first], &by_number[&second], "1-0").await;
        }
        // The outbox worker tries, and so does an explicit call: both fail and store nothing.
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert!(
            herald_server::api::tournaments::rounds::advance(&app.state, &id)
                .await
                .is_err()
        );
        let (_, event) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_eq!(event["round"], 1, "{event:#}");
        assert_eq!(event["status"], "running");
        assert_eq!(count("SELECT COUNT(*) FROM games").await, games_before);
        assert_eq!(count("SELECT COUNT(*) FROM tournament_games").await, 3);
        assert_eq!(
            count("SELECT COUNT(*) FROM tournament_byes").await,
            1,
            "round one's bye only"
        );
        // The obstacle gone, the next attempt (the sweeper's catch-up) pairs round two.
        sqlx::query("DELETE FROM tournament_games WHERE game_id = $1")
            .bind(&other)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        herald_server::api::tournaments::rounds::advance_due(&app.state)
            .await
            .unwrap();
        let (_, event) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_eq!(event["round"], 2, "{event:#}");
        assert_eq!(boards(&event, 2).len(), 2);
    })
    .await;
}

/// Many teams play a Swiss: teams are paired as entrants, round by round, partners always
/// on one side, and a team's players swap seats when it plays the same side again. A team
/// entering late is paired from the round after its partner accepts.
#[tokio::test]
async fn a_chatrang_team_swiss_pairs_teams_round_by_round() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["a1x", "a2x", "b1x", "b2x", "c1x", "c2x", "d1x", "d2x"];
        let tokens = sign_up(&app, &names).await;
        let (status, event) = app
            .post(
                "/api/v1/tournaments",
                &org,
                json!({"name": "Team Swiss", "variant": "chatrang", "format": "swiss", "rounds": 3}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{event}");
        let id = event["id"].as_str().unwrap().to_owned();
        for pair in names.chunks(2) {
            let path = format!("/api/v1/tournaments/{id}/register");
            let (status, body) = app.post(&path, &tokens[pair[0]], json!({"partner": pair[1]})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, body) = app.post(&path, &tokens[pair[1]], json!(null)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        // A team enters late: a partner is required, and the team waits for the partner.
        let mut tokens = tokens;
        tokens.insert("late1x", app.user("late1x").await);
        tokens.insert("late2x", app.user("late2x").await);
        let path = format!("/api/v1/tournaments/{id}/register");
        let (status, body) = app.post(&path, &tokens["late1x"], json!(null)).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "partner_required");
        let (status, body) = app.post(&path, &tokens["late1x"], json!({"partner": "late2x"})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let late_number = body["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["username"] == "late1x")
            .and_then(|p| p["number"].as_i64())
            .unwrap();
        assert_eq!(late_number, 5);
        let (status, body) = app.post(&path, &tokens["late1x"], json!({"partner": "late2x"})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "already_entered");
        let mut met = HashSet::new();
        let mut seats_of: HashMap<String, HashSet<usize>> = HashMap::new();
        for round in 1..=3 {
            let event = wait_for(&app, &id, "round paired", |e| e["round"] == round).await;
            let team_of: HashMap<String, i64> = event["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| {
                    (
                        p["username"].as_str().unwrap().to_owned(),
                        p["number"].as_i64().unwrap(),
                    )
                })
                .collect();
            let this = boards(&event, round);
            assert_eq!(this.len(), 2, "two boards a round: {event:#}");
            let paired: Vec<i64> = this.iter().flat_map(|(_, f, s)| [*f, *s]).collect();
            let sitting_out: Vec<i64> = event["rounds"][usize::try_from(round - 1).unwrap()]["byes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["entrant"].as_i64().unwrap())
                .collect();
            if round == 1 {
                // Round one was paired before the late team came; its partner accepts now.
                assert!(!paired.contains(&late_number) && !sitting_out.contains(&late_number));
                let (status, body) = app.post(&path, &tokens["late2x"], json!(null)).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            } else {
                // Five teams: two boards and a bye, the late team among them.
                assert_eq!(sitting_out.len(), 1, "{event:#}");
                assert!(
                    paired.contains(&late_number) || sitting_out.contains(&late_number),
                    "{event:#}"
                );
            }
            for (game_id, first, second) in this {
                assert!(
                    met.insert((first.min(second), first.max(second))),
                    "teams met twice: {event:#}"
                );
                let (_, game) = app.get(&format!("/api/v1/games/{game_id}"), None).await;
                let seats: Vec<String> = game["seats"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["user"].as_str().unwrap().to_owned())
                    .collect();
                assert_eq!(team_of[&seats[0]], first);
                assert_eq!(team_of[&seats[2]], first);
                assert_eq!(team_of[&seats[1]], second);
                assert_eq!(team_of[&seats[3]], second);
                for (seat, user) in seats.iter().enumerate() {
                    seats_of.entry(user.clone()).or_default().insert(seat);
                }
                for ply in 0..6 {
                    let (status, body) = app
                        .post(
                            &format!("/api/v1/games/{game_id}/moves"),
                            &tokens[seats[ply % 4].as_str()],
                            json!({"move": "a1a2"}),
                        )
                        .await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                }
            }
        }
        let event = wait_for(&app, &id, "finished", |e| e["status"] == "finished").await;
        assert_eq!(event["standings"].as_array().unwrap().len(), 5);
        // Three games each: every player who played all three rounds sat in at least two
        // different seats.
        for (user, seats) in &seats_of {
            if !user.starts_with("late") {
                assert!(seats.len() >= 2, "{user} always sat in one seat: {seats:?}");
            }
        }
    })
    .await;
}

#[tokio::test]
async fn a_double_round_robin_plays_each_pair_once_with_each_colour() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["anna", "boris", "clara", "dmitri"];
        let tokens = sign_up(&app, &names).await;
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Double", "variant": "not-chess", "format": "double_round_robin"}),
            &players,
        )
        .await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["rounds"].as_array().unwrap().len(), 6);
        let mut colours = HashSet::new();
        let by_number = tokens_by_number(&event, &tokens);
        for round in 1..=6 {
            for (game_id, first, second) in boards(&event, round) {
                assert!(
                    colours.insert((first, second)),
                    "{first}-{second} twice with the same colours"
                );
                // The first player wins every game: each pair splits its two games.
                finish(&app, &game_id, &by_number[&first], &by_number[&second], "1-0").await;
            }
        }
        assert_eq!(colours.len(), 12, "every ordered pair once");
        let event = wait_for(&app, &id, "finished", |e| e["status"] == "finished").await;
        for line in event["standings"].as_array().unwrap() {
            assert_eq!(line["points"], "3", "{event:#}");
            assert_eq!(line["rank"], 1);
        }
        assert_eq!(
            event["crosstable"]["1"]["2"].as_array().unwrap().len(),
            2,
            "two cells a pair"
        );
    })
    .await;
}

#[tokio::test]
async fn a_stored_tie_break_list_that_does_not_parse_is_an_error_not_other_standings() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let tokens = sign_up(&app, &["tb_org"]).await;
        let id = event_with(
            &app,
            &tokens["tb_org"],
            json!({"name": "Tie-breaks", "variant": "nowan", "tie_breaks": ["sonneborn_berger", "wins"]}),
            &[],
        )
        .await;
        let (status, event) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["tie_breaks"], json!(["sonneborn_berger", "wins"]));
        // A value this version does not know (a later version's, or damage) must not read
        // as "no tie-breaks", which would reorder the standings without a word.
        sqlx::query("UPDATE tournaments SET tie_breaks = 'sonneborn_berger,coin_toss' WHERE id = $1")
            .bind(&id)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        let (status, event) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_error(status, &event, StatusCode::INTERNAL_SERVER_ERROR, "internal");
    })
    .await;
}

/// FIDE's Buchholz Cut-1 and its two kinds of wins may order a table: a bye worth a win
/// counts in wins but not in wins over the board.
#[tokio::test]
async fn buchholz_cut_one_and_wins_over_the_board_order_a_swiss_table() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let names = ["anna", "boris", "clara"];
        let tokens = sign_up(&app, &names).await;
        let players: Vec<&str> = names.iter().map(|n| tokens[n].as_str()).collect();
        let id = event_with(
            &app,
            &org,
            json!({"name": "Cut", "variant": "not-chess", "format": "swiss", "rounds": 2, "rated": false,
                   "tie_breaks": ["buchholz_cut1", "wins", "wins_over_the_board"]}),
            &players,
        )
        .await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(
            event["tie_breaks"],
            json!(["buchholz_cut1", "wins", "wins_over_the_board"])
        );
        let by_number = tokens_by_number(&event, &tokens);
        let (game, _, second) = boards(&event, 1)[0].clone();
        let (status, body) = app
            .post(&format!("/api/v1/games/{game}/resign"), &by_number[&second], json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let event = wait_for(&app, &id, "round two", |e| e["round"] == 2).await;
        let bye = event["rounds"][0]["byes"][0]["entrant"].as_i64().unwrap();
        let line = event["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["number"] == bye)
            .unwrap()
            .clone();
        // The bye's receiver: one win, none over the board.
        assert_eq!(line["tie_breaks"][1], 1.0, "{line}");
        assert_eq!(line["tie_breaks"][2], 0.0, "{line}");
        let (_, page) = app.get(&format!("/tournaments/{id}"), None).await;
        let page = page.as_str().unwrap();
        assert!(
            page.contains("Buchholz Cut-1") && page.contains("Wins over the board"),
            "{page}"
        );
    })
    .await;
}
