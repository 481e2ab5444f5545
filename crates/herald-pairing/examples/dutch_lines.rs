//! Pairs Swiss rounds read from standard input, for comparing this crate's Dutch pairings
//! with another engine's (`tools/compare_bbp.py`). One player per line:
//! `<number> <half points> <colours: W/B letters, or -> <opponents: a,b,c or -> <had bye: 0|1>
//! <floats: D/U/N letters, one per past round, or ->`; an optional line
//! `round <round> <total rounds>` gives the round's place in the event (a win is two half
//! points); an empty line pairs the round read so far and prints `white-black …` and
//! `bye:<n|->`.

use std::collections::HashSet;
use std::io::{self, BufRead, Write};

use herald_pairing::swiss::{Colour, Float, RoundInfo, SwissPlayer, pair_round_with};

fn player(line: &str) -> Option<SwissPlayer> {
    let mut fields = line.split_whitespace();
    let number = fields.next()?.parse().ok()?;
    let points = fields.next()?.parse().ok()?;
    let colours = fields
        .next()?
        .chars()
        .filter_map(|c| match c {
            'W' => Some(Colour::White),
            'B' => Some(Colour::Black),
            _ => None,
        })
        .collect();
    let opponents: HashSet<usize> = fields.next()?.split(',').filter_map(|o| o.parse().ok()).collect();
    let had_bye = fields.next()? == "1";
    let floats = fields
        .next()
        .unwrap_or("-")
        .chars()
        .filter_map(|c| match c {
            'D' => Some(Float::Down),
            'U' => Some(Float::Up),
            'N' => Some(Float::None),
            _ => None,
        })
        .collect();
    Some(SwissPlayer {
        number,
        points,
        colours,
        opponents,
        had_bye,
        floats,
    })
}

fn round_info(line: &str) -> Option<RoundInfo> {
    let mut fields = line.strip_prefix("round ")?.split_whitespace();
    Some(RoundInfo {
        round: fields.next()?.parse().ok()?,
        total_rounds: fields.next()?.parse().ok()?,
        points_for_win: 2,
    })
}

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut players = Vec::new();
    let mut info = None;
    for line in stdin.lock().lines() {
        let line = line?;
        if !line.trim().is_empty() {
            if let Some(round) = round_info(&line) {
                info = Some(round);
            } else if let Some(p) = player(&line) {
                players.push(p);
            }
            continue;
        }
        match pair_round_with(&players, info.as_ref()) {
            Ok(round) => {
                let games: Vec<String> = round.games.iter().map(|g| format!("{}-{}", g.white, g.black)).collect();
                let bye = round.bye.map_or_else(|| "-".to_owned(), |b| b.to_string());
                writeln!(out, "{} bye:{bye}", games.join(" "))?;
            }
            Err(error) => writeln!(out, "error: {error:?}")?,
        }
        out.flush()?;
        players.clear();
        info = None;
    }
    Ok(())
}
