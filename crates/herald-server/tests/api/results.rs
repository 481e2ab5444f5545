//! Each player's results tallies (by game, seat and outcome): counted once per finished game
//! by the trigger that finishes it, whichever way it ends, and back-filled by the migration
//! that introduced them.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::Row;

use crate::common::{TestApp, TestDb, each_backend};

/// A player's finished games by game, seat and winning team, counted from their seats: what
/// the tallies must always agree with.
const FROM_SEATS: &str = "SELECT game_variant, seat, game_winner_team, COUNT(*) FROM game_seats \
     WHERE user_id = $1 AND game_status = 'finished' \
     GROUP BY game_variant, seat, game_winner_team ORDER BY game_variant, seat, game_winner_team";

type Tally = Vec<(String, i64, Option<i64>, i64)>;

async fn from_seats(app: &TestApp, user: i64) -> Tally {
    let rows = sqlx::query(FROM_SEATS)
        .bind(user)
        .fetch_all(app.state.db.pool())
        .await
        .unwrap();
    let mut out: Tally = rows
        .iter()
        .map(|r| {
            (
                r.try_get(0).unwrap(),
                r.try_get(1).unwrap(),
                r.try_get(2).unwrap(),
                r.try_get(3).unwrap(),
            )
        })
        .collect();
    // SQL sorts a missing winner first or last depending on the database.
    out.sort();
    out
}

async fn tallies(app: &TestApp, user: i64) -> Tally {
    let mut out: Tally = app
        .state
        .db
        .results_of(user)
        .await
        .unwrap()
        .into_iter()
        .map(|r| {
            (
                r.variant.id().to_owned(),
                i64::from(r.seat.get()),
                r.winner_team.map(|t| i64::from(t.get())),
                r.games,
            )
        })
        .collect();
    out.sort();
    out
}

async fn user_id(app: &TestApp, name: &str) -> i64 {
    sqlx::query("SELECT id FROM users WHERE username = $1")
        .bind(name)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

async fn ok(app: &TestApp, path: &str, token: &str, body: serde_json::Value) {
    let (status, answer) = app.post(path, token, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
}

/// Plays `plies` scripted moves of game `id`, `first` (seat 0) and `second` in turn.
async fn play_plies(app: &TestApp, id: &str, (first, second): (&str, &str), plies: usize) {
    for ply in 0..plies {
        let (token, text) = if ply.is_multiple_of(2) {
            (first, "a1a2")
        } else {
            (second, "b1b2")
        };
        ok(
            app,
            &format!("/api/v1/games/{id}/moves"),
            token,
            json!({ "move": text }),
        )
        .await;
    }
}

/// Alice and Bob finish games every way a game ends (the last mover wins after six plies,
/// resignation, agreed draw, an abort that counts nothing), in two games, from both seats.
async fn play_every_ending(app: &TestApp, alice: &str, bob: &str) {
    for variant in ["nowan", "not-chess"] {
        for (first, second, second_name) in [(alice, bob, "bob"), (bob, alice, "alice")] {
            let won = app.started_game(variant, first, second, second_name).await;
            play_plies(app, &won, (first, second), 6).await;
            let resigned = app.started_game(variant, first, second, second_name).await;
            play_plies(app, &resigned, (first, second), 2).await;
            ok(app, &format!("/api/v1/games/{resigned}/resign"), first, json!({})).await;
            let drawn = app.started_game(variant, first, second, second_name).await;
            play_plies(app, &drawn, (first, second), 2).await;
            ok(
                app,
                &format!("/api/v1/games/{drawn}/draw"),
                first,
                json!({"action": "offer"}),
            )
            .await;
            ok(
                app,
                &format!("/api/v1/games/{drawn}/draw"),
                second,
                json!({"action": "accept"}),
            )
            .await;
            let aborted = app.started_game(variant, first, second, second_name).await;
            ok(app, &format!("/api/v1/games/{aborted}/abort"), first, json!({})).await;
        }
    }
}

#[tokio::test]
async fn every_finished_game_is_counted_once_in_its_players_tallies() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        play_every_ending(&app, &alice, &bob).await;
        for name in ["alice", "bob"] {
            let id = user_id(&app, name).await;
            let counted = tallies(&app, id).await;
            assert_eq!(counted, from_seats(&app, id).await, "{}: {name}", db.backend);
            // Two games, two seats, three finished games each (the abort counts nothing).
            assert_eq!(
                counted.iter().map(|t| t.3).sum::<i64>(),
                12,
                "{}: {counted:?}",
                db.backend
            );
            assert!(counted.iter().any(|t| t.2.is_none()), "draws are tallied: {counted:?}");
        }
    })
    .await;
}

/// Undoes migration 0014 (its table and its record), as a database made before it was.
async fn before_tallies(db: &TestDb, app: &TestApp) {
    // One connection: a SQLite connection that did not make a schema change may still see
    // the schema as it was.
    let mut conn = app.state.db.pool().acquire().await.unwrap();
    let pool = &mut *conn;
    sqlx::query("DROP TABLE player_results")
        .execute(&mut *pool)
        .await
        .unwrap();
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = 14")
        .execute(&mut *pool)
        .await
        .unwrap();
    // Without the table, the trigger of 0014 could not finish a game: put 0009's back.
    let old_trigger = if db.backend == "postgres" {
        "CREATE OR REPLACE FUNCTION herald_game_finished_at() RETURNS trigger AS $$ BEGIN \
         UPDATE game_seats SET finished_at = NEW.finished_at, game_status = NEW.status, game_variant = NEW.variant, \
         game_result = NEW.result, game_winner_team = NEW.winner_team WHERE game_id = NEW.id; RETURN NULL; END \
         $$ LANGUAGE plpgsql"
    } else {
        "DROP TRIGGER games_finished_at_to_seats"
    };
    sqlx::query(old_trigger).execute(&mut *pool).await.unwrap();
    if db.backend != "postgres" {
        sqlx::query(
            "CREATE TRIGGER games_finished_at_to_seats AFTER UPDATE OF finished_at ON games \
             WHEN NEW.finished_at IS NOT OLD.finished_at BEGIN \
             UPDATE game_seats SET finished_at = NEW.finished_at, game_status = NEW.status, \
             game_variant = NEW.variant, game_result = NEW.result, game_winner_team = NEW.winner_team \
             WHERE game_id = NEW.id; END",
        )
        .execute(&mut *pool)
        .await
        .unwrap();
    }
}

#[tokio::test]
async fn the_migration_counts_the_games_finished_before_it() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        before_tallies(&db, &app).await;
        // Finished while the database had no tallies.
        play_every_ending(&app, &alice, &bob).await;
        // The next start migrates: the tallies count what was played.
        let migrated = TestApp::scripted(&db).await;
        for name in ["alice", "bob"] {
            let id = user_id(&migrated, name).await;
            let counted = tallies(&migrated, id).await;
            assert_eq!(
                counted.iter().map(|t| t.3).sum::<i64>(),
                12,
                "{}: {counted:?}",
                db.backend
            );
            assert_eq!(counted, from_seats(&migrated, id).await, "{}: {name}", db.backend);
        }
        // And the trigger counts from then on.
        let won = migrated.started_game("nowan", &alice, &bob, "bob").await;
        play_plies(&migrated, &won, (&alice, &bob), 6).await;
        let id = user_id(&migrated, "alice").await;
        let counted = tallies(&migrated, id).await;
        assert_eq!(counted.iter().map(|t| t.3).sum::<i64>(), 13, "{}", db.backend);
        assert_eq!(counted, from_seats(&migrated, id).await, "{}", db.backend);
    })
    .await;
}
