//! The bot worker: seats bots in the games they take (challenges sent to them, open
//! challenges nobody took in time, seats their creators asked bots to fill) and plays their
//! moves. A bot's turn
//! is taken by one instance through a lease in the database (`bot_turns`), thought about on
//! the engine pool (never on the async runtime) and played through the same move path as a
//! person's move, with the ply guard: if the lease expired and another instance moved
//! first, this one's move is refused and nothing is written twice.

use std::time::Duration;

use futures_util::StreamExt;
use herald_engine::{Level, Settings};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

use crate::api::games::service::{self, MoveRequest};
use crate::domain::game_states::GameStatus;
use crate::storage::{BotInvitation, BotTurn};
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// How long an instance holds a bot's turn: far longer than a level-8 search, so a live
/// instance always moves before it ends; an instance that stopped loses it after this.
pub const LEASE_MS: i64 = 60_000;

/// How often the worker looks for work without a wake-up (turns whose lease expired,
/// changes announced on another instance's hub that were missed).
const POLL: Duration = Duration::from_secs(2);

/// The least time between two passes that changes woke. Every committed change wakes the
/// worker, and a pass is four queries: at 1,000 moves/s that was 520 passes a second, a
/// sixth of PostgreSQL's work in games without a bot. Wake-ups that come meanwhile are
/// taken together, so a bot's turn starts at most this much later.
const WAKE_GAP: Duration = Duration::from_millis(100);

/// Games handled per pass.
const BATCH: i64 = 20;

/// When no bot is free for a due fill, it is tried again this much later.
const FILL_RETRY_MS: i64 = 15 * 60 * 1000;

/// Starts the worker for this instance (several may run it: the lease makes each turn one
/// instance's).
pub fn start(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move { run(state).await });
}

async fn run(state: AppState) {
    // Every committed change of a game wakes the worker: a person's move may make it a bot's turn.
    let mut wakes = state.hub().subscribe_all();
    loop {
        let pass_started = tokio::time::Instant::now();
        let done = once(&state).await.unwrap_or_else(|error| {
            tracing::warn!(%error, "bot turns failed");
            0
        });
        if done > 0 {
            continue;
        }
        tokio::select! {
            woken = wakes.recv() => {
                if matches!(woken, Err(RecvError::Closed)) {
                    return;
                }
                tokio::time::sleep_until(pass_started + WAKE_GAP).await;
                // One pass answers every change so far.
                while !matches!(wakes.try_recv(), Err(TryRecvError::Empty | TryRecvError::Closed)) {}
            }
            () = tokio::time::sleep(POLL) => {}
            () = state.hub().closed() => return,
        }
    }
}

/// One pass: bots take the seats offered to them, then take and play the turns that are
/// due. Returns how many seats were taken and moves played.
///
/// # Errors
/// The database fails while listing work (a failed game is logged and skipped).
pub async fn once(state: &AppState) -> ApiResult<usize> {
    let mut done = seat_bots(state).await?;
    let mut claimed = Vec::new();
    for turn in state.db.due_bot_turns(state.now(), BATCH).await? {
        if state
            .db
            .claim_bot_turn(&turn.game_id, turn.ply, state.now(), LEASE_MS)
            .await?
        {
            claimed.push(turn);
        }
    }
    // As many turns think at once as the engine has threads; the rest wait their turn here
    // (their leases run long enough for that).
    let played = futures_util::stream::iter(claimed)
        .map(|turn| async move {
            match play(state, &turn).await {
                Ok(moved) => moved,
                Err(error) => {
                    tracing::warn!(game = %turn.game_id, bot = %turn.username, %error, "a bot could not move");
                    false
                }
            }
        })
        .buffer_unordered(state.engine.threads())
        .filter(|moved| std::future::ready(*moved))
        .count()
        .await;
    done += played;
    Ok(done)
}

