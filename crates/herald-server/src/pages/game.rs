//! The game page `/games/{id}`: the board from the viewer's side, whose move it is, the
//! deadlines, the move list with a step-through replay, and every action as a plain form
//! (moves by clicking squares or typing, draw, resign, abort, join, claim). `board.js`
//! adds click-to-move and drag-and-drop without reloads, replay from the move list and
//! live updates; every action still goes through `crate::api::games::service`. Below the game,
//! the analysis board ([`super::analysis`]) starts from the position shown. Every form
//! answer lands on the game's own URL (POST-redirect-GET); a refusal's explanation is
//! carried by a one-time cookie ([`super::flash`]), never by text in the URL.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::{Options, Player, Variant};
use serde::Deserialize;

use super::flash::{self, Flash};
use super::{Ctx, PageResult, SignedIn, see_other, time};
use crate::api::games::actions::Action;
use crate::api::games::service::{self, DrawAction, MoveRequest};
use crate::api::games::takeback;
use crate::api::games::view::GameView;
use crate::domain::board::html::{BoardHtml, Play};
use crate::domain::board::{BoardView, notation, pieces};
use crate::domain::club_states::MoveConfirmation;
use crate::domain::events::EventKind;
use crate::domain::game_states::GameStatus;
use crate::domain::rules::GameState;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// A seat as the page lists it.
#[derive(Debug, Clone)]
pub struct SeatLine {
    pub name: String,
    pub player: String,
    pub army_class: String,
    /// In team games: the army's colour and the team (`gold, White team`).
    pub team_words: String,
    pub to_move: bool,
    pub out: bool,
    pub offered_draw: bool,
    pub you: bool,
    /// On vacation: the clock of this player's turns is stopped.
    pub on_vacation: bool,
    pub deadline: Option<String>,
    pub deadline_iso: Option<String>,
    pub time_left: Option<String>,
    /// Under a clock that banks time (Fischer, ICCF), the time this seat has: until its
    /// flag falls while it is to move, else for its next turn; with ICCF's moves left
    /// before the time control.
    pub bank: Option<String>,
    /// The player's rating in this game kind (`1523?` while provisional), and what this
    /// game changed (`+12`, `−8`) once a rated game is over.
    pub rating: Option<String>,
    pub rating_change: Option<String>,
}

/// One entry of the move list.
#[derive(Debug, Clone)]
pub struct MoveLine {
    /// 1-based ply after this entry (the replay link's `at`).
    pub ply: usize,
    /// Who played it, for screen readers ("Player 2", "Red").
    pub label: String,
    /// Readable notation (`H b1-c3`).
    pub text: String,
    /// The canonical text (`b1c3`), shown as the link's tooltip.
    pub canonical: String,
    pub pass: bool,
    pub current: bool,
    /// The list's grid column: the seat's own (the round number is column 1); 0 for auto.
    pub column: usize,
}

/// A numbered row of the move list: a pair of moves, or Chatrang's round of four.
#[derive(Debug, Clone)]
pub struct MoveRow {
    pub number: usize,
    pub moves: Vec<MoveLine>,
}

/// One piece of the legend: its drawing, letter and name.
#[derive(Debug, Clone)]
pub struct LegendEntry {
    pub symbol: &'static str,
    pub letter: String,
    pub name: String,
}

/// A promotion (or confirm) choice shown without JavaScript.
#[derive(Debug, Clone)]
pub struct Choice {
    pub text: String,
    pub label: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "game.html")]
struct GamePage {
    ctx: Ctx,
    game: GameView,
    board: BoardHtml,
    status_line: String,
    seats: Vec<SeatLine>,
    move_rows: Vec<MoveRow>,
    /// Moves per numbered row (players per round).
    per_row: u8,
    legend: Vec<LegendEntry>,
    /// This game's notation shown on an opening move: as typed and as written.
    notation_example: Option<(String, String)>,
    /// The army class the legend draws pieces in (the viewer's, or the first seat's).
    legend_army: String,
    /// The viewer's legal moves as origin → destination → move texts (`movable.dests`).
    dests_json: String,
    /// The ply shown (the game's ply unless replaying).
    at: usize,
    replaying: bool,
    your_move: bool,
    can_join: bool,
    can_abort: bool,
    can_draw: bool,
    can_resign: bool,
    draw_to_answer: bool,
    you_offered: bool,
    /// Who declined the last draw offer, while no move has been played since.
    draw_declined_by: Option<String>,
    /// Takebacks (`game_takeback.html`).
    takeback: super::game_takeback::TakebackPanel,
    can_claim: bool,
    /// The late player never moved: a claim aborts the game instead of winning it.
    claim_aborts: bool,
    must_pass: bool,
    selected: String,
    choices: Vec<Choice>,
    choosing_promotion: bool,
    /// When a move waits for "Confirm" (`touch`, `always`, `never`): the page's script decides.
    move_confirmation: &'static str,
    /// The chat message typed with a move awaiting confirmation without JavaScript.
    confirm_message: String,
    message: Option<String>,
    error: bool,
    promotion_names: Vec<(char, String)>,
    /// The game's name in the page's language, and its options' labels.
    game_name: String,
    option_labels: Vec<String>,
    /// "Position after move 3 of 8." while replaying.
    replay_line: String,
    /// Seats play in teams of partners (Chatrang): each seat line names its team.
    partners: bool,
    live: bool,
    /// The computer analysis of a finished game.
    computer: super::game_analysis::ComputerPanel,
    /// A waiting game's creator may fill its open seats with bots.
    bot_fill: Option<super::bots::FillPanel>,
    /// The viewer is invited to a seat of this waiting game: accept (join) or decline.
    invited: bool,
    /// The viewer played this finished game, which has no rematch yet.
    can_rematch: bool,
    /// The rematch offered after this game.
    rematch: Option<RematchLine>,
    /// An open challenge's rating range, as people read it.
    rating_range: Option<String>,
    /// The event names of the page's feed (`event: move`…), which the page listens for.
    event_kinds: &'static str,
    result_line: Option<String>,
    /// The tournament the game belongs to: (id, name).
    tournament: Option<(String, String)>,
    /// The signed-in viewer's private notes.
    notes: Option<super::game_notes::NotesPanel>,
    /// The seated viewer's conditional moves.
    conditionals: Option<super::game_conditionals::ConditionalsPanel>,
    /// The chat, when the viewer may read it.
    chat: Option<super::game_chat::ChatPanel>,
    /// The lines a finished game's players revealed.
    revealed_lines: Vec<super::game_conditionals::RevealedPanel>,
    /// The analysis board, from the position shown.
    analysis: Option<super::analysis::AnalysisBoard>,
    /// Why an administrator ended the game, if one did and said.
    end_note: Option<String>,
    /// The signed-in viewer may report the game.
    can_report: bool,
    /// Other games where it is the viewer's move: the "next game" button.
    next_games: usize,
}

