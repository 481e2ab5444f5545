//! Web Push against a push service run by the test on loopback. The service holds each
//! device's private key, as a browser does, and decrypts every message itself (RFC 8291,
//! written here apart from the crate the server encrypts with, and checked against the
//! RFC's own example), verifies the VAPID signature (RFC 8292: ES256 over the JWT, the
//! audience, the expiry, the server's public key) and the RFC 8030 headers (TTL, Urgency,
//! Topic), and answers what each test tells it to.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes128Gcm, Nonce};
use axum::body::Body;
use axum::extract::Path;
use axum::http::{HeaderMap, Request, StatusCode};
use base64ct::{Base64UrlUnpadded, Encoding};
use hkdf::Hkdf;
use p256::ecdsa::signature::Verifier;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use serde_json::{Value, json};
use sha2::Sha256;

use crate::common::{TestApp, TestDb, assert_error, each_backend};
use crate::notify::eventually;
use crate::streams::app_with;

fn b64(bytes: &[u8]) -> String {
    Base64UrlUnpadded::encode_string(bytes)
}

fn unb64(text: &str) -> Vec<u8> {
    Base64UrlUnpadded::decode_vec(text).unwrap()
}

/// Decrypts an `aes128gcm` Web Push body (RFC 8291 §3.4 and RFC 8188) with the device's
/// private key and authentication secret.
fn decrypt(body: &[u8], device: &SecretKey, auth: &[u8]) -> Result<Vec<u8>, String> {
    let salt = body.get(..16).ok_or("no salt")?;
    let record_size = u32::from_be_bytes(body.get(16..20).ok_or("no rs")?.try_into().unwrap());
    let id_len = usize::from(*body.get(20).ok_or("no idlen")?);
    if id_len != 65 {
        return Err(format!("keyid of {id_len} bytes, not a P-256 point"));
    }
    let sender = PublicKey::from_sec1_bytes(&body[21..86]).map_err(|e| e.to_string())?;
    let ciphertext = &body[86..];
    if ciphertext.len() > record_size as usize {
        return Err("more than one record".to_owned());
    }
    let shared = p256::ecdh::diffie_hellman(device.to_nonzero_scalar(), sender.as_affine());
    let device_public = device.public_key().to_encoded_point(false);
    let mut key_info = b"WebPush: info\0".to_vec();
    key_info.extend_from_slice(device_public.as_bytes());
    key_info.extend_from_slice(&body[21..86]);
    let mut ikm = [0_u8; 32];
    Hkdf::<Sha256>::new(Some(auth), shared.raw_secret_bytes())
        .expand(&key_info, &mut ikm)
        .map_err(|e| e.to_string())?;
    let prk = Hkdf::<Sha256>::new(Some(salt), &ikm);
    let mut cek = [0_u8; 16];
    let mut nonce = [0_u8; 12];
    prk.expand(b"Content-Encoding: aes128gcm\0", &mut cek)
        .map_err(|e| e.to_string())?;
    prk.expand(b"Content-Encoding: nonce\0", &mut nonce)
        .map_err(|e| e.to_string())?;
    let mut plain = Aes128Gcm::new_from_slice(&cek)
        .unwrap()
        .decrypt(Nonce::from_slice(&nonce), ciphertext)
        .map_err(|_| "the tag does not verify".to_owned())?;
    // The last record ends with 0x02 and zero padding.
    while plain.last() == Some(&0) {
        plain.pop();
    }
    if plain.pop() != Some(2) {
        return Err("no last-record delimiter".to_owned());
    }
    Ok(plain)
}

#[test]
fn the_decryptor_reads_the_rfc_8291_example() {
    let device = SecretKey::from_slice(&unb64("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")).unwrap();
    assert_eq!(
        b64(device.public_key().to_encoded_point(false).as_bytes()),
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    );
    let body = unb64(
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
    );
    let auth = unb64("BTBZMqHH6r4Tts7J_aSIgg");
    assert_eq!(
        decrypt(&body, &device, &auth).unwrap(),
        b"When I grow up, I want to be a watermelon"
    );
    let mut tampered = body.clone();
    *tampered.last_mut().unwrap() ^= 1;
    assert!(decrypt(&tampered, &device, &auth).is_err());
}

