//! Pages in Persian (right to left) and in the pseudo-locale (40 % longer) at phone width:
//! chosen with the footer's menu, nothing sticks out of the window, the board keeps its
//! files left to right and moves read left to right inside a right-to-left page.

use serde_json::json;

use crate::common::*;

/// Elements whose box leaves the window sideways (tag, class and text of each).
const OUTSIDE: &str = "const w = document.documentElement.clientWidth; const out = [];\
    for (const e of document.querySelectorAll('body *')) {\
      if (e.closest('.table-wrap, .scroll-x, [hidden], .skip, .visually-hidden') || !e.getClientRects().length) continue;\
      const r = e.getBoundingClientRect();\
      if (r.width > 0 && (r.right > w + 1 || r.left < -1))\
        out.push(e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 40));\
    } return out;";

/// Chooses `tag` in the footer's menu, as a person does (the menu acts when chosen).
async fn choose_language(c: &fantoccini::Client, tag: &str) {
    c.execute(
        "const s = document.getElementById('footer-language');\
         if (![...s.options].some(o => o.value === arguments[0])) s.add(new Option(arguments[0], arguments[0]));\
         s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        vec![json!(tag)],
    )
    .await
    .unwrap();
    let wanted = tag.to_owned();
    wait_until(c, "the page in the language chosen", move |c| {
        let wanted = wanted.clone();
        async move {
            c.execute("return document.documentElement.lang;", vec![])
                .await
                .is_ok_and(|lang| lang == json!(wanted))
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn persian_and_the_pseudo_locale_fit_a_phone_and_keep_the_board_the_right_way_round() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let c = browser(&driver, 1280, 900, true).await;
    let guest = browser(&driver, 1280, 900, true).await;
    sign_up(&c, &server, "roudaki").await;
    sign_up(&guest, &server, "hafez").await;
    // The sign-up form carries the browser's zone (the server keeps it: tests/api/languages.rs)
    // and signing up kept it.
    let newcomer = browser(&driver, 1280, 900, true).await;
    newcomer.goto(&format!("{}/signup", server.url)).await.unwrap();
    let guess = newcomer
        .execute(
            "return [document.querySelector('input[data-time-zone-guess]').value,\
             Intl.DateTimeFormat().resolvedOptions().timeZone];",
            vec![],
        )
        .await
        .unwrap();
    assert!(guess[0].as_str().is_some_and(|z| !z.is_empty()), "{guess}");
    assert_eq!(guess[0], guess[1], "the form sends the browser's zone");
    newcomer.close().await.unwrap();
    let zones = c
        .execute(
            "return fetch('/api/v1/me/preferences', {credentials: 'same-origin'}).then(r => r.json())\
             .then(p => [p.time_zone, Intl.DateTimeFormat().resolvedOptions().timeZone]);",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(zones[0], zones[1], "the time zone kept at sign-up: {zones}");
    let id = started(&server, &c, &guest, "chatrang").await;
    let nowan = started(&server, &c, &guest, "nowan").await;
    play_api(&c, &nowan, "e2e3").await;
    // An organiser's event and an administrator's pages are pages too.
    let event = api(
        &c,
        "POST",
        "/api/v1/tournaments",
        json!({"name": "Nowruz cup", "variant": "nowan", "format": "round_robin"}),
    )
    .await;
    let event = event["id"].as_str().unwrap_or_else(|| panic!("{event}")).to_owned();
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&format!("sqlite://{}", server.dir.join("herald.db").display()))
        .await
        .unwrap();
    sqlx::query("UPDATE users SET is_admin = 1 WHERE username = 'roudaki'")
        .execute(&db)
        .await
        .unwrap();
    db.close().await;
    c.set_window_size(360, 740).await.unwrap();
    let mut pages = vec![
        "/".to_owned(),
        "/lobby".to_owned(),
        "/lobby/new".to_owned(),
        "/my-games".to_owned(),
        "/archive".to_owned(),
        "/tournaments".to_owned(),
        "/leaderboard".to_owned(),
        "/players".to_owned(),
        "/rules".to_owned(),
        "/rules/not-chess".to_owned(),
        "/analysis".to_owned(),
        "/settings".to_owned(),
        "/help/time".to_owned(),
        "/users/roudaki".to_owned(),
        format!("/games/{id}"),
        format!("/games/{nowan}"),
        "/tournaments/new".to_owned(),
        format!("/tournaments/{event}"),
        "/invitations".to_owned(),
        "/bots".to_owned(),
        "/users/hafez".to_owned(),
        "/no-such-page".to_owned(),
        "/admin".to_owned(),
        "/admin/users".to_owned(),
        "/admin/users/hafez".to_owned(),
        "/admin/games".to_owned(),
        "/admin/reports".to_owned(),
        "/admin/invitations".to_owned(),
        "/admin/audit".to_owned(),
        "/admin/bots".to_owned(),
    ];
    for help in ["time", "ratings", "engine", "takebacks", "analysis"] {
        pages.push(format!("/help/{help}"));
    }
    for game in ["nowan", "chatrang", "ancient"] {
        pages.push(format!("/rules/{game}"));
    }
    for (tag, shot) in [("fa", "i18n-persian"), ("en-XA", "i18n-pseudo")] {
        c.goto(&format!("{}/", server.url)).await.unwrap();
        choose_language(&c, tag).await;
        for path in &pages {
            c.goto(&format!("{}{path}", server.url)).await.unwrap();
            let lang = c
                .execute(
                    "return [document.documentElement.lang, document.documentElement.dir];",
                    vec![],
                )
                .await
                .unwrap();
            let dir = if tag == "fa" { "rtl" } else { "ltr" };
            assert_eq!(lang, json!([tag, dir]), "{path}");
            let outside = c.execute(OUTSIDE, vec![]).await.unwrap();
            assert_eq!(outside, json!([]), "{path} in {tag} at 360 px: out of the window");
            assert_no_sideways_scroll(&c, &format!("{path} in {tag} at 360 px")).await;
        }
        // Signed out: the log-in and sign-up forms.
        let visitor = browser(&driver, 360, 740, true).await;
        visitor.goto(&format!("{}/", server.url)).await.unwrap();
        choose_language(&visitor, tag).await;
        for path in ["/login", "/signup"] {
            visitor.goto(&format!("{}{path}", server.url)).await.unwrap();
            let outside = visitor.execute(OUTSIDE, vec![]).await.unwrap();
            assert_eq!(outside, json!([]), "{path} in {tag} at 360 px: out of the window");
            assert_no_sideways_scroll(&visitor, &format!("{path} in {tag} at 360 px")).await;
        }
        visitor.close().await.unwrap();
        // Files run a to h left to right for the first seat whatever the page's direction,
        // and a move reads "e2-e3", never backwards.
        c.goto(&format!("{}/games/{nowan}", server.url)).await.unwrap();
        let files = c
            .execute(
                "const x = s => document.querySelector('#game .board-grid [data-sq=\"' + s + '\"]').getBoundingClientRect().left;\
                 return [x('a1'), x('i1')];",
                vec![],
            )
            .await
            .unwrap();
        let (a1, i1) = (files[0].as_f64().unwrap(), files[1].as_f64().unwrap());
        assert!(a1 < i1, "{tag}: a1 ({a1}) left of i1 ({i1})");
        let isolated = c
            .execute(
                "const m = [...document.querySelectorAll('.moves bdi, .moves [dir=ltr], .move-list bdi, .move-list [dir=ltr]')];\
                 return m.length > 0 && m.every(e => getComputedStyle(e).direction === 'ltr' || e.tagName === 'BDI');",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(
            isolated,
            json!(true),
            "{tag}: the move list's moves are isolated left to right"
        );
        for (path, name) in [
            ("/".to_owned(), "home"),
            (format!("/games/{id}"), "game"),
            ("/settings".to_owned(), "settings"),
        ] {
            c.goto(&format!("{}{path}", server.url)).await.unwrap();
            docs_screenshot(&c, &format!("{shot}-{name}")).await;
        }
    }
}