impl GamePage {
    /// "Bots of level 3 take the seats still open at …".
    fn bots_scheduled_line(&self, level: &u8, when: &str) -> String {
        self.ctx.lang.text_with(
            "game-page-bots-scheduled",
            &[("level", FluentValue::from(*level)), ("when", FluentValue::from(when))],
        )
    }

    /// The conditional moves' limits, in words.
    fn conditionals_limits(&self, lines: &usize, moves: &usize) -> String {
        self.ctx.lang.plain_with(
            "game-page-conditionals-limits",
            &[
                ("lines", FluentValue::from(*lines)),
                ("moves", FluentValue::from(*moves)),
            ],
        )
    }

    /// The catalogue key saying where the computer analysis is.
    fn computer_state_key(&self, state: &str) -> &'static str {
        match state {
            "queued" => "game-page-computer-queued",
            "running" => "game-page-computer-running",
            "failed" => "game-page-computer-failed",
            _ => "game-page-computer-done",
        }
    }
}

/// A finished game's rematch, as its page shows it.
#[derive(Debug)]
struct RematchLine {
    id: String,
    /// Who offered it, as a sentence ("alice offered a rematch:").
    by: String,
    /// Waiting for an answer from the viewer: the page offers accept and decline.
    yours_to_answer: bool,
    /// `waiting for an answer`, `accepted: in play`, `declined`…
    state: String,
}

/// The rematch of game `game`, if one was offered, as seen by `viewer`.
async fn rematch_line(
    state: &AppState,
    game: &GameView,
    viewer: Option<(i64, &str)>,
    lang: &crate::infra::i18n::Lang,
) -> PageResult<Option<RematchLine>> {
    let Some(id) = &game.rematch else {
        return Ok(None);
    };
    // Its row and seats only: the page shows the rematch's state, not its board.
    let Some(crate::storage::GameSeats {
        game: rematch, seats, ..
    }) = state.db.game_with_seats(id).await?
    else {
        return Ok(None);
    };
    let viewer_id = viewer.map(|(id, _)| id);
    // The offer is the finished game's last event: it names the seat that offered.
    let offered_by = match state.db.last_event(&game.id).await? {
        Some(event) if event.kind == EventKind::RematchOffered => event.data["seat"].as_u64(),
        _ => None,
    };
    let by = offered_by
        .and_then(|seat| game.seats.get(usize::try_from(seat).ok()?))
        .map_or_else(
            || lang.text("game-page-rematch-someone-offered"),
            |seat| match game.your_seat {
                Some(mine) if mine == seat.seat => lang.text("game-page-rematch-you-offered"),
                _ => lang.plain_with(
                    "game-page-rematch-offered",
                    &[(
                        "who",
                        FluentValue::from(seat.user.clone().unwrap_or_else(|| lang.seat_name(&seat.name))),
                    )],
                ),
            },
        );
    let yours_to_answer = rematch.status == GameStatus::Waiting
        && seats
            .iter()
            .any(|s| s.user_id.is_none() && viewer_id.is_some() && s.invited_user_id == viewer_id);
    let state_text = match (rematch.status, rematch.reason) {
        (GameStatus::Waiting, _) => "game-page-rematch-waiting",
        (GameStatus::Active, _) => "game-page-rematch-accepted",
        (GameStatus::Aborted, Some(crate::domain::game_states::EndReason::Declined)) => "game-page-rematch-declined",
        (GameStatus::Aborted, _) => "game-page-rematch-aborted",
        (GameStatus::Finished, _) => "game-page-rematch-played",
    };
    Ok(Some(RematchLine {
        id: rematch.id,
        by,
        yours_to_answer,
        state: lang.text(state_text),
    }))
}

/// The feed's event names, joined once rather than on every render.
static EVENT_KINDS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let names: Vec<&str> = crate::domain::events::EventKind::ALL
        .iter()
        .map(|k| k.as_str())
        .collect();
    names.join(" ")
});

