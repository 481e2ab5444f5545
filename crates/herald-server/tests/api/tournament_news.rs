//! A tournament's news: its notices (started, each round paired, finished) on its page and
//! in its live feed (server-sent events), which an open page follows: a round paired while
//! the page is open arrives within seconds, in the reader's language, and the feed resumes
//! after the last notice seen and ends with the event's last one.

use axum::http::StatusCode;
use serde_json::json;

use crate::common::{RunningServer, TestApp, each_backend};
use crate::pages::Browser;
use crate::streams::Lines;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_open_feed_gets_each_round_as_it_is_paired_and_the_page_lists_the_news() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let org = app.user("organiser").await;
        let mut tokens = Vec::new();
        for name in ["anna", "boris", "clara", "dmitri"] {
            tokens.push((name, app.user(name).await));
        }
        let (status, event) = app
            .post(
                "/api/v1/tournaments",
                &org,
                json!({"name": "News cup", "variant": "not-chess", "format": "swiss", "rounds": 2, "rated": false}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{event}");
        let id = event["id"].as_str().unwrap().to_owned();
        let mut visitor = Browser::new(&app);
        let page = visitor.get(&format!("/tournaments/{id}")).await;
        assert!(page.body.contains("id=\"news-empty\""), "{}", page.body);
        for (_, token) in &tokens {
            let (status, body) = app
                .post(&format!("/api/v1/tournaments/{id}/register"), token, json!(null))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let server = RunningServer::start(app.state.clone()).await;
        let url = format!("{}/tournaments/{id}/events", server.base);
        let mut feed = Lines::open(&url, None, &[("accept-language", "de")]).await;
        let (status, event) = app
            .post(&format!("/api/v1/tournaments/{id}/start"), &org, json!(null))
            .await;
        assert_eq!(status, StatusCode::OK, "{event}");
        let (first_id, kind, started) = feed.sse().await;
        assert_eq!(kind, "notice");
        assert_eq!(started["kind"], "started");
        assert_eq!(started["id"].to_string(), first_id);
        assert!(started["headline"].as_str().unwrap().contains("News cup"), "{started}");
        // Round one's games end: round two is paired, and the open feed hears it.
        let token_of = |user: &str| tokens.iter().find(|(n, _)| *n == user).unwrap().1.clone();
        let boards: Vec<(String, String)> = event["rounds"][0]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let game = b["game_id"].as_str().unwrap().to_owned();
                let second = b["second"].as_i64().unwrap();
                let player = event["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|p| p["number"] == second)
                    .unwrap()["username"]
                    .as_str()
                    .unwrap()
                    .to_owned();
                (game, player)
            })
            .collect();
        for (game, loser) in &boards {
            let (status, body) = app
                .post(&format!("/api/v1/games/{game}/resign"), &token_of(loser), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (round_id, _, paired) = feed.sse().await;
        assert_eq!(paired["kind"], "round_started");
        assert_eq!(paired["round"], 2);
        assert!(
            paired["headline"].as_str().unwrap().contains("Runde"),
            "German: {paired}"
        );
        // A feed opened later resumes after the last notice it saw.
        let mut resumed = Lines::open(&url, None, &[("last-event-id", first_id.as_str())]).await;
        let (again, _, _) = resumed.sse().await;
        assert_eq!(again, round_id);
        // The page lists both, newest first, and the script's starting point.
        let page = visitor.get(&format!("/tournaments/{id}")).await;
        assert!(!page.body.contains("id=\"news-empty\""), "{}", page.body);
        assert!(
            page.body.contains(&format!("data-after=\"{round_id}\"")),
            "{}",
            page.body
        );
        let newest = page.body.find("Round 2 of “News cup” has started");
        let oldest = page.body.find("The tournament “News cup” has started");
        assert!(newest.is_some() && newest < oldest, "{}", page.body);
        assert!(page.body.contains("tournament.js"));
        let (status, body) = app.get("/tournaments/nonexistent/events", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
        server.stop().await;
    })
    .await;
}
