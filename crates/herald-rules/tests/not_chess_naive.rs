//! A second, deliberately naive Not Chess move generator written straight from
//! the spec's words (coordinates, bounds checks, a board of letters), sharing no
//! code with the engine. The engine must agree with it move for move and in perft.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::{NotChess, Options, Position};

/// From, to, promotion letter (0 for none).
type NaiveMove = ((i32, i32), (i32, i32), u8);

#[derive(Clone)]
struct Naive {
    /// board[y][x], `.` for empty, letters as in the position string.
    board: [[u8; 10]; 10],
    white: bool,
    clock: u32,
    checks: [u32; 2],
    over: bool,
}

fn parse(fen: &str) -> Naive {
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut board = [[b'.'; 10]; 10];
    for (row, text) in fields[0].split('/').enumerate() {
        let y = 9 - row;
        let mut x = 0;
        let mut digits = String::new();
        for c in text.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                x += digits.parse::<usize>().unwrap();
                digits.clear();
            }
            board[y][x] = c as u8;
            x += 1;
        }
    }
    Naive {
        board,
        white: fields[1] == "w",
        clock: fields[2].parse().unwrap(),
        checks: [fields[3].parse().unwrap(), fields[4].parse().unwrap()],
        over: false,
    }
}

fn inside(x: i32, y: i32) -> bool {
    (0..10).contains(&x) && (0..10).contains(&y)
}

impl Naive {
    fn at(&self, x: i32, y: i32) -> u8 {
        self.board[y as usize][x as usize]
    }
    fn is_white(c: u8) -> bool {
        c.is_ascii_uppercase()
    }
    fn mine(&self, c: u8, white: bool) -> bool {
        c != b'.' && Self::is_white(c) == white
    }
    fn theirs(&self, c: u8, white: bool) -> bool {
        c != b'.' && Self::is_white(c) != white
    }

    /// Every move by the movement rules of `white`'s pieces: (from, to, promotion, can capture).
    fn piece_moves(&self, white: bool, captures_only: bool) -> Vec<NaiveMove> {
        let mut out = Vec::new();
        let fwd = if white { 1 } else { -1 };
        for y in 0..10 {
            for x in 0..10 {
                let c = self.at(x, y);
                if !self.mine(c, white) {
                    continue;
                }
                let add = |tx: i32, ty: i32, may_capture: bool, may_move: bool, out: &mut Vec<_>| {
                    if !inside(tx, ty) {
                        return;
                    }
                    let t = self.at(tx, ty);
                    let ok = (t == b'.' && may_move && !captures_only) || (self.theirs(t, white) && may_capture);
                    if captures_only && t == b'.' && may_capture {
                        // For attack tests, an empty square a piece could capture on counts too.
                        out.push(((x, y), (tx, ty), 0));
                        return;
                    }
                    if ok {
                        out.push(((x, y), (tx, ty), 0));
                    }
                };
                let kinglike = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
                match c.to_ascii_lowercase() {
                    b'k' => {
                        for (dx, dy) in kinglike {
                            let (tx, ty) = (x + dx, y + dy);
                            let palace = (3..=6).contains(&tx) && if white { ty <= 2 } else { ty >= 7 };
                            if palace || captures_only {
                                add(tx, ty, true, true, &mut out);
                            }
                        }
                    }
                    b'a' => kinglike
                        .iter()
                        .for_each(|(dx, dy)| add(x + dx, y + dy, true, true, &mut out)),
                    b'q' | b'r' | b'b' => {
                        let dirs: Vec<(i32, i32)> = match c.to_ascii_lowercase() {
                            b'q' => kinglike.to_vec(),
                            b'r' => kinglike[..4].to_vec(),
                            _ => kinglike[4..].to_vec(),
                        };
                        for (dx, dy) in dirs {
                            let (mut tx, mut ty) = (x + dx, y + dy);
                            while inside(tx, ty) {
                                add(tx, ty, true, true, &mut out);
                                if self.at(tx, ty) != b'.' {
                                    break;
                                }
                                tx += dx;
                                ty += dy;
                            }
                        }
                    }
                    b'h' => {
                        for (dx, dy) in [(1, 3), (-1, 3), (1, -3), (-1, -3), (3, 1), (-3, 1), (3, -1), (-3, -1)] {
                            add(x + dx, y + dy, true, true, &mut out);
                        }
                        for (dx, dy) in &kinglike[..4] {
                            add(x + dx, y + dy, false, true, &mut out);
                        }
                    }
                    b'c' => {
                        for (dx, dy) in kinglike {
                            add(x + dx, y + dy, false, true, &mut out);
                            let (mut sx, mut sy) = (x + dx, y + dy);
                            while inside(sx, sy) && self.at(sx, sy) == b'.' {
                                sx += dx;
                                sy += dy;
                            }
                            if inside(sx, sy) {
                                add(sx + dx, sy + dy, true, true, &mut out);
                            }
                        }
                    }
                    b'e' => {
                        for (dx, dy) in [(0, fwd), (-1, fwd), (1, fwd), (-1, -fwd), (1, -fwd)] {
                            add(x + dx, y + dy, true, true, &mut out);
                        }
                        for d in [-1, 1] {
                            if inside(x + d, y + fwd) && self.at(x + d, y + fwd) == b'.' {
                                add(x + d, y + 2 * fwd, true, true, &mut out);
                                add(x + 2 * d, y + fwd, true, true, &mut out);
                            }
                        }
                    }
                    _ => {
                        add(x, y + fwd, false, true, &mut out);
                        let third = if white { 2 } else { 7 };
                        if y == third && inside(x, y + fwd) && self.at(x, y + fwd) == b'.' {
                            add(x, y + 2 * fwd, false, true, &mut out);
                        }
                        add(x - 1, y + fwd, true, false, &mut out);
                        add(x + 1, y + fwd, true, false, &mut out);
                    }
                }
            }
        }
        // Pawns reaching the last rank promote to Q, E, H or C.
        let mut promoted = Vec::new();
        for (from, to, p) in out {
            let piece = self.at(from.0, from.1).to_ascii_lowercase();
            let last = if white { 9 } else { 0 };
            if piece == b'p' && to.1 == last && !captures_only {
                for letter in *b"qehc" {
                    promoted.push((from, to, letter));
                }
            } else {
                promoted.push((from, to, p));
            }
        }
        promoted
    }

