//! Swiss pairings by the FIDE Dutch system (Handbook C.04.3, the text approved in 2016 with
//! the 2017 additions): who meets whom in the next round, who has the bye, and who has white.
//!
//! Implemented, in the Handbook's numbering:
//! - A.2 order (score, then pairing number); A.3 score groups and brackets, with the players
//!   moved down from above (MDPs); A.6 colour preferences (absolute, strong, mild, none);
//!   A.8 the pairing score difference (PSD), a downfloater counted against one point (two half
//!   points) below the bracket's lowest score; A.9: after each bracket, if its downfloaters
//!   and everyone below can no longer all be paired, that bracket is paired again as the
//!   penultimate pairing bracket (PPB) and everyone below is collapsed into one last bracket.
//! - B.1-B.8 and D.1-D.3: S1 against S2 (MDPs against residents, then the remainder's S1R
//!   against S2R), candidates in the Handbook's order (transpositions of S2, exchanges between
//!   S1 and S2 by D.2, exchanges between S1 and the Limbo by D.3), and the first candidate with
//!   the best quality taken (B.4, B.8). MaxPairs and M1 are the most pairs and MDPs the higher
//!   criteria allow; S1s with fewer MDPs come after those with more and win only on PSD.
//! - C.1 no two players meet twice; C.2 no second pairing-allocated bye; C.3 as one rule for
//!   everyone: nobody gets a colour three times running or a colour difference beyond +2/-2.
//!   C.4 (the PPB's downfloaters leave a round that can be completed), C.5 most pairs, C.6
//!   lowest PSD, C.10 fewest colour preferences missed, C.11 fewest strong ones missed.
//! - E.1-E.5 colour allocation, with white as the initial colour: E.5 gives it to the
//!   higher-ranked player of a pair when his pairing number is odd, so round one alternates by
//!   board (1-5, 6-2, 3-7, 8-4). For E.3, `colours` holds played games only, so unplayed
//!   rounds are skipped (C.04.2.D.5) and histories are compared from each latest game back.
//!
//! Left out:
//! - Topscorers (A.7, C.8, C.9 and the topscorer clause of E.2): a round does not say it is
//!   the last, so the colour rules stay absolute for everyone.
//! - C.7 (choosing downfloaters for the sake of the next bracket) and C.12-C.19 (float
//!   history, which [`SwissPlayer`] does not carry): the same player may float twice running.
//! - The initial colour by lot (always white), accelerated pairings, and recording forfeit
//!   wins as barring the bye (the caller sets [`SwissPlayer::had_bye`] for those).
//!
//! The bye goes to the player the last bracket leaves over: from the lowest score group
//! possible (C.6), the lowest-ranked who has not had one, unless C.10 or C.11 (which come
//! before the order of candidates) are better served by leaving over someone else.
//!
//! Every round is bounded in work, counted in looks at whether two players may meet (so the
//! result never depends on the machine's speed). Real events stay far inside it: a round of
//! 1,000 players takes under a millisecond. A bracket whose search is cut short keeps the
//! better (by C.6, C.10, C.11) of the best candidate it saw and a pairing found another way:
//! any maximum pairing of the bracket, the bracket's share of a complete pairing of the round
//! (C.4), or, for a collapsed last bracket of several scores, its score groups paired one by
//! one as brackets of their own, each under C.4. The lists of exchanges of one size and of S1
//! compositions of MDPs are capped at 50,000 each. So a pairing is returned whenever one
//! exists, though in such a bracket it may not be the one the Handbook would choose.

mod bracket;
mod criteria;
mod matching;
mod next;

use std::cell::Cell;
use std::collections::HashSet;
use std::fmt;

/// A piece colour: white moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    #[must_use]
    pub fn opposite(self) -> Self {
        match self {
            Self::White => Self::Black,
            Self::Black => Self::White,
        }
    }
}

