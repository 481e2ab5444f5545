//! A push service for the benchmarks: each device's keys, every message decrypted (with
//! the crate the server encrypts with: the API tests check the encryption apart from it)
//! and the delay from the payload's event time to its arrival.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::{Value, json};
use web_push_native::p256::SecretKey;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;

#[derive(Default)]
struct Seen {
    keys: HashMap<String, (SecretKey, [u8; 16])>,
    delays_ms: Vec<f64>,
    failures: u64,
}

/// A push service on a loopback port.
pub struct Service {
    base: String,
    seen: Arc<Mutex<Seen>>,
}

fn now_ms() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
        * 1000.0
}

impl Service {
    pub async fn start() -> Service {
        let seen: Arc<Mutex<Seen>> = Arc::default();
        let shared = Arc::clone(&seen);
        let app = axum::Router::new().route(
            "/push/{device}",
            axum::routing::post(
                move |axum::extract::Path(device): axum::extract::Path<String>, body: axum::body::Bytes| {
                    let shared = Arc::clone(&shared);
                    async move {
                        let arrived = now_ms();
                        let mut seen = shared.lock().unwrap();
                        let opened = seen.keys.get(&device).and_then(|(secret, auth)| {
                            let auth = web_push_native::Auth::clone_from_slice(auth);
                            let plain = web_push_native::decrypt(body.to_vec(), secret, &auth).ok()?;
                            serde_json::from_slice::<Value>(&plain).ok()
                        });
                        match opened.as_ref().and_then(|p| p["at"].as_i64()) {
                            Some(at) => seen.delays_ms.push(arrived - at as f64),
                            None => seen.failures += 1,
                        }
                        axum::http::StatusCode::CREATED
                    }
                },
            ),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        Service { base, seen }
    }

    /// A new device's subscription, as a browser's `toJSON()` gives it.
    pub fn device(&self, name: &str) -> Value {
        let mut seed = [0_u8; 32];
        getrandom::fill(&mut seed).unwrap();
        let secret = SecretKey::from_slice(&seed).unwrap();
        let mut auth = [0_u8; 16];
        getrandom::fill(&mut auth).unwrap();
        let subscription = json!({
            "endpoint": format!("{}/push/{name}", self.base),
            "keys": {
                "p256dh": Base64UrlUnpadded::encode_string(secret.public_key().to_encoded_point(false).as_bytes()),
                "auth": Base64UrlUnpadded::encode_string(&auth),
            },
        });
        self.seen.lock().unwrap().keys.insert(name.to_owned(), (secret, auth));
        subscription
    }

    /// Each decrypted message's delay from its event to its arrival, in ms.
    pub fn delays_ms(&self) -> Vec<f64> {
        self.seen.lock().unwrap().delays_ms.clone()
    }

    /// Messages that could not be decrypted or read.
    pub fn failures(&self) -> u64 {
        self.seen.lock().unwrap().failures
    }
}
