//! Rematches: after a game, one of its players offers the same game to the same players,
//! colours swapped (in Chatrang, the four seats rotated by one, so partners stay partners).
//! The offer is a waiting game with the others invited: they accept by joining it and
//! decline as they decline any invitation.

use herald_rules::Player;

use super::actions::Action;
use super::create::{CreateRequest, create_game};
use super::load::load;
use super::view::{GameView, SeatChoice};
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// The seat a player of seat `seat` takes in the rematch of a game with `players` seats:
/// the next one (two players swap colours; four rotate and keep their partners).
#[must_use]
pub fn rematch_seat(seat: Player, players: u8) -> Player {
    Player::new(seat.get().saturating_add(1) % players.max(1))
}

/// A seat as a create request names it.
fn by_number(seat: Player) -> SeatChoice {
    SeatChoice::Index(i64::from(seat.get()))
}

/// Offers a rematch of finished game `id` to its other players.
///
/// # Errors
/// 404 unknown game; 403 `not_a_player`; 409 `game_not_finished` (still on, or aborted
/// before it was played), 409 `rematch_exists`; as creating a game (an invitation refused
/// by a block, too many pending invitations).
pub async fn offer(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    // A player of the finished game; a rematch offered already is refused by the creation's
    // own guard (`rematch_exists`), which settles two offers at once.
    game.check(state, user, Action::OfferRematch)?;
    let Some(mine) = game.seats.iter().find(|s| s.user_id == Some(user.id)) else {
        return Err(ApiError::forbidden("not_a_player", "you did not play in this game"));
    };
    let players = game.variant.players();
    let mut invites = Vec::new();
    for seat in &game.seats {
        if seat.seat == mine.seat {
            continue;
        }
        let name = seat
            .username
            .clone()
            .ok_or_else(|| ApiError::conflict("game_not_finished", "a seat of this game was never taken"))?;
        invites.push((Some(i64::from(rematch_seat(seat.seat, players).get())), name));
    }
    let request = CreateRequest {
        variant: game.variant.id().to_owned(),
        options: game.row.options.ids().map(str::to_owned).collect(),
        days_per_move: None,
        time_control: Some(game.row.time_control),
        timeout_policy: Some(game.row.timeout_policy),
        seat: Some(by_number(rematch_seat(mine.seat, players))),
        invites,
        rated: Some(game.row.rated),
        rating_min: None,
        rating_max: None,
        chat_spectators: game.row.chat_spectators,
        bot_fill: None,
    };
    let view = create_game(state, user, request, Some((id, mine.seat))).await?;
    tracing::info!(game = %id, rematch = %view.id, user = %user.username, "rematch offered");
    Ok(view)
}

#[cfg(test)]
mod tests {
    use herald_rules::{Player, Variant};

    use super::rematch_seat;

    /// Two players swap colours; four rotate and every pair of partners (by the registry's
    /// teams) is a pair of partners again, on the other team's seats.
    #[test]
    fn two_players_swap_and_four_rotate_keeping_partners() {
        let next = |players: u8| {
            (0..players)
                .map(|s| rematch_seat(Player::new(s), players).get())
                .collect::<Vec<_>>()
        };
        assert_eq!(next(2), [1, 0]);
        assert_eq!(next(4), [1, 2, 3, 0]);
        for variant in Variant::ALL {
            let spec = variant.spec();
            let seats = variant.players();
            let team = |seat: Player| spec.team_of(seat);
            for a in (0..seats).map(Player::new) {
                for b in (0..seats).map(Player::new) {
                    let partners = team(a) == team(b);
                    assert_eq!(team(rematch_seat(a, seats)) == team(rematch_seat(b, seats)), partners);
                    assert_ne!(
                        team(rematch_seat(a, seats)),
                        team(a),
                        "{variant}: seat {a} changes side"
                    );
                }
            }
        }
    }
}