/// `?from=e2` (chosen origin), `?from=c9&to=c10` (promotion or confirmation), `?at=5`
/// (replay). Notices after a redirect come from [`flash`], never from the URL.
#[derive(Debug, Default, Deserialize)]
pub struct GameQuery {
    pub from: Option<String>,
    pub to: Option<String>,
    pub at: Option<usize>,
}

/// The game's position after the first `at` record entries, through the rules seam: the
/// cached current position when there is one, else a replay.
fn position_at(
    state: &AppState,
    game: &GameView,
    variant: Variant,
    options: Options,
    at: usize,
) -> Result<Box<dyn GameState>, ApiError> {
    if at == game.moves.len()
        && let Some(position) = state.positions.get_after(&game.id, &game.moves)
    {
        return Ok(position);
    }
    let moves = game.moves.get(..at).unwrap_or(&game.moves);
    state
        .rules
        .load(variant, options, moves)
        .map_err(|e| ApiError::internal_while(format!("replaying game {} to ply {at}", game.id), e))
}

/// Who made an entry of round `round`, for screen readers (`move 3, Red`).
fn move_label(lang: &crate::infra::i18n::Lang, variant: Variant, round: usize, seat: Option<Player>) -> String {
    let who = seat
        .and_then(|s| variant.seat_names().get(s.index()).copied())
        .map_or_else(|| "?".to_owned(), |name| lang.seat_name(name));
    lang.plain_with(
        "game-page-move-label",
        &[("round", FluentValue::from(round)), ("seat", FluentValue::from(who))],
    )
}

/// The legal moves as chessground's `movable.dests`, with the move texts each pair plays
/// (several when a promotion is to be chosen), as JSON for the page's script.
fn dests_json(legal: &[String]) -> String {
    let mut map: std::collections::BTreeMap<String, std::collections::BTreeMap<String, Vec<String>>> =
        std::collections::BTreeMap::new();
    for text in legal {
        if let Ok(herald_rules::MoveText::Squares { from, to, .. }) = text.parse::<herald_rules::MoveText>() {
            map.entry(from.to_string())
                .or_default()
                .entry(to.to_string())
                .or_default()
                .push(text.clone());
        }
    }
    serde_json::to_string(&map).unwrap_or_else(|_| "{}".to_owned())
}

/// The seats as the page lists them, deadlines in the viewer's time zone `tz`.
fn seat_lines(lang: &crate::infra::i18n::Lang, game: &GameView, now: i64, tz: &str) -> Vec<SeatLine> {
    let spec = game.variant.spec();
    let rating_of = |seat: Player| game.ratings.iter().find(|r| r.seat == seat);
    game.seats
        .iter()
        .map(|s| {
            let army = pieces::army(spec, s.seat);
            let to_move = game.turn == Some(s.seat);
            SeatLine {
                name: lang.seat_name(&s.name),
                player: match (&s.user, &s.invited) {
                    (Some(u), _) => u.clone(),
                    (None, Some(i)) => lang.plain_with("game-page-invited", &[("who", FluentValue::from(i.as_str()))]),
                    (None, None) => lang.text("game-page-open-seat"),
                },
                team_words: lang.plain_with(
                    "game-page-team-words",
                    &[
                        ("colour", FluentValue::from(lang.colour_name(army.colour))),
                        ("team", FluentValue::from(lang.team_name(spec.team_name(s.team)))),
                    ],
                ),
                army_class: army.class,
                to_move,
                out: game.eliminated.contains(&s.seat),
                // A finished game has no pending offer.
                offered_draw: game.status == GameStatus::Active && game.draw_offers.contains(&s.seat),
                you: game.your_seat == Some(s.seat),
                on_vacation: s.on_vacation,
                deadline: game.move_by.filter(|_| to_move).map(|ms| time::local_in(lang, ms, tz)),
                deadline_iso: game.move_by.filter(|_| to_move).map(time::iso),
                time_left: game.move_by.filter(|_| to_move).map(|ms| time::left_in(lang, ms, now)),
                bank: bank_words(lang, game, s.seat),
                rating: rating_of(s.seat).map(|r| format!("{}{}", r.rating, if r.provisional { "?" } else { "" })),
                rating_change: rating_of(s.seat).and_then(|r| r.change).map(|c| match c {
                    c if c > 0 => format!("+{c}"),
                    0 => "±0".to_owned(),
                    c => format!("\u{2212}{}", c.unsigned_abs()),
                }),
            }
        })
        .collect()
}

