//! A deliberately naive second Ancient chess implementation, written straight from
//! the words of `shared/rules/ancient-chess.md`, sharing no code with the engine:
//! its own position-string reader and writer, a board of letters, moves as text,
//! check found by generating every enemy move, and repetition by comparing
//! position strings over the whole history. The tests assert that it and the
//! engine agree on perft and on the legal move sets, position strings and
//! outcomes along random playouts (including deliberate back-and-forth shuffles
//! that run into the repetition rule).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{Ancient, EndReason, Game, GameOption, Options, Outcome, Position, Team, perft};

#[derive(Clone, Copy, Debug)]
struct Rules {
    ferz_forward: bool,
    jumping: bool,
    promotion: bool,
}

impl Rules {
    fn of(options: Options) -> Rules {
        Rules {
            ferz_forward: options.contains(GameOption::FerzForward),
            jumping: options.contains(GameOption::Jumping),
            promotion: options.contains(GameOption::Promotion),
        }
    }
}

/// `b[rank][file]`, `b'.'` for empty, uppercase White, lowercase Black.
#[derive(Clone, Debug, PartialEq)]
struct Naive {
    b: [[u8; 8]; 8],
    side: usize,
    unmoved: [bool; 2],
    fullmove: u32,
    /// The last move left the side to move with nothing but its General.
    over_bare: bool,
}

