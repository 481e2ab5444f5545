//! The analysis board (below a game and standalone) and the conditional-moves editor
//! it feeds.

use fantoccini::{Client, Locator};
use serde_json::json;

use crate::common::{
    analysis_node, api, browser, docs_screenshot, game_json, move_squares, not_reloaded, open_game, play_api, press,
    sign_up, start_driver, start_server, started, wait_until,
};

/// The first legal moves of Ancient chess after `moves`, sorted (the test's choices).
fn ancient_moves_after(moves: &[&str]) -> Vec<String> {
    let mut game =
        herald_rules::AnyGame::new(herald_rules::Variant::Ancient, herald_rules::Options::NONE, None).unwrap();
    for m in moves {
        game.play_text(m).unwrap();
    }
    let mut legal: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    legal.sort();
    legal.retain(|m| m != "pass");
    legal
}

/// `mv` after `moves` as the move lists write it (`H b1-c3`).
fn written_after(moves: &[&str], mv: &str) -> String {
    use herald_server::domain::rules::Rules;
    let before: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
    let game = herald_server::domain::rules::HeraldRules
        .load(herald_rules::Variant::Ancient, herald_rules::Options::NONE, &before)
        .unwrap();
    herald_server::domain::board::notation::line(herald_rules::Variant::Ancient, game.as_ref(), &[mv.to_owned()])
        .remove(0)
}

/// Plays `mv` on the analysis board by clicking its two squares.
async fn analysis_play(c: &Client, mv: &str) {
    let (from, to) = move_squares(mv);
    let before = analysis_node(c).await;
    wait_until(c, &format!("{from} to be movable on the analysis board"), |c| {
        let from = from.clone();
        async move {
            c.execute(
                "const s = document.querySelector('#analysis .board-grid [data-sq=\"' + arguments[0] + '\"]');\
                 return !!s && s.classList.contains('movable');",
                vec![json!(from)],
            )
            .await
            .unwrap()
            .as_bool()
            .unwrap_or(false)
        }
    })
    .await;
    for square in [&from, &to] {
        c.find(Locator::Css(&format!("#analysis .board-grid [data-sq='{square}']")))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }
    let mv = mv.to_owned();
    wait_until(c, &format!("{mv} on the analysis board"), move |c| {
        let (before, mv) = (before.clone(), mv.clone());
        async move {
            let now = analysis_node(&c).await;
            now != before && now.ends_with(&mv)
        }
    })
    .await;
}

