//! The tactics suite's data (`tests/data/tactics/<game-id>.txt`) and the exhaustive and-or
//! proof search, on the rules crate alone, that found those positions and checks them.
//!
//! Included with `#[path]` by the checker test, the generator and the solving benchmark (and
//! open to the search's own tests), so no single includer uses every item.
#![allow(dead_code)]

use std::collections::HashMap;
use std::error::Error;
use std::marker::PhantomData;
use std::path::PathBuf;

use herald_rules::{AnyGame, Move, MoveText, Options, Outcome, Position, Team, Variant};

/// The longest wins the suite holds, in the winner's moves.
pub const MAX_MOVES: u32 = 3;

/// One committed position: the side to move's team wins by force in `moves` of its own moves
/// (and not in fewer), and `winning` lists every first move that keeps such a win.
#[derive(Debug, Clone)]
pub struct Tactic {
    pub variant: Variant,
    /// 1-based line in the data file, for messages.
    pub line: usize,
    pub fen: String,
    pub options: Options,
    pub moves: u32,
    pub winning: Vec<String>,
}

impl Tactic {
    /// A game starting at this position, with no history.
    ///
    /// # Errors
    /// The position string does not parse.
    pub fn game(&self) -> Result<AnyGame, Box<dyn Error>> {
        Ok(AnyGame::new(self.variant, self.options, Some(&self.fen))?)
    }

    /// The most plies the win can take, the depth a search needs to see it: `2N - 1` in the
    /// two-player games, and in Chatrang `3N - 2` (a team down to one player waits for two
    /// opponents between its moves).
    pub fn max_plies(&self) -> u32 {
        if self.variant == Variant::Chatrang {
            3 * self.moves - 2
        } else {
            2 * self.moves - 1
        }
    }

    /// Whether `m` (canonical text) is one of the listed winning first moves.
    pub fn is_winning(&self, m: &str) -> bool {
        self.winning.iter().any(|w| w == m)
    }
}

/// Where a game's positions are committed.
pub fn path(variant: Variant) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/tactics")
        .join(format!("{}.txt", variant.id()))
}

/// A game's committed positions.
///
/// # Errors
/// The file cannot be read, or a line is malformed.
pub fn load(variant: Variant) -> Result<Vec<Tactic>, Box<dyn Error>> {
    let file = path(variant);
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    parse(variant, &text)
}

/// The first `count` positions of a game's suite that win in `moves` (a small set for the
/// search's own tests).
///
/// # Errors
/// As [`load`].
pub fn pick(variant: Variant, moves: u32, count: usize) -> Result<Vec<Tactic>, Box<dyn Error>> {
    Ok(load(variant)?
        .into_iter()
        .filter(|t| t.moves == moves)
        .take(count)
        .collect())
}

/// Reads the data format: `#` comment lines, blank lines, and one position per line as
/// `<fen>;<option ids, comma-separated, or ->;win in <N>;<winning first moves, space-separated>`.
///
/// # Errors
/// A malformed line, with its number.
pub fn parse(variant: Variant, text: &str) -> Result<Vec<Tactic>, Box<dyn Error>> {
    let mut out = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("{} line {}: {what}", variant.id(), index + 1);
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [fen, options, win, moves] = fields[..] else {
            return Err(bad("expected four `;`-separated fields").into());
        };
        let options = if options == "-" {
            Options::NONE
        } else {
            Options::parse(variant, options.split(',')).map_err(|e| bad(&e.to_string()))?
        };
        let moves_n: u32 = win
            .strip_prefix("win in ")
            .and_then(|n| n.parse().ok())
            .filter(|n| (1..=MAX_MOVES).contains(n))
            .ok_or_else(|| bad("the third field must be `win in <1-3>`"))?;
        let winning: Vec<String> = moves.split_whitespace().map(String::from).collect();
        if winning.is_empty() {
            return Err(bad("no winning first move listed").into());
        }
        out.push(Tactic {
            variant,
            line: index + 1,
            fen: fen.to_string(),
            options,
            moves: moves_n,
            winning,
        });
    }
    Ok(out)
}

