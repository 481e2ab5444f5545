//! Forms that serve every game (a tournament's, the analysis board's) show each game's
//! options from its spec: one group per game that has options, with the registry's labels
//! and descriptions, ticks kept when the form comes back with an error, and ticked options
//! reaching what is created.

use axum::http::StatusCode;
use herald_rules::Variant;

use crate::common::{TestApp, each_backend};
use crate::pages::Browser;

/// Every game with options has its group, every option its box, named as the form expects.
fn assert_every_option_shown(body: &str, field: impl Fn(&str) -> String) {
    for variant in Variant::ALL {
        if variant.options().is_empty() {
            assert!(!body.contains(&format!("{} options", variant.name())), "{variant}");
            continue;
        }
        assert!(
            body.contains(&format!("{} options", variant.name())),
            "{variant}: {body}"
        );
        for option in variant.options() {
            assert!(body.contains(option.label()), "{}", option.id());
            assert!(body.contains(option.describe()), "{}", option.id());
            assert!(body.contains(&field(option.id())), "{}: {body}", option.id());
        }
    }
}

#[tokio::test]
async fn tournament_and_analysis_forms_take_the_options_from_the_registry() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut org = Browser::new(&app);
        org.sign_up("organiser").await;
        let page = org.get("/tournaments/new").await;
        assert_eq!(page.status, StatusCode::OK);
        assert_every_option_shown(&page.body, |id| format!(r#"name="{id}" value="on">"#));
        // A refused form keeps the ticks.
        let bad = org
            .post(
                "/tournaments/new",
                &[
                    ("name", "League"),
                    ("variant", "ancient"),
                    ("max_entrants", "99"),
                    ("promotion", "on"),
                ],
            )
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
        assert!(
            bad.body.contains(r#"name="promotion" value="on" checked>"#),
            "{}",
            bad.body
        );
        assert!(bad.body.contains(r#"name="jumping" value="on">"#), "{}", bad.body);
        // The ticked options are the event's.
        let made = org
            .post(
                "/tournaments/new",
                &[
                    ("name", "League"),
                    ("variant", "ancient"),
                    ("promotion", "on"),
                    ("ferz-forward", "on"),
                ],
            )
            .await;
        assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
        let id = made.location.unwrap().trim_start_matches("/tournaments/").to_owned();
        let (status, event) = app.get(&format!("/api/v1/tournaments/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{event}");
        assert_eq!(event["options"], serde_json::json!(["ferz-forward", "promotion"]));

        let mut visitor = Browser::new(&app);
        let page = visitor.get("/analysis?variant=ancient&option=jumping").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert_every_option_shown(&page.body, |id| format!(r#"name="option" value="{id}""#));
        assert!(
            page.body.contains(r#"name="option" value="jumping" checked>"#),
            "{}",
            page.body
        );
        assert!(
            page.body.contains(r#"name="option" value="promotion">"#),
            "{}",
            page.body
        );
    })
    .await;
}