fn side_of(c: u8) -> Option<usize> {
    if c == b'.' {
        None
    } else if c.is_ascii_uppercase() {
        Some(0)
    } else {
        Some(1)
    }
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn own_half(side: usize, r: i32) -> bool {
    if side == 0 { r <= 3 } else { r >= 4 }
}

fn forward(side: usize) -> i32 {
    if side == 0 { 1 } else { -1 }
}

fn square_name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

type Offset = (i32, i32);

/// Section 4.1 table: destination and the intermediate squares.
const ELEPHANT: [(Offset, &[Offset]); 8] = [
    ((2, 2), &[(1, 1)]),
    ((2, -2), &[(1, -1)]),
    ((-2, 2), &[(-1, 1)]),
    ((-2, -2), &[(-1, -1)]),
    ((0, 2), &[(0, 1), (-1, 1), (1, 1)]),
    ((0, -2), &[(0, -1), (-1, -1), (1, -1)]),
    ((2, 0), &[(1, 0), (1, 1), (1, -1)]),
    ((-2, 0), &[(-1, 0), (-1, 1), (-1, -1)]),
];

/// Section 4.2 table.
const HORSE: [(Offset, [Offset; 2]); 8] = [
    ((1, 2), [(0, 1), (1, 1)]),
    ((-1, 2), [(0, 1), (-1, 1)]),
    ((1, -2), [(0, -1), (1, -1)]),
    ((-1, -2), [(0, -1), (-1, -1)]),
    ((2, 1), [(1, 0), (1, 1)]),
    ((2, -1), [(1, 0), (1, -1)]),
    ((-2, 1), [(-1, 0), (-1, 1)]),
    ((-2, -1), [(-1, 0), (-1, -1)]),
];

impl Naive {
    fn parse(fen: &str) -> Naive {
        let fields: Vec<&str> = fen.split(' ').collect();
        assert_eq!(fields.len(), 4, "{fen}");
        let mut b = [[b'.'; 8]; 8];
        for (row, text) in fields[0].split('/').enumerate() {
            let r = 7 - row;
            let mut f = 0;
            for c in text.bytes() {
                if c.is_ascii_digit() {
                    f += usize::from(c - b'0');
                } else {
                    b[r][f] = c;
                    f += 1;
                }
            }
            assert_eq!(f, 8, "{fen}");
        }
        Naive {
            b,
            side: if fields[1] == "w" { 0 } else { 1 },
            unmoved: [fields[2].contains('G'), fields[2].contains('g')],
            fullmove: fields[3].parse().unwrap(),
            over_bare: false,
        }
    }

    fn key(&self) -> String {
        let mut out = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                let c = self.b[r][f];
                if c == b'.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c as char);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if r > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side == 0 { " w " } else { " b " });
        out.push_str(match self.unmoved {
            [true, true] => "Gg",
            [true, false] => "G",
            [false, true] => "g",
            [false, false] => "-",
        });
        out
    }

    fn fen(&self) -> String {
        format!("{} {}", self.key(), self.fullmove)
    }

    fn get(&self, f: i32, r: i32) -> Option<u8> {
        on_board(f, r).then(|| self.b[r as usize][f as usize])
    }

    fn empty(&self, f: i32, r: i32) -> bool {
        self.get(f, r) == Some(b'.')
    }

    /// Destinations of the man on (f, r) by its movement rule (section 4), not
    /// counting the General's one-time Horse move: on the board, empty or enemy.
    fn targets(&self, f: i32, r: i32, rules: Rules) -> Vec<(i32, i32)> {
        let c = self.b[r as usize][f as usize];
        let side = side_of(c).unwrap();
        let ok = |x: i32, y: i32| match self.get(x, y) {
            None => false,
            Some(t) => side_of(t) != Some(side),
        };
        let mut out = Vec::new();
        match c.to_ascii_uppercase() {
            b'G' => {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    if ok(f + dx, r + dy) && own_half(side, r + dy) {
                        out.push((f + dx, r + dy));
                    }
                }
            }
            b'F' => {
                let straight = if rules.ferz_forward {
                    forward(side)
                } else {
                    -forward(side)
                };
                for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, straight)] {
                    if ok(f + dx, r + dy) {
                        out.push((f + dx, r + dy));
                    }
                }
            }
            b'E' => {
                for ((dx, dy), via) in ELEPHANT {
                    let open = rules.jumping || via.iter().any(|(vx, vy)| self.empty(f + vx, r + vy));
                    if ok(f + dx, r + dy) && open {
                        out.push((f + dx, r + dy));
                    }
                }
            }
            b'H' => {
                for ((dx, dy), via) in HORSE {
                    let open = rules.jumping || via.iter().any(|(vx, vy)| self.empty(f + vx, r + vy));
                    if ok(f + dx, r + dy) && open {
                        out.push((f + dx, r + dy));
                    }
                }
            }
            b'C' => {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (mut x, mut y) = (f + dx, r + dy);
                    while self.empty(x, y) {
                        out.push((x, y));
                        x += dx;
                        y += dy;
                    }
                    if ok(x, y) {
                        out.push((x, y));
                    }
                }
            }
            b'P' => {
                if ok(f, r + forward(side)) {
                    out.push((f, r + forward(side)));
                }
                let crossed = !own_half(side, r);
                if crossed {
                    for dx in [1, -1] {
                        if ok(f + dx, r) {
                            out.push((f + dx, r));
                        }
                    }
                }
            }
            _ => panic!("unknown piece {c}"),
        }
        out
    }

    fn general(&self, side: usize) -> (i32, i32) {
        let letter = if side == 0 { b'G' } else { b'g' };
        for r in 0..8 {
            for f in 0..8 {
                if self.b[r][f] == letter {
                    return (f as i32, r as i32);
                }
            }
        }
        panic!("no General")
    }

    /// Section 6: could an enemy man capture `side`'s General by its movement rule?
    fn attacked(&self, side: usize, rules: Rules) -> bool {
        let g = self.general(side);
        for r in 0..8 {
            for f in 0..8 {
                if side_of(self.b[r as usize][f as usize]) == Some(1 - side) && self.targets(f, r, rules).contains(&g) {
                    return true;
                }
            }
        }
        false
    }

    /// Section 10's facing test.
    fn facing(&self) -> bool {
        let (wx, wy) = self.general(0);
        let (bx, by) = self.general(1);
        let (dx, dy) = (bx - wx, by - wy);
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return false;
        }
        let n = dx.abs().max(dy.abs());
        (1..n).all(|i| self.empty(wx + dx.signum() * i, wy + dy.signum() * i))
    }

    fn men(&self, side: usize) -> usize {
        self.b
            .iter()
            .flatten()
            .filter(|&&c| side_of(c) == Some(side) && !c.eq_ignore_ascii_case(&b'G'))
            .count()
    }

    fn count(&self, side: usize, upper: u8) -> usize {
        self.b
            .iter()
            .flatten()
            .filter(|&&c| side_of(c) == Some(side) && c.to_ascii_uppercase() == upper)
            .count()
    }

    fn child(&self, from: (i32, i32), to: (i32, i32), put: u8) -> Naive {
        let mut next = self.clone();
        let c = self.b[from.1 as usize][from.0 as usize];
        next.b[from.1 as usize][from.0 as usize] = b'.';
        next.b[to.1 as usize][to.0 as usize] = put;
        if c.eq_ignore_ascii_case(&b'G') {
            next.unmoved[self.side] = false;
        }
        if self.side == 1 {
            next.fullmove += 1;
        }
        next.side = 1 - self.side;
        next.over_bare = next.men(next.side) == 0;
        next
    }

    /// The pseudo-legal moves (text, resulting position).
    fn candidates(&self, rules: Rules) -> Vec<(String, Naive)> {
        let side = self.side;
        let in_check = self.attacked(side, rules);
        let mut out = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                let c = self.b[r as usize][f as usize];
                if side_of(c) != Some(side) {
                    continue;
                }
                let mut dests = self.targets(f, r, rules);
                let upper = c.to_ascii_uppercase();
                if upper == b'G' && self.unmoved[side] && !in_check {
                    for ((dx, dy), via) in HORSE {
                        let (x, y) = (f + dx, r + dy);
                        let open = rules.jumping || via.iter().any(|(vx, vy)| self.empty(f + vx, r + vy));
                        if self.empty(x, y) && own_half(side, y) && open {
                            dests.push((x, y));
                        }
                    }
                }
                for (x, y) in dests {
                    let text = format!("{}{}", square_name(f, r), square_name(x, y));
                    let last = if side == 0 { 7 } else { 0 };
                    if upper == b'P' && rules.promotion && y == last {
                        for (letter, start) in [(b'F', usize::MAX), (b'C', 2), (b'H', 2), (b'E', 2)] {
                            if self.count(side, letter) < start {
                                let put = if side == 0 { letter } else { letter.to_ascii_lowercase() };
                                let t = format!("{text}{}", letter.to_ascii_lowercase() as char);
                                out.push((t, self.child((f, r), (x, y), put)));
                            }
                        }
                    } else {
                        out.push((text, self.child((f, r), (x, y), c)));
                    }
                }
            }
        }
        out
    }

    /// Section 5; `history` holds the keys of the positions before this one.
    fn legal(&self, history: &[String], rules: Rules, repetition: bool) -> Vec<(String, Naive)> {
        if self.over_bare {
            return Vec::new();
        }
        let mut out: Vec<(String, Naive)> = self
            .candidates(rules)
            .into_iter()
            .filter(|(_, next)| !next.attacked(self.side, rules) && !next.facing())
            .filter(|(_, next)| {
                if !repetition {
                    return true;
                }
                let key = next.key();
                let seen = history.iter().filter(|k| **k == key).count() + usize::from(self.key() == key);
                seen < 2
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    fn outcome(&self, history: &[String], rules: Rules) -> Option<Outcome> {
        let winner = 1 - self.side as u8;
        if self.over_bare {
            return Some(Outcome::Win {
                team: Team::new(winner),
                reason: EndReason::BareGeneral,
            });
        }
        if !self.legal(history, rules, true).is_empty() {
            return None;
        }
        let reason = if !self.legal(history, rules, false).is_empty() {
            EndReason::RepetitionBlocked
        } else if self.attacked(self.side, rules) {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        };
        Some(Outcome::Win {
            team: Team::new(winner),
            reason,
        })
    }
}

fn naive_perft(p: &Naive, depth: u32, history: &mut Vec<String>, rules: Rules) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.legal(history, rules, true);
    if depth == 1 {
        return moves.len() as u64;
    }
    history.push(p.key());
    let total = moves
        .iter()
        .map(|(_, next)| naive_perft(next, depth - 1, history, rules))
        .sum();
    history.pop();
    total
}

fn options_from_bits(bits: u8) -> Options {
    let mut options = Options::NONE;
    for (i, option) in GameOption::ALL.into_iter().enumerate() {
        if bits & (1 << i) != 0 {
            options = options.with(option);
        }
    }
    options
}

/// Positions near every special rule, plus mid-game positions.
pub const POSITIONS: [&str; 14] = [
    "chefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1",
    "ch2ee1c/2g1f3/1pppp1ph/p2P1P1p/1P6/P1P2PPP/1CF1H2C/1HEG1E2 b - 12",
    "1h3ehc/c2gf3/p3pp1p/1pp2Pp1/P1PpPG2/1P4PP/4F2H/CHEC3E b - 16",
    "1fe2e1c/2g2c2/p4h1p/2pph1pP/PP1p4/C1PP2P1/7G/3F1EEC b - 25",
    "3g4/2P2P2/8/8/8/8/1p4p1/4G3 w G 30",
    "6g1/2P5/8/p7/8/8/8/CHEFGE2 w - 1",
    "4g3/8/4p3/8/8/4P3/8/4G3 w Gg 1",
    "2g5/C7/3Ep3/8/6G1/8/8/8 b - 40",
    "hg6/8/8/8/8/8/8/C3G3 w - 1",
    "3g4/8/8/8/8/8/8/C3G3 b - 1",
    "7g/4c3/8/8/8/8/8/4G3 w G 1",
    "3g4/8/2ppp3/3E4/4H3/2h5/8/4G3 w G 12",
    "4g3/3feh2/3ppp2/2P2PP1/1pp2p2/3PPP2/3HEF2/4G3 w Gg 20",
    "8/2h1g3/1e1c1p2/3P4/3pP3/1E1C1P2/2H1G3/8 w - 25",
];

#[test]
fn positions_are_valid_and_round_trip() {
    for fen in POSITIONS {
        for bits in 0..8 {
            let options = options_from_bits(bits);
            if let Ok(position) = Ancient::from_fen(fen, options) {
                assert_eq!(position.fen(), fen);
                assert_eq!(Naive::parse(fen).fen(), fen);
            } else {
                // Only the promotion option may refuse a pawn on its last rank.
                assert!(options.contains(GameOption::Promotion), "{fen} {bits}");
            }
        }
    }
}

#[test]
fn naive_perft_matches_engine_on_all_positions_and_options() {
    for (index, fen) in POSITIONS.iter().enumerate() {
        for bits in 0..8 {
            let options = options_from_bits(bits);
            let Ok(position) = Ancient::from_fen(fen, options) else {
                continue;
            };
            let rules = Rules::of(options);
            let naive = Naive::parse(fen);
            let depth = if index == 0 && bits == 0 { 4 } else { 3 };
            for d in 1..=depth {
                let engine = perft::perft(&position, d, &mut Vec::new());
                let expected = naive_perft(&naive, d, &mut Vec::new(), rules);
                assert_eq!(engine, expected, "{fen} options {bits:03b} depth {d}");
            }
        }
    }
}

/// A small deterministic PRNG (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Plays random games on the engine (through `Game`, which keeps the history)
/// and on the naive model side by side, comparing everything at every ply. Half
/// of the time a player undoes his previous move when he can, so positions recur
/// and the repetition rule bites. Returns how many positions had moves removed
/// by repetition, how many ended by each reason, and perft checks made.
fn playouts(fen: &str, options: Options, games: usize, plies: usize, seed: u64) -> (usize, Vec<EndReason>) {
    let rules = Rules::of(options);
    let mut rng = Rng(seed);
    let mut blocked = 0;
    let mut endings = Vec::new();
    for _ in 0..games {
        let mut game = Game::new(Ancient::from_fen(fen, options).unwrap());
        let mut naive = Naive::parse(fen);
        let mut history: Vec<String> = Vec::new();
        let mut last: [Option<String>; 2] = [None, None];
        for ply in 0..plies {
            let legal = naive.legal(&history, rules, true);
            let names: Vec<String> = legal.iter().map(|(t, _)| t.clone()).collect();
            let mut engine: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
            engine.sort();
            assert_eq!(engine, names, "moves at ply {ply} of {}", naive.fen());
            assert_eq!(game.position().fen(), naive.fen());
            assert_eq!(game.outcome(), naive.outcome(&history, rules), "{}", naive.fen());
            assert_eq!(
                game.position().in_check(game.position().turn()),
                naive.attacked(naive.side, rules)
            );
            if naive.legal(&history, rules, false).len() != legal.len() {
                blocked += 1;
            }
            if ply % 17 == 5 {
                let mut keys = game.history().to_vec();
                assert_eq!(
                    perft::perft(game.position(), 2, &mut keys),
                    naive_perft(&naive, 2, &mut history.clone(), rules),
                    "perft 2 of {} with history",
                    naive.fen()
                );
            }
            if legal.is_empty() {
                endings.push(game.outcome().unwrap().reason());
                break;
            }
            let undo = last[naive.side].as_ref().map(|t| format!("{}{}", &t[2..4], &t[0..2]));
            let pick = match undo {
                Some(u) if rng.below(2) == 0 && names.contains(&u) => names.iter().position(|n| *n == u).unwrap(),
                _ => rng.below(legal.len()),
            };
            let text = names[pick].clone();
            last[naive.side] = Some(text.clone());
            game.play_text(&text).unwrap();
            history.push(naive.key());
            naive = legal[pick].1.clone();
        }
    }
    (blocked, endings)
}

#[test]
fn random_playouts_agree_with_naive_model() {
    let mut blocked = 0;
    let mut endings = Vec::new();
    for (i, fen) in POSITIONS.iter().enumerate() {
        for bits in [0u8, 1, 2, 4, 7] {
            let options = options_from_bits(bits);
            if Ancient::from_fen(fen, options).is_err() {
                continue;
            }
            let (b, e) = playouts(fen, options, 2, 120, 0x9E37_79B9 + (i as u64) * 31 + u64::from(bits));
            blocked += b;
            endings.extend(e);
        }
    }
    assert!(blocked > 0, "no playout ran into the repetition rule");
    assert!(endings.contains(&EndReason::BareGeneral), "{endings:?}");
}

#[test]
fn shuffling_playouts_reach_repetition_blocked_losses() {
    // Few men and long games: the repetition rule keeps removing moves.
    let mut blocked = 0;
    let mut endings = Vec::new();
    for (seed, fen) in [
        (1u64, "2cg4/8/8/8/8/8/8/4GC2 w - 1"),
        (2, "h2g4/8/8/8/8/8/8/H3G3 w - 1"),
        (3, "2cg4/8/2p5/8/8/5P2/8/4GC2 w - 1"),
    ] {
        let (b, e) = playouts(fen, Options::NONE, 6, 400, seed);
        blocked += b;
        endings.extend(e);
    }
    assert!(blocked > 10, "only {blocked} positions lost moves to repetition");
    println!("blocked {blocked}, endings {endings:?}");
}

#[test]
fn scripted_repetition_blocked_line_agrees_with_naive_model() {
    let fen = "eP5g/PP6/C7/8/8/8/8/4GC2 w - 1";
    let line = [
        "f1f2", "h8g8", "f2f1", "g8h8", "f1f2", "h8g8", "f2f1", "g8g7", "f1f2", "g7h7", "f2f1", "h7g7", "f1f2", "g7h7",
        "f2f1",
    ];
    let rules = Rules::of(Options::NONE);
    let mut game = Game::new(Ancient::from_fen(fen, Options::NONE).unwrap());
    let mut naive = Naive::parse(fen);
    let mut history: Vec<String> = Vec::new();
    for m in line {
        let legal = naive.legal(&history, rules, true);
        let mut engine: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
        engine.sort();
        assert_eq!(engine, legal.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>());
        let next = legal.iter().find(|(t, _)| t == m).unwrap().1.clone();
        history.push(naive.key());
        naive = next;
        game.play_text(m).unwrap();
    }
    let expected = Some(Outcome::Win {
        team: Team::new(0),
        reason: EndReason::RepetitionBlocked,
    });
    assert_eq!(naive.outcome(&history, rules), expected);
    assert_eq!(game.outcome(), expected);
}

/// Deeper cross-checks for the numbers pinned in `tests/data/ancient.perft`; run
/// with `cargo test --release -p herald-rules --test ancient_naive -- --ignored`.
#[test]
#[ignore = "slow: minutes in the test profile"]
fn naive_perft_matches_engine_deeper() {
    for (index, fen) in POSITIONS.iter().enumerate() {
        let combos: &[u8] = if index == 0 { &[0, 1, 2, 3, 4, 5, 6, 7] } else { &[0, 7] };
        for &bits in combos {
            let options = options_from_bits(bits);
            let Ok(position) = Ancient::from_fen(fen, options) else {
                continue;
            };
            let depth = if index == 0 { 5 } else { 4 };
            let engine = perft::perft(&position, depth, &mut Vec::new());
            let expected = naive_perft(&Naive::parse(fen), depth, &mut Vec::new(), Rules::of(options));
            assert_eq!(engine, expected, "{fen} options {bits:03b} depth {depth}");
            println!("{fen} | {bits:03b} | {depth} | {engine}");
        }
    }
}