/// A player taking part in the round to be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Pairing number: initial rank, 1 the strongest.
    pub number: usize,
    /// Half points so far, byes and forfeits included.
    pub points: u32,
    /// Colours of the games actually played, in order (byes and unplayed rounds absent).
    pub colours: Vec<Colour>,
    /// Pairing numbers already met, who must not be met again.
    pub opponents: HashSet<usize>,
    /// Has already had a pairing-allocated bye (or another point without a game that rules
    /// out the bye, such as a forfeit win or a full-point bye).
    pub had_bye: bool,
    /// Float history (1.4), one entry per round of the event already paired, round 1 first, so
    /// the last entry is the previous round. [`Float::Down`] when the player met an opponent
    /// with a lower score (both scores as they stood before that round) or, without playing,
    /// scored more than a loss (pairing-allocated bye, forfeit win, half- or full-point bye);
    /// [`Float::Up`] when the opponent's score was higher; [`Float::None`] otherwise (same
    /// score, a loss, an absence with nothing scored, a round before a late entry). An empty
    /// vector means no float history (every float criterion is then void for the player).
    pub floats: Vec<Float>,
}

/// A player's float in one past round (Handbook C.04.3, 1.4): used by the criteria that keep
/// the same player from floating the same way in consecutive rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Float {
    /// Met a lower score, or scored more than a loss without playing (a bye included).
    Down,
    /// Met a higher score.
    Up,
    /// Neither.
    #[default]
    None,
}

/// What the round to pair knows about the event, for the topscorer rules (1.7, C.3, C.10,
/// C.11, E.2), which apply only when pairing the last round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundInfo {
    /// The round being paired, 1 the first.
    pub round: u32,
    /// Rounds the event will have in all (the last round is `round == total_rounds`).
    pub total_rounds: u32,
    /// Half points a win scores (2 at 1/½/0, 4 for Nowan's 2/1/0): a topscorer is a player
    /// with more than half of the most points possible after `round - 1` rounds.
    pub points_for_win: u32,
}

impl RoundInfo {
    /// Whether this is the last round (or later): only then do the topscorer rules apply.
    #[must_use]
    pub fn is_last(&self) -> bool {
        self.round >= self.total_rounds
    }

    /// Whether `points` (half points) make a topscorer in this round, which must be the last:
    /// more than half of the most points possible in the rounds already played.
    #[must_use]
    pub fn is_topscorer(&self, points: u32) -> bool {
        self.is_last()
            && 2 * u64::from(points) > u64::from(self.round.saturating_sub(1)) * u64::from(self.points_for_win)
    }
}

/// One game of the round, by pairing number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SwissPairing {
    pub white: usize,
    pub black: usize,
}

/// A round: its games by board, and the player with the pairing-allocated bye.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SwissRound {
    pub games: Vec<SwissPairing>,
    pub bye: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwissError {
    /// No pairing satisfies the absolute criteria (everybody has met everybody, say).
    NoPairing,
    /// Two players share this pairing number.
    DuplicateNumber(usize),
}

impl fmt::Display for SwissError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoPairing => f.write_str("no pairing satisfies the absolute criteria"),
            Self::DuplicateNumber(n) => write!(f, "two players have pairing number {n}"),
        }
    }
}

impl std::error::Error for SwissError {}

/// Work a whole round may spend, and one bracket at most, counted in looks at whether two
/// players may meet (what every search and matching here spends its time on), vertex scans
/// of the matchings, and one per step of the bracket search. A unit takes a few nanoseconds:
/// the whole allowance is about half a second on the 2-core development machine, and a
/// normal round of 1,000 players spends under a million.
const ROUND_WORK: u64 = 60_000_000;
const BRACKET_WORK: u64 = 15_000_000;

/// The pairing of the next round of `players` (those taking part in it: withdrawn players
/// are left out, late entrants come with their points and an empty history). Games are
/// ordered by board: the higher-ranked player of each (by score, then pairing number) first.
///
/// # Errors
///
/// [`SwissError::NoPairing`] when no pairing satisfies the absolute criteria, and
/// [`SwissError::DuplicateNumber`] when two players share a pairing number.
pub fn pair_round(players: &[SwissPlayer]) -> Result<SwissRound, SwissError> {
    pair_round_with(players, None)
}