/// Checks `vapid t=<JWT>, k=<key>`: an ES256 signature by `k` over the JWT, for the
/// service's origin, expiring within a day, with a contact. Returns `k`.
fn check_vapid(header: &str, origin: &str, now_secs: u64) -> Result<String, String> {
    let rest = header.strip_prefix("vapid ").ok_or("not a vapid authorization")?;
    let mut token = None;
    let mut key = None;
    for part in rest.split(',') {
        let part = part.trim();
        if let Some(t) = part.strip_prefix("t=") {
            token = Some(t);
        } else if let Some(k) = part.strip_prefix("k=") {
            key = Some(k);
        }
    }
    let (token, key) = (token.ok_or("no t=")?, key.ok_or("no k=")?);
    let mut parts = token.split('.');
    let (head, claims, signature) = (
        parts.next().ok_or("no header")?,
        parts.next().ok_or("no claims")?,
        parts.next().ok_or("no signature")?,
    );
    let head: Value = serde_json::from_slice(&unb64(head)).map_err(|e| e.to_string())?;
    if head["alg"] != "ES256" {
        return Err(format!("alg {}", head["alg"]));
    }
    let verifying = VerifyingKey::from_sec1_bytes(&unb64(key)).map_err(|e| e.to_string())?;
    let signature = Signature::from_slice(&unb64(signature)).map_err(|e| e.to_string())?;
    verifying
        .verify(
            format!("{}.{}", token.split('.').next().unwrap(), claims).as_bytes(),
            &signature,
        )
        .map_err(|_| "the VAPID signature does not verify".to_owned())?;
    let claims: Value = serde_json::from_slice(&unb64(claims)).map_err(|e| e.to_string())?;
    if claims["aud"] != origin {
        return Err(format!("aud {} is not {origin}", claims["aud"]));
    }
    let exp = claims["exp"].as_u64().ok_or("no exp")?;
    if exp <= now_secs || exp > now_secs + 86_400 {
        return Err(format!("exp {exp} is not within a day of {now_secs}"));
    }
    let sub = claims["sub"].as_str().ok_or("no sub")?;
    if !(sub.starts_with("mailto:") || sub.starts_with("https://")) {
        return Err(format!("sub {sub}"));
    }
    Ok(key.to_owned())
}

/// A message as the device read it.
#[derive(Debug, Clone)]
pub struct Delivered {
    pub device: String,
    pub headers: HeaderMap,
    pub payload: Value,
    /// What the service answered.
    pub status: u16,
}

struct Device {
    secret: SecretKey,
    auth: Vec<u8>,
}

#[derive(Default)]
struct ServiceState {
    devices: HashMap<String, Device>,
    answers: HashMap<String, u16>,
    got: Vec<Delivered>,
    /// Messages that failed a check: the tests expect none.
    errors: Vec<String>,
    /// The key every message must be signed with (once known).
    server_key: Option<String>,
}

/// A push service on a loopback port.
#[derive(Clone)]
pub struct PushService {
    pub base: String,
    state: Arc<Mutex<ServiceState>>,
}

impl PushService {
    pub async fn start() -> PushService {
        let state: Arc<Mutex<ServiceState>> = Arc::default();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let shared = Arc::clone(&state);
        let origin = base.clone();
        let app = axum::Router::new().route(
            "/push/{device}",
            axum::routing::post(
                move |Path(device): Path<String>, headers: HeaderMap, body: axum::body::Bytes| {
                    let shared = Arc::clone(&shared);
                    let origin = origin.clone();
                    async move { receive(&shared, &origin, device, headers, &body) }
                },
            ),
        );
        tokio::spawn(async move { axum::serve(listener, app).await });
        PushService { base, state }
    }

