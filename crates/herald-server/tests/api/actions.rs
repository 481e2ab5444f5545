//! `actions` in the game object is the rule the services apply: in every situation of a
//! game (waiting, invited, started, in play, a draw offered, a deadline passed, finished)
//! and for each of its players and a spectator, every listed action succeeds on a game in
//! that situation and every unlisted one is refused. An anonymous reader is listed nothing.

use axum::http::StatusCode;
use herald_server::infra::clock::DAY_MS;
use serde_json::{Value, json};

use crate::common::{TestApp, each_backend};

/// Every action the API document names, in the order the game object lists them.
const ALL: [&str; 13] = [
    "move",
    "resign",
    "offer_draw",
    "accept_draw",
    "decline_draw",
    "abort",
    "decline_invitation",
    "claim_timeout",
    "join",
    "offer_rematch",
    "save_conditionals",
    "chat",
    "publish_notes",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Situation {
    /// Alice waits at seat 0, seat 1 open.
    Waiting,
    /// Alice waits at seat 0, seat 1 reserved for Bob.
    Invited,
    /// Alice against Bob, no move yet.
    Started,
    /// Both moved once: Alice to move.
    InPlay,
    /// In play, and Bob offered a draw.
    DrawOffered,
    /// In play, and Alice's deadline has passed.
    Late,
    /// Alice resigned.
    Finished,
}

const SITUATIONS: [Situation; 7] = [
    Situation::Waiting,
    Situation::Invited,
    Situation::Started,
    Situation::InPlay,
    Situation::DrawOffered,
    Situation::Late,
    Situation::Finished,
];

struct Players {
    alice: String,
    bob: String,
    carol: String,
}

async fn ok(app: &TestApp, path: &str, token: &str, body: Value) -> Value {
    let (status, answer) = app.post(path, token, body).await;
    assert!(status.is_success(), "{path}: {status} {answer}");
    answer
}

/// A new game in `situation`; its id.
async fn game_in(app: &TestApp, p: &Players, situation: Situation) -> String {
    let body = if situation == Situation::Waiting {
        json!({"variant": "not-chess", "seat": 0})
    } else {
        json!({"variant": "not-chess", "seat": 0, "invite": "bob"})
    };
    let id = ok(app, "/api/v1/games", &p.alice, body).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    if matches!(situation, Situation::Waiting | Situation::Invited) {
        return id;
    }
    let game = format!("/api/v1/games/{id}");
    ok(app, &format!("{game}/join"), &p.bob, json!({})).await;
    if situation == Situation::Started {
        return id;
    }
    for token in [&p.alice, &p.bob] {
        let view = app.get(&game, Some(token)).await.1;
        let legal = view["legal_moves"][0].clone();
        ok(app, &format!("{game}/moves"), token, json!({ "move": legal })).await;
    }
    match situation {
        Situation::DrawOffered => {
            ok(app, &format!("{game}/draw"), &p.bob, json!({"action": "offer"})).await;
        }
        Situation::Late => app.clock.advance_ms(5 * DAY_MS),
        Situation::Finished => {
            ok(app, &format!("{game}/resign"), &p.alice, json!({})).await;
        }
        _ => {}
    }
    id
}

/// Takes `action` in game `id` as `token`; whether the server accepted it.
async fn take(app: &TestApp, id: &str, token: &str, action: &str) -> bool {
    let game = format!("/api/v1/games/{id}");
    let post = |path: String, body: Value| async move { app.post(&path, token, body).await };
    let (status, body) = match action {
        "move" => {
            let view = app.get(&game, Some(token)).await.1;
            let legal = view["legal_moves"].get(0).cloned().unwrap_or(json!("a1a2"));
            post(format!("{game}/moves"), json!({ "move": legal })).await
        }
        "resign" => post(format!("{game}/resign"), json!({})).await,
        "offer_draw" => post(format!("{game}/draw"), json!({"action": "offer"})).await,
        "accept_draw" => post(format!("{game}/draw"), json!({"action": "accept"})).await,
        "decline_draw" => post(format!("{game}/draw"), json!({"action": "decline"})).await,
        "abort" | "decline_invitation" => post(format!("{game}/abort"), json!({})).await,
        "claim_timeout" => post(format!("{game}/claim"), json!({})).await,
        "join" => post(format!("{game}/join"), json!({})).await,
        "offer_rematch" => post(format!("{game}/rematch"), json!({})).await,
        "save_conditionals" => {
            app.call(
                "PUT",
                &format!("{game}/conditionals"),
                Some(token),
                Some(json!({"lines": []})),
            )
            .await
        }
        "chat" => post(format!("{game}/chat"), json!({"text": "hello"})).await,
        "publish_notes" => post(format!("{game}/notes/publish"), json!({"published": true})).await,
        other => panic!("unknown action {other}"),
    };
    // A refusal is the rule's (403, 409), never a failure of the request itself.
    assert!(
        status.is_success() || status == StatusCode::FORBIDDEN || status == StatusCode::CONFLICT,
        "{action}: {status} {body}"
    );
    status.is_success()
}

fn listed(view: &Value) -> Vec<String> {
    view["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn listed_actions_are_exactly_the_accepted_ones() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let p = Players {
            alice: app.user("alice").await,
            bob: app.user("bob").await,
            carol: app.user("carol").await,
        };
        let mut expected: Vec<(Situation, &str, Vec<String>)> = Vec::new();
        for situation in SITUATIONS {
            let id = game_in(&app, &p, situation).await;
            let anonymous = app.get(&format!("/api/v1/games/{id}"), None).await.1;
            assert_eq!(listed(&anonymous), Vec::<String>::new(), "{situation:?}");
            for (name, token) in [("alice", &p.alice), ("bob", &p.bob), ("carol", &p.carol)] {
                let view = app.get(&format!("/api/v1/games/{id}"), Some(token)).await.1;
                let actions = listed(&view);
                for action in &actions {
                    assert!(ALL.contains(&action.as_str()), "{action}");
                }
                // Each action is tried on a game of its own in the same situation.
                for action in ALL {
                    // One route serves both: an invitee's abort declines the invitation.
                    let expect = match action {
                        "abort" | "decline_invitation" => {
                            actions.iter().any(|a| a == "abort" || a == "decline_invitation")
                        }
                        _ => actions.iter().any(|a| a == action),
                    };
                    let fresh = game_in(&app, &p, situation).await;
                    let accepted = take(&app, &fresh, token, action).await;
                    assert_eq!(
                        accepted, expect,
                        "{situation:?}, {name}: {action} listed {expect}, accepted {accepted} ({actions:?})"
                    );
                    // Leave no invitation open (each player has a limit of them).
                    app.post(&format!("/api/v1/games/{fresh}/abort"), &p.alice, json!({}))
                        .await;
                }
                expected.push((situation, name, actions));
            }
        }
        // The rule as people read it, for the situations that matter most.
        let of = |s: Situation, who: &str| {
            expected
                .iter()
                .find(|(x, n, _)| *x == s && *n == who)
                .map(|(_, _, a)| a.join(" "))
                .unwrap()
        };
        assert_eq!(of(Situation::Waiting, "carol"), "join");
        assert_eq!(of(Situation::Invited, "bob"), "decline_invitation join");
        assert_eq!(of(Situation::Invited, "carol"), "");
        assert_eq!(
            of(Situation::Started, "alice"),
            "move resign offer_draw abort save_conditionals chat"
        );
        assert_eq!(of(Situation::InPlay, "bob"), "resign offer_draw save_conditionals chat");
        assert_eq!(
            of(Situation::DrawOffered, "alice"),
            "move resign offer_draw accept_draw decline_draw save_conditionals chat"
        );
        assert_eq!(
            of(Situation::Late, "bob"),
            "resign offer_draw claim_timeout save_conditionals chat"
        );
        assert_eq!(of(Situation::Finished, "bob"), "offer_rematch chat publish_notes");
        assert_eq!(of(Situation::Finished, "carol"), "");
    })
    .await;
}

/// Once a rematch is offered, the finished game no longer lists one.
#[tokio::test]
async fn an_offered_rematch_is_no_longer_listed() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let p = Players {
            alice: app.user("alice").await,
            bob: app.user("bob").await,
            carol: app.user("carol").await,
        };
        let id = game_in(&app, &p, Situation::Finished).await;
        let game = format!("/api/v1/games/{id}");
        assert!(listed(&app.get(&game, Some(&p.alice)).await.1).contains(&"offer_rematch".to_owned()));
        ok(&app, &format!("{game}/rematch"), &p.bob, json!({})).await;
        for token in [&p.alice, &p.bob] {
            let actions = listed(&app.get(&game, Some(token)).await.1);
            assert!(!actions.contains(&"offer_rematch".to_owned()), "{actions:?}");
        }
        let (status, _) = app.post(&format!("{game}/rematch"), &p.alice, json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT);
    })
    .await;
}