/// The move list as numbered rows, the entry at `at` marked current.
fn move_rows(
    lang: &crate::infra::i18n::Lang,
    state: &AppState,
    game: &GameView,
    options: Options,
    at: usize,
) -> Vec<MoveRow> {
    let variant = game.variant;
    let per_row = variant.players();
    let mut move_rows: Vec<MoveRow> = Vec::new();
    // A row is a round: it ends when the next entry's seat is not after the last one's, so
    // a round without an eliminated player is shorter, and each entry keeps its seat's column.
    let mut last_seat: Option<Player> = None;
    for (i, (written, canonical)) in notation::record(state.rules.as_ref(), variant, options, &game.moves)
        .into_iter()
        .zip(&game.moves)
        .enumerate()
    {
        let seat = written.seat;
        let same_round = match (move_rows.last(), seat, last_seat) {
            (Some(_), Some(seat), Some(last)) => seat > last,
            (Some(row), _, _) => row.moves.len() < usize::from(per_row),
            (None, _, _) => false,
        };
        if !same_round {
            move_rows.push(MoveRow {
                number: move_rows.len() + 1,
                moves: Vec::new(),
            });
        }
        if let Some(row) = move_rows.last_mut() {
            row.moves.push(MoveLine {
                ply: i + 1,
                label: move_label(lang, variant, row.number, seat),
                // A withdrawal is written in words, which the page says in its language.
                text: match (written.withdrawal, seat) {
                    (true, Some(seat)) => lang.plain_with(
                        "game-page-withdrew",
                        &[(
                            "seat",
                            FluentValue::from(
                                lang.seat_name(variant.seat_names().get(seat.index()).copied().unwrap_or("?")),
                            ),
                        )],
                    ),
                    _ => written.text,
                },
                canonical: canonical.clone(),
                pass: written.pass,
                current: i + 1 == at,
                column: seat.map_or(0, |s| s.index() + 2),
            });
        }
        last_seat = seat;
    }
    move_rows
}

/// Everything the page shows beyond the stored game: what the viewer is doing right now.
#[derive(Debug, Default)]
struct PageState {
    query: GameQuery,
    message: Option<String>,
    error: bool,
    /// A typed move waiting for confirmation without JavaScript, with its chat message.
    confirm: Option<(String, String)>,
}