/// The options field of a data line.
pub fn options_text(options: Options) -> String {
    let ids: Vec<&str> = options.iter().map(|o| o.id()).collect();
    if ids.is_empty() { "-".to_string() } else { ids.join(",") }
}

/// One data line.
pub fn format_line(fen: &str, options: Options, moves: u32, winning: &[String]) -> String {
    format!("{fen};{};win in {moves};{}", options_text(options), winning.join(" "))
}

/// The proof search spent its node budget without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

impl std::fmt::Display for OutOfBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the proof search ran out of its node budget")
    }
}

impl Error for OutOfBudget {}

/// Whether `outcome` is a full win for `team`: the game's whole win points, so Nowan's
/// stalemate (1 point where a win is 2, and so less than a win to the engine too) is not one.
pub fn full_win<P: Position>(outcome: Outcome, team: Team) -> bool {
    let scoring = P::VARIANT.spec().scoring;
    outcome.winner() == Some(team)
        && scoring.points(Some(team), Some(outcome.reason()))[team.index() % 2] == scoring.win
}

/// Exhaustive and-or search for "`team` wins by force within `n` of its own moves".
///
/// A move of any player of `team` (a Chatrang partner's too, a pass included) spends one of
/// the `n`; every reply of every opponent is tried. The game ends in the team's win when the
/// rules crate says so (`Outcome::Win` for that team worth the game's full win points,
/// whatever the reason: king capture, checkmate, a bare General, both Shahs gone, …; not
/// Nowan's stalemate point, see [`full_win`]). A win that
/// happens on an opponent's turn is credited at the team's next move: with no move left the
/// search does not look at the opponent's turn, so such a win after the team's `k`-th move
/// counts as a win in `k + 1`.
///
/// Proof pruning: a team node stops at its first winning move, an opponent node at its
/// first refutation (tried first at the next node of the same ply: a killer). Results are
/// cached by `search_key` and `n`. The history only matters in Ancient chess, where no
/// position may occur a third time; from a position with no history a third occurrence
/// needs eight plies, more than the five a win in 3 looks at, so the cache ignores it.
#[derive(Debug)]
pub struct Prover<P: Position> {
    team: Team,
    history: Vec<u64>,
    /// Proven results: (search key, moves left) -> won.
    cache: HashMap<(u64, u32), bool>,
    killers: Vec<Option<Move>>,
    nodes: u64,
    budget: u64,
    position: PhantomData<fn(&P)>,
}

impl<P: Position> Prover<P> {
    /// A prover for the team to move in `root`, reached after `history`, that gives up
    /// after `budget` interior nodes.
    pub fn new(root: &P, history: &[u64], budget: u64) -> Prover<P> {
        Prover {
            team: P::team_of(root.turn()),
            history: history.to_vec(),
            cache: HashMap::new(),
            killers: vec![None; 2 * MAX_MOVES as usize + 4],
            nodes: 0,
            budget,
            position: PhantomData,
        }
    }

