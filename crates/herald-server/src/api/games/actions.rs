//! Who may do what in a game: one pure rule, [`check`], from the stored game (row, seats,
//! the engine's turn and eliminated seats, the clock at `now`) and the viewer. The services
//! call it before acting and answer its refusal (the codes and statuses the API documents);
//! the game object lists what it allows ([`actions`], `GameView::actions`) and the game page
//! shows a form for each listed action, so a button and the service never disagree.
//!
//! What needs more than the game is left to the services and said where it applies: a
//! joiner's rating against the challenge's range, blocks, suspensions and mutes, a move's
//! legality, the engine's own refusal of a resignation, and races settled under the write's
//! own guard (a rematch offered meanwhile, a seat taken meanwhile).

use herald_rules::{Player, Variant};
use serde::Serialize;
use utoipa::ToSchema;

use super::clock::{Deadline, claimers, game_deadline, server_timeout};
use crate::domain::game_states::GameStatus;
use crate::storage::{GameRow, SeatRow};
use crate::web::error::{ApiError, ApiResult};

/// Something a viewer may do in a game. Sent as its snake_case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ToSchema, strum::VariantArray)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Play a move: the viewer's turn, before the server's own timeout of it.
    Move,
    /// Resign (in Chatrang: leave the game, the partner plays on).
    Resign,
    /// Offer a draw (games with draws by agreement).
    OfferDraw,
    /// Accept another player's standing draw offer.
    AcceptDraw,
    /// Decline the standing draw offers.
    DeclineDraw,
    /// Ask to take back one's move, the game's last entry (casual games outside
    /// tournaments; nobody has moved since; no request pending).
    AskTakeback,
    /// Accept the pending takeback request: the player to move answers it.
    AcceptTakeback,
    /// Decline the pending takeback request (the player to move).
    DeclineTakeback,
    /// Withdraw one's own pending takeback request.
    WithdrawTakeback,
    /// Abort the game before its first move (a seated player).
    Abort,
    /// Decline an invitation to a seat of this waiting game.
    DeclineInvitation,
    /// Claim the win on time: the player to move let the deadline pass.
    ClaimTimeout,
    /// Take a seat of this waiting game (the one reserved for the viewer, or an open one).
    Join,
    /// Offer a rematch of this finished game.
    OfferRematch,
    /// Save conditional moves (lines of replies played automatically).
    SaveConditionals,
    /// Write in the game's conversation.
    Chat,
    /// Publish one's notes with the finished game.
    PublishNotes,
}

impl Action {
    /// Every action, in the order the game object lists them.
    pub const ALL: &'static [Action] = <Action as strum::VariantArray>::VARIANTS;
}

/// What the rule reads: one game at one instant.
#[derive(Debug, Clone)]
pub struct Table<'a> {
    pub variant: Variant,
    pub row: &'a GameRow,
    pub seats: &'a [SeatRow],
    /// The seat to move by the engine (meaningful while the game is active).
    pub turn: Player,
    /// Seats out of the game (Chatrang).
    pub eliminated: Vec<Player>,
    /// The seat whose move is the record's last entry, by the engine (`None`: no entry
    /// yet, a withdrawal last, or stand-in rules that do not say).
    pub last_mover: Option<Player>,
    /// Whether a rematch of this game was offered; `None` when not read (a service that
    /// acts on it settles the question under its write's guard).
    pub rematch: Option<bool>,
    /// The instant (epoch ms) and the claimable cap in force (ms).
    pub now: i64,
    pub cap_ms: i64,
}

impl<'a> Table<'a> {
    /// The game as stored, for an action that needs no engine (publishing notes): the
    /// stored turn, nobody eliminated.
    #[must_use]
    pub fn stored(row: &'a GameRow, seats: &'a [SeatRow], now: i64, cap_ms: i64) -> Table<'a> {
        Table {
            variant: row.variant,
            row,
            seats,
            turn: row.turn,
            eliminated: Vec::new(),
            last_mover: None,
            rematch: None,
            now,
            cap_ms,
        }
    }
}