    fn king(&self, white: bool) -> Option<(i32, i32)> {
        let k = if white { b'K' } else { b'k' };
        (0..10)
            .flat_map(|y| (0..10).map(move |x| (x, y)))
            .find(|&(x, y)| self.at(x, y) == k)
    }

    fn facing(&self) -> bool {
        let (Some(a), Some(b)) = (self.king(true), self.king(false)) else {
            return false;
        };
        a.0 == b.0 && (a.1.min(b.1) + 1..a.1.max(b.1)).all(|y| self.at(a.0, y) == b'.')
    }

    fn apply(&self, from: (i32, i32), to: (i32, i32), promotion: u8) -> Naive {
        let mut next = self.clone();
        let piece = self.at(from.0, from.1);
        let target = self.at(to.0, to.1);
        let placed = if promotion == 0 {
            piece
        } else if self.white {
            promotion.to_ascii_uppercase()
        } else {
            promotion
        };
        next.board[from.1 as usize][from.0 as usize] = b'.';
        next.board[to.1 as usize][to.0 as usize] = placed;
        next.white = !self.white;
        let me = usize::from(!self.white);
        next.clock = if target != b'.' || piece.eq_ignore_ascii_case(&b'p') {
            0
        } else {
            self.clock + 1
        };
        if target.eq_ignore_ascii_case(&b'k') {
            next.over = true;
            return next;
        }
        let gives_check = next
            .king(!self.white)
            .is_some_and(|k| next.piece_moves(self.white, true).iter().any(|(_, t, _)| *t == k));
        if target != b'.' {
            next.checks = [0, 0];
        } else if gives_check {
            next.checks[me] += 1;
        } else {
            next.checks[me] = 0;
        }
        if next.checks[me] == 7 {
            next.over = true;
            return next;
        }
        next.clock = if target != b'.' || piece.eq_ignore_ascii_case(&b'p') {
            0
        } else {
            self.clock + 1
        };
        if next.clock == 40 {
            next.over = true;
        }
        next
    }

