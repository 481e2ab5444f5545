//! Round robins by the FIDE Berger tables (Handbook C.05, Annex 1): every player meets every
//! other once, and colours alternate as evenly as a round robin allows.

/// One game of a round: `white` has the first move (seat 0), `black` the second. `black`
/// is `None` for the player who sits the round out (a bye, odd fields only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub white: usize,
    pub black: Option<usize>,
}

/// The rounds of a single round robin of `players` (numbered 1 to `players`), as the Berger
/// tables give them: board one first. With an odd field, the player who would meet the
/// missing last number has a bye. Empty for fewer than two players.
///
/// The tables follow one rule: with `m` the field rounded up to even, less one, round `r`
/// (1 up) pairs `i` and `j` below `m + 1` when `i + j ≡ r + 1 (mod m)`, the lower number
/// having white when `j - i` is odd; the player `i` with `2i ≡ r + 1` meets number `m + 1`,
/// who has black in odd rounds and white in even ones.
#[must_use]
pub fn berger_rounds(players: usize) -> Vec<Vec<Pairing>> {
    if players < 2 {
        return Vec::new();
    }
    let even = players + players % 2;
    let m = even - 1;
    // Numbers 1..=m as residues 1..=m (m for 0).
    let residue = |x: usize| {
        let r = x % m;
        if r == 0 { m } else { r }
    };
    (1..=m)
        .map(|round| {
            let target = residue(round + 1);
            let mut boards = Vec::with_capacity(even / 2);
            // The player who meets the last number: 2i ≡ round + 1 (mod m).
            let host = (1..=m).find(|&i| residue(2 * i) == target).unwrap_or(1);
            let last = even;
            let (white, black) = if round % 2 == 1 { (host, last) } else { (last, host) };
            boards.push(board(white, black, players));
            // The others, board two on: the pairs i + j ≡ round + 1, walking away from the
            // host the way the published tables list them.
            for step in 1..even / 2 {
                let i = residue(host + step);
                let j = residue(host + m - step);
                let (low, high) = if i < j { (i, j) } else { (j, i) };
                let (white, black) = if (high - low) % 2 == 1 {
                    (low, high)
                } else {
                    (high, low)
                };
                boards.push(board(white, black, players));
            }
            boards
        })
        .collect()
}

/// A board between two numbers, the missing last number of an odd field making a bye.
fn board(white: usize, black: usize, players: usize) -> Pairing {
    match (white <= players, black <= players) {
        (true, true) => Pairing {
            white,
            black: Some(black),
        },
        (true, false) => Pairing { white, black: None },
        _ => Pairing {
            white: black,
            black: None,
        },
    }
}

/// A double round robin: the Berger rounds, then the same rounds again with colours
/// reversed, so each pairing is played once with each colour.
#[must_use]
pub fn double_round_robin(players: usize) -> Vec<Vec<Pairing>> {
    let first = berger_rounds(players);
    let second: Vec<Vec<Pairing>> = first
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|p| match p.black {
                    Some(black) => Pairing {
                        white: black,
                        black: Some(p.white),
                    },
                    None => *p,
                })
                .collect()
        })
        .collect();
    first.into_iter().chain(second).collect()
}