/// The actions `viewer` may take in the game, in [`Action::ALL`] order.
#[must_use]
pub fn actions(table: &Table<'_>, viewer: Option<i64>) -> Vec<Action> {
    Action::ALL
        .iter()
        .copied()
        .filter(|&action| check(table, viewer, action).is_ok())
        .collect()
}

/// Whether `viewer` may take `action`, or why not, as the API answers it.
///
/// # Errors
/// The refusal, with the same code and status as the service acting on it: 403
/// `not_a_player`, `eliminated`, `not_your_turn`, `not_your_claim`; 409 `game_not_started`,
/// `game_over`, `no_draws`, `no_draw_offer`, `too_late_to_abort`, `not_claimable`,
/// `out_of_time`, `game_not_waiting`, `already_seated`, `no_open_seat`, `game_not_finished`,
/// `rematch_exists`, `game_not_over`; takebacks ([`takeback`]): 403 `not_your_answer`,
/// `not_your_request`; 409 `no_takebacks`, `takeback_pending`, `nothing_to_take_back`,
/// `no_takeback_request`, `out_of_time` (accepting after one's time ran out).
pub fn check(table: &Table<'_>, viewer: Option<i64>, action: Action) -> ApiResult<()> {
    let row = table.row;
    match action {
        Action::Move => {
            let seat = seat(table, viewer)?;
            require_status(row)?;
            if table.turn != seat {
                return Err(ApiError::forbidden("not_your_turn", "it is not your turn"));
            }
            if overdue(table) {
                return Err(ApiError::conflict(
                    "out_of_time",
                    "your time ran out before this move: the game is over",
                ));
            }
            Ok(())
        }
        Action::Resign => {
            let seat = seat(table, viewer)?;
            require_status(row)?;
            still_in(table, seat)
        }
        Action::OfferDraw | Action::AcceptDraw | Action::DeclineDraw => draw(table, viewer, action),
        Action::AskTakeback | Action::AcceptTakeback | Action::DeclineTakeback | Action::WithdrawTakeback => {
            takeback(table, viewer, action)
        }
        Action::Abort | Action::DeclineInvitation => {
            let seated = seated(table, viewer);
            let invited = !seated && invited(table, viewer);
            let allowed = match action {
                Action::Abort => seated,
                _ => invited,
            };
            if !allowed {
                return Err(not_a_player());
            }
            match row.status {
                GameStatus::Waiting | GameStatus::Active if row.ply == 0 => Ok(()),
                GameStatus::Waiting | GameStatus::Active => Err(ApiError::conflict(
                    "too_late_to_abort",
                    "moves were played: resign instead",
                )),
                GameStatus::Finished | GameStatus::Aborted => Err(game_over()),
            }
        }
        Action::ClaimTimeout => claim(table, viewer),
        Action::Join => join(table, viewer),
        Action::OfferRematch => {
            if !seated(table, viewer) {
                return Err(ApiError::forbidden("not_a_player", "you did not play in this game"));
            }
            if row.status != GameStatus::Finished {
                return Err(ApiError::conflict(
                    "game_not_finished",
                    "a rematch is offered once the game has finished",
                ));
            }
            if table.rematch == Some(true) {
                return Err(ApiError::conflict(
                    "rematch_exists",
                    "a rematch of this game was already offered",
                ));
            }
            Ok(())
        }
        Action::SaveConditionals => {
            seat(table, viewer)?;
            require_status(row)
        }
        Action::Chat => {
            if seated(table, viewer) {
                Ok(())
            } else {
                Err(ApiError::forbidden(
                    "not_a_player",
                    "only the game's players write in its chat",
                ))
            }
        }
        Action::PublishNotes => {
            if !seated(table, viewer) {
                return Err(ApiError::forbidden(
                    "not_a_player",
                    "only the game's players publish notes with it",
                ));
            }
            if row.status.is_over() {
                Ok(())
            } else {
                Err(ApiError::conflict(
                    "game_not_over",
                    "notes are published once the game is over",
                ))
            }
        }
    }
}

