//! The pure parts of engine matches: the engines' descriptions, opening positions
//! (seeded random plies, or a file of move lists), who plays which seat, the tally of
//! results and the Elo difference with its 95% interval. No processes, no clocks.

use core::fmt;
use std::collections::HashSet;

use herald_rules::{AnyGame, Move, Outcome, Team};

/// One engine of a match, as written on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineSpec {
    /// Herald's own engine: `herald:level=N`, `herald:movetime=MS`, `herald:nodes=N`,
    /// `herald:depth=D` (combinable, `:`-separated; none given: full strength, 100 ms).
    Herald(Budget),
    /// `random`: a uniformly random legal move, seeded (the floor the weakest level must
    /// clear).
    Random,
    /// An external UCI engine run as a process: `uci:<path>[:variant=<name>][:ini=<path>]`
    /// plus the same `movetime=`/`nodes=`/`depth=` keys (default 100 ms), and `arg=<word>`
    /// (repeatable) for the program's arguments.
    Uci {
        path: String,
        args: Vec<String>,
        /// The engine's `UCI_Variant` (default: Herald's game id).
        variant: Option<String>,
        /// A variants file, sent as `VariantPath`.
        ini: Option<String>,
        budget: Budget,
    },
}

/// How long an engine may think per move, and at what strength.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Budget {
    /// Herald's playing level 1-8 (Herald only).
    pub level: Option<u8>,
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

impl Budget {
    /// The time per move when nothing else limits the search.
    pub const DEFAULT_MOVETIME: u64 = 100;

    /// The move time to use: the given one, or the default when no limit is set.
    #[must_use]
    pub fn movetime_or_default(&self) -> Option<u64> {
        match (self.movetime, self.level, self.nodes, self.depth) {
            (Some(ms), ..) => Some(ms),
            (None, None, None, None) => Some(Budget::DEFAULT_MOVETIME),
            _ => None,
        }
    }
}

impl EngineSpec {
    /// Reads `herald:...` or `uci:<path>...`.
    ///
    /// # Errors
    /// An unknown kind, key or a malformed number.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut parts = text.split(':');
        let kind = parts.next().unwrap_or_default();
        if kind == "random" {
            return match parts.next() {
                None => Ok(EngineSpec::Random),
                Some(extra) => Err(format!("engine `{text}`: `random` takes no `{extra}`")),
            };
        }
        let (is_uci, path) = match kind {
            "herald" => (false, None),
            "uci" => (
                true,
                Some(
                    parts
                        .next()
                        .filter(|p| !p.is_empty())
                        .ok_or("uci: the engine's path is missing")?,
                ),
            ),
            _ => return Err(format!("engine `{text}`: expected herald:..., random or uci:<path>...")),
        };
        let mut budget = Budget::default();
        let (mut variant, mut ini, mut args) = (None, None, Vec::new());
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("engine `{text}`: `{part}` is not key=value"))?;
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("engine `{text}`: `{value}` is not a whole number"))
            };
            match (key, is_uci) {
                ("movetime", _) => budget.movetime = Some(number()?),
                ("nodes", _) => budget.nodes = Some(number()?),
                ("depth", _) => budget.depth = Some(u32::try_from(number()?).map_err(|e| e.to_string())?),
                ("level", false) => {
                    budget.level = Some(
                        u8::try_from(number()?)
                            .ok()
                            .filter(|n| (1..=8).contains(n))
                            .ok_or_else(|| format!("engine `{text}`: the level is 1-8"))?,
                    );
                }
                ("variant", true) => variant = Some(value.to_owned()),
                ("ini", true) => ini = Some(value.to_owned()),
                ("arg", true) => args.push(value.to_owned()),
                _ => return Err(format!("engine `{text}`: unknown key `{key}`")),
            }
        }
        Ok(match path {
            None => EngineSpec::Herald(budget),
            Some(path) => EngineSpec::Uci {
                path: path.to_owned(),
                args,
                variant,
                ini,
                budget,
            },
        })
    }
}

/// A seeded generator (SplitMix64): the same seed gives the same openings everywhere.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % n.max(1) as u64).unwrap_or(0)
    }
}

/// `count` distinct openings of `plies` random legal moves from `start`, none ending the
/// game. Fewer when the game has fewer such lines (small `plies`).
#[must_use]
pub fn random_openings(start: &AnyGame, count: usize, plies: usize, seed: u64) -> Vec<Vec<Move>> {
    let mut rng = Rng::new(seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    let mut attempts = 0;
    while openings.len() < count && attempts < count * 50 + 100 {
        attempts += 1;
        let mut game = start.clone();
        let mut line = Vec::with_capacity(plies);
        while line.len() < plies {
            let moves = game.legal_moves();
            let Some(&m) = moves.get(rng.below(moves.len())) else {
                break;
            };
            if game.play_text(&m.to_string()).is_err() {
                break;
            }
            line.push(m);
        }
        if line.len() == plies && game.outcome().is_none() && seen.insert(line.clone()) {
            openings.push(line);
        }
    }
    openings
}

/// Reads an openings file: one opening a line, moves in canonical text separated by
/// spaces; blank lines and lines starting with `#` are skipped. Every move is checked
/// from `start`.
///
/// # Errors
/// The line number and why its moves cannot be played.
pub fn parse_openings(text: &str, start: &AnyGame) -> Result<Vec<Vec<Move>>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut game = start.clone();
        let mut moves = Vec::new();
        for word in line.split_whitespace() {
            let m = game
                .play_text(word)
                .map_err(|e| format!("openings line {}: {word}: {e}", number + 1))?;
            moves.push(m);
        }
        if game.outcome().is_some() {
            return Err(format!("openings line {}: the game is already over", number + 1));
        }
        openings.push(moves);
    }
    Ok(openings)
}