    fn legal(&self) -> Vec<(String, Naive)> {
        if self.over {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (from, to, promotion) in self.piece_moves(self.white, false) {
            let next = self.apply(from, to, promotion);
            let captures_king = self.at(to.0, to.1).eq_ignore_ascii_case(&b'k');
            if !captures_king && next.facing() {
                continue;
            }
            let name = |(x, y): (i32, i32)| format!("{}{}", (b'a' + x as u8) as char, y + 1);
            let mut text = format!("{}{}", name(from), name(to));
            if promotion != 0 {
                text.push(promotion as char);
            }
            out.push((text, next));
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal().iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }
}

const POSITIONS: &[&str] = &[
    herald_rules::not_chess::START,
    // Open middle game with Cannons, Elephants and Horses in contact.
    "r1bqkb1hr1/1c2a3c1/p1eppphpp1/2p5p1/1p2P5/3h1E3p/PPPP1PPPP1/1C2AA2C1/RHEB1KBEHR/4Q5 w 3 0 0 9",
    // Pawns about to promote on both sides, Kings on a shared file behind blockers.
    "4k5/1P3a3P/10/10/4R5/10/4r5/10/p7p1/4K5 w 0 0 0 30",
    // A run of checks in progress, near the seven-check loss.
    "10/4k5/3c6/10/10/10/Q9/4C5/10/3K6 w 12 5 4 30",
    // Near the twenty-move draw.
    "6k3/10/2e7/10/10/10/2H7/10/10/3K6 w 38 0 0 60",
    // Lone blocker between facing Kings.
    "4k5/10/10/4c5/10/10/4A5/10/10/4K5 w 0 0 0 1",
];

fn engine_moves(position: &NotChess) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves(&[]).iter().map(ToString::to_string).collect();
    moves.sort();
    moves
}

#[test]
fn engine_and_naive_generator_agree_in_perft() {
    for fen in POSITIONS {
        let engine = NotChess::from_fen(fen, Options::NONE).unwrap();
        let naive = parse(fen);
        for depth in 1..=2 {
            let expected = naive.perft(depth);
            let got = herald_rules::perft::perft(&engine, depth, &mut Vec::new());
            assert_eq!(got, expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn engine_and_naive_generator_agree_along_random_games() {
    let mut seed: u64 = 0x5EED;
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for fen in POSITIONS {
        for _game in 0..6 {
            let mut engine = NotChess::from_fen(fen, Options::NONE).unwrap();
            let mut naive = parse(fen);
            for _ply in 0..120 {
                let mut expected: Vec<(String, Naive)> = naive.legal();
                expected.sort_by(|a, b| a.0.cmp(&b.0));
                let names: Vec<String> = expected.iter().map(|(m, _)| m.clone()).collect();
                assert_eq!(engine_moves(&engine), names, "{}", engine.fen());
                if expected.is_empty() {
                    break;
                }
                let pick = random(expected.len());
                let chosen = engine
                    .legal_moves(&[])
                    .into_iter()
                    .find(|m| m.to_string() == names[pick])
                    .unwrap();
                engine = engine.play_unchecked(chosen);
                naive = expected.swap_remove(pick).1;
                assert_eq!(engine.fen().split(' ').nth(2), Some(naive.clock.to_string().as_str()));
            }
        }
    }
}

#[test]
fn pinned_perft_numbers_match_the_naive_generator() {
    // Every record of tests/data/not-chess.perft with a depth the naive generator can reach.
    let text = include_str!("data/not-chess.perft");
    let mut fen = herald_rules::not_chess::START.to_string();
    let mut checked = 0;
    for line in text.lines().map(|l| l.split('#').next().unwrap_or("").trim()) {
        if line == "start" {
            fen = herald_rules::not_chess::START.to_string();
        } else if let Some(rest) = line.strip_prefix("fen ") {
            fen = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').unwrap();
            let depth: u32 = depth.parse().unwrap();
            if depth <= 3 {
                assert_eq!(
                    parse(&fen).perft(depth),
                    nodes.parse::<u64>().unwrap(),
                    "{fen} depth {depth}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "only {checked} pinned numbers checked");
}