    /// A new device: its subscription as the browser's `toJSON()` gives it.
    pub fn device(&self, name: &str) -> Value {
        let mut seed = [0_u8; 32];
        getrandom::fill(&mut seed).unwrap();
        let secret = SecretKey::from_slice(&seed).unwrap();
        let mut auth = [0_u8; 16];
        getrandom::fill(&mut auth).unwrap();
        let subscription = json!({
            "endpoint": format!("{}/push/{name}", self.base),
            "expirationTime": null,
            "keys": {
                "p256dh": b64(secret.public_key().to_encoded_point(false).as_bytes()),
                "auth": b64(&auth),
            },
        });
        self.state.lock().unwrap().devices.insert(
            name.to_owned(),
            Device {
                secret,
                auth: auth.to_vec(),
            },
        );
        subscription
    }

    /// What the service answers for `device` from now on (201 until told).
    pub fn answer(&self, device: &str, status: u16) {
        self.state.lock().unwrap().answers.insert(device.to_owned(), status);
    }

    pub fn expect_key(&self, key: &str) {
        self.state.lock().unwrap().server_key = Some(key.to_owned());
    }

    /// Every message received so far, after checking that each passed every check.
    pub fn received(&self) -> Vec<Delivered> {
        let state = self.state.lock().unwrap();
        assert!(state.errors.is_empty(), "bad push messages: {:?}", state.errors);
        state.got.clone()
    }

    /// The messages `device` accepted (answered 2xx).
    pub fn accepted(&self, device: &str) -> Vec<Delivered> {
        self.received()
            .into_iter()
            .filter(|d| d.device == device && d.status < 300)
            .collect()
    }
}

fn receive(shared: &Mutex<ServiceState>, origin: &str, device: String, headers: HeaderMap, body: &[u8]) -> StatusCode {
    let mut state = shared.lock().unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let mut problems = Vec::new();
    if header("content-encoding") != "aes128gcm" {
        problems.push(format!("Content-Encoding {}", header("content-encoding")));
    }
    if header("ttl").parse::<u64>().is_err() {
        problems.push(format!("TTL {}", header("ttl")));
    }
    if !["very-low", "low", "normal", "high"].contains(&header("urgency").as_str()) {
        problems.push(format!("Urgency {}", header("urgency")));
    }
    let topic = header("topic");
    if topic.is_empty()
        || topic.len() > 32
        || !topic
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        problems.push(format!("Topic {topic}"));
    }
    match check_vapid(&header("authorization"), origin, now) {
        Ok(key) => {
            if state.server_key.as_deref().is_some_and(|k| k != key) {
                problems.push("signed with another key than the server's".to_owned());
            }
        }
        Err(problem) => problems.push(problem),
    }
    let payload = match state.devices.get(&device) {
        None => {
            problems.push(format!("unknown device {device}"));
            Value::Null
        }
        Some(d) => match decrypt(body, &d.secret, &d.auth) {
            Ok(plain) => serde_json::from_slice(&plain).unwrap_or_else(|e| {
                problems.push(format!("not JSON: {e}"));
                Value::Null
            }),
            Err(problem) => {
                problems.push(problem);
                Value::Null
            }
        },
    };
    if !problems.is_empty() {
        state.errors.push(format!("{device}: {}", problems.join("; ")));
        return StatusCode::BAD_REQUEST;
    }
    let status = state.answers.get(&device).copied().unwrap_or(201);
    state.got.push(Delivered {
        device,
        headers,
        payload,
        status,
    });
    StatusCode::from_u16(status).unwrap()
}

async fn app_for_push(db: &TestDb) -> TestApp {
    app_with(db, |c| {
        c.webhook_retry_base_ms = 60_000;
        c.webhook_max_attempts = 5;
    })
    .await
}

