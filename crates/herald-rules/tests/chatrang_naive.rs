//! A deliberately naive second implementation of Chatrang, written straight from
//! `shared/rules/chatrang.md` and sharing no code with the engine (it reads and
//! writes position strings itself and compares only strings and move texts).
//! Perft and move lists of the engine must equal this one's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_rules::chatrang::EliminationCause;
use herald_rules::{Chatrang, Options, Outcome, Player, Position, Team};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    letter: u8, // uppercase K R B N P
    owner: u8,  // 0..=3 for Players 1..4
}

/// (file, rank), both 0..8.
type Sq = (i32, i32);

#[derive(Clone, Debug)]
struct Naive {
    board: [[Option<Piece>; 8]; 8], // [file][rank]
    turn: u8,
    out: [bool; 4],
    owed: Option<u8>,
    passes: u32,
    result: Option<(Option<u8>, &'static str)>,
}

fn team(player: u8) -> u8 {
    player % 2
}

fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl Naive {
    fn at(&self, (f, r): Sq) -> Option<Piece> {
        self.board[f as usize][r as usize]
    }

    fn parse(text: &str) -> Naive {
        let fields: Vec<&str> = text.split(' ').collect();
        assert_eq!(fields.len(), 5);
        let mut board = [[None; 8]; 8];
        for (row, rank_text) in fields[0].split('/').enumerate() {
            let rank = 7 - row as i32;
            let chars: Vec<u8> = rank_text.bytes().collect();
            let mut file = 0;
            let mut i = 0;
            while i < chars.len() {
                if chars[i].is_ascii_alphabetic() {
                    board[file][rank as usize] = Some(Piece {
                        letter: chars[i].to_ascii_uppercase(),
                        owner: chars[i + 1] - b'1',
                    });
                    file += 1;
                    i += 2;
                } else {
                    file += (chars[i] - b'0') as usize;
                    i += 1;
                }
            }
        }
        let mut out = [false; 4];
        if fields[2] != "-" {
            for c in fields[2].bytes() {
                out[(c - b'1') as usize] = true;
            }
        }
        let mut naive = Naive {
            board,
            turn: fields[1].as_bytes()[0] - b'1',
            out,
            owed: if fields[3] == "-" {
                None
            } else {
                Some(fields[3].as_bytes()[0] - b'1')
            },
            passes: fields[4].parse().unwrap(),
            result: None,
        };
        naive.begin_turn();
        naive
    }

    fn write(&self) -> String {
        let mut s = String::new();
        for rank in (0..8).rev() {
            let mut gap = 0;
            for file in 0..8 {
                match self.board[file][rank] {
                    None => gap += 1,
                    Some(p) => {
                        if gap > 0 {
                            s += &gap.to_string();
                            gap = 0;
                        }
                        let letter = if team(p.owner) == 0 {
                            p.letter
                        } else {
                            p.letter.to_ascii_lowercase()
                        };
                        s.push(letter as char);
                        s.push((b'1' + p.owner) as char);
                    }
                }
            }
            if gap > 0 {
                s += &gap.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let out: String = (0..4u8)
            .filter(|&p| self.out[p as usize])
            .map(|p| (b'1' + p) as char)
            .collect();
        format!(
            "{s} {} {} {} {}",
            self.turn + 1,
            if out.is_empty() { "-".to_string() } else { out },
            self.owed.map_or("-".to_string(), |p| (p + 1).to_string()),
            self.passes
        )
    }

    /// Squares a piece standing on `from` attacks (could capture on), section 7/8.
    fn attacks(&self, from: Sq, piece: Piece) -> Vec<Sq> {
        let mut squares = Vec::new();
        let steps: &[(i32, i32)] = match piece.letter {
            b'K' => &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)],
            b'N' => &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
            b'P' => {
                if team(piece.owner) == 0 {
                    &[(-1, 1), (1, 1)]
                } else {
                    &[(-1, -1), (1, -1)]
                }
            }
            _ => &[],
        };
        for (df, dr) in steps {
            let to = (from.0 + df, from.1 + dr);
            if on_board(to) {
                squares.push(to);
            }
        }
        let lines: &[(i32, i32)] = match piece.letter {
            b'R' => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
            b'B' => &[(1, 1), (1, -1), (-1, -1), (-1, 1)],
            _ => &[],
        };
        for (df, dr) in lines {
            let mut to = (from.0 + df, from.1 + dr);
            while on_board(to) {
                squares.push(to);
                if self.at(to).is_some() {
                    break;
                }
                to = (to.0 + df, to.1 + dr);
            }
        }
        squares
    }

    fn shah_of(&self, player: u8) -> Option<Sq> {
        for f in 0..8 {
            for r in 0..8 {
                if self.at((f, r))
                    == Some(Piece {
                        letter: b'K',
                        owner: player,
                    })
                {
                    return Some((f, r));
                }
            }
        }
        None
    }

    fn attacked_by_enemies_of(&self, sq: Sq, player: u8) -> bool {
        for f in 0..8 {
            for r in 0..8 {
                if let Some(p) = self.at((f, r))
                    && team(p.owner) != team(player)
                    && self.attacks((f, r), p).contains(&sq)
                {
                    return true;
                }
            }
        }
        false
    }

    fn in_check(&self, player: u8) -> bool {
        match self.shah_of(player) {
            Some(sq) => self.attacked_by_enemies_of(sq, player),
            None => false,
        }
    }

    fn remove_player(&mut self, player: u8) {
        for file in self.board.iter_mut() {
            for cell in file.iter_mut() {
                if cell.is_some_and(|p| p.owner == player) {
                    *cell = None;
                }
            }
        }
        self.out[player as usize] = true;
    }

    /// Carries out a move on the board only; returns the owner of a captured Shah.
    fn carry_out(&mut self, from: Sq, to: Sq) -> Option<u8> {
        let moving = self.at(from).unwrap();
        let taken = self.at(to);
        self.board[to.0 as usize][to.1 as usize] = Some(moving);
        self.board[from.0 as usize][from.1 as usize] = None;
        if let Some(t) = taken
            && t.letter == b'K'
        {
            self.remove_player(t.owner);
            return Some(t.owner);
        }
        None
    }

    /// Legal moves of the player to move (without `pass`), as text.
    fn moves(&self) -> Vec<(Sq, Sq)> {
        let me = self.turn;
        let mut list = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let Some(piece) = self.at((f, r)) else { continue };
                if piece.owner != me {
                    continue;
                }
                let mut targets = Vec::new();
                if piece.letter == b'P' {
                    let forward = if team(me) == 0 { 1 } else { -1 };
                    let ahead = (f, r + forward);
                    if on_board(ahead) && self.at(ahead).is_none() {
                        targets.push(ahead);
                    }
                    for to in self.attacks((f, r), piece) {
                        if self.at(to).is_some_and(|p| team(p.owner) != team(me)) {
                            targets.push(to);
                        }
                    }
                } else {
                    for to in self.attacks((f, r), piece) {
                        match self.at(to) {
                            None => targets.push(to),
                            Some(p) if team(p.owner) != team(me) => targets.push(to),
                            _ => {}
                        }
                    }
                }
                for to in targets {
                    let mut after = self.clone();
                    after.carry_out((f, r), to);
                    if !after.in_check(me) {
                        list.push(((f, r), to));
                    }
                }
            }
        }
        list
    }

    fn texts(&self) -> Vec<String> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut texts: Vec<String> = self
            .moves()
            .iter()
            .map(|(a, b)| format!("{}{}", name(*a), name(*b)))
            .collect();
        if texts.is_empty() && !self.in_check(self.turn) {
            texts.push("pass".to_string());
        }
        texts.sort();
        texts
    }

    fn next_after(&self, player: u8) -> u8 {
        let mut p = player;
        for _ in 0..4 {
            p = (p + 1) % 4;
            if !self.out[p as usize] {
                return p;
            }
        }
        player
    }

    fn men(&self, t: u8) -> usize {
        self.board
            .iter()
            .flatten()
            .flatten()
            .filter(|p| team(p.owner) == t && p.letter != b'K')
            .count()
    }

    /// Section 12, after an event: `whose_turn` is the player whose turn the event
    /// was (if any), `next` the next player due to move.
    fn end_checks(&mut self, whose_turn: Option<u8>, next: u8) {
        self.turn = next;
        // The owed reply belongs to this one turn: settled whatever the event decides, so a
        // finished game's string names no debtor (section 12 with the position string's rules).
        let owed = self.owed.take();
        for t in 0..2 {
            let shahs = (0..4u8).filter(|&p| team(p) == t && self.shah_of(p).is_some()).count();
            if shahs == 0 {
                self.result = Some((Some(1 - t), "both_shahs_gone"));
                return;
            }
        }
        let men = [self.men(0), self.men(1)];
        if men[0] + men[1] == 0 {
            self.result = Some((None, "bare_shahs"));
            return;
        }
        if let Some(owing) = owed
            && whose_turn == Some(owing)
        {
            self.result = Some((Some(1 - team(owing)), "baring_reply_used"));
            return;
        }
        for t in 0..2u8 {
            let other = 1 - t;
            if men[t as usize] > 0 && men[other as usize] == 0 {
                if men[t as usize] >= 2 {
                    self.result = Some((Some(t), "bared"));
                    return;
                } else if team(next) == other {
                    self.owed = Some(next);
                } else {
                    self.result = Some((Some(t), "bared"));
                    return;
                }
            }
        }
        let remaining = self.out.iter().filter(|o| !**o).count() as u32;
        if self.passes >= remaining {
            self.result = Some((None, "nobody_can_move"));
        }
    }

    fn begin_turn(&mut self) {
        while self.result.is_none() && self.in_check(self.turn) && self.moves().is_empty() {
            let mated = self.turn;
            self.remove_player(mated);
            let next = self.next_after(mated);
            self.end_checks(Some(mated), next);
        }
    }

    fn play(&self, text: &str) -> Naive {
        let mut next = self.clone();
        let mover = self.turn;
        if text == "pass" {
            next.passes += 1;
        } else {
            let sq = |s: &str| -> Sq { ((s.as_bytes()[0] - b'a') as i32, s[1..].parse::<i32>().unwrap() - 1) };
            next.carry_out(sq(&text[0..2]), sq(&text[2..4]));
            next.passes = 0;
        }
        let due = next.next_after(mover);
        next.end_checks(Some(mover), due);
        next.begin_turn();
        next
    }

    fn resign(&self, player: u8) -> Naive {
        let mut next = self.clone();
        next.remove_player(player);
        if player == self.turn {
            let due = next.next_after(player);
            next.end_checks(Some(player), due);
        } else {
            next.end_checks(None, self.turn);
        }
        next.begin_turn();
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let texts = self.texts();
        if depth == 1 {
            return texts.len() as u64;
        }
        texts.iter().map(|t| self.play(t).perft(depth - 1)).sum()
    }
}

