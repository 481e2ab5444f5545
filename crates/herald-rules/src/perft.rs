//! Perft: the number of leaf nodes of the legal-move tree, the move generator's test and benchmark.

use crate::moves::Move;
use crate::position::Position;

/// Counts the leaves of the legal-move tree `depth` plies deep; `history` holds
/// the keys of the positions before `position` (it is restored on return).
pub fn perft<P: Position>(position: &P, depth: u32, history: &mut Vec<u64>) -> u64 {
    let mut lists: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(128)).collect();
    walk(position, depth, history, &mut lists)
}

/// The count below each legal move, in move-generation order.
pub fn divide<P: Position>(position: &P, depth: u32, history: &mut Vec<u64>) -> Vec<(Move, u64)> {
    let moves = position.legal_moves(history);
    if depth == 0 {
        return Vec::new();
    }
    let mut lists: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    history.push(position.key());
    let counts = moves
        .into_iter()
        .map(|m| {
            let child = position.play_unchecked(m);
            (m, walk(&child, depth - 1, history, &mut lists))
        })
        .collect();
    history.pop();
    counts
}

fn walk<P: Position>(position: &P, depth: u32, history: &mut Vec<u64>, lists: &mut [Vec<Move>]) -> u64 {
    let Some((moves, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    match depth {
        0 => 1,
        1 => position.count_legal(history, moves),
        _ => {
            moves.clear();
            position.legal_moves_into(history, moves);
            history.push(position.key());
            let mut nodes = 0;
            for &m in moves.iter() {
                let child = position.play_unchecked(m);
                nodes += walk(&child, depth - 1, history, deeper);
            }
            history.pop();
            nodes
        }
    }
}