/// [`pair_round`] for a caller who knows the round's place in the event: with `info`, the
/// topscorer rules apply in the last round; without, no player is a topscorer.
///
/// # Errors
///
/// As [`pair_round`].
pub fn pair_round_with(players: &[SwissPlayer], info: Option<&RoundInfo>) -> Result<SwissRound, SwissError> {
    let mut field = Field::new(players, info)?;
    let n = field.len();
    if n == 0 {
        return Ok(SwissRound::default());
    }
    let everyone: Vec<usize> = (0..n).collect();
    if !field.completable(&[], &everyone) {
        return Err(SwissError::NoPairing);
    }
    field.lowest_bye_score(&everyone);
    let groups = field.score_groups(&everyone);
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut leftover: Vec<usize> = Vec::new();
    for (g, residents) in groups.iter().enumerate() {
        let rest: Vec<usize> = groups[g + 1..].concat();
        if rest.is_empty() {
            let last = field.pair_bracket(&mdps, residents, Some(&rest), (&[], &[]))?;
            pairs.extend(last.pairs);
            leftover = last.floaters;
            break;
        }
        let beyond: Vec<usize> = groups[(g + 2).min(groups.len())..].concat();
        let next = (groups[g + 1].as_slice(), beyond.as_slice());
        // C.4 ranks first: the best pairing of the bracket is kept when it leaves the round
        // completable, else the best of those that do.
        let free = field.pair_bracket(&mdps, residents, None, next)?;
        let paired = if field.completable(&free.floaters, &rest) {
            free
        } else {
            field.pair_bracket(&mdps, residents, Some(&rest), next)?
        };
        pairs.extend(paired.pairs);
        mdps = paired.floaters;
    }
    if leftover.len() > 1 || leftover.iter().any(|&p| !field.entrants[p].bye_allowed) {
        return Err(SwissError::NoPairing);
    }
    let mut boards: Vec<(usize, SwissPairing)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (white, black) = field.colours(a, b);
            let game = SwissPairing {
                white: field.entrants[white].number,
                black: field.entrants[black].number,
            };
            (a.min(b), game)
        })
        .collect();
    boards.sort_by_key(|&(higher, _)| higher);
    Ok(SwissRound {
        games: boards.into_iter().map(|(_, game)| game).collect(),
        bye: leftover.first().map(|&p| field.entrants[p].number),
    })
}

/// How much a player wants a colour (A.6), weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

#[derive(Debug, Clone, Copy)]
struct Preference {
    colour: Option<Colour>,
    strength: Strength,
}

impl Preference {
    /// A.6 from the colours played: absolute beyond a difference of one or after the same
    /// colour twice running, strong at a difference of one, mild (alternate) at zero, none
    /// before the first game.
    fn of(colours: &[Colour]) -> Self {
        let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i64;
        let difference = 2 * whites - colours.len() as i64;
        let twice = match colours {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        };
        let (colour, strength) = if difference > 1 || twice == Some(Colour::White) {
            (Some(Colour::Black), Strength::Absolute)
        } else if difference < -1 || twice == Some(Colour::Black) {
            (Some(Colour::White), Strength::Absolute)
        } else if difference == 1 {
            (Some(Colour::Black), Strength::Strong)
        } else if difference == -1 {
            (Some(Colour::White), Strength::Strong)
        } else {
            (colours.last().map(|c| c.opposite()), Strength::Mild)
        };
        match colour {
            Some(_) => Self { colour, strength },
            None => Self {
                colour: None,
                strength: Strength::None,
            },
        }
    }

    fn strong(self) -> bool {
        self.strength >= Strength::Strong
    }
}

/// A player as the pairing sees them; the field holds them in A.2 order, so a lower index is
/// a higher rank.
#[derive(Debug)]
struct Entrant<'a> {
    number: usize,
    points: u32,
    colours: &'a [Colour],
    preference: Preference,
    bye_allowed: bool,
    /// Floats in the previous round and the one before it.
    float_1: Float,
    float_2: Float,
    /// A topscorer in the last round (1.7).
    topscorer: bool,
}

/// The players of a round in A.2 order and who may meet whom (C.1, C.3) as a bit matrix.
#[derive(Debug)]
struct Field<'a> {
    entrants: Vec<Entrant<'a>>,
    words: usize,
    can_meet: Vec<u64>,
    /// Work spent so far (see [`ROUND_WORK`]).
    work: Cell<u64>,
    /// Some player is a topscorer (the last round): C.10 and C.11 count.
    topscorers: bool,
    /// Next-bracket criterion (C.8) values already worked out, by downfloater set.
    next_cache: std::cell::RefCell<std::collections::HashMap<Vec<usize>, Vec<i64>>>,
    /// What the players below a next score group can take (see [`next::Below`]).
    below_cache: std::cell::RefCell<next::BelowCache>,
}

