//! Mini boards: a small self-contained SVG picture of a position for game lists (My games,
//! the lobby, the home page), served as an image at `/games/{id}/board.svg?ply=N` and kept
//! in memory by game and ply (a game's position after a ply never changes). An image
//! cannot load the piece sprite, so pieces are tokens in their army's colours.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, LazyLock, Mutex};

use herald_rules::Variant;

use super::{BoardError, pieces, placement};

/// Fill and rim of an army's tokens (the same colours as `static/board.css`).
fn army_colours(class: &str) -> (&'static str, &'static str) {
    match class {
        "army-white" => ("#fbf7ee", "#2b2118"),
        "army-red" => ("#b3261e", "#5c0f0a"),
        "army-ivory" => ("#fbf6e9", "#3a2f1c"),
        "army-gold" => ("#f0c02f", "#7a5800"),
        "army-ebony" => ("#1d1d22", "#000000"),
        "army-crimson" => ("#8e1b2a", "#3d0710"),
        _ => ("#22201e", "#000000"),
    }
}

/// The picture of `fen`, seen from the first seat's side. Royal pieces carry a ring so
/// the eye finds them.
///
/// # Errors
/// The position string does not describe a board of this game.
pub fn svg(variant: Variant, fen: &str) -> Result<String, BoardError> {
    let (files, ranks) = variant.board_size();
    let on_board = placement(variant, fen)?;
    let size = 10_u32;
    let (w, h) = (u32::from(files) * size, u32::from(ranks) * size);
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{} position"><rect width="{w}" height="{h}" fill="#eedfc4"/>"##,
        variant.name()
    );
    if variant != Variant::Nowan {
        for rank in 0..ranks {
            for file in 0..files {
                if (file + rank) % 2 == 0 {
                    let (x, y) = (u32::from(file) * size, u32::from(ranks - 1 - rank) * size);
                    let _ = write!(
                        out,
                        r##"<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#b98a5a"/>"##
                    );
                }
            }
        }
    }
    for (file, rank, seat, kind) in on_board {
        let (fill, rim) = army_colours(pieces::army(variant, seat).class);
        let cx = u32::from(file) * size + size / 2;
        let cy = u32::from(ranks - 1 - rank) * size + size / 2;
        let _ = write!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="3.6" fill="{fill}" stroke="{rim}" stroke-width="1"/>"#
        );
        if kind.royal {
            let _ = write!(out, r#"<circle cx="{cx}" cy="{cy}" r="1.4" fill="{rim}"/>"#);
        }
    }
    out.push_str("</svg>");
    Ok(out)
}

/// Pictures already drawn, by (game id, ply). Bounded: emptied when it grows past
/// [`CACHE_LIMIT`] (a list page asks for at most a few dozen).
static CACHE: LazyLock<Mutex<HashMap<(String, i64), Arc<str>>>> = LazyLock::new(|| Mutex::new(HashMap::new()));
const CACHE_LIMIT: usize = 4096;

/// The cached picture of game `id` after `ply`, if drawn before.
#[must_use]
pub fn cached(id: &str, ply: i64) -> Option<Arc<str>> {
    CACHE.lock().ok()?.get(&(id.to_owned(), ply)).cloned()
}

/// Keeps the picture of game `id` after `ply`.
pub fn remember(id: &str, ply: i64, svg: Arc<str>) {
    if let Ok(mut cache) = CACHE.lock() {
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert((id.to_owned(), ply), svg);
    }
}

#[cfg(test)]
mod tests {
    use herald_rules::{AnyGame, Options};

    use super::*;

    #[test]
    fn every_start_position_is_drawn_with_all_its_pieces() {
        for variant in Variant::ALL {
            let game = AnyGame::new(variant, Options::NONE, None).unwrap();
            let picture = svg(variant, &game.fen()).unwrap();
            let pieces = placement(variant, &game.fen()).unwrap().len();
            let royal = usize::from(variant.players());
            assert_eq!(picture.matches("<circle").count(), pieces + royal, "{variant}");
            assert!(picture.starts_with("<svg xmlns="), "{variant}");
        }
    }

    #[test]
    fn the_cache_keeps_pictures_by_game_and_ply() {
        remember("mini-test", 3, Arc::from("<svg/>"));
        assert_eq!(cached("mini-test", 3).as_deref(), Some("<svg/>"));
        assert!(cached("mini-test", 4).is_none());
    }
}