/// The team engine A plays in the `game`-th game of a match (0-based): each opening is
/// played twice, A taking the first team, then the second.
#[must_use]
pub fn team_of_a(game: usize) -> Team {
    if game.is_multiple_of(2) {
        Team::FIRST
    } else {
        Team::SECOND
    }
}

/// How one game ended, from engine A's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Result3 {
    Win,
    Draw,
    Loss,
}

impl Result3 {
    /// A's result given the rules' outcome (`None`: adjudicated by the move cap, a draw).
    #[must_use]
    pub fn from_outcome(outcome: Option<Outcome>, a: Team) -> Result3 {
        match outcome.and_then(Outcome::winner) {
            Some(team) if team == a => Result3::Win,
            Some(_) => Result3::Loss,
            None => Result3::Draw,
        }
    }
}

/// The scored games and the unscored ones of a match, from engine A's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games ended as a rules mismatch or an engine failure: not scored.
    pub unscored: u32,
}

impl Tally {
    pub fn add(&mut self, result: Result3) {
        match result {
            Result3::Win => self.wins += 1,
            Result3::Draw => self.draws += 1,
            Result3::Loss => self.losses += 1,
        }
    }

    /// Scored games.
    #[must_use]
    pub fn scored(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Every game played, scored or not.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.scored() + self.unscored
    }

    /// A's points: a win 1, a draw 1/2.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's score as a fraction of the scored games (`None` with none scored).
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        (self.scored() > 0).then(|| self.points() / f64::from(self.scored()))
    }

    /// The Elo difference of A over B and its 95% interval (`None` with none scored).
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let n = f64::from(self.scored());
        let score = self.score()?;
        // The variance of one game's points, estimated from the games themselves; the
        // interval is the normal one around the mean score, mapped through the Elo curve.
        let var = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let margin = 1.959_964 * (var / n).sqrt();
        let (low, high) = if var > 0.0 {
            (score - margin, score + margin)
        } else {
            // Every game went the same way: the normal interval has no width. The "rule
            // of three" bounds the true score at 3/n from the observed end instead.
            let bound = (3.0 / n).min(1.0);
            (score - bound, score + bound)
        };
        Some(Elo {
            diff: elo_of_score(score),
            low: elo_of_score(low),
            high: elo_of_score(high),
        })
    }
}

/// The Elo difference that gives an expected score `score` (0..1), infinite at the ends.
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo difference with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    pub diff: f64,
    pub low: f64,
    pub high: f64,
}

fn signed(value: f64) -> String {
    if value.is_infinite() {
        if value > 0.0 { "+inf".into() } else { "-inf".into() }
    } else {
        // Rounded first, so that -0.3 reads +0, not -0.
        format!("{:+.0}", value.round() + 0.0)
    }
}

/// `+70 (95%: +1 .. +146)`.
impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (95%: {} .. {})",
            signed(self.diff),
            signed(self.low),
            signed(self.high)
        )
    }
}

/// The moves of a UCI engine's `go perft 1` answer (`e3e4: 1` lines), in Herald's square
/// names. Fairy-Stockfish names squares as Herald does on these boards (files from `a`,
/// ranks from 1, `10` in full) and writes promotions the same way, so only the count is
/// dropped; a line that is not a move is skipped.
#[must_use]
pub fn perft_moves<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    lines
        .into_iter()
        .filter_map(|line| {
            let (text, count) = line.trim().split_once(": ")?;
            count.trim().parse::<u64>().ok()?;
            text.parse::<herald_rules::MoveText>().ok().map(|m| m.to_string())
        })
        .collect()
}

/// Where two move lists differ: the moves only `ours` has, then those only `theirs` has,
/// each sorted. Both empty when they agree.
#[must_use]
pub fn compare_moves(ours: &[String], theirs: &[String]) -> (Vec<String>, Vec<String>) {
    let a: HashSet<&String> = ours.iter().collect();
    let b: HashSet<&String> = theirs.iter().collect();
    let mut only_ours: Vec<String> = a.difference(&b).map(|s| (*s).clone()).collect();
    let mut only_theirs: Vec<String> = b.difference(&a).map(|s| (*s).clone()).collect();
    only_ours.sort();
    only_theirs.sort();
    (only_ours, only_theirs)
}

#[cfg(test)]
#[path = "matchplay_tests.rs"]
mod tests;