/// An action of a game in play needs it active.
///
/// # Errors
/// 409 `game_not_started` (waiting for players), `game_over`.
pub(crate) fn require_status(row: &GameRow) -> ApiResult<()> {
    match row.status {
        GameStatus::Active => Ok(()),
        GameStatus::Waiting => Err(ApiError::conflict(
            "game_not_started",
            "the game is waiting for players",
        )),
        _ => Err(game_over()),
    }
}

fn game_over() -> ApiError {
    ApiError::conflict("game_over", "the game is over")
}

fn not_a_player() -> ApiError {
    ApiError::forbidden("not_a_player", "you do not play in this game")
}

/// The viewer's seat, or 403 `not_a_player`.
fn seat(table: &Table<'_>, viewer: Option<i64>) -> ApiResult<Player> {
    let viewer = viewer.ok_or_else(not_a_player)?;
    table
        .seats
        .iter()
        .find(|s| s.user_id == Some(viewer))
        .map(|s| s.seat)
        .ok_or_else(not_a_player)
}

fn seated(table: &Table<'_>, viewer: Option<i64>) -> bool {
    seat(table, viewer).is_ok()
}

/// A seat still free is reserved for the viewer.
fn invited(table: &Table<'_>, viewer: Option<i64>) -> bool {
    viewer.is_some_and(|v| {
        table
            .seats
            .iter()
            .any(|s| s.user_id.is_none() && s.invited_user_id == Some(v))
    })
}

/// An eliminated Chatrang player has no say any more.
fn still_in(table: &Table<'_>, seat: Player) -> ApiResult<()> {
    if table.eliminated.contains(&seat) {
        Err(ApiError::forbidden("eliminated", "you are out of this game"))
    } else {
        Ok(())
    }
}

/// The turn is past the point where the server ends it by itself (the deadline under
/// `auto`, deadline + cap under `claim`): a move then loses on time instead.
fn overdue(table: &Table<'_>) -> bool {
    match game_deadline(table.row, table.seats, table.now) {
        Deadline::Running(move_by) => {
            server_timeout(table.row.timeout_policy, move_by, table.cap_ms, table.now).is_some()
        }
        Deadline::Paused { .. } | Deadline::None => false,
    }
}

fn draw(table: &Table<'_>, viewer: Option<i64>, action: Action) -> ApiResult<()> {
    let seat = seat(table, viewer)?;
    require_status(table.row)?;
    let spec = table.variant.spec();
    if !spec.draw_by_agreement {
        return Err(ApiError::conflict(
            "no_draws",
            format!("{} has no draws: play on, or resign", spec.name),
        ));
    }
    still_in(table, seat)?;
    let others_offered = table.row.draw_offers & !(1_i64 << seat.get()) != 0;
    if action != Action::OfferDraw && !others_offered {
        return Err(ApiError::conflict("no_draw_offer", "there is no draw offer to answer"));
    }
    Ok(())
}

/// Whether the game allows takebacks at all: casual games outside tournaments.
#[must_use]
pub fn takebacks_allowed(row: &GameRow) -> bool {
    !row.rated && !row.in_tournament
}