async fn build(state: &AppState, ctx: Ctx, id: &str, page: PageState) -> PageResult<GamePage> {
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let game = service::get(state, id, viewer).await?;
    let variant = game.variant;
    let options = game.options.0;
    let spec = variant.spec();
    let total = game.moves.len();
    let at = page.query.at.filter(|&a| a < total).unwrap_or(total);
    let replaying = at < total;
    let position = position_at(state, &game, variant, options, at)?;
    let last = at.checked_sub(1).and_then(|i| game.moves.get(i)).map(String::as_str);
    let board = BoardView::new(variant, position.as_ref(), game.your_seat, last);
    // Every form the page shows is an action the rule allows ([`crate::api::games::actions`]).
    let may = |action: Action| game.actions.contains(&action);
    let your_move = game.your_move && !replaying;
    let legal: Vec<String> = if your_move && may(Action::Move) {
        game.legal_moves.clone()
    } else {
        Vec::new()
    };
    let selected = page
        .query
        .from
        .clone()
        .filter(|f| legal.iter().any(|m| m.starts_with(f.as_str())))
        .unwrap_or_default();
    // A chosen destination without JavaScript: a promotion choice or a confirmation.
    let mut choices = Vec::new();
    let mut choosing_promotion = false;
    if let (false, Some(to)) = (selected.is_empty(), page.query.to.as_deref()) {
        let prefix = format!("{selected}{to}");
        let matching: Vec<&String> = legal
            .iter()
            .filter(|m| {
                m.strip_prefix(prefix.as_str())
                    .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_lowercase()))
            })
            .collect();
        choosing_promotion = matching.len() > 1;
        for m in matching {
            let label = match m
                .chars()
                .last()
                .filter(|c| c.is_ascii_lowercase() && m.len() > prefix.len())
            {
                Some(letter) => ctx.lang.plain_with(
                    "game-page-choice-promote",
                    &[(
                        "piece",
                        FluentValue::from(
                            spec.piece_by_letter(letter)
                                .map_or_else(|| "?".to_owned(), |k| ctx.lang.piece_name(variant, k)),
                        ),
                    )],
                ),
                None => ctx
                    .lang
                    .plain_with("game-page-choice-play", &[("move", FluentValue::from(m.as_str()))]),
            };
            choices.push(Choice { text: m.clone(), label });
        }
    }
    if let Some((text, _)) = &page.confirm {
        choosing_promotion = false;
        choices = vec![Choice {
            text: text.clone(),
            label: ctx
                .lang
                .plain_with("game-page-choice-play", &[("move", FluentValue::from(text.as_str()))]),
        }];
    }
    // One move awaiting confirmation: the board shows the position after it.
    let preview = match choices.as_slice() {
        [one] if !choosing_promotion && !replaying => {
            let mut moves = game.moves.clone();
            moves.push(one.text.clone());
            state
                .rules
                .load(variant, options, &moves)
                .ok()
                .map(|p| (p, one.text.clone()))
        }
        _ => None,
    };
    let html = match &preview {
        Some((after, text)) => BoardHtml::new(
            &BoardView::new(variant, after.as_ref(), game.your_seat, Some(text.as_str())),
            &Play {
                interactive: false,
                legal: &[],
                selected: None,
                extra: &[],
                lang: Some(&ctx.lang),
            },
        ),
        None => BoardHtml::new(
            &board,
            &Play {
                interactive: true,
                legal: &legal,
                selected: (!selected.is_empty()).then_some(selected.as_str()),
                extra: &[],
                lang: Some(&ctx.lang),
            },
        ),
    };
    let lang = ctx.lang.clone();
    let seats = seat_lines(&lang, &game, state.now(), ctx.time_zone());
    let per_row = variant.players();
    let move_rows = move_rows(&lang, state, &game, options, at);
    let legend_seat = game.your_seat.unwrap_or(Player::new(0));
    let legend_army = pieces::army(spec, legend_seat).class;
    let legend = notation::letters(variant)
        .into_iter()
        .zip(spec.pieces)
        .map(|((letter, _), kind)| LegendEntry {
            symbol: kind.glyph(legend_seat),
            letter: letter.map_or_else(String::new, String::from),
            name: lang.piece_name(variant, kind),
        })
        .collect();
    let active = game.status == GameStatus::Active;
    let seated = game.your_seat.is_some();
    let you_offered = game.your_seat.is_some_and(|s| game.draw_offers.contains(&s));
    // News the board does not show: a draw offer declined, until the next move.
    // Read only where it can be shown: a game in play that has draws or takebacks (not on
    // every render).
    let last_event = if active && (spec.draw_by_agreement || !game.rated) {
        state.db.last_event(id).await?
    } else {
        None
    };
    let takeback = super::game_takeback::panel(&lang, &game, last_event.as_ref());
    let draw_declined_by = match last_event {
        Some(event) if event.kind == EventKind::DrawDeclined => event.data["seat"]
            .as_u64()
            .and_then(|seat| game.seats.get(usize::try_from(seat).ok()?))
            .map(|seat| match game.your_seat {
                Some(mine) if mine == seat.seat => lang.text("game-page-draw-declined-you"),
                _ => lang.plain_with(
                    "game-page-draw-declined",
                    &[(
                        "who",
                        FluentValue::from(seat.user.clone().unwrap_or_else(|| lang.seat_name(&seat.name))),
                    )],
                ),
            }),
        _ => None,
    };
    let status_line = match game.status {
        GameStatus::Waiting => lang.text("game-page-status-waiting"),
        GameStatus::Active if your_move => lang.text("game-page-status-your-move"),
        GameStatus::Active => match (&game.to_move, game.turn) {
            (Some(user), Some(t)) => lang.plain_with(
                "game-page-status-to-move",
                &[
                    (
                        "seat",
                        FluentValue::from(
                            game.seats
                                .get(t.index())
                                .map_or_else(|| "?".to_owned(), |s| lang.seat_name(&s.name)),
                        ),
                    ),
                    ("player", FluentValue::from(user.as_str())),
                ],
            ),
            _ => lang.text("game-page-status-next-move"),
        },
        GameStatus::Finished | GameStatus::Aborted => {
            crate::domain::result_words::result_text_in(&lang, game.variant, game.result, game.reason)
        }
    };
    let result_line = game.status.is_over().then(|| status_line.clone());
    let message = page.message;
    let can_claim = may(Action::ClaimTimeout);
    // The claim path's own test: a late player who never moved in this game is not beaten
    // on time, the game is aborted.
    let claim_aborts = match (can_claim, game.turn) {
        (true, Some(turn)) => !state.db.has_moved(id, turn).await?,
        _ => false,
    };
    let me = ctx.user.as_ref().map(|u| (u.id, u.username.as_str()));
    let rematch = rematch_line(state, &game, me, &lang).await?;
    let invited = may(Action::DeclineInvitation);
    let can_rematch = may(Action::OfferRematch);
    let rating_range = super::view::range_words_in(&lang, game.status, game.rating_min, game.rating_max);
    let tournament = state.db.tournament_of_game(id).await?;
    let end_note = if game.reason == Some(crate::domain::game_states::EndReason::Admin) {
        state.db.end_note(id).await?
    } else {
        None
    };
    let saved = match ctx.user.as_ref() {
        Some(user) => state.db.variations(id, user.id).await?,
        None => None,
    };
    let notes = match ctx.user.as_ref() {
        Some(user) => Some(
            super::game_notes::panel(
                state,
                &user.auth(),
                id,
                at,
                game.status.is_over() && seated,
                saved.as_ref(),
            )
            .await?,
        ),
        None => None,
    };
    let fens = crate::api::games::variations::line_fens(state, variant, options, &game.moves)?;
    let mut analysis = super::analysis::AnalysisBoard::new(
        variant,
        options,
        position.as_ref(),
        game.your_seat,
        last,
        &fens,
        &game.moves,
        at,
        &lang,
    )?;
    analysis.game_id = Some(game.id.clone());
    analysis.can_save = ctx.user.is_some();
    analysis.saved_json = saved.map(|row| row.tree).unwrap_or_default();
    let conditionals = match game.your_seat {
        Some(seat) => Some(super::game_conditionals::panel(state, id, seat, &lang, game.ply, active).await?),
        _ => None,
    };
    let revealed_lines = if game.status.is_over() {
        super::game_conditionals::revealed(state, id).await?
    } else {
        Vec::new()
    };
    let chat = super::game_chat::panel(state, id, &ctx, game.status.is_over()).await?;
    let mut computer = super::game_analysis::panel(state, &lang, id, game.status.is_over(), ctx.user.is_some()).await?;
    computer.accuracy_text = computer.accuracy_line(&lang, |seat| {
        seats.get(usize::from(seat)).map_or_else(
            || lang.plain_with("game-page-computer-seat", &[("seat", FluentValue::from(seat))]),
            |s| format!("{} ({})", s.name, s.player),
        )
    });
    let bot_fill = match (&ctx.user, game.status) {
        (Some(user), GameStatus::Waiting) => {
            let loaded = crate::api::games::service::load(state, id).await?;
            if loaded.row.created_by == user.id {
                let open = game
                    .seats
                    .iter()
                    .filter(|s| s.user.is_none() && s.invited.is_none())
                    .map(|s| (s.seat.get(), s.name.clone()))
                    .collect();
                super::bots::fill_panel(state, &ctx, id, open, game.rated).await?
            } else {
                None
            }
        }
        _ => None,
    };
    Ok(GamePage {
        bot_fill,
        computer,
        chat,
        tournament,
        notes,
        conditionals,
        revealed_lines,
        analysis: Some(analysis),
        // A finished game's page still listens while its players may offer or answer a rematch.
        live: !game.status.is_over() || can_rematch || rematch.as_ref().is_some_and(|r| r.yours_to_answer),
        invited,
        can_rematch,
        rematch,
        rating_range,
        event_kinds: EVENT_KINDS.as_str(),
        can_join: may(Action::Join),
        can_abort: may(Action::Abort),
        can_resign: may(Action::Resign),
        can_draw: may(Action::OfferDraw),
        // Once the viewer offered, the page waits for the others rather than asking again.
        draw_to_answer: may(Action::AcceptDraw) && !you_offered,
        you_offered,
        draw_declined_by,
        takeback,
        can_claim,
        claim_aborts,
        must_pass: your_move && legal.iter().any(|m| m == "pass"),
        move_confirmation: ctx
            .user
            .as_ref()
            .map_or(MoveConfirmation::Touch, |u| u.move_confirmation)
            .as_str(),
        confirm_message: page.confirm.map(|(_, message)| message).unwrap_or_default(),
        next_games: ctx.to_move.iter().filter(|g| g.as_str() != id).count(),
        partners: spec.has_partners(),
        promotion_names: spec
            .pieces
            .iter()
            .map(|k| (k.letter.to_ascii_lowercase(), lang.piece_name(variant, k)))
            .collect(),
        game_name: lang.game_name(variant),
        option_labels: spec
            .options
            .iter()
            .filter(|&&o| options.contains(o))
            .map(|&o| lang.option_label(o))
            .collect(),
        replay_line: lang.plain_with(
            "game-page-replay-position",
            &[("at", FluentValue::from(at)), ("ply", FluentValue::from(total))],
        ),
        ctx,
        board: html,
        status_line,
        seats,
        move_rows,
        per_row,
        legend,
        notation_example: notation::example(state.rules.as_ref(), variant),
        legend_army,
        dests_json: dests_json(&legal),
        at,
        replaying,
        your_move,
        selected,
        choices,
        choosing_promotion,
        message,
        error: page.error,
        result_line,
        game,
        end_note,
        can_report: viewer.is_some(),
    })
}

