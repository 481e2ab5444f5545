//! Tournament pages: standings, the crosstable and the rounds, readable; the news of a round
//! paired arrives live on the open page.

use fantoccini::Locator;
use serde_json::{Value, json};

use crate::common::{
    LOW_CONTRAST, api, api_as, assert_no_sideways_scroll, browser, dark_browser, named_player, screenshot, sign_up,
    start_driver, start_server, wait_until,
};

/// Tournament pages: an organiser creates a round robin with the page's form, five players
/// enter through the API, the organiser starts it on its page, and after some results the
/// event page shows the standings, the crosstable and the rounds; readable (WCAG AA) at
/// desktop width in light mode and on a 320 px phone in dark mode, nothing sticking out,
/// with screenshots; a Swiss event's page and the list too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_pages_show_standings_crosstable_and_rounds_readably() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let light = browser(&driver, 1280, 1000, true).await;
    sign_up(&light, &server, "arbiter").await;
    light.goto(&format!("{}/tournaments/new", server.url)).await.unwrap();
    light
        .find(Locator::Css("#name"))
        .await
        .unwrap()
        .send_keys("Winter league")
        .await
        .unwrap();
    light
        .find(Locator::Css("#description"))
        .await
        .unwrap()
        .send_keys("Five players, every game at once. Be kind to your opponents.")
        .await
        .unwrap();
    light
        .find(Locator::Css("#variant option[value='not-chess']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    light
        .find(Locator::Css("form[action='/tournaments/new'] button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&light, "the event page", |c| async move {
        let path = c.current_url().await.unwrap().path().to_owned();
        path.starts_with("/tournaments/") && path != "/tournaments/new"
    })
    .await;
    let id = light
        .current_url()
        .await
        .unwrap()
        .path()
        .rsplit('/')
        .next()
        .unwrap()
        .to_owned();
    let mut tokens = std::collections::HashMap::new();
    for name in ["ludmila", "boris", "carmen", "dorothea", "emeka"] {
        let token = named_player(&server, name).await;
        let entered = api_as(
            &server,
            &token,
            &format!("/api/v1/tournaments/{id}/register"),
            json!(null),
        )
        .await;
        assert!(entered.get("error").is_none(), "{entered}");
        tokens.insert(name.to_owned(), token);
    }
    // The organiser starts it from the page's tools.
    light.refresh().await.unwrap();
    light
        .find(Locator::Css("details.organiser summary"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    light
        .find(Locator::Css(&format!("form[action='/tournaments/{id}/start'] button")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&light, "the crosstable", |c| async move {
        c.find(Locator::Css("table.crosstable")).await.is_ok()
    })
    .await;
    // Results for the first two rounds: the lower number wins, or a draw.
    let event: Value = reqwest::get(format!("{}/api/v1/tournaments/{id}", server.url))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let by_number = tokens_by_number(&event, &tokens);
    for round in event["rounds"].as_array().unwrap().iter().take(2) {
        for board in round["boards"].as_array().unwrap() {
            let (first, second) = (board["first"].as_i64().unwrap(), board["second"].as_i64().unwrap());
            let game = board["game_id"].as_str().unwrap();
            let loser = if first < second {
                &by_number[&second]
            } else {
                &by_number[&first]
            };
            let done = api_as(&server, loser, &format!("/api/v1/games/{game}/resign"), json!({})).await;
            assert_eq!(done["status"], "finished", "{done}");
        }
    }
    light.refresh().await.unwrap();
    let rows = light.find_all(Locator::Css("table.standings tbody tr")).await.unwrap();
    assert_eq!(rows.len(), 5);
    let top = rows[0].text().await.unwrap();
    // Berger for five: round one 2-5 3-4 (1 has the bye), round two 5-3 1-2 (4 has it);
    // the lower number wins, so Carmen (3) leads with two wins.
    assert!(top.starts_with("1 carmen 2"), "Carmen leads: {top}");
    let page = light.source().await.unwrap();
    assert!(page.contains("Be kind to your opponents."), "the description is shown");
    assert!(page.contains("Round 5"), "every round is listed");
    let low = light.execute(LOW_CONTRAST, vec![]).await.unwrap();
    assert_eq!(low, json!([]), "event page: text below WCAG AA contrast");
    screenshot(&light, "tournament-round-robin-desktop-light").await;

    // A Swiss, started through the API: only its first round is paired.
    let swiss = api(
        &light,
        "POST",
        "/api/v1/tournaments",
        json!({"name": "Open Swiss", "variant": "nowan", "format": "swiss", "rounds": 4}),
    )
    .await;
    let swiss_id = swiss["id"].as_str().unwrap().to_owned();
    for token in tokens.values() {
        api_as(
            &server,
            token,
            &format!("/api/v1/tournaments/{swiss_id}/register"),
            json!(null),
        )
        .await;
    }
    let started = api(
        &light,
        "POST",
        &format!("/api/v1/tournaments/{swiss_id}/start"),
        json!(null),
    )
    .await;
    assert_eq!(started["status"], "running", "{started}");
    light
        .goto(&format!("{}/tournaments/{swiss_id}", server.url))
        .await
        .unwrap();
    let page = light.source().await.unwrap();
    assert!(
        page.contains("Round 1") && !page.contains("Round 2"),
        "one round paired"
    );
    assert!(page.contains("Bye:"), "five players: a bye");
    screenshot(&light, "tournament-swiss-desktop-light").await;
    // The open page hears of round two live: round one's games end (through the API), and
    // the news list gains the notice without a reload.
    let by_number = tokens_by_number(&started, &tokens);
    for board in started["rounds"][0]["boards"].as_array().unwrap() {
        let game = board["game_id"].as_str().unwrap();
        let loser = &by_number[&board["second"].as_i64().unwrap()];
        let done = api_as(&server, loser, &format!("/api/v1/games/{game}/resign"), json!({})).await;
        assert_eq!(done["status"], "finished", "{done}");
    }
    wait_until(&light, "round two's notice on the open page", |c| async move {
        match c.find(Locator::Css("#news-list li.news-new")).await {
            Ok(item) => item.text().await.unwrap_or_default().contains("Round 2"),
            Err(_) => false,
        }
    })
    .await;
    assert!(
        !light.source().await.unwrap().contains("Round 2</h3>"),
        "not reloaded: the rounds shown are still the page's first"
    );

    // A Chatrang team round robin: partners register together, teams meet on four seats.
    let cup = api(
        &light,
        "POST",
        "/api/v1/tournaments",
        json!({"name": "Chatrang team cup", "variant": "chatrang", "format": "round_robin"}),
    )
    .await;
    let cup_id = cup["id"].as_str().unwrap().to_owned();
    tokens.insert("farid".to_owned(), named_player(&server, "farid").await);
    for (captain, partner) in [("ludmila", "boris"), ("carmen", "dorothea"), ("emeka", "farid")] {
        let register = format!("/api/v1/tournaments/{cup_id}/register");
        let asked = api_as(&server, &tokens[captain], &register, json!({"partner": partner})).await;
        assert!(asked.get("error").is_none(), "{asked}");
        let accepted = api_as(&server, &tokens[partner], &register, json!(null)).await;
        assert!(accepted.get("error").is_none(), "{accepted}");
    }
    let started = api(
        &light,
        "POST",
        &format!("/api/v1/tournaments/{cup_id}/start"),
        json!(null),
    )
    .await;
    assert_eq!(started["status"], "running", "{started}");
    light
        .goto(&format!("{}/tournaments/{cup_id}", server.url))
        .await
        .unwrap();
    let page = light.source().await.unwrap();
    assert!(page.contains("ludmila</a> &amp; <a"), "teams are listed together");
    assert!(page.contains("Round 3"), "three teams: three rounds, all started");
    let low = light.execute(LOW_CONTRAST, vec![]).await.unwrap();
    assert_eq!(low, json!([]), "team event page: text below WCAG AA contrast");
    screenshot(&light, "tournament-chatrang-teams-desktop-light").await;

    let dark = dark_browser(&driver, 1280, 900).await;
    dark.set_window_size(320, 740).await.unwrap();
    for (path, name) in [
        (format!("/tournaments/{id}"), "tournament-round-robin-phone-dark"),
        (format!("/tournaments/{swiss_id}"), "tournament-swiss-phone-dark"),
        (format!("/tournaments/{cup_id}"), "tournament-chatrang-teams-phone-dark"),
        ("/tournaments?status=running".to_owned(), "tournaments-phone-dark"),
    ] {
        dark.goto(&format!("{}{path}", server.url)).await.unwrap();
        assert_no_sideways_scroll(&dark, &format!("{path} at 320 px")).await;
        // Standings wider than the phone say that they scroll.
        let cues = dark
            .execute(
                "return [...document.querySelectorAll('[data-scroll-cue]')].map(w => \
                 [w.scrollWidth > w.clientWidth + 1, !!w.previousElementSibling && \
                  w.previousElementSibling.classList.contains('scroll-hint') && !w.previousElementSibling.hidden]);",
                vec![],
            )
            .await
            .unwrap();
        for cue in cues.as_array().unwrap() {
            assert_eq!(
                cue[0], cue[1],
                "{path}: a table scrolls sideways exactly when its hint shows: {cues}"
            );
        }
        if path.ends_with(swiss_id.as_str()) {
            assert!(
                cues.as_array().unwrap().iter().any(|c| c[1] == json!(true)),
                "{path}: the Swiss standings at 320 px are wider than the phone and say so: {cues}"
            );
        }
        let low = dark.execute(LOW_CONTRAST, vec![]).await.unwrap();
        assert_eq!(low, json!([]), "{path} in dark mode");
        screenshot(&dark, name).await;
    }
    light.close().await.unwrap();
    dark.close().await.unwrap();
}

/// Each entrant's token by pairing number, from an event's players.
fn tokens_by_number(
    event: &Value,
    tokens: &std::collections::HashMap<String, String>,
) -> std::collections::HashMap<i64, String> {
    event["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["number"].as_i64().unwrap(),
                tokens[p["username"].as_str().unwrap()].clone(),
            )
        })
        .collect()
}