/// The takeback rules. Asking: a seated player still in the game whose move is the
/// record's last entry, in a casual game outside tournaments, with no request pending.
/// Answering: the player to move (the one the asker's move passed the turn to), never the
/// asker. Withdrawing: the asker.
fn takeback(table: &Table<'_>, viewer: Option<i64>, action: Action) -> ApiResult<()> {
    let seat = seat(table, viewer)?;
    let row = table.row;
    require_status(row)?;
    if !takebacks_allowed(row) {
        return Err(ApiError::conflict(
            "no_takebacks",
            "takebacks are allowed only in casual games outside tournaments",
        ));
    }
    still_in(table, seat)?;
    let pending = row.takeback;
    match action {
        Action::AskTakeback => {
            if pending.is_some() {
                return Err(ApiError::conflict(
                    "takeback_pending",
                    "a takeback request is already waiting for its answer",
                ));
            }
            if table.last_mover != Some(seat) || table.turn == seat {
                return Err(ApiError::conflict(
                    "nothing_to_take_back",
                    "only your own move, while it is still the game's last, can be taken back",
                ));
            }
            Ok(())
        }
        Action::WithdrawTakeback => match pending {
            None => Err(no_takeback_request()),
            Some(request) if request.seat != seat => Err(ApiError::forbidden(
                "not_your_request",
                "only the player who asked may withdraw the request",
            )),
            Some(_) => Ok(()),
        },
        _ => match pending {
            None => Err(no_takeback_request()),
            Some(request) if request.seat == seat || table.turn != seat => Err(ApiError::forbidden(
                "not_your_answer",
                "the player to move answers the takeback request",
            )),
            // Accepting would hand the late player's lost turn back to the asker with a
            // fresh deadline: a game lost on time is not saved by it.
            Some(_) if action == Action::AcceptTakeback && overdue(table) => Err(ApiError::conflict(
                "out_of_time",
                "your time ran out before you answered: the request can no longer be accepted",
            )),
            Some(_) => Ok(()),
        },
    }
}

fn no_takeback_request() -> ApiError {
    ApiError::conflict("no_takeback_request", "there is no takeback request pending")
}

fn claim(table: &Table<'_>, viewer: Option<i64>) -> ApiResult<()> {
    let seat = seat(table, viewer)?;
    require_status(table.row)?;
    let late = table.row.turn;
    if !claimers(table.variant, late, &table.eliminated).contains(&seat) {
        return Err(ApiError::forbidden(
            "not_your_claim",
            "only a player waiting for the late player (the other side) may claim",
        ));
    }
    match game_deadline(table.row, table.seats, table.now) {
        Deadline::Running(move_by) if move_by <= table.now => Ok(()),
        Deadline::Running(move_by) => Err(ApiError::conflict(
            "not_claimable",
            format!("the player to move has until {move_by} (epoch ms) to move"),
        )),
        Deadline::Paused { .. } => Err(ApiError::conflict(
            "not_claimable",
            "the player to move is on vacation: their clock is stopped",
        )),
        Deadline::None => Err(game_over()),
    }
}

/// Joining as the game stands; the service chooses the seat again under the write's lock,
/// and checks what the game does not tell (the rating range, a restricted player).
fn join(table: &Table<'_>, viewer: Option<i64>) -> ApiResult<()> {
    if table.row.status != GameStatus::Waiting {
        return Err(ApiError::conflict(
            "game_not_waiting",
            "this game is not waiting for players",
        ));
    }
    let Some(viewer) = viewer else {
        return Err(ApiError::unauthorized("unauthorized", "sign in to join a game"));
    };
    if table.seats.iter().any(|s| s.user_id == Some(viewer)) {
        return Err(ApiError::conflict("already_seated", "you already play in this game"));
    }
    let free_for_viewer = table
        .seats
        .iter()
        .any(|s| s.user_id.is_none() && s.invited_user_id.is_none_or(|i| i == viewer));
    if free_for_viewer {
        Ok(())
    } else {
        Err(ApiError::conflict("no_open_seat", "no open seat in this game"))
    }
}

