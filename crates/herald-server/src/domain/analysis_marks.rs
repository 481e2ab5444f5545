//! Computer analysis's judgement of moves: an engine score turned into winning chances for
//! one team, the mark a move earns by the chances its mover gave away, and each seat's
//! accuracy. Pure arithmetic, so the thresholds the help page states are tested here.

use herald_engine::Score;

/// Centipawn scores are clamped here before the curve: beyond ten pawns the curve is flat.
const CLAMP_CP: i32 = 1_000;
/// lichess's fitted slope (from its players' results): winning chances
/// `2 / (1 + e^(-k·cp)) − 1`. We reuse the curve because a drop in *chances* judges a move
/// fairly whether the game is level or lost already (100 centipawns matter at 0.0, not at
/// +9.0), which plain centipawn thresholds do not.
const SLOPE: f64 = 0.003_682_08;

/// Chances dropped (on the −1…1 scale) from which a move is an inaccuracy, a mistake, a blunder.
pub const INACCURACY: f64 = 0.1;
pub const MISTAKE: f64 = 0.2;
pub const BLUNDER: f64 = 0.3;

/// An evaluation from one fixed team's point of view (the team of the first seat).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum Eval {
    /// Hundredths of a pawn; positive: the first team stands better.
    Centipawns(i32),
    /// A forced end `n` plies away; positive: the first team wins, negative: it loses.
    Mate(i32),
}

impl Eval {
    /// The engine's `score` (for the side to move) seen by the first team; `mover_first`
    /// says whether the side to move belongs to the first team (in Chatrang: seats 0 and 2).
    #[must_use]
    pub fn from_score(score: Score, mover_first: bool) -> Eval {
        let sign = if mover_first { 1 } else { -1 };
        match score {
            Score::Centipawns(cp) => Eval::Centipawns(sign * cp),
            Score::Win { plies } => Eval::Mate(sign * i32::try_from(plies.max(1)).unwrap_or(i32::MAX)),
            Score::Loss { plies } => Eval::Mate(-sign * i32::try_from(plies.max(1)).unwrap_or(i32::MAX)),
        }
    }

    /// Winning chances for the first team, −1 (lost) to 1 (won).
    #[must_use]
    pub fn chances(self) -> f64 {
        match self {
            Eval::Mate(n) if n > 0 => 1.0,
            Eval::Mate(_) => -1.0,
            Eval::Centipawns(cp) => {
                let cp = f64::from(cp.clamp(-CLAMP_CP, CLAMP_CP));
                2.0 / (1.0 + (-SLOPE * cp).exp()) - 1.0
            }
        }
    }

    /// Chances for the given team (`first`: the first seat's team).
    #[must_use]
    pub fn chances_for(self, first: bool) -> f64 {
        if first { self.chances() } else { -self.chances() }
    }

    /// The `[%eval]` text of a PGN comment: pawns with two decimals, or `#n` / `#-n` in moves.
    #[must_use]
    pub fn pgn(self) -> String {
        match self {
            Eval::Centipawns(cp) => format!("{:.2}", f64::from(cp) / 100.0),
            Eval::Mate(n) => format!("#{}", if n > 0 { (n + 1) / 2 } else { -((-n + 1) / 2) }),
        }
    }
}

/// How bad a move was, by the chances its mover gave away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The mark for a drop of `lost` chances (−1…1 scale), if any.
    #[must_use]
    pub fn for_drop(lost: f64) -> Option<Mark> {
        if lost >= BLUNDER {
            Some(Mark::Blunder)
        } else if lost >= MISTAKE {
            Some(Mark::Mistake)
        } else if lost >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The PGN numeric annotation glyph: `$6` ?!, `$2` ?, `$4` ??.
    #[must_use]
    pub fn nag(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "$6",
            Mark::Mistake => "$2",
            Mark::Blunder => "$4",
        }
    }

    /// The move list's suffix.
    #[must_use]
    pub fn glyph(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The mark for a move by a mover of team `first`, between the evaluations before and after.
#[must_use]
pub fn mark(before: Eval, after: Eval, first: bool) -> Option<Mark> {
    Mark::for_drop(before.chances_for(first) - after.chances_for(first))
}

/// One move's accuracy, 0–100, from the mover's win percentage before and after
/// (`50 + 50·chances`): lichess's fit `103.1668·e^(−0.04354·drop) − 3.1669`, so a move that
/// keeps the chances scores 100 and one that throws away 10 points of win% scores about 64.
#[must_use]
pub fn move_accuracy(before: Eval, after: Eval, first: bool) -> f64 {
    let win = |e: Eval| 50.0 + 50.0 * e.chances_for(first);
    let drop = (win(before) - win(after)).max(0.0);
    (103.166_8 * (-0.043_54 * drop).exp() - 3.166_9).clamp(0.0, 100.0)
}

/// A seat's accuracy: the plain mean of its moves' accuracies (lichess also weighs by
/// volatility; a plain mean is simpler to state and to check by hand). `None` without moves.
#[must_use]
pub fn seat_accuracy(moves: &[f64]) -> Option<f64> {
    #[allow(clippy::cast_precision_loss)] // a game has far fewer than 2^52 moves
    (!moves.is_empty()).then(|| moves.iter().sum::<f64>() / moves.len() as f64)
}

/// One move of an analysed game: the evaluation after it (first team's view), what the
/// engine preferred in the position before it, the mark, and the move's accuracy.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct PlyAnalysis {
    /// 1 for the first move.
    pub ply: usize,
    /// The move played, as recorded.
    #[serde(rename = "move")]
    pub played: String,
    /// The seat that played it.
    pub seat: u8,
    /// Centipawns after the move, for the first team (seat 0's); absent for a forced end.
    pub cp: Option<i32>,
    /// A forced end in this many plies after the move: positive, the first team wins.
    pub mate: Option<i32>,
    /// The engine's move in the position before (absent when it had none).
    pub best: Option<String>,
    /// The engine's line from the position before, `best` first.
    pub line: Vec<String>,
    pub mark: Option<Mark>,
    /// The move's accuracy, 0 to 100.
    pub accuracy: f64,
}

