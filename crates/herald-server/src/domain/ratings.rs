//! Glicko-2 ratings, one per player and game kind: what a rated game's result does to its
//! players' ratings. Pure maths on `instant-glicko-2`; the database writes them with the
//! end of the game (`storage::ratings`).
//!
//! - **Correspondence time.** A rating period is a week: a player's deviation grows with
//!   the weeks since their last rated game (Glicko-2 step 6, in fractional periods), so a
//!   player back after a year moves faster than one who plays every week.
//! - **Scores** come from the game's own points (`Scoring::rating_scores`): a Nowan
//!   stalemate counts ¾ to ¼, less than a checkmate.
//! - **Teams (Chatrang).** A team's rating is the mean of its two partners'. Each player is
//!   rated as in a two-player game against a composite opponent: the other team's mean
//!   rating, shifted by how far the player stands from their own team's mean, with the
//!   other team's root-mean-square deviation. The expected result is then the two team
//!   ratings' (it is one game between two teams), while each player's change is scaled by
//!   their own deviation, so a new partner moves more than an established one. Weng-Lin
//!   (the usual team alternative) would put Chatrang ratings on a scale of their own; this
//!   keeps one Glicko-2 scale per game kind.

use herald_rules::Team;
use instant_glicko_2::algorithm::{self, PublicGame};
use instant_glicko_2::{IntoWithParameters, Parameters, PublicRating};

/// A week, in milliseconds: one rating period.
pub const RATING_PERIOD_MS: i64 = 7 * 24 * 60 * 60 * 1000;
/// Above this deviation a rating is provisional (shown with "?", left off leaderboards),
/// as on lichess.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// How fast a deviation grows while its player is away: its square gains volatility² ×
/// this per millisecond (Glicko-2 step 6, `φ² + σ²·t` with `t` in rating periods, in the
/// Glicko scale). [`Glicko::at`] and the leaderboard's filter (`storage::ratings`) both
/// follow it, so the list and the deviations it shows agree.
#[must_use]
pub fn deviation_growth_per_ms() -> f64 {
    let scale = instant_glicko_2::constants::RATING_SCALING_RATIO;
    scale * scale / RATING_PERIOD_MS as f64
}

/// A rating rounded for people (ratings stay within a few thousand).
#[allow(clippy::cast_possible_truncation)]
#[must_use]
pub fn whole(value: f64) -> i64 {
    value.round() as i64
}

/// A player's rating in one game kind.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// When it last changed (UTC epoch ms); the deviation grows from then on.
    pub updated_at: i64,
}

impl Glicko {
    /// A player's first rating: 1500 ± 350.
    #[must_use]
    pub fn start(now: i64) -> Glicko {
        let start = parameters().start_rating();
        Glicko {
            rating: start.rating(),
            deviation: start.deviation(),
            volatility: start.volatility(),
            updated_at: now,
        }
    }

    /// Whether the rating is still provisional.
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn public(&self) -> PublicRating {
        PublicRating::new(self.rating, self.deviation, self.volatility)
    }

    /// The rating periods since it last changed.
    fn periods_to(&self, now: i64) -> f64 {
        (now - self.updated_at).max(0) as f64 / RATING_PERIOD_MS as f64
    }

    /// As it stands at `now`: the deviation grown with the time away (never past the
    /// starting deviation).
    #[must_use]
    pub fn at(&self, now: i64) -> Glicko {
        let params = parameters();
        let grown: PublicRating = algorithm::rate_games_untimed(
            self.public().into_with_parameters(params),
            &[],
            self.periods_to(now),
            params,
        )
        .into_with_parameters(params);
        Glicko {
            deviation: grown.deviation().min(params.start_rating().deviation()),
            ..*self
        }
    }
}

/// Glickman's defaults: τ = 0.5 (the volatility's leash), start 1500 ± 350, σ 0.06.
fn parameters() -> Parameters {
    Parameters::default().with_volatility_change(0.5)
}

/// One player's part in a rated game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rated {
    pub team: Team,
    pub before: Glicko,
}