fn engine(fen: &str) -> Chatrang {
    Chatrang::from_fen(fen, Options::NONE).unwrap()
}

fn engine_texts(position: &Chatrang) -> Vec<String> {
    let mut texts: Vec<String> = position.legal_moves(&[]).iter().map(|m| m.to_string()).collect();
    texts.sort();
    texts
}

fn engine_result(position: &Chatrang) -> Option<(Option<u8>, &'static str)> {
    position
        .outcome(&[])
        .map(|o: Outcome| (o.winner().map(Team::get), o.reason().id()))
}

fn engine_perft(position: &Chatrang, depth: u32) -> u64 {
    herald_rules::perft::perft(position, depth, &mut Vec::new())
}

/// The same state, seen through strings, moves, checks and results.
fn assert_same(naive: &Naive, position: &Chatrang, context: &str) {
    assert_eq!(naive.write(), position.fen(), "{context}");
    if position.outcome(&[]).is_none() {
        // A live position reads back from its string as exactly the same value (key included).
        assert_eq!(&engine(&position.fen()), position, "{context}");
    }
    assert_eq!(naive.result, engine_result(position), "{context}: {}", position.fen());
    assert_eq!(naive.texts(), engine_texts(position), "{context}: {}", position.fen());
    // Perft counts leaves with the bulk counter: it must agree with the list.
    assert_eq!(
        position.count_legal(&[], &mut Vec::new()),
        position.legal_moves(&[]).len() as u64,
        "{context}: {}",
        position.fen()
    );
    for p in 0..4 {
        assert_eq!(
            naive.in_check(p),
            position.in_check(Player::new(p)),
            "{context}: check {p} in {}",
            position.fen()
        );
    }
}