async fn show(
    State(state): State<AppState>,
    ctx: Ctx,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(query): Query<GameQuery>,
) -> PageResult<Response> {
    let notice = flash::take(&headers, &ctx, &state.config, &game_url(&id));
    let page = build(
        &state,
        ctx,
        &id,
        PageState {
            query,
            error: notice.as_ref().is_some_and(|f| f.error),
            message: notice.as_ref().map(|f| f.message.clone()),
            confirm: None,
        },
    )
    .await?;
    let mut response = page.into_response();
    if notice.is_some() {
        flash::clear(&mut response, &state.config)?;
    }
    Ok(response)
}

/// What a person should read for a refused action; the board stays as it was.
fn explain(lang: &crate::infra::i18n::Lang, error: &ApiError) -> String {
    match error {
        ApiError::Conflict {
            code: "stale_ply" | "conflict",
            ..
        } => lang.text("game-page-refused-stale"),
        ApiError::IllegalMove { message, .. } if lang.tag() == "en" => lang.plain_with(
            "game-page-refused-illegal",
            &[("reason", FluentValue::from(message.as_str()))],
        ),
        other => crate::web::error_language::message_in(lang, other),
    }
}

/// After a game action from a form: back to the game, or the game page with the refusal
/// (a conflict or a forbidden action) explained; other errors are error pages.
pub(super) async fn after_action<T>(
    state: &AppState,
    ctx: Ctx,
    id: &str,
    result: Result<T, ApiError>,
) -> PageResult<Response> {
    match result {
        Ok(_) => Ok(see_other(&game_url(id))),
        Err(e @ (ApiError::Conflict { .. } | ApiError::Forbidden { .. })) => refused(state, ctx, id, e).await,
        Err(e) => Err(e.into()),
    }
}

/// Back to the game's own URL with the refusal explained once there, so the page the
/// player lands on is the game page (it refreshes and updates like any other).
async fn refused(state: &AppState, ctx: Ctx, id: &str, error: ApiError) -> PageResult<Response> {
    let url = game_url(id);
    let mut response = see_other(&url);
    flash::set(
        &mut response,
        &ctx,
        &state.config,
        &url,
        &Flash {
            message: explain(&ctx.lang, &error),
            error: true,
        },
    )?;
    Ok(response)
}

fn game_url(id: &str) -> String {
    format!("/games/{id}")
}

/// A move typed or chosen on the page.
#[derive(Debug, Deserialize)]
pub struct MoveForm {
    #[serde(rename = "move")]
    pub text: String,
    pub ply: Option<i64>,
    /// A chat message sent with the move (empty: none).
    #[serde(default)]
    pub message: String,
    /// Non-empty once the player confirmed the move (or the page's script decided that it
    /// needs no confirmation).
    #[serde(default)]
    pub confirmed: String,
}

