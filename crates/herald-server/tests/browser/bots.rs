//! Bots from the browser (issue 34): an administrator makes a bot on `/admin/bots`, a
//! newcomer creates a Chatrang game whose three other seats bots fill at once, moves, and
//! sees the three bots answer; `/bots` lists them with their badge, on a phone too.

use fantoccini::Locator;

use crate::common::{
    assert_no_sideways_scroll, browser, docs_screenshot, game_json, play_api, sign_up, start_driver, start_server,
    wait_until,
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
    // One move; the three bots answer and it is the newcomer's move again.
    let first = game["legal_moves"][0].as_str().unwrap().to_owned();
    play_api(&player, &id, &first).await;
    wait_until(&player, "the three bots to answer", |c| {
        let id = id.clone();
        async move {
            let g = game_of(c, id).await;
            g["ply"] == 4 && g["turn"] == 0
        }
    })
    .await;
    player.goto(&format!("{}/games/{id}", server.url)).await.unwrap();
    let body = player.source().await.unwrap();
    assert_eq!(
        body.matches("class=\"bot-badge\"").count(),
        3,
        "a badge beside each bot's name"
    );
    docs_screenshot(&player, "chatrang-with-bots").await;

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