impl PlyAnalysis {
    /// The evaluation after the move.
    #[must_use]
    pub fn eval(&self) -> Eval {
        match self.mate {
            Some(n) => Eval::Mate(n),
            None => Eval::Centipawns(self.cp.unwrap_or(0)),
        }
    }
}

/// A seat's accuracy over its moves.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct SeatAccuracy {
    pub seat: u8,
    pub accuracy: f64,
}

/// A finished game's computer analysis, as stored and served.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct GameAnalysis {
    /// Nodes searched per position.
    pub nodes: u64,
    pub plies: Vec<PlyAnalysis>,
    pub accuracy: Vec<SeatAccuracy>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-3
    }

    #[test]
    fn chances_follow_the_curve_with_worked_numbers() {
        assert!(close(Eval::Centipawns(0).chances(), 0.0));
        // 2/(1+e^-0.368208) − 1 = 2/1.69191 − 1 = 0.18210
        assert!(close(Eval::Centipawns(100).chances(), 0.18210));
        assert!(close(Eval::Centipawns(-100).chances(), -0.18210));
        assert!(close(
            Eval::Centipawns(5_000).chances(),
            Eval::Centipawns(1_000).chances()
        ));
        assert!(close(Eval::Mate(3).chances(), 1.0));
        assert!(close(Eval::Mate(-3).chances(), -1.0));
    }

    #[test]
    fn scores_turn_to_the_first_teams_view() {
        assert_eq!(Eval::from_score(Score::Centipawns(40), true), Eval::Centipawns(40));
        assert_eq!(Eval::from_score(Score::Centipawns(40), false), Eval::Centipawns(-40));
        assert_eq!(Eval::from_score(Score::Win { plies: 3 }, false), Eval::Mate(-3));
        assert_eq!(Eval::from_score(Score::Loss { plies: 2 }, false), Eval::Mate(2));
        assert_eq!(Eval::Mate(3).pgn(), "#2");
        assert_eq!(Eval::Mate(-1).pgn(), "#-1");
        assert_eq!(Eval::Centipawns(-35).pgn(), "-0.35");
    }

    #[test]
    fn marks_by_the_movers_lost_chances() {
        // 0 → −50 cp: chances 0 → −0.0918, under 0.1: no mark.
        assert_eq!(mark(Eval::Centipawns(0), Eval::Centipawns(-50), true), None);
        // 0 → −60 cp: 0 → −0.1100: inaccuracy.
        assert_eq!(
            mark(Eval::Centipawns(0), Eval::Centipawns(-60), true),
            Some(Mark::Inaccuracy)
        );
        // +100 → −100: 0.1821 → −0.1821, a drop of 0.364: blunder.
        assert_eq!(
            mark(Eval::Centipawns(100), Eval::Centipawns(-100), true),
            Some(Mark::Blunder)
        );
        // The same evaluations are a gain for the second team: no mark.
        assert_eq!(mark(Eval::Centipawns(100), Eval::Centipawns(-100), false), None);
        // +9 pawns → +7 pawns barely changes the chances: no mark where centipawns would cry.
        assert_eq!(mark(Eval::Centipawns(900), Eval::Centipawns(700), true), None);
        assert_eq!(Mark::for_drop(0.25), Some(Mark::Mistake));
        assert_eq!(Mark::Blunder.nag(), "$4");
    }

    #[test]
    fn accuracy_with_worked_numbers() {
        // No drop: 103.1668 − 3.1669 ≈ 100.
        assert!(close(
            move_accuracy(Eval::Centipawns(0), Eval::Centipawns(0), true),
            99.9999
        ));
        // A better position after the move is no drop.
        assert!(close(
            move_accuracy(Eval::Centipawns(0), Eval::Centipawns(200), true),
            99.9999
        ));
        // 0 → −100: win% 50 → 40.895, drop 9.105; 103.1668·e^(−0.39643) − 3.1669 = 66.23.
        let a = move_accuracy(Eval::Centipawns(0), Eval::Centipawns(-100), true);
        assert!((a - 66.23).abs() < 0.05, "{a}");
        // Throwing away a won game: 0.
        assert!(close(move_accuracy(Eval::Mate(5), Eval::Mate(-5), true), 0.0));
        assert_eq!(seat_accuracy(&[100.0, 50.0, 60.0]), Some(70.0));
        assert_eq!(seat_accuracy(&[]), None);
    }
}