/// Everybody must pass: two players (3 and 4 out), then all four.
const STUCK: [&str; 2] = [
    "8/8/8/8/8/p27/P11p2p24/K11k2p24 1 34 - 0",
    "8/8/8/8/8/p26p4/P11p2p2p4p41P3/K11k2p2p4k41K3 1 - - 0",
];

/// Positions for the perft cross-check, with the depth the naive side reaches in the test.
pub const POSITIONS: [(&str, u32); 14] = [
    (
        "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0",
        5,
    ),
    // Mid-game positions from random play: open lines, Shahs out, captures.
    (
        "1r4b4k4k2b21r2/1p42p21p2p2/p41p4p41p22/8/1P13N32/P1P12P3P3n21/3P1B3K1P3P3/R1N1B11K31R31 1 - - 0",
        4,
    ),
    (
        "1r4b4k22r21/p41p4p41k4p2p2/3b2p2p22/1p4P15/4P31n41/3P11B32/P1P11K1K3P31P3/R11B14R3 1 - - 0",
        4,
    ),
    (
        "r47/p42n41p22/k4k22p23/2p42B31p2/2P1p41p2P31/p42P1B12P3/2R11P31K3N3/4K12R3 3 - - 0",
        4,
    ),
    // Test 8: partner exposure, then Shah capture.
    ("k22r44/7k4/8/8/8/8/3B34/3K13K3 3 - - 0", 4),
    // Test 9: mate judged at the victim's turn, partner rescue.
    ("k46k2/p4p46/4n23/8/8/8/6P31/K12R13K3 1 - - 0", 4),
    // Test 10: taking a Shah answers a check.
    ("r23k43/8/6p41/8/8/2K35/8/K12R13k2 1 - - 0", 4),
    // Test 12: baring with two men wins at once.
    ("3k4k23/3p44/8/8/B17/8/7P3/K16K3 1 - - 0", 4),
    // Test 11: pass.
    ("k46k2/p46P1/6K31/8/8/8/8/K17 2 - - 0", 5),
    // Test 13: baring with one man, owed reply.
    ("k43k23/4p23/8/8/8/8/4R13/K16K3 1 - - 0", 5),
    // Player 1 eliminated: turn order 2, 3, 4.
    (
        "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/4P3P3P3P3/4K3B3N3R3 2 1 - 0",
        4,
    ),
    (STUCK[0], 3),
    (STUCK[1], 5),
    // Sparse endgame: passes, S5 counter.
    ("k47/8/8/8/8/8/P17/K12k23K3 4 - - 2", 5),
];