/// Subscribes `subscription` for the token's player; the device's id.
pub async fn subscribe(app: &TestApp, token: &str, subscription: Value) -> i64 {
    let (status, body) = app.post("/api/v1/me/push/subscriptions", token, subscription).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["id"].as_i64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn moves_offers_and_chat_reach_the_device_encrypted_and_signed() {
    each_backend(|db| async move {
        let app = app_for_push(&db).await;
        let service = PushService::start().await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let (status, key) = app.get("/api/v1/push/key", None).await;
        assert_eq!(status, StatusCode::OK, "{key}");
        let key = key["public_key"].as_str().unwrap().to_owned();
        assert_eq!(unb64(&key).len(), 65, "an uncompressed P-256 point");
        let (_, again) = app.get("/api/v1/push/key", None).await;
        assert_eq!(again["public_key"], key.as_str(), "one key, kept");
        service.expect_key(&key);

        let phone = subscribe(&app, &b, service.device("bob-phone")).await;
        let (_, list) = app.get("/api/v1/me/push/subscriptions", Some(&b)).await;
        assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list[0]["id"], phone);
        assert_eq!(list[0]["service"], "127.0.0.1");

        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let (status, _) = app
            .post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let first = eventually("bob's your-move push", async || {
            service.accepted("bob-phone").first().cloned()
        })
        .await;
        assert_eq!(first.payload["title"], "Your move against alice", "{}", db.backend);
        assert_eq!(first.payload["kind"], "your_move");
        assert_eq!(first.payload["url"], format!("http://127.0.0.1/games/{id}"));
        assert_eq!(first.payload["tag"], format!("g-{id}"));
        assert_eq!(first.payload["to_move"], 1);
        assert!(
            first.payload["at"].as_i64().is_some_and(|at| at >= crate::common::T0),
            "{}",
            first.payload
        );
        assert_eq!(first.headers["topic"], format!("g-{id}").as_str());
        assert_eq!(first.headers["urgency"], "normal");
        assert_eq!(first.headers["ttl"], "345600");

        // Switched off, your-move pushes stop; a draw offer still comes (and, queued after
        // the move, proves the move's event was handled).
        let (status, body) = app
            .call(
                "PUT",
                "/api/v1/me/notifications",
                Some(&b),
                Some(json!({"push_your_move": false})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["push_your_move"], false);
        app.post(&format!("/api/v1/games/{id}/moves"), &b, json!({"move": "b1b2"}))
            .await;
        app.post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/draw"), &a, json!({"action": "offer"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let offer = eventually("the draw offer", async || {
            let got = service.accepted("bob-phone");
            (got.len() >= 2).then(|| got[1].clone())
        })
        .await;
        assert_eq!(offer.payload["kind"], "offer", "{}", offer.payload);
        assert_eq!(offer.payload["title"], "Draw offered");
        assert_eq!(service.accepted("bob-phone").len(), 2, "no your-move push once off");

        // Chat: its own topic, low urgency.
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/chat"), &a, json!({"text": "good luck"}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let chat = eventually("the chat push", async || {
            let got = service.accepted("bob-phone");
            (got.len() >= 3).then(|| got[2].clone())
        })
        .await;
        assert_eq!(chat.payload["body"], "good luck");
        assert_eq!(chat.payload["title"], format!("alice in game {id}"));
        assert_eq!(chat.headers["urgency"], "low");
        assert_eq!(chat.headers["topic"], format!("c-{id}").as_str());

        // A device the push service says is gone (410) is removed.
        service.answer("bob-phone", 410);
        let (status, body) = app.post("/api/v1/me/push/test", &b, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        assert_eq!(body["queued"], 1);
        eventually("the gone device removed", async || {
            let (_, list) = app.get("/api/v1/me/push/subscriptions", Some(&b)).await;
            list.as_array().unwrap().is_empty().then_some(())
        })
        .await;
        // Nobody else was ever sent anything.
        assert!(service.received().iter().all(|d| d.device == "bob-phone"));
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_failing_push_service_is_retried_and_pending_moves_collapse_into_one() {
    each_backend(|db| async move {
        let app = app_for_push(&db).await;
        let service = PushService::start().await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        subscribe(&app, &b, service.device("bob-phone")).await;
        service.answer("bob-phone", 503);
        app.post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        eventually("the failed attempt", async || {
            (service.received().len() == 1).then_some(())
        })
        .await;
        let user = app.state.db.user_id_by_key("bob").await.unwrap().unwrap();
        let rows = eventually("the attempt recorded", async || {
            let rows = app.state.db.push_deliveries(user, 10).await.unwrap();
            (rows.first().is_some_and(|r| r.attempts == 1)).then_some(rows)
        })
        .await;
        assert_eq!(rows[0].status.as_str(), "pending", "{}", db.backend);
        assert_eq!(rows[0].last_status, Some(503));

        // Two more moves in the same game while bob's phone is unreachable: the pending
        // message gives way to the newer one of the same topic.
        app.post(&format!("/api/v1/games/{id}/moves"), &b, json!({"move": "b1b2"}))
            .await;
        app.post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        eventually("the newer message tried", async || {
            (service.received().len() == 2).then_some(())
        })
        .await;
        tokio::time::sleep(std::time::Duration::from_millis(700)).await;
        assert_eq!(
            service.received().len(),
            2,
            "{}: no retry before the back-off",
            db.backend
        );
        let rows = app.state.db.push_deliveries(user, 10).await.unwrap();
        let states: Vec<&str> = rows.iter().map(|r| r.status.as_str()).collect();
        assert_eq!(states, ["pending", "replaced"], "{}", db.backend);

        service.answer("bob-phone", 201);
        app.clock.advance_ms(61_000);
        let accepted = eventually("the retry accepted", async || {
            let got = service.accepted("bob-phone");
            (!got.is_empty()).then_some(got)
        })
        .await;
        tokio::time::sleep(std::time::Duration::from_millis(700)).await;
        assert_eq!(service.accepted("bob-phone").len(), 1, "one notification for the game");
        assert_eq!(accepted[0].payload["tag"], format!("g-{id}"));
        let rows = app.state.db.push_deliveries(user, 10).await.unwrap();
        assert_eq!(rows[0].status.as_str(), "sent");
        assert_eq!(rows[0].attempts, 2);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_notification_speaks_its_reader_s_language() {
    each_backend(|db| async move {
        let app = app_for_push(&db).await;
        let service = PushService::start().await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        subscribe(&app, &b, service.device("bob-phone")).await;
        let (status, body) = app
            .call(
                "PATCH",
                "/api/v1/me/preferences",
                Some(&b),
                Some(json!({"language": "de"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        app.post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        let got = eventually("bob's push", async || service.accepted("bob-phone").first().cloned()).await;
        assert_eq!(got.payload["title"], "Du bist am Zug gegen alice", "{}", db.backend);
        assert_eq!(got.payload["body"], "Not Chess: Du bist am Zug.");
        let (status, body) = app
            .call(
                "PATCH",
                "/api/v1/me/preferences",
                Some(&b),
                Some(json!({"language": "fa"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        app.post(&format!("/api/v1/games/{id}/chat"), &a, json!({"text": "salaam"}))
            .await;
        let chat = eventually("the chat push", async || {
            service
                .accepted("bob-phone")
                .into_iter()
                .find(|d| d.payload["kind"] == "chat")
        })
        .await;
        assert_eq!(chat.payload["title"], format!("alice در بازی {id}"), "{}", db.backend);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_fan_out_running_behind_tells_a_turn_once() {
    each_backend(|db| async move {
        // No workers: the outbox waits until the test fans it out, as a fan-out running
        // behind the moves would find it (seen on a loaded CI machine).
        let app = TestApp::without_workers(
            &db,
            Arc::new(crate::common::ScriptedRules { finish_after: 20 }),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        let service = PushService::start().await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        subscribe(&app, &b, service.device("bob-phone")).await;
        for (token, text) in [(&a, "a1a2"), (&b, "b1b2"), (&a, "a1a2")] {
            let (status, body) = app
                .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        // Every move's event is read with the game as it is now, bob to move: the three
        // describe one turn, told once.
        let mut batch = app.state.db.take_outbox(100).await.unwrap();
        assert!(batch.events.len() >= 3, "{}", db.backend);
        let events = batch.events.clone();
        herald_server::api::notify::fanout::game_events(&app.state, &mut batch.tx, &events)
            .await
            .unwrap();
        batch.finish().await.unwrap();
        let user = app.state.db.user_id_by_key("bob").await.unwrap().unwrap();
        let rows = app.state.db.push_deliveries(user, 10).await.unwrap();
        let states: Vec<&str> = rows.iter().map(|r| r.status.as_str()).collect();
        assert_eq!(states, ["pending"], "{}: one message for bob's turn", db.backend);
        assert_eq!(rows[0].kind.as_str(), "your_move", "{}", db.backend);

        // The same events again (a batch whose commit was lost) queue nothing more.
        let mut tx = app.state.db.pool().begin().await.unwrap();
        herald_server::api::notify::fanout::game_events(&app.state, &mut tx, &events)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let again = app.state.db.push_deliveries(user, 10).await.unwrap();
        let states: Vec<&str> = again.iter().map(|r| r.status.as_str()).collect();
        assert_eq!(states, ["pending"], "{}: the queued message stays pending", db.backend);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn each_message_goes_once_with_two_instances() {
    each_backend(|db| async move {
        let one = app_for_push(&db).await;
        // On SQLite, which one instance serves, two listeners of `one` (see two_servers).
        let two = app_for_push(&db).await;
        let service = PushService::start().await;
        let a = one.user("alice").await;
        let b = one.user("bob").await;
        let mut games = Vec::new();
        for _ in 0..12 {
            games.push(one.started_game("not-chess", &a, &b, "bob").await);
        }
        subscribe(&one, &b, service.device("bob-phone")).await;
        subscribe(&one, &b, service.device("bob-laptop")).await;
        let servers = crate::common::two_servers(&db, &one, &two).await;
        let client = reqwest::Client::new();
        let moves = games.iter().enumerate().map(|(i, id)| {
            let url = format!("{}/api/v1/games/{id}/moves", servers[i % 2].base);
            let request = client.post(url).bearer_auth(&a).json(&json!({"move": "a1a2"}));
            async move { request.send().await.unwrap().status() }
        });
        for status in futures_util::future::join_all(moves).await {
            assert_eq!(status, reqwest::StatusCode::OK);
        }
        for device in ["bob-phone", "bob-laptop"] {
            eventually("every game's push", async || {
                (service.accepted(device).len() >= games.len()).then_some(())
            })
            .await;
        }
        // Both instances' workers had time to send anything twice.
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        for device in ["bob-phone", "bob-laptop"] {
            let mut urls: Vec<String> = service
                .accepted(device)
                .iter()
                .map(|d| d.payload["url"].as_str().unwrap().to_owned())
                .collect();
            urls.sort();
            let mut expected: Vec<String> = games.iter().map(|id| format!("http://127.0.0.1/games/{id}")).collect();
            expected.sort();
            assert_eq!(urls, expected, "{}: {device} got each game once", db.backend);
        }
        for server in servers {
            server.stop().await;
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn only_the_owner_manages_devices_and_bad_subscriptions_are_refused() {
    each_backend(|db| async move {
        let app = app_for_push(&db).await;
        let service = PushService::start().await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let path = "/api/v1/me/push/subscriptions";
        let device = service.device("bob-phone");

        let (status, _) = app.call("POST", path, None, Some(device.clone())).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let revoked = crate::common::revoked_token(&app, "bob", &b).await;
        let (status, body) = app.call("POST", path, Some(&revoked), Some(device.clone())).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let cookie = crate::accounts::log_in(&app, "bob").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        let request = Request::builder()
            .method("POST")
            .uri(path)
            .header("cookie", pair)
            .header("content-type", "application/json")
            .body(Body::from(device.to_string()))
            .unwrap();
        let (status, body) = app.raw(request).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");

        // The other routes: anonymous and revoked callers are refused, and a session
        // cookie writes only with the page's CSRF token.
        for (method, route) in [
            ("GET", path.to_owned()),
            ("DELETE", format!("{path}/1")),
            ("POST", "/api/v1/me/push/test".to_owned()),
        ] {
            let (status, body) = app.call(method, &route, None, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {route} anonymous: {body}");
            let (status, body) = app.call(method, &route, Some(&revoked), None).await;
            assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
            if method != "GET" {
                let request = Request::builder()
                    .method(method)
                    .uri(route.as_str())
                    .header("cookie", cookie.split(';').next().unwrap())
                    .body(Body::empty())
                    .unwrap();
                let (status, body) = app.raw(request).await;
                assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
            }
        }
        // The key is public.
        let (status, _) = app.get("/api/v1/push/key", None).await;
        assert_eq!(status, StatusCode::OK);

        let id = subscribe(&app, &b, device.clone()).await;
        // The same device again: renewed, not doubled.
        let (status, body) = app.post(path, &b, device.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["id"], id);
        // Another player cannot see or remove it.
        let (_, list) = app.get(path, Some(&a)).await;
        assert!(list.as_array().unwrap().is_empty());
        let (status, body) = app.call("DELETE", &format!("{path}/{id}"), Some(&a), None).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "push_subscription_not_found");
        let (status, body) = app.call("DELETE", &format!("{path}/{id}"), Some(&revoked), None).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");

        let mut bad = device.clone();
        bad["endpoint"] = json!("ftp://example.org/push");
        let (status, body) = app.post(path, &b, bad).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_endpoint");
        let mut bad = device.clone();
        bad["keys"]["p256dh"] = json!(b64(&[4_u8; 65]));
        let (status, body) = app.post(path, &b, bad).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_key");
        let mut bad = device.clone();
        bad["keys"]["auth"] = json!("short");
        let (status, body) = app.post(path, &b, bad).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_key");
        let (status, body) = app.post(path, &b, json!({"endpoint": 3})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

        // At most ten devices.
        for n in 1..10 {
            subscribe(&app, &b, service.device(&format!("bob-{n}"))).await;
        }
        let (status, body) = app.post(path, &b, service.device("bob-11")).await;
        assert_error(status, &body, StatusCode::CONFLICT, "too_many_devices");

        // A device signed in as alice now is alice's.
        let (status, body) = app.post(path, &a, device.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (_, list) = app.get(path, Some(&b)).await;
        assert_eq!(list.as_array().unwrap().len(), 9);

        let (status, _) = app.call("DELETE", &format!("{path}/{id}"), Some(&a), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (_, list) = app.get(path, Some(&a)).await;
        assert!(list.as_array().unwrap().is_empty());
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn private_push_endpoints_are_refused_unless_allowed() {
    let db = TestDb::sqlite();
    let app = app_with(&db, |c| c.webhook_allow_private = false).await;
    let b = app.user("bob").await;
    let service = PushService::start().await;
    let mut device = service.device("bob-phone");
    let (status, body) = app.post("/api/v1/me/push/subscriptions", &b, device.clone()).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_endpoint");
    device["endpoint"] = json!("https://127.0.0.1/push/bob-phone");
    let (status, body) = app.post("/api/v1/me/push/subscriptions", &b, device).await;
    assert_error(status, &body, StatusCode::BAD_REQUEST, "private_endpoint");
    db.cleanup().await;
}