/// Challenges sent to bots, open challenges that waited long enough, and fills that are
/// due. Two instances may try the same seat: the join lets one in and refuses the other.
async fn seat_bots(state: &AppState) -> ApiResult<usize> {
    let rated_allowed = state.db.site_settings().await?.rated_bot_games;
    let now = state.now();
    let mut done = 0;
    let invited = state.db.bot_invitations(rated_allowed, BATCH).await?;
    let open = state.db.open_challenges_for_bots(now, rated_allowed, 5).await?;
    let mut taken: Vec<(i64, String)> = Vec::new();
    for (invitation, kind) in invited
        .iter()
        .map(|i| (i, "challenge"))
        .chain(open.iter().map(|i| (i, "open challenge")))
    {
        // Several bots may see the same open seat, and a bot's game count changed once it
        // took one: one open seat per bot and per game in a pass.
        if kind == "open challenge"
            && taken
                .iter()
                .any(|(u, g)| *u == invitation.user_id || *g == invitation.game_id)
        {
            continue;
        }
        match accept(state, invitation).await {
            Ok(()) => {
                done += 1;
                taken.push((invitation.user_id, invitation.game_id.clone()));
            }
            Err(error) => {
                tracing::debug!(game = %invitation.game_id, bot = %invitation.username, %error, kind, "a bot did not take a seat");
            }
        }
    }
    for due in state.db.due_bot_fills(now, BATCH).await? {
        let level = u8::try_from(due.level).unwrap_or(Level::MIN.get());
        match crate::api::bots::fill_now(state, None, &due.game_id, None, level).await {
            Ok(seated) => {
                done += seated.len();
                state.db.cancel_bot_fill(&due.game_id).await?;
            }
            // Not enough free bots now: try again later rather than never.
            Err(error) if error.code() == "no_bot_available" => {
                tracing::info!(game = %due.game_id, %error, "no bot to fill the seats yet");
                state
                    .db
                    .schedule_bot_fill(&due.game_id, now + FILL_RETRY_MS, level)
                    .await?;
            }
            // The game started, was aborted or is rated on a site that keeps bot games casual.
            Err(error) => {
                tracing::info!(game = %due.game_id, %error, "a scheduled fill with bots was dropped");
                state.db.cancel_bot_fill(&due.game_id).await?;
            }
        }
    }
    Ok(done)
}

async fn accept(state: &AppState, invitation: &BotInvitation) -> ApiResult<()> {
    let bot = AuthUser {
        id: invitation.user_id,
        username: invitation.username.clone(),
    };
    service::join(state, &bot, &invitation.game_id, None).await?;
    tracing::info!(game = %invitation.game_id, bot = %invitation.username, "a bot took a seat");
    Ok(())
}

/// Thinks about the bot's turn and plays the move; false when the game moved on meanwhile.
async fn play(state: &AppState, turn: &BotTurn) -> ApiResult<bool> {
    let game = service::load(state, &turn.game_id).await?;
    if game.row.ply != turn.ply || game.row.status != GameStatus::Active {
        return Ok(false);
    }
    // Stand-in rules (tests) have no position an engine can search.
    let Some(position) = game.engine.any_game() else {
        return Ok(false);
    };
    let variant = game.variant.id();
    let level = u8::try_from(turn.level).ok().and_then(Level::new).unwrap_or(Level::MIN);
    let thought = state
        .engine
        .think(position, Settings::level(level, seed(&turn.game_id, turn.ply)))
        .await
        // A full queue or a stopped pool: the lease expires and the turn is taken again.
        .map_err(|_| ApiError::Busy)?;
    let Some(found) = thought.found else {
        return Ok(false);
    };
    let bot = AuthUser {
        id: turn.user_id,
        username: turn.username.clone(),
    };
    let request = MoveRequest {
        text: found.best.to_string(),
        ply: Some(turn.ply),
        message: None,
    };
    match service::play_move(state, &bot, &turn.game_id, request).await {
        Ok(_) => {
            crate::web::telemetry::bot_moved(variant);
            Ok(true)
        }
        // Another instance (whose lease this one took over) moved first: nothing to do.
        Err(error) if error.status() == axum::http::StatusCode::CONFLICT => Ok(false),
        Err(error) => Err(error),
    }
}

/// The search's seed: the same game at the same ply always gets the same move, whichever
/// instance thinks (FNV-1a of the game id, then the ply).
fn seed(game_id: &str, ply: i64) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in game_id.bytes().chain(ply.to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}