#[test]
fn naive_and_engine_perft_agree() {
    for (fen, depth) in POSITIONS {
        let naive = Naive::parse(fen);
        let position = engine(fen);
        assert_same(&naive, &position, fen);
        for d in 1..=depth {
            assert_eq!(naive.perft(d), engine_perft(&position, d), "{fen} depth {d}");
        }
    }
}

/// xorshift64*: a small deterministic generator for the playouts.
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

/// What the playouts went through, so that the tests can insist the rare rules were reached.
#[derive(Default, Debug)]
struct Coverage {
    reasons: std::collections::BTreeMap<&'static str, usize>,
    shah_captures: usize,
    mates: usize,
    resignations: usize,
    passes: usize,
    owed: usize,
}

/// `CHATRANG_STRESS=n` multiplies the number of random playouts (default 1).
fn stress() -> usize {
    std::env::var("CHATRANG_STRESS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
}

fn playout(rng: &mut Rng, fen: &str, plies: usize, resign_chance: usize, seen: &mut Coverage) -> usize {
    let mut naive = Naive::parse(fen);
    let mut position = engine(fen);
    let mut steps = 0;
    for ply in 0..plies {
        assert_same(&naive, &position, &format!("{fen}, ply {ply}"));
        if position.owed_reply().is_some() {
            seen.owed += 1;
        }
        if let Some(outcome) = position.outcome(&[]) {
            *seen.reasons.entry(outcome.reason().id()).or_default() += 1;
            break;
        }
        if resign_chance > 0 && rng.below(resign_chance) == 0 {
            let player = rng.below(4) as u8;
            if !position.is_eliminated(Player::new(player)) {
                naive = naive.resign(player);
                let (next, log) = position.eliminate_reporting(Player::new(player)).unwrap();
                position = next;
                seen.resignations += 1;
                seen.mates += log.iter().filter(|e| e.cause == EliminationCause::Checkmated).count();
                continue;
            }
        }
        let texts = engine_texts(&position);
        let text = &texts[rng.below(texts.len())];
        let m = position
            .legal_moves(&[])
            .into_iter()
            .find(|m| &m.to_string() == text)
            .unwrap();
        naive = naive.play(text);
        let (next, log) = position.play_reporting(m);
        assert_eq!(next, position.play_unchecked(m));
        position = next;
        seen.passes += usize::from(m.is_pass());
        for e in log {
            match e.cause {
                EliminationCause::Checkmated => seen.mates += 1,
                EliminationCause::ShahCaptured { .. } => seen.shah_captures += 1,
                EliminationCause::Resigned => panic!("a move reported a resignation"),
            }
        }
        steps += 1;
    }
    steps
}

#[test]
fn random_playouts_from_the_start_agree() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let start = Chatrang::start(Options::NONE).fen();
    let mut plies = 0;
    let mut seen = Coverage::default();
    for _ in 0..60 * stress() {
        plies += playout(&mut rng, &start, 400, 0, &mut seen);
    }
    for _ in 0..20 * stress() {
        plies += playout(&mut rng, &start, 400, 60, &mut seen);
    }
    eprintln!("{plies} plies: {seen:?}");
    assert!(plies > 1000);
    assert!(
        seen.shah_captures > 0 && seen.mates > 0 && seen.resignations > 0,
        "{seen:?}"
    );
}

