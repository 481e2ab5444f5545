//! Tuning matches: one set of evaluation terms against another, same search, same node
//! budget per move, from seeded random openings each played with both colours.
//!
//! `eval_duel <game> <pairs> <nodes> <terms A> <terms B> [opening plies] [seed]`; terms are
//! bit sets (1 material, 2 placement, 4 mobility, 8 king safety, 16 rules; 31 all), e.g.
//! `eval_duel nowan 20 20000 31 1` pits the full evaluation against material alone.

use std::error::Error;

use herald_engine::eval::Terms;
use herald_engine::{Engine, Evaluate, Limits, Settings};
use herald_rules::{
    Ancient, Board, Chatrang, History, IllegalMove, Move, MoveText, NotChess, Nowan, Options, Outcome, Player,
    Position, PositionError, Team, Variant, WithdrawError,
};

/// A position that evaluates with only some terms; everything else is the game's own.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Only<P> {
    position: P,
    terms: Terms,
}

impl<P: Evaluate> Position for Only<P> {
    const VARIANT: Variant = P::VARIANT;

    fn start(options: Options) -> Self {
        Only {
            position: P::start(options),
            terms: Terms::ALL,
        }
    }

    fn from_fen(fen: &str, options: Options) -> Result<Self, PositionError> {
        Ok(Only {
            position: P::from_fen(fen, options)?,
            terms: Terms::ALL,
        })
    }

    fn fen(&self) -> String {
        self.position.fen()
    }

    fn options(&self) -> Options {
        self.position.options()
    }

    fn board(&self) -> &Board {
        self.position.board()
    }

    fn turn(&self) -> Player {
        self.position.turn()
    }

    fn team_of(player: Player) -> Team {
        P::team_of(player)
    }

    fn in_check(&self, player: Player) -> bool {
        self.position.in_check(player)
    }

    fn key(&self) -> u64 {
        self.position.key()
    }

    fn search_key(&self) -> u64 {
        self.position.search_key()
    }

    fn legal_moves_into(&self, history: &History, moves: &mut Vec<Move>) {
        self.position.legal_moves_into(history, moves);
    }

    fn count_legal(&self, history: &History, scratch: &mut Vec<Move>) -> u64 {
        self.position.count_legal(history, scratch)
    }

    fn play_unchecked(&self, m: Move) -> Self {
        Only {
            position: self.position.play_unchecked(m),
            terms: self.terms,
        }
    }

    fn outcome(&self, history: &History) -> Option<Outcome> {
        self.position.outcome(history)
    }

    fn explain_illegal(&self, text: MoveText, history: &History) -> IllegalMove {
        self.position.explain_illegal(text, history)
    }

    fn withdraw(&self, player: Player) -> Result<Self, WithdrawError> {
        Ok(Only {
            position: self.position.withdraw(player)?,
            terms: self.terms,
        })
    }
}

impl<P: Evaluate> Evaluate for Only<P> {
    /// The engine asks for every term; this side answers with its own set.
    fn evaluate_terms(&self, _: Terms) -> i32 {
        self.position.evaluate_terms(self.terms)
    }

    fn piece_value(kind: u8) -> i32 {
        P::piece_value(kind)
    }
}

/// A small seeded generator for the openings.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// Longest game before it is scored a draw (Nowan has no move limit of its own).
const MAX_PLIES: usize = 300;

/// Plays one game from `opening` with `a_team` using terms A; A's points (1, ½, 0).
fn play<P: Evaluate>(opening: &P, history: &[u64], nodes: u64, terms: [Terms; 2], a_team: Team) -> (f64, usize) {
    let mut engines = [Engine::new(16), Engine::new(16)];
    let mut position = opening.clone();
    let mut history = history.to_vec();
    let settings = Settings::limits(Limits::nodes(nodes));
    for ply in 0..MAX_PLIES {
        if let Some(outcome) = position.outcome(&history) {
            let points = match outcome.winner() {
                None => 0.5,
                Some(team) if team == a_team => 1.0,
                Some(_) => 0.0,
            };
            return (points, ply);
        }
        let side = usize::from(P::team_of(position.turn()) != a_team);
        let wrapped = Only {
            position: position.clone(),
            terms: terms[side],
        };
        let Some(found) = engines[side].think_position(&wrapped, &history, &settings, &mut |_| {}) else {
            return (0.5, ply);
        };
        history.push(position.key());
        position = position.play_unchecked(found.best);
    }
    (0.5, MAX_PLIES)
}

fn duel<P: Evaluate>(options: Options, pairs: usize, nodes: u64, terms: [Terms; 2], opening_plies: usize, seed: u64) {
    let mut rng = Rng(seed | 1);
    let (mut score, mut games, mut plies) = (0.0, 0usize, 0usize);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for _ in 0..pairs {
        let mut opening = P::start(options);
        let mut history = Vec::new();
        for _ in 0..opening_plies {
            let moves = opening.legal_moves(&history);
            if moves.is_empty() {
                break;
            }
            history.push(opening.key());
            opening = opening.play_unchecked(moves[rng.below(moves.len())]);
        }
        for a_team in [Team::FIRST, Team::SECOND] {
            let (points, length) = play(&opening, &history, nodes, terms, a_team);
            score += points;
            games += 1;
            plies += length;
            match points {
                p if p > 0.75 => wins += 1,
                p if p < 0.25 => losses += 1,
                _ => draws += 1,
            }
        }
    }
    let share = score / games.max(1) as f64;
    let elo = if share > 0.0 && share < 1.0 {
        -400.0 * (1.0 / share - 1.0).log10()
    } else {
        f64::NAN
    };
    println!(
        "{} A={} B={} nodes={nodes} games={games}: A +{wins} ={draws} -{losses}, {:.1}% (Elo {elo:+.0}), {:.0} plies a game",
        P::VARIANT.spec().id,
        terms[0].bits(),
        terms[1].bits(),
        100.0 * share,
        plies as f64 / games.max(1) as f64
    );
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_owned());
    let variant: Variant = arg(0, "nowan").parse()?;
    let pairs: usize = arg(1, "10").parse()?;
    let nodes: u64 = arg(2, "20000").parse()?;
    let terms = [
        Terms::from_bits(arg(3, "31").parse()?),
        Terms::from_bits(arg(4, "1").parse()?),
    ];
    let opening_plies: usize = arg(5, "4").parse()?;
    let seed: u64 = arg(6, "2026").parse()?;
    match variant {
        Variant::Nowan => duel::<Nowan>(Options::NONE, pairs, nodes, terms, opening_plies, seed),
        Variant::NotChess => duel::<NotChess>(Options::NONE, pairs, nodes, terms, opening_plies, seed),
        Variant::Chatrang => duel::<Chatrang>(Options::NONE, pairs, nodes, terms, opening_plies * 2, seed),
        Variant::Ancient => duel::<Ancient>(Options::NONE, pairs, nodes, terms, opening_plies, seed),
    }
    Ok(())
}