/// A bracket's pairs and its downfloaters (the bye, in the last bracket), by field index.
#[derive(Debug, Default)]
struct Paired {
    pairs: Vec<(usize, usize)>,
    floaters: Vec<usize>,
}

impl<'a> Field<'a> {
    fn new(players: &'a [SwissPlayer], info: Option<&RoundInfo>) -> Result<Self, SwissError> {
        let mut numbers = HashSet::new();
        if let Some(p) = players.iter().find(|p| !numbers.insert(p.number)) {
            return Err(SwissError::DuplicateNumber(p.number));
        }
        let mut order: Vec<&SwissPlayer> = players.iter().collect();
        order.sort_by_key(|p| (std::cmp::Reverse(p.points), p.number));
        let n = order.len();
        let words = n.div_ceil(64);
        let mut field = Field {
            entrants: order
                .iter()
                .map(|p| Entrant {
                    number: p.number,
                    points: p.points,
                    colours: &p.colours,
                    preference: Preference::of(&p.colours),
                    bye_allowed: !p.had_bye,
                    float_1: p.floats.last().copied().unwrap_or_default(),
                    float_2: p.floats.iter().rev().nth(1).copied().unwrap_or_default(),
                    topscorer: info.is_some_and(|i| i.is_topscorer(p.points)),
                })
                .collect(),
            words,
            can_meet: vec![0; n * words],
            work: Cell::new(0),
            next_cache: std::cell::RefCell::default(),
            below_cache: std::cell::RefCell::default(),
            topscorers: false,
        };
        // Which colours each may still take without three in a row or a difference past 2:
        // players fall in four classes, and two may meet when one can take white and the
        // other black. Rows start as the union of the classes compatible with the player's
        // own, then lose the player and those already met.
        let class = |p: &SwissPlayer| {
            let whites = p.colours.iter().filter(|&&c| c == Colour::White).count() as i64;
            let difference = 2 * whites - p.colours.len() as i64;
            let last_two = |c: Colour| p.colours.len() >= 2 && p.colours[p.colours.len() - 2..].iter().all(|&x| x == c);
            let white = difference < 2 && !last_two(Colour::White);
            let black = difference > -2 && !last_two(Colour::Black);
            usize::from(white) | usize::from(black) << 1
        };
        let classes: Vec<usize> = order.iter().map(|p| class(p)).collect();
        let mut masks = vec![vec![0_u64; words]; 4];
        for (i, &c) in classes.iter().enumerate() {
            masks[c][i / 64] |= 1 << (i % 64);
        }
        let fits = |a: usize, b: usize| (a & 1 != 0 && b & 2 != 0) || (a & 2 != 0 && b & 1 != 0);
        let index: std::collections::HashMap<usize, usize> =
            order.iter().enumerate().map(|(i, p)| (p.number, i)).collect();
        for (a, &ca) in classes.iter().enumerate() {
            let row = &mut field.can_meet[a * words..(a + 1) * words];
            for (cb, mask) in masks.iter().enumerate() {
                if fits(ca, cb) {
                    for (r, m) in row.iter_mut().zip(mask) {
                        *r |= m;
                    }
                }
            }
            row[a / 64] &= !(1 << (a % 64));
        }
        // C.3 spares topscorers in the last round: a pair with one may break the colour limits
        // (C.10 and C.11 then count the damage).
        let topscorers: Vec<usize> = (0..n).filter(|&t| field.entrants[t].topscorer).collect();
        field.topscorers = !topscorers.is_empty();
        for &t in &topscorers {
            for other in (0..n).filter(|&o| o != t) {
                field.can_meet[t * words + other / 64] |= 1 << (other % 64);
                field.can_meet[other * words + t / 64] |= 1 << (t % 64);
            }
        }
        for (a, p) in order.iter().enumerate() {
            for b in p.opponents.iter().filter_map(|o| index.get(o)) {
                field.can_meet[a * words + b / 64] &= !(1 << (b % 64));
                field.can_meet[b * words + a / 64] &= !(1 << (a % 64));
            }
        }
        Ok(field)
    }

    fn len(&self) -> usize {
        self.entrants.len()
    }

    fn points(&self, p: usize) -> u32 {
        self.entrants[p].points
    }