async fn analysis_go(c: &Client, button: &str) {
    c.find(Locator::Css(&format!("#analysis [data-go='{button}']")))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn wait_node(c: &Client, expected: &str) {
    let expected = expected.to_owned();
    wait_until(c, &format!("the analysis board at {expected}"), move |c| {
        let expected = expected.clone();
        async move { analysis_node(&c).await == expected }
    })
    .await;
}

/// Issue 18: the analysis board on a game page. A player plans moves from the game's
/// position: plays a line, goes back, branches, steps with the buttons and the arrow keys,
/// saves, and after a reload finds the tree kept; the game itself is untouched; the line
/// from the game's position goes into the conditional-moves form when the page has one; the
/// board fits a 360 px phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_plans_branches_and_keeps_saved_variations() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1280, 900, true).await;
    let bob = browser(&driver, 1280, 900, true).await;
    sign_up(&alice, &server, "alice").await;
    sign_up(&bob, &server, "bob").await;
    let id = started(&server, &alice, &bob, "ancient").await;
    let m1 = ancient_moves_after(&[])[0].clone();
    let m2 = ancient_moves_after(&[&m1])[0].clone();
    play_api(&alice, &id, &m1).await;
    play_api(&bob, &id, &m2).await;
    let a1 = ancient_moves_after(&[&m1, &m2])[1].clone();
    let a2 = ancient_moves_after(&[&m1, &m2, &a1])[0].clone();
    let b1 = ancient_moves_after(&[&m1, &m2])[2].clone();

    open_game(&alice, &server, &id).await;
    wait_node(&alice, "game:2").await;
    let status = alice
        .find(Locator::Css("#analysis-status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.contains("White to move"), "{status}");
    analysis_play(&alice, &a1).await;
    let status = alice
        .find(Locator::Css("#analysis-status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.contains("Black to move"), "{status}");
    analysis_play(&alice, &a2).await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1} {a2}")).await;
    // Back two moves, and a branch from the game's position.
    analysis_go(&alice, "back").await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1}")).await;
    analysis_go(&alice, "back").await;
    wait_node(&alice, "game:2").await;
    analysis_play(&alice, &b1).await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {b1}")).await;
    let tree = alice
        .find(Locator::Css("#analysis-tree"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    // Written as the game's move list writes them, never `e2e3`.
    let (w1, w2, wb) = (
        written_after(&[&m1, &m2], &a1),
        written_after(&[&m1, &m2, &a1], &a2),
        written_after(&[&m1, &m2], &b1),
    );
    assert!(tree.contains(&w1) && tree.contains(&w2) && tree.contains(&wb), "{tree}");
    assert!(!tree.contains(&a1) && !tree.contains(&b1), "no canonical moves: {tree}");
    assert_eq!(
        alice
            .find_all(Locator::Css("#analysis-tree .analysis-variation"))
            .await
            .unwrap()
            .len(),
        1,
        "one branch: {tree}"
    );
    // The keyboard inside the panel: left goes back, right forward (the main line: a1).
    alice
        .find(Locator::Css("#analysis [data-go='first']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_node(&alice, "game:0").await;
    press(&alice, '\u{E014}').await; // ArrowRight
    wait_node(&alice, "game:1").await;
    press(&alice, '\u{E010}').await; // End: the end of the main line
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1} {a2}")).await;
    press(&alice, '\u{E012}').await; // ArrowLeft
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1}")).await;
    analysis_go(&alice, "forward").await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1} {a2}")).await;
    // A move of the list jumps there.
    alice
        .execute(
            "const b = Array.from(document.querySelectorAll('#analysis-tree .analysis-move')).find(b => b.textContent.endsWith(arguments[0])); b.click(); return true;",
            vec![json!(wb)],
        )
        .await
        .unwrap();
    wait_node(&alice, &format!("analysis:{m1} {m2} {b1}")).await;
    assert!(not_reloaded(&alice).await);
    assert_eq!(
        game_json(&alice, &id).await["moves"],
        json!([m1, m2]),
        "the game is untouched"
    );

    // The conditional-moves editor (a seated player's, in an active game): the board's
    // line from the game's current position goes in as a new row.
    analysis_go(&alice, "back").await;
    wait_node(&alice, "game:2").await;
    analysis_play(&alice, &b1).await;
    let add = alice
        .find(Locator::Css("#analysis [data-act='conditional']"))
        .await
        .unwrap();
    assert!(add.is_displayed().await.unwrap(), "shown after the game's position");
    add.click().await.unwrap();
    let lines = alice
        .execute("return document.getElementById('conditional-lines').value;", vec![])
        .await
        .unwrap();
    assert_eq!(lines, json!(b1));

    // Saved, and kept across a reload (and nobody else sees them).
    alice
        .find(Locator::Css("#analysis [data-act='save']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&alice, "the variations saved", |c| async move {
        c.find(Locator::Css("#analysis-message"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
            .starts_with("Saved: 3 moves")
    })
    .await;
    let kept = api(&alice, "GET", &format!("/api/v1/games/{id}/variations"), json!(null)).await;
    assert_eq!(kept["nodes"].as_array().map(Vec::len), Some(3), "{kept}");
    alice.refresh().await.unwrap();
    wait_node(&alice, "game:2").await;
    analysis_go(&alice, "last").await;
    wait_node(&alice, &format!("analysis:{m1} {m2} {a1} {a2}")).await;
    // The kept branch, written as the move list writes it once its position is known.
    let branch = wb.clone();
    wait_until(&alice, "the kept branch in the tree", move |c| {
        let branch = branch.clone();
        async move {
            let tree = c
                .find(Locator::Css("#analysis-tree"))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            tree.contains(&branch)
        }
    })
    .await;
    let theirs = api(&bob, "GET", &format!("/api/v1/games/{id}/variations"), json!(null)).await;
    assert_eq!(theirs["nodes"], json!([]));
    alice
        .execute(
            "document.getElementById('analysis-status').scrollIntoView(); return true;",
            vec![],
        )
        .await
        .unwrap();
    docs_screenshot(&alice, "analysis-board-game").await;

    // A 360 px phone: the board fits, nothing scrolls sideways.
    alice.set_window_size(360, 800).await.unwrap();
    let v = alice
        .execute(
            "document.getElementById('analysis-status').scrollIntoView();\
             const b = document.querySelector('#analysis .board-grid').getBoundingClientRect();\
             return [b.left, b.right, document.documentElement.clientWidth, document.documentElement.scrollWidth];",
            vec![],
        )
        .await
        .unwrap();
    let n = |i: usize| v[i].as_f64().unwrap();
    assert!(n(0) >= 0.0 && n(1) <= n(2) + 0.5, "the analysis board fits: {v}");
    assert!(n(3) <= n(2) + 0.5, "no sideways scrolling at 360 px: {v}");
    docs_screenshot(&alice, "analysis-board-phone").await;
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}

/// The standalone analysis board: any game from its start or a position string, moves
/// clicked along the engine's legal moves, whose move it is, Home and End, another game
/// from the form; a bad position string is a 400 page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_standalone_analysis_board() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let c = browser(&driver, 1280, 1300, true).await;
    c.goto(&format!("{}/analysis?variant=ancient", server.url))
        .await
        .unwrap();
    wait_node(&c, "game:0").await;
    let m1 = ancient_moves_after(&[])[0].clone();
    let m2 = ancient_moves_after(&[&m1])[0].clone();
    analysis_play(&c, &m1).await;
    analysis_play(&c, &m2).await;
    wait_node(&c, &format!("analysis:{m1} {m2}")).await;
    let status = c
        .find(Locator::Css("#analysis-status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.contains("White to move"), "{status}");
    press(&c, '\u{E011}').await; // Home
    wait_node(&c, "game:0").await;
    press(&c, '\u{E010}').await; // End
    wait_node(&c, &format!("analysis:{m1} {m2}")).await;
    c.execute(
        "window.scrollTo(0, 0); document.activeElement.blur(); return true;",
        vec![],
    )
    .await
    .unwrap();
    docs_screenshot(&c, "analysis-standalone").await;
    // Another game from the form.
    c.find(Locator::Css("#analysis-variant option[value='not-chess']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    c.find(Locator::Css(".analysis-setup button[type=submit]"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&c, "the Not Chess board", |c| async move {
        c.find_all(Locator::Css("#analysis .board-grid .sq"))
            .await
            .unwrap()
            .len()
            == 100
    })
    .await;
    wait_node(&c, "game:0").await;
    c.goto(&format!("{}/analysis?variant=nowan&fen=rubbish", server.url))
        .await
        .unwrap();
    let body = c.source().await.unwrap();
    assert!(body.contains("not a Nowan chess position"), "{body}");
    c.close().await.unwrap();
}

/// Issue 18, done when a player plans three moves ahead in the browser: on the game page's
/// analysis board Alice plays her move, Bob's answer, her reply, his next and her next reply,
/// adds the line to her conditional moves and saves the form; then she plays the move and
/// Bob's two answers are each met at once by her planned replies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_plans_three_moves_ahead_with_conditional_moves() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let alice = browser(&driver, 1280, 1500, true).await;
    let bob = browser(&driver, 1280, 900, true).await;
    sign_up(&alice, &server, "carla").await;
    sign_up(&bob, &server, "dimitri").await;
    let id = started(&server, &alice, &bob, "ancient").await;
    let mut line: Vec<String> = Vec::new();
    for pick in [3, 1, 4, 1, 5] {
        let played: Vec<&str> = line.iter().map(String::as_str).collect();
        let legal = ancient_moves_after(&played);
        line.push(legal[pick % legal.len()].clone());
    }
    open_game(&alice, &server, &id).await;
    wait_node(&alice, "game:0").await;
    for mv in &line {
        analysis_play(&alice, mv).await;
    }
    alice
        .find(Locator::Css("#analysis [data-act='conditional']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let typed = alice
        .execute("return document.getElementById('conditional-lines').value;", vec![])
        .await
        .unwrap();
    assert_eq!(typed, json!(line.join(" ")));
    alice
        .execute(
            "document.getElementById('conditionals').open = true; \
             document.getElementById('conditionals').scrollIntoView(); return true;",
            vec![],
        )
        .await
        .unwrap();
    docs_screenshot(&alice, "conditional-editor").await;
    alice
        .find(Locator::Css("#conditionals-form button[type='submit']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let expected = line.join(" ");
    wait_until(&alice, "the saved line on the page", move |c| {
        let expected = expected.clone();
        async move {
            c.execute(
                "const t = document.getElementById('conditional-lines'); return t ? t.value : '';",
                vec![],
            )
            .await
            .unwrap()
                == json!(expected)
        }
    })
    .await;
    let saved = api(&alice, "GET", &format!("/api/v1/games/{id}/conditionals"), json!(null)).await;
    assert_eq!(saved["lines"], json!([line]), "{saved}");
    let theirs = api(&bob, "GET", &format!("/api/v1/games/{id}/conditionals"), json!(null)).await;
    assert_eq!(theirs["lines"], json!([]), "Bob never sees them: {theirs}");

    play_api(&alice, &id, &line[0]).await;
    play_api(&bob, &id, &line[1]).await;
    assert_eq!(
        game_json(&alice, &id).await["moves"],
        json!(line[..3]),
        "the first reply"
    );
    play_api(&bob, &id, &line[3]).await;
    assert_eq!(game_json(&alice, &id).await["moves"], json!(line), "the second reply");
    alice.close().await.unwrap();
    bob.close().await.unwrap();
}