    /// Interior nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn is_ours(&self, outcome: Outcome) -> bool {
        full_win::<P>(outcome, self.team)
    }

    /// Whether the team wins from `position` within `n` of its moves.
    ///
    /// # Errors
    /// The budget ran out.
    pub fn wins(&mut self, position: &P, n: u32) -> Result<bool, OutOfBudget> {
        match position.outcome(&self.history) {
            Some(outcome) => Ok(self.is_ours(outcome)),
            None => self.search(position, n, 0),
        }
    }

    /// Whether the team's move `m` in `position` keeps a win within `n` of its moves,
    /// `m` being the first of them.
    ///
    /// # Errors
    /// The budget ran out.
    pub fn move_wins(&mut self, position: &P, m: Move, n: u32) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        self.history.push(position.key());
        let child = position.play_unchecked(m);
        let result = match child.outcome(&self.history) {
            Some(outcome) => Ok(self.is_ours(outcome)),
            None => self.search(&child, n - 1, 1),
        };
        self.history.pop();
        result
    }

    fn cached(&self, key: u64, n: u32) -> Option<bool> {
        // A win within k moves is a win within more; no win within k is none within fewer.
        for k in 0..=MAX_MOVES {
            match self.cache.get(&(key, k)) {
                Some(true) if k <= n => return Some(true),
                Some(false) if k >= n => return Some(false),
                _ => {}
            }
        }
        None
    }

    /// `position` is live (no outcome).
    fn search(&mut self, position: &P, n: u32, ply: usize) -> Result<bool, OutOfBudget> {
        if n == 0 {
            return Ok(false);
        }
        let key = position.search_key();
        if let Some(known) = self.cached(key, n) {
            return Ok(known);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return Err(OutOfBudget);
        }
        let moves = position.legal_moves(&self.history);
        self.history.push(position.key());
        let result = if P::team_of(position.turn()) == self.team {
            self.team_node(position, &moves, n, ply)
        } else {
            self.opponent_node(position, &moves, n, ply)
        };
        self.history.pop();
        let won = result?;
        self.cache.insert((key, n), won);
        Ok(won)
    }

    /// Some move wins within `n` (this one included).
    fn team_node(&mut self, position: &P, moves: &[Move], n: u32, ply: usize) -> Result<bool, OutOfBudget> {
        let mut live = Vec::with_capacity(if n > 1 { moves.len() } else { 0 });
        for &m in moves {
            let child = position.play_unchecked(m);
            match child.outcome(&self.history) {
                Some(outcome) if self.is_ours(outcome) => return Ok(true),
                Some(_) => {}
                None if n > 1 => live.push((m, child)),
                None => {}
            }
        }
        // Checks first: a forced win mostly goes through them.
        order(&mut live, self.killer(ply), |(_, c)| u8::from(!c.in_check(c.turn())));
        for (m, child) in &live {
            if self.search(child, n - 1, ply + 1)? {
                self.set_killer(ply, *m);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Every reply leaves a win within `n` (the team's moves still to come).
    fn opponent_node(&mut self, position: &P, moves: &[Move], n: u32, ply: usize) -> Result<bool, OutOfBudget> {
        if moves.is_empty() {
            // A live position without a move: never seen; not counted as a win.
            return Ok(false);
        }
        let mut live = Vec::with_capacity(moves.len());
        for &m in moves {
            let child = position.play_unchecked(m);
            match child.outcome(&self.history) {
                Some(outcome) if self.is_ours(outcome) => {}
                Some(_) => {
                    self.set_killer(ply, m);
                    return Ok(false);
                }
                None => live.push((m, child)),
            }
        }
        // Captures first: they most often refute.
        let board = position.board();
        order(&mut live, self.killer(ply), |(m, _)| {
            u8::from(board.piece_at(m.to()).is_none())
        });
        for (m, child) in &live {
            if !self.search(child, n, ply + 1)? {
                self.set_killer(ply, *m);
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn killer(&self, ply: usize) -> Option<Move> {
        self.killers.get(ply).copied().flatten()
    }

    fn set_killer(&mut self, ply: usize, m: Move) {
        if let Some(slot) = self.killers.get_mut(ply) {
            *slot = Some(m);
        }
    }
}

/// Sorts `(move, child)` pairs: the killer first, then by `rank` (lower first), stably.
fn order<P, F: Fn(&(Move, P)) -> u8>(list: &mut [(Move, P)], killer: Option<Move>, rank: F) {
    list.sort_by_key(|pair| (Some(pair.0) != killer, rank(pair)));
}

/// The shortest forced win found in a position, and its winning first moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The winner's moves, from 1.
    pub moves: u32,
    /// Every first move that keeps a win within `moves`, canonical text, in generation order.
    pub winning: Vec<String>,
    /// How many legal moves the position has.
    pub legal: usize,
    /// Interior nodes the proof took.
    pub nodes: u64,
}

/// The shortest win within `max_moves` for the team to move in `position` (after `history`),
/// or `None` if there is none (or the game is over).
///
/// # Errors
/// The budget ran out before an answer.
pub fn solve<P: Position>(
    position: &P,
    history: &[u64],
    max_moves: u32,
    budget: u64,
) -> Result<Option<Solution>, OutOfBudget> {
    if position.outcome(history).is_some() {
        return Ok(None);
    }
    let mut prover = Prover::new(position, history, budget);
    let moves = position.legal_moves(history);
    for n in 1..=max_moves {
        if prover.wins(position, n)? {
            let mut winning = Vec::new();
            for &m in &moves {
                if prover.move_wins(position, m, n)? {
                    winning.push(m.text().to_string());
                }
            }
            return Ok(Some(Solution {
                moves: n,
                winning,
                legal: moves.len(),
                nodes: prover.nodes(),
            }));
        }
    }
    Ok(None)
}

/// [`solve`] on a game of any of the four kinds, from its current position and history.
///
/// # Errors
/// The budget ran out before an answer.
pub fn solve_game(game: &AnyGame, max_moves: u32, budget: u64) -> Result<Option<Solution>, OutOfBudget> {
    match game {
        AnyGame::Nowan(g) => solve(g.position(), g.history(), max_moves, budget),
        AnyGame::NotChess(g) => solve(g.position(), g.history(), max_moves, budget),
        AnyGame::Chatrang(g) => solve(g.position(), g.history(), max_moves, budget),
        AnyGame::Ancient(g) => solve(g.position(), g.history(), max_moves, budget),
    }
}

/// How thoroughly [`check`] re-proves a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    /// The position reads back and every listed move wins within N.
    Listed,
    /// Also: no win within N - 1.
    Minimal,
    /// Also: no unlisted move wins within N.
    Complete,
}

/// Re-proves a committed position with the rules crate alone.
///
/// # Errors
/// What does not hold, with the data line.
pub fn check(tactic: &Tactic, depth: Depth, budget: u64) -> Result<(), Box<dyn Error>> {
    let game = tactic.game()?;
    if game.fen() != tactic.fen {
        return Err(format!("line {}: the position reads back as {}", tactic.line, game.fen()).into());
    }
    let result = match &game {
        AnyGame::Nowan(g) => check_position(g.position(), tactic, depth, budget),
        AnyGame::NotChess(g) => check_position(g.position(), tactic, depth, budget),
        AnyGame::Chatrang(g) => check_position(g.position(), tactic, depth, budget),
        AnyGame::Ancient(g) => check_position(g.position(), tactic, depth, budget),
    };
    result.map_err(|e| format!("{} line {}: {e}", tactic.variant.id(), tactic.line).into())
}

fn check_position<P: Position>(position: &P, tactic: &Tactic, depth: Depth, budget: u64) -> Result<(), Box<dyn Error>> {
    let history: &[u64] = &[];
    if position.outcome(history).is_some() {
        return Err("the game is already over".into());
    }
    let n = tactic.moves;
    let mut prover = Prover::new(position, history, budget);
    for text in &tactic.winning {
        let parsed: MoveText = text.parse()?;
        let m = position
            .resolve(parsed, history)
            .map_err(|e| format!("{text} is not legal: {e}"))?;
        if !prover.move_wins(position, m, n)? {
            return Err(format!("{text} does not win within {n}").into());
        }
    }
    if depth == Depth::Listed {
        return Ok(());
    }
    if n > 1 && prover.wins(position, n - 1)? {
        return Err(format!("there is a win within {}", n - 1).into());
    }
    if depth == Depth::Minimal {
        return Ok(());
    }
    for m in position.legal_moves(history) {
        let text = m.text().to_string();
        if !tactic.is_winning(&text) && prover.move_wins(position, m, n)? {
            return Err(format!("{text} wins within {n} too but is not listed").into());
        }
    }
    Ok(())
}