async fn play(
    state: &AppState,
    signed: SignedIn,
    id: &str,
    text: String,
    ply: Option<i64>,
    message: Option<String>,
) -> PageResult<Response> {
    let request = MoveRequest { text, ply, message };
    match service::play_move(state, &signed.user.auth(), id, request).await {
        Ok(_) => Ok(see_other(&game_url(id))),
        Err(
            error @ (ApiError::Conflict { .. }
            | ApiError::IllegalMove { .. }
            | ApiError::BadRequest { .. }
            | ApiError::Forbidden { .. }),
        ) => refused(state, signed.ctx, id, error).await,
        Err(other) => Err(other.into()),
    }
}

/// Whether a move sent by a form, not confirmed yet, waits for "Confirm": always, never, or
/// on a touch screen, which a form can tell only from the browser's own hints. (With
/// scripts on, the page decides and marks the form confirmed.)
fn form_needs_confirmation(choice: MoveConfirmation, headers: &HeaderMap) -> bool {
    match choice {
        MoveConfirmation::Always => true,
        MoveConfirmation::Never => false,
        MoveConfirmation::Touch => is_touch_device(headers),
    }
}

/// A phone or tablet by its client hint (`Sec-CH-UA-Mobile: ?1`) or its user agent.
fn is_touch_device(headers: &HeaderMap) -> bool {
    let text = |name: axum::http::HeaderName| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("");
    text(axum::http::HeaderName::from_static("sec-ch-ua-mobile")).trim() == "?1"
        || ["Mobile", "Android", "iPhone", "iPad"]
            .iter()
            .any(|word| text(axum::http::header::USER_AGENT).contains(word))
}

async fn post_move(
    State(state): State<AppState>,
    headers: HeaderMap,
    signed: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<MoveForm>,
) -> PageResult<Response> {
    let text = form.text.trim().to_owned();
    // A forced pass is no choice: nothing to confirm.
    if form.confirmed.is_empty() && text != "pass" && form_needs_confirmation(signed.user.move_confirmation, &headers) {
        let page = build(
            &state,
            signed.ctx,
            &id,
            PageState {
                confirm: Some((text, form.message)),
                ..PageState::default()
            },
        )
        .await?;
        return Ok(page.into_response());
    }
    let message = Some(form.message).filter(|m| !m.trim().is_empty());
    play(&state, signed, &id, text, form.ply, message).await
}

/// A square clicked without JavaScript: choose a piece, then its destination.
#[derive(Debug, Deserialize)]
pub struct BoardForm {
    pub sq: String,
    #[serde(default)]
    pub from: String,
    pub ply: Option<i64>,
}

async fn post_board(
    State(state): State<AppState>,
    headers: HeaderMap,
    signed: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<BoardForm>,
) -> PageResult<Response> {
    let game = service::get(&state, &id, Some(signed.user.id)).await?;
    let url = game_url(&id);
    if form.ply.is_some_and(|p| p != game.ply) {
        return refused(
            &state,
            signed.ctx,
            &id,
            ApiError::conflict("stale_ply", "the game moved on"),
        )
        .await;
    }
    let legal = if game.your_move { game.legal_moves } else { Vec::new() };
    let is_origin = |sq: &str| {
        legal.iter().any(|m| {
            m.strip_prefix(sq)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
        })
    };
    let sq = form.sq.trim();
    let from = form.from.trim();
    if !from.is_empty() {
        let prefix = format!("{from}{sq}");
        let matching: Vec<&String> = legal
            .iter()
            .filter(|m| {
                m.strip_prefix(prefix.as_str())
                    .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_lowercase()))
            })
            .collect();
        let confirm = form_needs_confirmation(signed.user.move_confirmation, &headers);
        match matching.as_slice() {
            [one] if !confirm => return play(&state, signed, &id, (*one).clone(), form.ply, None).await,
            [] => {}
            _ => return Ok(see_other(&format!("{url}?from={from}&to={sq}"))),
        }
    }
    if is_origin(sq) && sq != from {
        return Ok(see_other(&format!("{url}?from={sq}")));
    }
    Ok(see_other(&url))
}

#[derive(Debug, Deserialize)]
pub struct DrawForm {
    pub action: String,
}

async fn post_draw(
    State(state): State<AppState>,
    signed: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<DrawForm>,
) -> PageResult<Response> {
    let action = match form.action.as_str() {
        "offer" => DrawAction::Offer,
        "accept" => DrawAction::Accept,
        "decline" => DrawAction::Decline,
        _ => return Err(ApiError::bad_request("bad_action", "choose offer, accept or decline").into()),
    };
    after_action(
        &state,
        signed.ctx,
        &id,
        service::draw(&state, &signed.user.auth(), &id, action).await,
    )
    .await
}

/// Resigning needs the box ticked, so a stray click cannot end a game.
#[derive(Debug, Deserialize)]
pub struct ResignForm {
    pub sure: Option<String>,
}

async fn post_resign(
    State(state): State<AppState>,
    signed: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<ResignForm>,
) -> PageResult<Response> {
    if form.sure.is_none() {
        let e = ApiError::bad_request("not_confirmed", "tick \"I am sure\" to resign");
        return refused(&state, signed.ctx, &id, e).await;
    }
    after_action(
        &state,
        signed.ctx,
        &id,
        service::resign(&state, &signed.user.auth(), &id).await,
    )
    .await
}

