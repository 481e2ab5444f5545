//! An independent, deliberately naive Nowan generator written straight from the
//! spec's words (`nowan-chess.md`), sharing no code with the engine: its own
//! position-string reader and writer, a 9x9 array of letters, attacks found by
//! generating the attacker's moves (section 10), and brute-force end checks.
//! The engine must agree with it on perft, on the move set of every position of
//! random playouts, on position strings and on outcomes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{EndReason, Game, Nowan, Options, Outcome, Player, Position};

const BLACK: usize = 0;
const RED: usize = 1;

#[derive(Clone, Debug)]
struct Naive {
    /// `board[rank][file]`, 0-based from Black's side; 0 = empty, else the letter.
    board: [[u8; 9]; 9],
    to_move: usize,
    rights: [bool; 2],
    number: u32,
    /// Set by the move that reached this position (section 9 steps 1-2).
    ended: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct NMove {
    from: (i32, i32),
    to: (i32, i32),
    sacrifice: bool,
}

fn side_of(letter: u8) -> usize {
    if letter.is_ascii_uppercase() { BLACK } else { RED }
}

fn square_text(s: (i32, i32)) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

impl NMove {
    fn text(&self) -> String {
        format!("{}{}", square_text(self.from), square_text(self.to))
    }
}

impl Naive {
    fn parse(fen: &str) -> Naive {
        let fields: Vec<&str> = fen.split(' ').collect();
        assert_eq!(fields.len(), 4);
        let mut board = [[0u8; 9]; 9];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = 8 - row;
            let mut file = 0;
            for c in text.bytes() {
                if c.is_ascii_digit() {
                    file += (c - b'0') as usize;
                } else {
                    board[rank][file] = c;
                    file += 1;
                }
            }
            assert_eq!(file, 9);
        }
        Naive {
            board,
            to_move: if fields[1] == "b" { BLACK } else { RED },
            rights: [fields[2].contains('K'), fields[2].contains('k')],
            number: fields[3].parse().unwrap(),
            ended: None,
        }
    }