    fn can_meet(&self, a: usize, b: usize) -> bool {
        self.charge(1);
        self.can_meet[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    fn charge(&self, units: u64) {
        self.work.set(self.work.get() + units);
    }

    fn before(&self, deadline: u64) -> bool {
        self.work.get() < deadline
    }

    /// Preferences missed by pairing `a` with `b` (C.10), and strong ones among them (C.11).
    /// Both wanting the same colour costs one of them theirs; the weaker preference loses,
    /// so a strong one is lost only when both are at least strong.
    fn cost(&self, a: usize, b: usize) -> (u32, u32) {
        let (pa, pb) = (self.entrants[a].preference, self.entrants[b].preference);
        if pa.colour.is_some() && pa.colour == pb.colour {
            (1, u32::from(pa.strong() && pb.strong()))
        } else {
            (0, 0)
        }
    }

    /// C.5: with an odd number of players, the bye goes to a player with the lowest score
    /// that still lets the round be completed; everyone above it loses the right to the bye
    /// for this round, which every bracket's completion check (C.4) then respects.
    fn lowest_bye_score(&mut self, everyone: &[usize]) {
        if everyone.len().is_multiple_of(2) {
            return;
        }
        let mut scores: Vec<u32> = everyone.iter().map(|&p| self.points(p)).collect();
        scores.sort_unstable();
        scores.dedup();
        let allowed: Vec<bool> = self.entrants.iter().map(|e| e.bye_allowed).collect();
        for ceiling in scores {
            for (e, &a) in self.entrants.iter_mut().zip(&allowed) {
                e.bye_allowed = a && e.points <= ceiling;
            }
            if self.completable(&[], everyone) {
                return;
            }
        }
        for (e, &a) in self.entrants.iter_mut().zip(&allowed) {
            e.bye_allowed = a;
        }
    }

    /// Whether `mdps` and `residents` can all be paired but for one bye: MDPs only meet
    /// residents (B.3), everyone else anyone they may meet.
    fn completable(&self, mdps: &[usize], residents: &[usize]) -> bool {
        self.complete(mdps, residents).is_some()
    }

    /// A complete pairing of `mdps` and `residents` (see [`Field::completable`]), its pairs and
    /// its bye.
    fn complete(&self, mdps: &[usize], residents: &[usize]) -> Option<Paired> {
        let vertices: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let k = vertices.len();
        let n = k + k % 2;
        let m0 = mdps.len();
        if k % 2 == 1 && !vertices.iter().any(|&v| self.entrants[v].bye_allowed) {
            return None;
        }
        let mate = matching::perfect(
            n,
            |i, j| {
                if i == k || j == k {
                    let other = i.min(j);
                    other < k && self.entrants[vertices[other]].bye_allowed
                } else {
                    !(i < m0 && j < m0) && self.can_meet(vertices[i], vertices[j])
                }
            },
            &self.work,
        )?;
        let mut paired = Paired::default();
        for (i, &m) in mate.iter().enumerate().take(k) {
            if m == k {
                paired.floaters.push(vertices[i]);
            } else if i < m {
                paired.pairs.push((vertices[i], vertices[m]));
            }
        }
        Some(paired)
    }

    /// The most pairs the bracket of `mdps` and `residents` can make (B.1 MaxPairs), and one
    /// such pairing.
    fn most_pairs(&self, mdps: &[usize], residents: &[usize]) -> Paired {
        let vertices: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let m0 = mdps.len();
        let mate = matching::maximum(
            vertices.len(),
            |i, j| !(i < m0 && j < m0) && self.can_meet(vertices[i], vertices[j]),
            &self.work,
        );
        let mut paired = Paired::default();
        for (i, &m) in mate.iter().enumerate() {
            if m == matching::NONE {
                paired.floaters.push(vertices[i]);
            } else if i < m {
                paired.pairs.push((vertices[i], vertices[m]));
            }
        }
        paired
    }

    /// Pairs one bracket. Without `rest`, any downfloaters will do (they are checked by the
    /// caller); with `rest`, the downfloaters must leave a round that can be completed with
    /// the players of `rest` (C.4; with `rest` empty, the bracket is the last one and leaves
    /// at most the bye).
    /// `next` is the next score group and everyone below it, when C.8 judges this bracket's
    /// downfloaters by the next bracket (empty otherwise).
    fn pair_bracket(
        &self,
        mdps: &[usize],
        residents: &[usize],
        rest: Option<&[usize]>,
        (next, beyond): (&[usize], &[usize]),
    ) -> Result<Paired, SwissError> {
        let deadline = (self.work.get() + BRACKET_WORK).min(ROUND_WORK);
        let (pairs, valid) = match rest {
            None => (self.most_pairs(mdps, residents).pairs.len(), None),
            Some(rest) => match self.floater_sets(mdps, residents, rest, deadline) {
                Some((pairs, sets)) => (pairs, Some(sets)),
                None => return self.fallback(mdps, residents, rest),
            },
        };
        let shape = bracket::Bracket {
            mdps,
            residents,
            pairs,
            valid: valid.as_deref(),
            next,
            beyond,
            bye: rest.is_some_and(<[usize]>::is_empty),
        };
        let outcome = bracket::search(self, &shape, deadline);
        let seen = match outcome {
            bracket::Outcome {
                found: Some(found),
                settled: true,
            } => return Ok(found),
            bracket::Outcome { found, .. } => found,
        };
        // Cut short: the best candidate seen, or a pairing found another way if that one
        // does better on the quality criteria (a large collapsed bracket of many scores is
        // better paired score group by score group than by its first candidates).
        let several_scores = residents.first().map(|&p| self.points(p)) != residents.last().map(|&p| self.points(p));
        let other = match rest {
            None => self.most_pairs(mdps, residents),
            Some([]) if several_scores => self.pair_by_groups(mdps, residents)?,
            Some(rest) => self.fallback(mdps, residents, rest)?,
        };
        Ok(match seen {
            Some(found) if bracket::quality(self, &shape, &found) <= bracket::quality(self, &shape, &other) => found,
            _ => other,
        })
    }

    /// A collapsed last bracket paired as the brackets above are: score group by score
    /// group, each keeping the rest completable (C.4).
    fn pair_by_groups(&self, mdps: &[usize], residents: &[usize]) -> Result<Paired, SwissError> {
        let groups = self.score_groups(residents);
        let mut carried = mdps.to_vec();
        let mut paired = Paired::default();
        for (g, group) in groups.iter().enumerate() {
            let rest: Vec<usize> = groups[g + 1..].concat();
            let part = self.pair_bracket(&carried, group, Some(&rest), (&[], &[]))?;
            paired.pairs.extend(part.pairs);
            carried = part.floaters;
        }
        paired.floaters = carried;
        Ok(paired)
    }

    /// `players` (in A.2 order) split by score.
    fn score_groups(&self, players: &[usize]) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &p in players {
            match groups.last_mut() {
                Some(group) if group.first().is_some_and(|&g| self.points(g) == self.points(p)) => group.push(p),
                _ => groups.push(vec![p]),
            }
        }
        groups
    }

    /// When the search runs out of work: the bracket's share of some complete pairing of it
    /// and `rest`.
    fn fallback(&self, mdps: &[usize], residents: &[usize], rest: &[usize]) -> Result<Paired, SwissError> {
        let bracket: HashSet<usize> = mdps.iter().chain(residents).copied().collect();
        let whole = self
            .complete(mdps, &[residents, rest].concat())
            .ok_or(SwissError::NoPairing)?;
        let mut paired = Paired::default();
        for (a, b) in whole.pairs {
            match (bracket.contains(&a), bracket.contains(&b)) {
                (true, true) => paired.pairs.push((a, b)),
                (true, false) => paired.floaters.push(a),
                (false, true) => paired.floaters.push(b),
                (false, false) => {}
            }
        }
        paired
            .floaters
            .extend(whole.floaters.iter().filter(|p| bracket.contains(p)));
        paired.floaters.sort_unstable();
        Ok(paired)
    }

    /// The downfloater sets that satisfy C.4 with the most pairs left in the bracket: those
    /// whose removal leaves the bracket pairable and which, as MDPs of the collapsed last
    /// bracket, can be paired with `rest`. With `rest` empty, the bye candidates.
    fn floater_sets(
        &self,
        mdps: &[usize],
        residents: &[usize],
        rest: &[usize],
        deadline: u64,
    ) -> Option<(usize, Vec<Vec<usize>>)> {
        let members: Vec<usize> = mdps.iter().chain(residents).copied().collect();
        let k = members.len();
        let m0 = mdps.len();
        let adj = |i: usize, j: usize| !(i < m0 && j < m0) && self.can_meet(members[i], members[j]);
        if rest.is_empty() {
            if k.is_multiple_of(2) {
                return matching::perfect(k, adj, &self.work).map(|_| (k / 2, vec![Vec::new()]));
            }
            let even = matching::leftovers(k, adj, &self.work)?;
            let sets: Vec<Vec<usize>> = (0..k)
                .filter(|&i| even[i] && self.entrants[members[i]].bye_allowed)
                .map(|i| vec![members[i]])
                .collect();
            return (!sets.is_empty()).then_some((k / 2, sets));
        }
        let top = self.most_pairs(mdps, residents).pairs.len();
        for pairs in (0..=top).rev() {
            let floating = k - 2 * pairs;
            let mut sets = Vec::new();
            let mut chosen: Vec<usize> = (0..floating).collect();
            loop {
                if !self.before(deadline) {
                    return None;
                }
                let mut out = vec![false; k];
                for &c in &chosen {
                    out[c] = true;
                }
                let stay: Vec<usize> = (0..k).filter(|&i| !out[i]).collect();
                if matching::perfect(stay.len(), |a, b| adj(stay[a], stay[b]), &self.work).is_some() {
                    let floaters: Vec<usize> = chosen.iter().map(|&c| members[c]).collect();
                    if self.completable(&floaters, rest) {
                        sets.push(floaters);
                    }
                }
                if !next_combination(&mut chosen, k) {
                    break;
                }
            }
            if !sets.is_empty() {
                return Some((pairs, sets));
            }
        }
        None
    }

    /// The size of `p`'s colour difference (whites minus blacks), either way.
    fn imbalance(&self, p: usize) -> u32 {
        let whites = self.entrants[p].colours.iter().filter(|&&c| c == Colour::White).count();
        whites.abs_diff(self.entrants[p].colours.len() - whites) as u32
    }

    /// The colour `p` had in both of the last two games, if the same.
    fn repeated(&self, p: usize) -> Option<Colour> {
        match self.entrants[p].colours {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        }
    }

    /// E.1-E.5: who of `a` and `b` has white.
    fn colours(&self, a: usize, b: usize) -> (usize, usize) {
        let (high, low) = if a < b { (a, b) } else { (b, a) };
        let (ph, pl) = (self.entrants[high].preference, self.entrants[low].preference);
        let give_high = |c: Colour| if c == Colour::White { (high, low) } else { (low, high) };
        match (ph.colour, pl.colour) {
            // E.1: both preferences granted (a player without one takes what is left).
            (Some(h), Some(l)) if h != l => return give_high(h),
            (Some(h), None) => return give_high(h),
            (None, Some(l)) => return give_high(l.opposite()),
            // E.2 between two absolute preferences (topscorers in the last round): the wider
            // colour difference.
            (Some(h), Some(_))
                if ph.strength == Strength::Absolute
                    && pl.strength == Strength::Absolute
                    && self.imbalance(high) != self.imbalance(low) =>
            {
                return give_high(if self.imbalance(high) > self.imbalance(low) {
                    h
                } else {
                    h.opposite()
                });
            }
            // E.2: the stronger preference.
            (Some(h), Some(_)) if ph.strength != pl.strength => {
                return give_high(if ph.strength > pl.strength { h } else { h.opposite() });
            }
            _ => {}
        }
        // E.3: alternate from the latest game in which they had different colours.
        let (hh, hl) = (self.entrants[high].colours, self.entrants[low].colours);
        if let Some((h, _)) = hh.iter().rev().zip(hl.iter().rev()).find(|(h, l)| h != l) {
            return give_high(h.opposite());
        }
        // E.4: the higher-ranked player's preference; E.5: the initial colour (white) to an
        // odd pairing number.
        match ph.colour {
            Some(h) => give_high(h),
            None if self.entrants[high].number % 2 == 1 => give_high(Colour::White),
            None => give_high(Colour::Black),
        }
    }
}

/// Steps `chosen` (ascending indices below `n`) to the next combination in lexicographic
/// order; false after the last.
fn next_combination(chosen: &mut [usize], n: usize) -> bool {
    let k = chosen.len();
    for i in (0..k).rev() {
        if chosen[i] < n - k + i {
            chosen[i] += 1;
            for j in i + 1..k {
                chosen[j] = chosen[j - 1] + 1;
            }
            return true;
        }
    }
    false
}