/// The game object's list once its rematch is known: an offered rematch takes
/// [`Action::OfferRematch`] away, as [`check`] would with [`Table::rematch`] read.
pub(crate) fn rematch_known(actions: &mut Vec<Action>, rematch: bool) {
    if rematch {
        actions.retain(|a| *a != Action::OfferRematch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::game_states::{OptionIds, TimeoutPolicy};
    use crate::infra::clock::DAY_MS;
    use crate::storage::RatingRange;

    const NOW: i64 = 1_800_000_000_000;
    const CAP: i64 = 7 * DAY_MS;

    fn row(variant: Variant, status: GameStatus, ply: i64) -> GameRow {
        GameRow {
            id: "g1".to_owned(),
            variant,
            options: OptionIds::default(),
            status,
            created_by: 1,
            created_at: 0,
            started_at: None,
            finished_at: None,
            updated_at: 0,
            days_per_move: 3,
            time_control: crate::domain::time_controls::TimeControl::Days { days: 3 },
            clocks: crate::domain::time_controls::SeatClocks::default(),
            ply,
            version: 1,
            turn: Player::new(0),
            fen: String::new(),
            move_by: (status == GameStatus::Active).then_some(NOW + DAY_MS),
            result: None,
            reason: None,
            draw_offers: 0,
            open_seats: 0,
            timeout_policy: TimeoutPolicy::Claim,
            sweep_at: None,
            claimable_since: None,
            warned_ply: None,
            paused_ms: None,
            points: None,
            rated: false,
            rematch_of: None,
            rating_range: RatingRange::default(),
            conditional_seats: 0,
            chat_spectators: false,
            takeback: None,
            in_tournament: false,
        }
    }

    /// Seats taken by `users` in order (`None`: open), `invited` reserving seats by number.
    fn seats(users: &[Option<i64>], invited: &[(i64, i64)]) -> Vec<SeatRow> {
        users
            .iter()
            .zip(0_u8..)
            .map(|(user, seat)| SeatRow {
                game_id: "g1".to_owned(),
                seat: Player::new(seat),
                user_id: *user,
                username: user.map(|u| format!("user{u}")),
                invited_user_id: invited.iter().find(|(s, _)| *s == i64::from(seat)).map(|(_, u)| *u),
                invited_username: None,
                vacation_since: None,
                vacation_until: None,
                rating: None,
                rating_deviation: None,
                rating_volatility: None,
                rating_updated_at: None,
                rating_games: None,
                is_bot: 0,
            })
            .collect()
    }

    fn table<'a>(row: &'a GameRow, seats: &'a [SeatRow]) -> Table<'a> {
        Table {
            variant: row.variant,
            row,
            seats,
            turn: row.turn,
            eliminated: Vec::new(),
            last_mover: None,
            rematch: Some(false),
            now: NOW,
            cap_ms: CAP,
        }
    }

    fn code(table: &Table<'_>, viewer: Option<i64>, action: Action) -> &'static str {
        check(table, viewer, action).err().map_or("ok", |e| e.code())
    }

    use Action::*;

    const IN_PLAY: [Action; 4] = [Resign, OfferDraw, SaveConditionals, Chat];

    #[test]
    fn a_game_in_play_by_viewer() {
        let r = row(Variant::NotChess, GameStatus::Active, 4);
        let s = seats(&[Some(1), Some(2)], &[]);
        let t = table(&r, &s);
        // The player to move, the other player, a spectator and an anonymous reader.
        assert_eq!(actions(&t, Some(1)), [&[Move][..], &IN_PLAY].concat());
        assert_eq!(actions(&t, Some(2)), IN_PLAY);
        assert_eq!(actions(&t, Some(3)), []);
        assert_eq!(actions(&t, None), []);
        assert_eq!(code(&t, Some(2), Move), "not_your_turn");
        assert_eq!(code(&t, Some(3), Resign), "not_a_player");
        assert_eq!(code(&t, None, Move), "not_a_player");
        assert_eq!(code(&t, Some(1), Abort), "too_late_to_abort");
        assert_eq!(code(&t, Some(1), AcceptDraw), "no_draw_offer");
        assert_eq!(code(&t, Some(2), ClaimTimeout), "not_claimable");
        assert_eq!(code(&t, Some(1), ClaimTimeout), "not_your_claim");
        assert_eq!(code(&t, Some(1), OfferRematch), "game_not_finished");
        assert_eq!(code(&t, Some(1), PublishNotes), "game_not_over");
        assert_eq!(code(&t, Some(3), Join), "game_not_waiting");
        // Before the first move both players may still abort.
        let r = row(Variant::NotChess, GameStatus::Active, 0);
        let t = table(&r, &s);
        assert!(actions(&t, Some(1)).contains(&Abort));
        assert!(actions(&t, Some(2)).contains(&Abort));
    }

    #[test]
    fn draw_offers_by_me_and_by_the_opponent() {
        let mut r = row(Variant::Nowan, GameStatus::Active, 6);
        r.draw_offers = 1;
        let s = seats(&[Some(1), Some(2)], &[]);
        let t = table(&r, &s);
        // Mine: I may offer again (nothing changes), not answer my own offer.
        assert!(actions(&t, Some(1)).contains(&OfferDraw));
        assert_eq!(code(&t, Some(1), AcceptDraw), "no_draw_offer");
        assert_eq!(code(&t, Some(1), DeclineDraw), "no_draw_offer");
        // The opponent's: accept or decline.
        let theirs = actions(&t, Some(2));
        assert!(theirs.contains(&AcceptDraw) && theirs.contains(&DeclineDraw));
        // Ancient chess has no draws at all.
        let r = row(Variant::Ancient, GameStatus::Active, 6);
        let t = table(&r, &s);
        assert_eq!(code(&t, Some(1), OfferDraw), "no_draws");
        assert_eq!(actions(&t, Some(2)), [Resign, SaveConditionals, Chat]);
    }

    #[test]
    fn a_passed_deadline() {
        let mut r = row(Variant::NotChess, GameStatus::Active, 4);
        r.move_by = Some(NOW - 1);
        let s = seats(&[Some(1), Some(2)], &[]);
        let t = table(&r, &s);
        // Claimable by the waiting side; the late player may still move until the cap.
        assert!(actions(&t, Some(2)).contains(&ClaimTimeout));
        assert!(actions(&t, Some(1)).contains(&Move));
        assert_eq!(code(&t, Some(1), ClaimTimeout), "not_your_claim");
        // Past the cap (or at the deadline under `auto`) the move is lost on time.
        r.move_by = Some(NOW - CAP);
        let t = table(&r, &s);
        assert_eq!(code(&t, Some(1), Move), "out_of_time");
        r.move_by = Some(NOW - 1);
        r.timeout_policy = TimeoutPolicy::Auto;
        let t = table(&r, &s);
        assert_eq!(code(&t, Some(1), Move), "out_of_time");
        assert!(actions(&t, Some(2)).contains(&ClaimTimeout));
        // A player to move on vacation stops the clock: nothing to claim.
        r.timeout_policy = TimeoutPolicy::Claim;
        let mut s = s;
        s[0].vacation_since = Some(NOW - 2 * DAY_MS);
        s[0].vacation_until = Some(NOW + DAY_MS);
        let t = table(&r, &s);
        assert_eq!(code(&t, Some(2), ClaimTimeout), "not_claimable");
    }

    #[test]
    fn a_waiting_game() {
        let r = row(Variant::NotChess, GameStatus::Waiting, 0);
        let open = seats(&[Some(1), None], &[]);
        let t = table(&r, &open);
        assert_eq!(actions(&t, Some(1)), [Abort, Chat]);
        assert_eq!(actions(&t, Some(3)), [Join]);
        assert_eq!(actions(&t, None), []);
        assert_eq!(code(&t, Some(1), Join), "already_seated");
        assert_eq!(code(&t, Some(1), Resign), "game_not_started");
        assert_eq!(code(&t, Some(1), Move), "game_not_started");
        // A seat reserved for user 4: they may take it or decline; nobody else may join.
        let reserved = seats(&[Some(1), None], &[(1, 4)]);
        let t = table(&r, &reserved);
        assert_eq!(actions(&t, Some(4)), [DeclineInvitation, Join]);
        assert_eq!(actions(&t, Some(3)), []);
        assert_eq!(code(&t, Some(3), Join), "no_open_seat");
        assert_eq!(code(&t, Some(3), DeclineInvitation), "not_a_player");
    }

    #[test]
    fn a_finished_game() {
        let r = row(Variant::Nowan, GameStatus::Finished, 30);
        let s = seats(&[Some(1), Some(2)], &[]);
        let mut t = table(&r, &s);
        assert_eq!(actions(&t, Some(1)), [OfferRematch, Chat, PublishNotes]);
        assert_eq!(actions(&t, Some(3)), []);
        assert_eq!(code(&t, Some(1), Resign), "game_over");
        assert_eq!(code(&t, Some(1), Abort), "game_over");
        t.rematch = Some(true);
        assert_eq!(code(&t, Some(2), OfferRematch), "rematch_exists");
        let mut listed = actions(&table(&r, &s), Some(2));
        rematch_known(&mut listed, true);
        assert_eq!(listed, actions(&t, Some(2)));
    }

    #[test]
    fn takebacks_in_a_casual_game() {
        use crate::storage::TakebackRequest;
        let mut r = row(Variant::NotChess, GameStatus::Active, 5);
        // Seat 0 moved last: seat 1 is to move.
        r.turn = Player::new(1);
        let s = seats(&[Some(1), Some(2)], &[]);
        let t = Table {
            last_mover: Some(Player::new(0)),
            ..table(&r, &s)
        };
        assert!(actions(&t, Some(1)).contains(&AskTakeback));
        assert_eq!(code(&t, Some(2), AskTakeback), "nothing_to_take_back");
        assert_eq!(code(&t, Some(3), AskTakeback), "not_a_player");
        assert_eq!(code(&t, None, AskTakeback), "not_a_player");
        for answer in [AcceptTakeback, DeclineTakeback] {
            assert_eq!(code(&t, Some(2), answer), "no_takeback_request");
        }
        assert_eq!(code(&t, Some(1), WithdrawTakeback), "no_takeback_request");
        // Pending: the asker may withdraw, the player to move answers, nobody asks again.
        r.takeback = Some(TakebackRequest {
            seat: Player::new(0),
            ply: 5,
        });
        let t = Table {
            last_mover: Some(Player::new(0)),
            ..table(&r, &s)
        };
        let mine = actions(&t, Some(1));
        assert!(mine.contains(&WithdrawTakeback) && !mine.contains(&AskTakeback));
        let theirs = actions(&t, Some(2));
        assert!(theirs.contains(&AcceptTakeback) && theirs.contains(&DeclineTakeback));
        assert!(!theirs.contains(&WithdrawTakeback));
        assert_eq!(code(&t, Some(1), AskTakeback), "takeback_pending");
        assert_eq!(code(&t, Some(2), AskTakeback), "takeback_pending");
        assert_eq!(code(&t, Some(1), AcceptTakeback), "not_your_answer");
        assert_eq!(code(&t, Some(2), WithdrawTakeback), "not_your_request");
        assert_eq!(code(&t, Some(3), AcceptTakeback), "not_a_player");
        // The player to move whose time ran out may decline, not accept.
        r.move_by = Some(NOW - CAP);
        let t = Table {
            last_mover: Some(Player::new(0)),
            ..table(&r, &s)
        };
        assert_eq!(code(&t, Some(2), AcceptTakeback), "out_of_time");
        assert!(actions(&t, Some(2)).contains(&DeclineTakeback));
        assert!(!actions(&t, Some(2)).contains(&AcceptTakeback));
        r.move_by = Some(NOW + DAY_MS);
        // Not in rated games, nor in tournament games.
        r.rated = true;
        let t = Table {
            last_mover: Some(Player::new(0)),
            ..table(&r, &s)
        };
        assert_eq!(code(&t, Some(1), AskTakeback), "no_takebacks");
        assert_eq!(code(&t, Some(2), AcceptTakeback), "no_takebacks");
        r.rated = false;
        r.in_tournament = true;
        let t = Table {
            last_mover: Some(Player::new(0)),
            ..table(&r, &s)
        };
        assert_eq!(code(&t, Some(1), WithdrawTakeback), "no_takebacks");
        // Nor once the game is over.
        r.in_tournament = false;
        r.status = GameStatus::Finished;
        let t = Table {
            last_mover: Some(Player::new(0)),
            ..table(&r, &s)
        };
        assert_eq!(code(&t, Some(1), AskTakeback), "game_over");
        assert!(!actions(&t, Some(2)).contains(&AcceptTakeback));
    }

    #[test]
    fn chatrang_takebacks_are_answered_by_the_next_player() {
        use crate::storage::TakebackRequest;
        let mut r = row(Variant::Chatrang, GameStatus::Active, 9);
        r.turn = Player::new(1);
        r.takeback = Some(TakebackRequest {
            seat: Player::new(0),
            ply: 9,
        });
        let s = seats(&[Some(1), Some(2), Some(3), Some(4)], &[]);
        let t = Table {
            last_mover: Some(Player::new(0)),
            ..table(&r, &s)
        };
        assert!(actions(&t, Some(2)).contains(&AcceptTakeback));
        // The partner and the other opponent do not answer.
        assert_eq!(code(&t, Some(3), AcceptTakeback), "not_your_answer");
        assert_eq!(code(&t, Some(4), DeclineTakeback), "not_your_answer");
        // An eliminated player asks nothing (their last entry is their withdrawal).
        r.takeback = None;
        let t = Table {
            last_mover: Some(Player::new(0)),
            eliminated: vec![Player::new(0)],
            ..table(&r, &s)
        };
        assert_eq!(code(&t, Some(1), AskTakeback), "eliminated");
        // After a withdrawal nobody's move is the last entry.
        let t = table(&r, &s);
        assert_eq!(code(&t, Some(1), AskTakeback), "nothing_to_take_back");
    }

    #[test]
    fn chatrang_seats_partners_and_eliminated_players() {
        let mut r = row(Variant::Chatrang, GameStatus::Active, 9);
        r.turn = Player::new(0);
        r.move_by = Some(NOW - 1);
        let s = seats(&[Some(1), Some(2), Some(3), Some(4)], &[]);
        let mut t = table(&r, &s);
        // Seat 0 is late: the other team (seats 1 and 3) claims, not the partner (seat 2).
        assert!(actions(&t, Some(2)).contains(&ClaimTimeout));
        assert!(actions(&t, Some(4)).contains(&ClaimTimeout));
        assert_eq!(code(&t, Some(3), ClaimTimeout), "not_your_claim");
        assert_eq!(code(&t, Some(3), Move), "not_your_turn");
        // Seat 3 is out: no resignation, no draw, no claim; its partner still has them.
        t.eliminated = vec![Player::new(3)];
        assert_eq!(code(&t, Some(4), Resign), "eliminated");
        assert_eq!(code(&t, Some(4), OfferDraw), "eliminated");
        assert_eq!(code(&t, Some(4), ClaimTimeout), "not_your_claim");
        assert_eq!(actions(&t, Some(4)), [SaveConditionals, Chat]);
        assert!(actions(&t, Some(2)).contains(&ClaimTimeout));
        // Draws need the players still in: seat 1's offer is answered by seats 0 and 2.
        r.draw_offers = 1 << 1;
        let t = Table {
            eliminated: vec![Player::new(3)],
            ..table(&r, &s)
        };
        assert!(actions(&t, Some(1)).contains(&AcceptDraw));
        assert!(actions(&t, Some(3)).contains(&AcceptDraw));
        assert_eq!(code(&t, Some(4), AcceptDraw), "eliminated");
    }
}