    fn fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..9).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..9 {
                let c = self.board[rank][file];
                if c == 0 {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c as char);
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        let rights = match self.rights {
            [true, true] => "Kk",
            [true, false] => "K",
            [false, true] => "k",
            [false, false] => "-",
        };
        let side = if self.to_move == BLACK { "b" } else { "r" };
        format!("{} {side} {rights} {}", rows.join("/"), self.number)
    }

    fn get(&self, s: (i32, i32)) -> Option<u8> {
        if (0..9).contains(&s.0) && (0..9).contains(&s.1) {
            Some(self.board[s.1 as usize][s.0 as usize])
        } else {
            None
        }
    }

    /// On the board and empty or holding an enemy of `side`.
    fn can_land(&self, side: usize, s: (i32, i32)) -> bool {
        match self.get(s) {
            None => false,
            Some(0) => true,
            Some(c) => side_of(c) != side,
        }
    }

    fn home_zone(side: usize, rank: i32) -> bool {
        if side == BLACK { rank <= 2 } else { rank >= 6 }
    }

    fn enemy_zone(side: usize, rank: i32) -> bool {
        Self::home_zone(1 - side, rank)
    }

    /// Every move by the piece rules of section 5 and 6 (no sacrifice).
    fn piece_moves(&self, side: usize) -> Vec<NMove> {
        let mut out = Vec::new();
        let forward = if side == BLACK { 1 } else { -1 };
        for rank in 0..9 {
            for file in 0..9 {
                let c = self.board[rank as usize][file as usize];
                if c == 0 || side_of(c) != side {
                    continue;
                }
                let from = (file, rank);
                let mut add = |to: (i32, i32)| {
                    out.push(NMove {
                        from,
                        to,
                        sacrifice: false,
                    })
                };
                match c.to_ascii_uppercase() {
                    b'K' => {
                        for df in -1..=1 {
                            for dr in -1..=1 {
                                let to = (file + df, rank + dr);
                                if (df, dr) != (0, 0) && self.can_land(side, to) {
                                    add(to);
                                }
                            }
                        }
                    }
                    b'G' => {
                        for df in -1..=1 {
                            for dr in -1..=1 {
                                if (df, dr) == (0, 0) {
                                    continue;
                                }
                                let middle = (file + df, rank + dr);
                                let to = (file + 2 * df, rank + 2 * dr);
                                if self.get(middle) == Some(0) && self.can_land(side, to) {
                                    add(to);
                                }
                            }
                        }
                    }
                    b'A' => {
                        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            for k in 1..9 {
                                let to = (file + k * df, rank + k * dr);
                                if self.can_land(side, to) {
                                    add(to);
                                }
                            }
                        }
                    }
                    b'H' => {
                        for (df, dr) in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)] {
                            let to = (file + df, rank + dr);
                            if self.can_land(side, to) {
                                add(to);
                            }
                        }
                    }
                    b'E' => {
                        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                            let mut to = (file + df, rank + dr);
                            while self.get(to) == Some(0) {
                                add(to);
                                to = (to.0 + df, to.1 + dr);
                            }
                            if self.can_land(side, to) {
                                add(to);
                            }
                        }
                    }
                    b'W' | b'S' => {
                        let mut steps = vec![(0, forward)];
                        if c.eq_ignore_ascii_case(&b'S') {
                            steps.extend([(0, -forward), (-1, forward), (1, forward)]);
                        }
                        if Self::enemy_zone(side, rank) {
                            steps.extend([(-1, 0), (1, 0)]);
                        }
                        for (df, dr) in steps {
                            let to = (file + df, rank + dr);
                            if self.can_land(side, to) {
                                add(to);
                            }
                        }
                    }
                    other => panic!("unknown letter {other}"),
                }
            }
        }
        out
    }

    fn king(&self, side: usize) -> Option<(i32, i32)> {
        let letter = if side == BLACK { b'K' } else { b'k' };
        for rank in 0..9 {
            for file in 0..9 {
                if self.board[rank][file] == letter {
                    return Some((file as i32, rank as i32));
                }
            }
        }
        None
    }

    /// Section 8 / section 10: some move of `by` lands on `s`.
    fn attacked(&self, s: (i32, i32), by: usize) -> bool {
        self.piece_moves(by).iter().any(|m| m.to == s)
    }

    fn in_check(&self, side: usize) -> bool {
        self.king(side).is_some_and(|k| self.attacked(k, 1 - side))
    }

    /// Piece moves plus the sacrifices of section 7.
    fn all_moves(&self) -> Vec<NMove> {
        let side = self.to_move;
        let mut moves = self.piece_moves(side);
        let king = self.king(side).unwrap();
        if self.rights[side] && !self.in_check(side) && Self::home_zone(side, king.1) {
            for rank in 0..9 {
                for file in 0..9 {
                    let c = self.board[rank as usize][file as usize];
                    if c != 0 && side_of(c) == side && !c.eq_ignore_ascii_case(&b'K') && Self::home_zone(side, rank) {
                        moves.push(NMove {
                            from: king,
                            to: (file, rank),
                            sacrifice: true,
                        });
                    }
                }
            }
        }
        moves
    }

    fn pieces(&self) -> usize {
        self.board.iter().flatten().filter(|&&c| c != 0).count()
    }

    /// The board after a move, without any end test.
    fn apply(&self, m: NMove) -> Naive {
        let mut next = self.clone();
        let side = self.to_move;
        let piece = next.board[m.from.1 as usize][m.from.0 as usize];
        next.board[m.from.1 as usize][m.from.0 as usize] = 0;
        next.board[m.to.1 as usize][m.to.0 as usize] = piece;
        if m.sacrifice {
            next.rights[side] = false;
        }
        next.to_move = 1 - side;
        if side == RED {
            next.number += 1;
        }
        next
    }

    /// Plays a move and applies section 9 steps 1 and 2.
    fn play(&self, m: NMove) -> Naive {
        let captured = self.get(m.to).unwrap();
        let mut next = self.apply(m);
        let enemy_king = if self.to_move == BLACK { b'k' } else { b'K' };
        if !m.sacrifice && captured == enemy_king {
            next.ended = Some(format!("win {} king captured", self.to_move));
        } else if next.pieces() == 2 {
            next.ended = Some("draw only kings".to_string());
        }
        next
    }

    /// Section 9 step 3, by brute force.
    fn outcome(&self) -> Option<String> {
        if let Some(ended) = &self.ended {
            return Some(ended.clone());
        }
        let p = self.to_move;
        let o = 1 - p;
        let enemy_king = if p == BLACK { b'k' } else { b'K' };
        let safe = self.all_moves().into_iter().any(|m| {
            let after = self.apply(m);
            (!m.sacrifice && self.get(m.to) == Some(enemy_king)) || after.pieces() == 2 || !after.in_check(p)
        });
        if safe {
            None
        } else if self.in_check(p) {
            Some(format!("win {o} checkmate"))
        } else {
            Some(format!("win {o} stalemate"))
        }
    }

    fn legal(&self) -> Vec<NMove> {
        if self.outcome().is_some() {
            Vec::new()
        } else {
            self.all_moves()
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal().into_iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

fn engine_outcome(outcome: Option<Outcome>) -> Option<String> {
    outcome.map(|o| match o {
        Outcome::Draw { reason } => {
            assert_eq!(reason, EndReason::OnlyKingsLeft);
            "draw only kings".to_string()
        }
        Outcome::Win { team, reason } => {
            let why = match reason {
                EndReason::KingCaptured => "king captured",
                EndReason::Checkmate => "checkmate",
                EndReason::Stalemate => "stalemate",
                other => panic!("unexpected reason {other:?}"),
            };
            format!("win {team} {why}")
        }
    })
}

fn engine_perft(fen: &str, depth: u32) -> u64 {
    let position = Nowan::from_fen(fen, Options::NONE).unwrap();
    herald_rules::perft::perft(&position, depth, &mut Vec::new())
}

/// Positions pinned in `tests/data/nowan.perft`, with the depth checked here.
pub const POSITIONS: [(&str, u32); 12] = [
    ("ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1", 3),
    (
        "e1agkga1e/w1ww1w1ww/1sh2wh2/1w1s3w1/5A3/2WS1W3/2H5S/WW1W1WWW1/E1AGKG1HE r Kk 9",
        2,
    ),
    ("4k4/2w1w1w2/1s1g1g1s1/9/4A4/9/1S1G1G1S1/2W1W1W2/4K4 b Kk 1", 3),
    ("4k4/W1S4Ww/3W5/9/4E4/9/2s3w2/w7S/4K4 b Kk 20", 3),
    ("3gk4/3w5/9/9/9/9/9/9/a3K3E b K 30", 3),
    ("9/9/9/9/9/9/2h6/2k6/K8 b - 40", 2),
    ("4k4/9/9/3w5/3K5/9/9/9/9 b - 50", 3),
    ("4k3e/9/9/9/9/9/3W5/3GSH3/3EKA3 b Kk 12", 3),
    ("e3k4/9/9/9/9/9/9/1W1W5/4K4 r Kk 7", 3),
    ("e7k/1e7/9/9/9/9/9/7W1/K8 r - 10", 4),
    ("4k4/9/9/9/4s4/4K4/9/9/9 b - 60", 4),
    ("4k4/4w4/9/9/9/9/9/4W4/4K4 b Kk 5", 4),
];

#[test]
fn naive_perft_matches_engine_on_pinned_positions() {
    for (fen, depth) in POSITIONS {
        let naive = Naive::parse(fen);
        assert_eq!(naive.fen(), fen, "naive writer round trip");
        for d in 1..=depth {
            assert_eq!(naive.perft(d), engine_perft(fen, d), "{fen} depth {d}");
        }
    }
}

/// Deeper agreement; run with `cargo test --release -p herald-rules --test nowan_naive -- --ignored`.
#[test]
#[ignore = "slow: naive perft one ply deeper"]
fn naive_perft_matches_engine_deeper() {
    for (fen, depth) in POSITIONS {
        let naive = Naive::parse(fen);
        let d = depth + 1;
        let nodes = naive.perft(d);
        assert_eq!(nodes, engine_perft(fen, d), "{fen} depth {d}");
        println!("{fen}: perft {d} = {nodes}");
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn sorted_texts(moves: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut texts: Vec<String> = moves.into_iter().collect();
    texts.sort();
    texts
}

/// Plays random games from each pinned position, comparing the engine and the
/// naive generator at every position: move set, string, check flags, outcome.
fn playouts(games: u32, plies: u32, seed: u64) -> (u64, std::collections::BTreeMap<String, u32>) {
    let mut rng = Rng(seed);
    let mut compared = 0;
    let mut endings = std::collections::BTreeMap::new();
    for game_index in 0..games {
        let (fen, _) = POSITIONS[game_index as usize % POSITIONS.len()];
        let mut game = Game::new(Nowan::from_fen(fen, Options::NONE).unwrap());
        let mut naive = Naive::parse(fen);
        for _ in 0..plies {
            let position = game.position();
            assert_eq!(position.fen(), naive.fen());
            assert_eq!(engine_outcome(game.outcome()), naive.outcome(), "{}", naive.fen());
            for side in 0..2 {
                assert_eq!(
                    position.in_check(Player::new(side as u8)),
                    naive.in_check(side),
                    "{}",
                    naive.fen()
                );
                assert_eq!(position.sacrifice_rights(Player::new(side as u8)), naive.rights[side]);
            }
            let engine_moves = sorted_texts(game.legal_moves().iter().map(|m| m.to_string()));
            let naive_moves = naive.legal();
            assert_eq!(
                engine_moves,
                sorted_texts(naive_moves.iter().map(NMove::text)),
                "{}",
                naive.fen()
            );
            compared += 1;
            if naive_moves.is_empty() {
                *endings.entry(naive.outcome().unwrap_or_default()).or_insert(0) += 1;
                break;
            }
            let choice = naive_moves[(rng.next() % naive_moves.len() as u64) as usize];
            game.play_text(&choice.text()).unwrap();
            naive = naive.play(choice);
        }
    }
    (compared, endings)
}

#[test]
fn random_playouts_agree_with_naive_generator() {
    let (compared, endings) = playouts(60, 150, 0x9E37_79B9_7F4A_7C15);
    assert!(compared > 3000, "only {compared} positions compared");
    assert!(endings.len() >= 3, "too few kinds of ending reached: {endings:?}");
}

/// Many more playouts; run with `--ignored` in a release build.
#[test]
#[ignore = "slow: thousands of playouts"]
fn many_random_playouts_agree_with_naive_generator() {
    let (compared, endings) = playouts(3000, 300, 0x0123_4567_89AB_CDEF);
    println!("compared {compared} positions; endings {endings:?}");
}

/// The start position at depth 5 (140,087,220): minutes in a release build.
#[test]
#[ignore = "very slow: naive perft 5 from the start"]
fn naive_perft_start_depth_5() {
    let (fen, _) = POSITIONS[0];
    assert_eq!(Naive::parse(fen).perft(5), 140_087_220);
}
