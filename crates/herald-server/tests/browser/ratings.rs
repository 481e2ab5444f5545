//! Profiles and leaderboards: ratings, their history chart and the lists, readable.

use fantoccini::Locator;
use serde_json::json;

use crate::common::{
    LOW_CONTRAST, api, assert_no_sideways_scroll, browser, dark_browser, screenshot, sign_up, start_driver,
    start_server,
};

/// A profile with its rating chart and a leaderboard, at desktop width in light mode and on a
/// 320 px phone in dark mode: readable (WCAG AA), nothing sticking out, and screenshots. The
/// ratings are written straight into the database (the rendering is under test here; the
/// rating maths and the paths that write them are tested in `tests/api/ratings.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn profiles_and_leaderboards_draw_ratings_readably() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let light = browser(&driver, 1280, 1000, true).await;
    sign_up(&light, &server, "nyx").await;
    // Games for the history to point at: open challenges of nyx's.
    let mut games = Vec::new();
    for _ in 0..12 {
        let game = api(
            &light,
            "POST",
            "/api/v1/games",
            json!({"variant": "nowan", "rated": true}),
        )
        .await;
        games.push(game["id"].as_str().unwrap().to_owned());
    }
    let db = herald_server::storage::Db::open(
        &format!("sqlite://{}?mode=rwc", server.dir.join("herald.db").display()),
        2,
    )
    .await
    .unwrap();
    let now = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis(),
    )
    .unwrap();
    let day = 86_400_000_i64;
    for (name, rating, deviation) in [
        ("altair", 1873.0, 61.0),
        ("vega", 1764.0, 70.0),
        ("deneb", 1690.0, 88.0),
        ("rigel", 1588.0, 95.0),
        ("mira", 1495.0, 140.0),
    ] {
        let http = reqwest::Client::new();
        http.post(format!("{}/api/v1/accounts", server.url))
            .json(&json!({"username": name, "password": "a long test passphrase"}))
            .send()
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
             SELECT id, 'nowan', $1, $2, 0.06, 14, $3 FROM users WHERE username = $4",
        )
        .bind(rating)
        .bind(deviation)
        .bind(now - day)
        .bind(name)
        .execute(db.pool())
        .await
        .unwrap();
    }
    let mut rating = 1500.0_f64;
    let mut deviation = 350.0_f64;
    for (k, game) in games.iter().enumerate() {
        let step = [
            62.0, 41.0, -28.0, 35.0, 22.0, -18.0, 27.0, -12.0, 19.0, 14.0, -9.0, 11.0,
        ][k];
        let before = rating;
        rating += step;
        deviation = (deviation * 0.82).max(58.0);
        let at = now - (12 - i64::try_from(k).unwrap()) * 9 * day;
        sqlx::query(
            "INSERT INTO rating_changes (game_id, seat, user_id, variant, rating_before, rating_after, deviation_after, created_at) \
             SELECT $1, 0, id, 'nowan', $2, $3, $4, $5 FROM users WHERE username = 'nyx'",
        )
        .bind(game)
        .bind(before)
        .bind(rating)
        .bind(deviation)
        .bind(at)
        .execute(db.pool())
        .await
        .unwrap();
    }
    sqlx::query(
        "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
         SELECT id, 'nowan', $1, $2, 0.06, 12, $3 FROM users WHERE username = 'nyx'",
    )
    .bind(rating)
    .bind(deviation)
    .bind(now - 9 * day)
    .execute(db.pool())
    .await
    .unwrap();

    light.goto(&format!("{}/users/nyx", server.url)).await.unwrap();
    light
        .find(Locator::Css("figure.rating-history svg.rating-chart"))
        .await
        .unwrap();
    let profile = light.source().await.unwrap();
    assert!(
        profile.contains(&format!("<td class=\"num\">{}</td>", rating.round())),
        "the chart's table has the last rating"
    );
    let low = light.execute(LOW_CONTRAST, vec![]).await.unwrap();
    assert_eq!(low, json!([]), "profile: text below WCAG AA contrast");
    screenshot(&light, "profile-chart-desktop-light").await;
    light.goto(&format!("{}/leaderboard/nowan", server.url)).await.unwrap();
    let names: Vec<String> = {
        let mut out = Vec::new();
        for row in light.find_all(Locator::Css("table tbody tr")).await.unwrap() {
            out.push(row.text().await.unwrap());
        }
        out
    };
    assert!(
        names.first().is_some_and(|r| r.contains("altair")),
        "best first: {names:?}"
    );
    assert!(
        names.iter().all(|r| !r.contains("mira")),
        "a provisional rating is left off: {names:?}"
    );
    let low = light.execute(LOW_CONTRAST, vec![]).await.unwrap();
    assert_eq!(low, json!([]), "leaderboard: text below WCAG AA contrast");
    screenshot(&light, "leaderboard-desktop-light").await;

    let dark = dark_browser(&driver, 1280, 900).await;
    dark.set_window_size(320, 740).await.unwrap();
    for (path, name) in [
        ("/users/nyx", "profile-chart-phone-dark"),
        ("/leaderboard/nowan", "leaderboard-phone-dark"),
    ] {
        dark.goto(&format!("{}{path}", server.url)).await.unwrap();
        assert_no_sideways_scroll(&dark, &format!("{path} at 320 px")).await;
        let low = dark.execute(LOW_CONTRAST, vec![]).await.unwrap();
        assert_eq!(low, json!([]), "{path} in dark mode");
        screenshot(&dark, name).await;
    }
    light.close().await.unwrap();
    dark.close().await.unwrap();
}