async fn post_abort(State(state): State<AppState>, signed: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    after_action(
        &state,
        signed.ctx,
        &id,
        service::abort(&state, &signed.user.auth(), &id).await,
    )
    .await
}

async fn post_join(State(state): State<AppState>, signed: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    after_action(
        &state,
        signed.ctx,
        &id,
        service::join(&state, &signed.user.auth(), &id, None).await,
    )
    .await
}

/// Offers a rematch and shows it (a waiting game until the others accept).
async fn post_rematch(State(state): State<AppState>, signed: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    match service::offer_rematch(&state, &signed.user.auth(), &id).await {
        Ok(rematch) => Ok(see_other(&game_url(&rematch.id))),
        Err(e) => after_action::<()>(&state, signed.ctx, &id, Err(e)).await,
    }
}

/// Claims the win when the player to move let the deadline pass (the API's one claim path).
async fn post_claim(State(state): State<AppState>, signed: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    after_action(
        &state,
        signed.ctx,
        &id,
        crate::api::games::timeout::claim(&state, &signed.user.auth(), &id).await,
    )
    .await
}

/// `?ply=N`: the ply the list saw, which makes the picture's address change with the game.
#[derive(Debug, Deserialize)]
pub struct MiniQuery {
    pub ply: Option<i64>,
}

/// The game's mini board as an SVG image. A request for the ply the game is at is cached
/// for good (that position never changes); any other gets the current position uncached.
async fn mini_board(
    State(state): State<AppState>,
    ctx: Ctx,
    Path(id): Path<String>,
    Query(query): Query<MiniQuery>,
) -> PageResult<Response> {
    use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
    let forever = "public, max-age=31536000, immutable";
    if let Some(svg) = query.ply.and_then(|p| crate::domain::board::mini::cached(&id, p)) {
        return Ok((
            [(CONTENT_TYPE, "image/svg+xml"), (CACHE_CONTROL, forever)],
            svg.to_string(),
        )
            .into_response());
    }
    let game = service::get(&state, &id, ctx.user.as_ref().map(|u| u.id)).await?;
    let variant = game.variant;
    let options = game.options.0;
    let position = position_at(&state, &game, variant, options, game.moves.len())?;
    let svg: std::sync::Arc<str> = crate::domain::board::mini::svg(variant, position.as_ref()).into();
    crate::domain::board::mini::remember(&id, game.ply, svg.clone());
    let cache = if query.ply == Some(game.ply) {
        forever
    } else {
        "no-cache"
    };
    Ok((
        [(CONTENT_TYPE, "image/svg+xml"), (CACHE_CONTROL, cache)],
        svg.to_string(),
    )
        .into_response())
}

async fn post_ask(State(state): State<AppState>, signed: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    let result = takeback::ask(&state, &signed.user.auth(), &id).await;
    after_action(&state, signed.ctx, &id, result).await
}

async fn post_accept(State(state): State<AppState>, signed: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    let result = takeback::accept(&state, &signed.user.auth(), &id).await;
    after_action(&state, signed.ctx, &id, result).await
}

async fn post_decline(State(state): State<AppState>, signed: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    let result = takeback::decline(&state, &signed.user.auth(), &id).await;
    after_action(&state, signed.ctx, &id, result).await
}

/// A form cannot send DELETE: withdrawing has its own POST address.
async fn post_withdraw(
    State(state): State<AppState>,
    signed: SignedIn,
    Path(id): Path<String>,
) -> PageResult<Response> {
    let result = takeback::withdraw(&state, &signed.user.auth(), &id).await;
    after_action(&state, signed.ctx, &id, result).await
}

/// Page routes of a game.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{id}", get(show))
        .route("/games/{id}/board.svg", get(mini_board))
        .route("/games/{id}/move", post(post_move))
        .route("/games/{id}/board", post(post_board))
        .route("/games/{id}/draw", post(post_draw))
        .route("/games/{id}/resign", post(post_resign))
        .route("/games/{id}/abort", post(post_abort))
        .route("/games/{id}/join", post(post_join))
        .route("/games/{id}/claim", post(post_claim))
        .route("/games/{id}/rematch", post(post_rematch))
        .route("/games/{id}/takeback", post(post_ask))
        .route("/games/{id}/takeback/accept", post(post_accept))
        .route("/games/{id}/takeback/decline", post(post_decline))
        .route("/games/{id}/takeback/withdraw", post(post_withdraw))
}

/// A seat's banked time in words ("bank: 12 days 4 hours, 3 moves to the time control"),
/// for clocks that bank time; `None` under days per move.
fn bank_words(lang: &crate::infra::i18n::Lang, game: &GameView, seat: Player) -> Option<String> {
    use crate::domain::time_controls::TimeControl;
    if matches!(game.clock.time_control, TimeControl::Days { .. }) || game.status != GameStatus::Active {
        return None;
    }
    let left = *game.clock.remaining_ms.get(seat.index())?;
    let span = time::span_in(lang, left);
    Some(match game.clock.moves_to_control.get(seat.index()) {
        Some(&moves) => lang.plain_with(
            "clock-bank-iccf",
            &[("span", FluentValue::from(span)), ("moves", FluentValue::from(moves))],
        ),
        None => lang.plain_with("clock-bank", &[("span", FluentValue::from(span))]),
    })
}
