//! "Notify this device" on the settings page: the script finds the browser able to take
//! push notifications and offers the button; a device subscribed through the API is
//! listed (named after the browser), gets a test notification through the page's button,
//! and is removed by its form.

use std::sync::{Arc, Mutex};

use base64ct::{Base64UrlUnpadded, Encoding};
use fantoccini::{Client, Locator};
use p256::SecretKey;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use serde_json::json;

use crate::common::*;

/// A push service that only counts what it is sent (the API tests decrypt and check it).
async fn counting_service() -> (String, Arc<Mutex<usize>>) {
    let count = Arc::new(Mutex::new(0));
    let seen = Arc::clone(&count);
    let app = axum::Router::new().route(
        "/push/{device}",
        axum::routing::post(move || {
            let seen = Arc::clone(&seen);
            async move {
                *seen.lock().unwrap() += 1;
                axum::http::StatusCode::CREATED
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (base, count)
}

async fn text_of(c: &Client, css: &str) -> String {
    c.find(Locator::Css(css)).await.unwrap().text().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_is_offered_listed_tested_and_removed_on_the_settings_page() {
    let Some(driver) = start_driver().await else { return };
    let server = start_server().await;
    let c = browser(&driver, 1366, 900, true).await;
    sign_up(&c, &server, "petra").await;
    c.goto(&format!("{}/settings#devices", server.url)).await.unwrap();
    wait_until(&c, "the script to look at the browser", |c| async move {
        c.find(Locator::Css("#push-device"))
            .await
            .unwrap()
            .attr("data-push-state")
            .await
            .unwrap()
            .as_deref()
            != Some("unavailable")
    })
    .await;
    assert_eq!(text_of(&c, "#push-status").await, "This device gets no notifications.");
    assert!(
        c.find(Locator::Css("#push-enable"))
            .await
            .unwrap()
            .is_displayed()
            .await
            .unwrap()
    );
    assert!(
        !c.find(Locator::Css("#push-disable"))
            .await
            .unwrap()
            .is_displayed()
            .await
            .unwrap()
    );
    assert!(c.find(Locator::Css("#push-devices-empty")).await.is_ok());

    // A device as a browser subscribes it.
    let (base, count) = counting_service().await;
    let mut seed = [0_u8; 32];
    getrandom::fill(&mut seed).unwrap();
    let key = SecretKey::from_slice(&seed).unwrap();
    let subscription = json!({
        "endpoint": format!("{base}/push/petra"),
        "expirationTime": null,
        "keys": {
            "p256dh": Base64UrlUnpadded::encode_string(key.public_key().to_encoded_point(false).as_bytes()),
            "auth": Base64UrlUnpadded::encode_string(&[7_u8; 16]),
        },
    });
    let device = api(&c, "POST", "/api/v1/me/push/subscriptions", subscription).await;
    assert!(device["id"].is_i64(), "{device}");
    c.refresh().await.unwrap();
    let row = text_of(&c, "#push-devices tbody tr").await;
    assert!(row.contains("Chrome on Linux"), "{row}");
    assert!(row.contains("via 127.0.0.1"), "{row}");
    assert!(row.contains("none yet"), "{row}");
    docs_screenshot(&c, "settings-devices").await;

    c.find(Locator::Css("form[action='/settings/push/test'] button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&c, "the test notice", |c| async move {
        c.source().await.unwrap().contains("A test notification is on its way")
    })
    .await;
    let start = std::time::Instant::now();
    while *count.lock().unwrap() == 0 {
        assert!(
            start.elapsed().as_secs() < 20,
            "the test notification never reached the push service"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    c.refresh().await.unwrap();
    let row = text_of(&c, "#push-devices tbody tr").await;
    assert!(!row.contains("none yet"), "the last notification is shown: {row}");

    c.find(Locator::Css("#push-devices form[action$='/delete'] button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_until(&c, "the removal notice", |c| async move {
        c.source()
            .await
            .unwrap()
            .contains("That device gets no more notifications.")
    })
    .await;
    assert!(c.find(Locator::Css("#push-devices-empty")).await.is_ok());
    let left = api(&c, "GET", "/api/v1/me/push/subscriptions", json!(null)).await;
    assert_eq!(left, json!([]));
}
