//! Bots from the browser (issue 34): an administrator makes a bot on `/admin/bots`, a
//! newcomer creates a Chatrang game whose three other seats bots fill at once, moves, and
//! sees the three bots answer; `/bots` lists them with their badge, on a phone too.

use fantoccini::Locator;

use crate::common::{
    api, assert_no_sideways_scroll, browser, docs_screenshot, game_json, not_reloaded, play_api, sign_up, start_driver,
    start_server, wait_until,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_fills_a_chatrang_table_with_bots_and_plays() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let root = browser(&driver, 1280, 1100, true).await;
    sign_up(&root, &server, "root").await;
    // The first administrator comes from the command line; here, on the same database file.
    let url = format!("sqlite://{}", server.dir.join("herald.db").display());
    let db = herald_server::storage::Db::open(&url, 1).await.unwrap();
    sqlx::query("UPDATE users SET is_admin = 1 WHERE username = 'root'")
        .execute(db.pool())
        .await
        .unwrap();
    // Two bots from the CLI's function, one from the admin page's form.
    for name in ["Gold", "Crimson"] {
        let bot = herald_server::api::bots::NewBot {
            username: name.to_owned(),
            settings: serde_json::from_value(serde_json::json!({"level": 2, "description": "A steady partner"}))
                .unwrap(),
        };
        herald_server::api::bots::create(&db, None, 0, &bot).await.unwrap();
    }
    db.close().await;
    root.goto(&format!("{}/admin/bots", server.url)).await.unwrap();
    // With bots listed, the creation form is folded away: open it as a person would.
    root.find(Locator::Css("details > summary"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let form = root.form(Locator::Css("form[action='/admin/bots']")).await.unwrap();
    form.set_by_name("username", "Vizier").await.unwrap();
    form.set_by_name("level", "2").await.unwrap();
    form.set_by_name("description", "Plays Chatrang slowly and well")
        .await
        .unwrap();
    form.submit().await.unwrap();
    wait_until(&root, "the bot to be listed", |c| async move {
        c.source().await.unwrap().contains("id=\"bot-Vizier\"")
    })
    .await;
    docs_screenshot(&root, "admin-bots").await;

    // A newcomer asks for a Chatrang table with level-2 bots in the other seats.
    let player = browser(&driver, 1366, 900, true).await;
    sign_up(&player, &server, "newbie").await;
    player
        .goto(&format!("{}/lobby/new?variant=chatrang", server.url))
        .await
        .unwrap();
    let form = player.form(Locator::Css("form[action='/lobby/new']")).await.unwrap();
    form.set_by_name("seat", "0").await.unwrap();
    form.set_by_name("rated", "casual").await.unwrap();
    form.set_by_name("bot_level", "2").await.unwrap();
    form.set_by_name("bot_after", "0").await.unwrap();
    form.submit().await.unwrap();
    wait_until(&player, "the game page", |c| async move {
        c.current_url().await.unwrap().path().starts_with("/games/")
    })
    .await;
    let id = player
        .current_url()
        .await
        .unwrap()
        .path()
        .trim_start_matches("/games/")
        .to_owned();
    let game_of = |c: fantoccini::Client, id: String| async move { game_json(&c, &id).await };
    wait_until(&player, "the bots to take their seats", |c| {
        let id = id.clone();
        async move { game_of(c, id).await["status"] == "active" }
    })
    .await;
    let game = game_json(&player, &id).await;
    let names: Vec<&str> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["user"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "newbie");
    assert!(
        game["seats"].as_array().unwrap()[1..]
            .iter()
            .all(|s| s["is_bot"] == true),
        "{game}"
    );
    // The page is open; one move, and the three bots' replies arrive on it live.
    player.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    player
        .execute("window.heraldNoReload = true; return null;", vec![])
        .await
        .unwrap();
    let first = game["legal_moves"][0].as_str().unwrap().to_owned();
    play_api(&player, &id, &first).await;
    wait_until(&player, "the three bots' replies on the open page", |c| async move {
        let steps = c
            .execute(
                "return document.querySelectorAll('.replay-step[data-at]').length;",
                vec![],
            )
            .await
            .unwrap();
        steps.as_u64().unwrap_or(0) >= 4
    })
    .await;
    assert!(not_reloaded(&player).await, "the replies came live, without a reload");
    let g = game_json(&player, &id).await;
    assert_eq!(
        (&g["ply"], &g["turn"]),
        (&serde_json::json!(4), &serde_json::json!(0)),
        "{g}"
    );
    player.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    let body = player.source().await.unwrap();
    assert_eq!(
        body.matches("class=\"bot-badge\"").count(),
        3,
        "a badge beside each bot's name"
    );
    docs_screenshot(&player, "chatrang-with-bots").await;

    // A duel with a bot: one move each, the newcomer resigns and asks for the computer
    // analysis, and the evaluation chart is drawn.
    let duel = crate::common::create_game(
        &player,
        serde_json::json!({"variant": "nowan", "seat": 0, "invite": "Gold", "rated": false}),
    )
    .await;
    wait_until(&player, "the bot to accept", |c| {
        let duel = duel.clone();
        async move { game_of(c, duel).await["status"] == "active" }
    })
    .await;
    let opening = game_json(&player, &duel).await["legal_moves"][0]
        .as_str()
        .unwrap()
        .to_owned();
    play_api(&player, &duel, &opening).await;
    wait_until(&player, "the bot's reply", |c| {
        let duel = duel.clone();
        async move { game_of(c, duel).await["ply"] != 1 }
    })
    .await;
    let resigned = api(
        &player,
        "POST",
        &format!("/api/v1/games/{duel}/resign"),
        serde_json::json!({}),
    )
    .await;
    assert_eq!(resigned["status"], "finished", "{resigned}");
    let id = duel;
    player.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    player
        .find(Locator::Css("form[action$='/analysis'] button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&player, "the evaluation chart", |c| async move {
        c.refresh().await.unwrap();
        c.source().await.unwrap().contains("class=\"eval-chart\"")
    })
    .await;
    let points = player
        .execute("return document.querySelectorAll('svg.eval-chart a').length;", vec![])
        .await
        .unwrap();
    assert!(
        points.as_u64().unwrap_or(0) >= 1,
        "each move a link on the chart: {points}"
    );
    // The chart is drawn, not only present: its line has a stroke and a size.
    let drawn = player
        .execute(
            "const l = document.querySelector('svg.eval-chart .line'); const r = l.getBoundingClientRect(); \
             return getComputedStyle(l).stroke !== 'none' && r.width > 100;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(drawn, serde_json::json!(true), "the evaluation line is visible");
    player
        .execute(
            "document.querySelector('#computer-analysis').scrollIntoView(); return null;",
            vec![],
        )
        .await
        .unwrap();
    docs_screenshot(&player, "analysed-game").await;

    // /bots: each bot with its badge and what it plays; nothing scrolls sideways on a phone.
    player.goto(&format!("{}/bots", server.url)).await.unwrap();
    let body = player.source().await.unwrap();
    for name in ["Vizier", "Gold", "Crimson"] {
        assert!(body.contains(&format!("id=\"bot-{name}\"")), "{name} listed");
    }
    player.set_window_size(390, 844).await.unwrap();
    assert_no_sideways_scroll(&player, "/bots at 390 px").await;
    docs_screenshot(&player, "bots-phone").await;
    player.close().await.unwrap();
    root.close().await.unwrap();
}