/// Random sparse positions (4 Shahs and a few men) reach the end rules quickly.
#[test]
fn random_sparse_positions_agree() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let letters = [b'R', b'B', b'N', b'P'];
    let mut tried = 0;
    let mut seen = Coverage::default();
    while tried < 1500 * stress() {
        let mut cells: [[Option<(u8, u8)>; 8]; 8] = [[None; 8]; 8];
        let men = rng.below(5);
        let mut ok = true;
        for i in 0..4 + men {
            let (letter, owner) = if i < 4 {
                (b'K', i as u8)
            } else {
                (letters[rng.below(4)], rng.below(4) as u8)
            };
            let (f, r) = (rng.below(8), rng.below(8));
            if cells[f][r].is_some() || (letter == b'P' && (r == 0 || r == 7)) {
                ok = false;
                break;
            }
            cells[f][r] = Some((letter, owner));
        }
        if !ok {
            continue;
        }
        let mut board = String::new();
        for r in (0..8).rev() {
            let mut gap = 0;
            for cell in cells.iter().map(|file| file[r]) {
                match cell {
                    None => gap += 1,
                    Some((letter, owner)) => {
                        if gap > 0 {
                            board += &gap.to_string();
                            gap = 0;
                        }
                        board.push(if owner % 2 == 0 {
                            letter
                        } else {
                            letter.to_ascii_lowercase()
                        } as char);
                        board.push((b'1' + owner) as char);
                    }
                }
            }
            if gap > 0 {
                board += &gap.to_string();
            }
            if r > 0 {
                board.push('/');
            }
        }
        let fen = format!("{board} {} - - {}", rng.below(4) + 1, rng.below(3));
        if Chatrang::from_fen(&fen, Options::NONE).is_err() {
            continue;
        }
        tried += 1;
        playout(&mut rng, &fen, 60, if tried % 3 == 0 { 15 } else { 0 }, &mut seen);
    }
    for fen in STUCK {
        playout(&mut rng, fen, 10, 0, &mut seen);
    }
    eprintln!("{seen:?}");
    for reason in [
        "both_shahs_gone",
        "bare_shahs",
        "bared",
        "baring_reply_used",
        "nobody_can_move",
    ] {
        assert!(seen.reasons.contains_key(reason), "{reason} never reached: {seen:?}");
    }
    assert!(
        seen.passes > 0 && seen.owed > 0 && seen.mates > 0 && seen.shah_captures > 0,
        "{seen:?}"
    );
}

/// Every number pinned in `tests/data/chatrang.perft`, recomputed by the naive generator.
#[test]
#[ignore = "slow: recomputes every pinned perft number naively (run in release)"]
fn naive_confirms_the_perft_data_file() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/chatrang.perft")).unwrap();
    let mut naive = None;
    let mut checked = 0;
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        if line == "start" {
            naive = Some(Naive::parse(&Chatrang::start(Options::NONE).fen()));
        } else if let Some(fen) = line.strip_prefix("fen ") {
            naive = Some(Naive::parse(fen));
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').unwrap();
            let position = naive.as_ref().unwrap();
            assert_eq!(
                position.perft(depth.parse().unwrap()),
                nodes.parse::<u64>().unwrap(),
                "{line}"
            );
            checked += 1;
        }
    }
    assert!(checked > 50);
}