/// The players' ratings after a game in which team 0 scored `scores[0]` and team 1
/// `scores[1]` (0 to 1, adding up to 1), in the order given.
#[must_use]
pub fn after_game(players: &[Rated], scores: [f64; 2], now: i64) -> Vec<Glicko> {
    let params = parameters();
    let current: Vec<Glicko> = players.iter().map(|p| p.before.at(now)).collect();
    let team = |t: Team| -> Vec<Glicko> {
        players
            .iter()
            .zip(&current)
            .filter(|(p, _)| p.team == t)
            .map(|(_, g)| *g)
            .collect()
    };
    let mean = |members: &[Glicko]| members.iter().map(|g| g.rating).sum::<f64>() / members.len().max(1) as f64;
    let rms = |members: &[Glicko]| {
        (members.iter().map(|g| g.deviation * g.deviation).sum::<f64>() / members.len().max(1) as f64).sqrt()
    };
    players
        .iter()
        .map(|player| {
            let (own, other) = (team(player.team), team(Team::new(1 - player.team.get().min(1))));
            let me = player.before.at(now);
            let opponent = PublicRating::new(
                mean(&other) - (mean(&own) - me.rating),
                rms(&other),
                params.start_rating().volatility(),
            );
            let score = scores[player.team.index().min(1)];
            let game = PublicGame::new(opponent, score).into_with_parameters(params);
            let new: PublicRating = algorithm::rate_games_untimed(
                player.before.public().into_with_parameters(params),
                &[game],
                player.before.periods_to(now),
                params,
            )
            .into_with_parameters(params);
            Glicko {
                rating: new.rating(),
                deviation: new.deviation().min(params.start_rating().deviation()),
                volatility: new.volatility(),
                updated_at: now,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(team: u8, rating: f64, deviation: f64) -> Rated {
        Rated {
            team: Team::new(team),
            before: Glicko {
                rating,
                deviation,
                volatility: 0.06,
                updated_at: 0,
            },
        }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013): 1500 ± 200
    /// beats 1400 ± 30 and loses to 1550 ± 100 and 1700 ± 300 in one period: 1464.06 ±
    /// 151.52, σ 0.05999. Reproduced with the parameters and conversions Herald uses.
    #[test]
    fn glickmans_worked_example() {
        let params = parameters();
        let player = PublicRating::new(1500.0, 200.0, 0.06);
        let games = [(1400.0, 30.0, 1.0), (1550.0, 100.0, 0.0), (1700.0, 300.0, 0.0)]
            .map(|(r, d, s)| PublicGame::new(PublicRating::new(r, d, 0.06), s).into_with_parameters(params));
        let new: PublicRating = algorithm::rate_games_untimed(player.into_with_parameters(params), &games, 1.0, params)
            .into_with_parameters(params);
        assert!((new.rating() - 1464.06).abs() < 0.01, "{}", new.rating());
        assert!((new.deviation() - 151.52).abs() < 0.01, "{}", new.deviation());
        assert!((new.volatility() - 0.05999).abs() < 0.0001, "{}", new.volatility());
    }

    #[test]
    fn a_two_player_game_is_glicko_2_against_the_opponent() {
        // One game in the same week: the first of Glickman's games alone.
        let now = RATING_PERIOD_MS;
        let after = after_game(&[rated(0, 1500.0, 200.0), rated(1, 1400.0, 30.0)], [1.0, 0.0], now);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1400.0);
        // The established player moves little, the uncertain one a lot.
        assert!(1400.0 - after[1].rating < (after[0].rating - 1500.0) / 5.0, "{after:?}");
        assert!(after[0].deviation < 200.0);
        assert!(after.iter().all(|g| g.updated_at == now));
        // A draw between equals changes nothing but the deviations.
        let after = after_game(&[rated(0, 1500.0, 80.0), rated(1, 1500.0, 80.0)], [0.5, 0.5], now);
        assert!((after[0].rating - 1500.0).abs() < 1e-9 && (after[1].rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn a_nowan_stalemate_gains_less_than_a_checkmate() {
        let players = [rated(0, 1500.0, 100.0), rated(1, 1500.0, 100.0)];
        let mate = after_game(&players, [1.0, 0.0], RATING_PERIOD_MS)[0].rating - 1500.0;
        let stalemate = after_game(&players, [0.75, 0.25], RATING_PERIOD_MS)[0].rating - 1500.0;
        assert!(stalemate > 0.0 && stalemate < mate * 0.75, "{stalemate} vs {mate}");
    }

    #[test]
    fn time_away_grows_the_deviation() {
        let player = Glicko {
            rating: 1600.0,
            deviation: 60.0,
            volatility: 0.06,
            updated_at: 0,
        };
        assert!((player.at(0).deviation - 60.0).abs() < 1e-9);
        let after_a_year = player.at(52 * RATING_PERIOD_MS).deviation;
        assert!(after_a_year > 80.0 && after_a_year < 350.0, "{after_a_year}");
        assert!(player.at(1000 * 52 * RATING_PERIOD_MS).deviation <= 350.0);
        assert!(!player.provisional() && Glicko::start(0).provisional());
    }

    #[test]
    fn a_chatrang_game_rates_by_team_means_and_own_deviation() {
        // Team 0 (seats 0 and 2) averages 1600, team 1 (seats 1 and 3) 1500.
        let players = [
            rated(0, 1700.0, 60.0),
            rated(1, 1500.0, 60.0),
            rated(0, 1500.0, 300.0),
            rated(1, 1500.0, 60.0),
        ];
        let after = after_game(&players, [0.0, 1.0], RATING_PERIOD_MS);
        // The favourites lost: both lose points, both winners gain.
        assert!(after[0].rating < 1700.0 && after[2].rating < 1500.0);
        assert!(after[1].rating > 1500.0 && after[3].rating > 1500.0);
        // The uncertain partner moves more than the established one.
        assert!(1500.0 - after[2].rating > 1700.0 - after[0].rating, "{after:?}");
        // Equal winners with equal deviations gain the same.
        assert!((after[1].rating - after[3].rating).abs() < 1e-9);
        // What the players expected is the teams' means: swapping who in team 0 is strong
        // changes nothing for team 1.
        let swapped = [players[2], players[1], players[0], players[3]];
        let again = after_game(&swapped, [0.0, 1.0], RATING_PERIOD_MS);
        assert!((again[1].rating - after[1].rating).abs() < 1e-6);
    }
}
