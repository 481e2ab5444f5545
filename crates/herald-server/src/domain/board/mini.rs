//! Mini boards: a small self-contained SVG picture of a position for game lists (My games,
//! the lobby, the home page), served as an image at `/games/{id}/board.svg?ply=N` and kept
//! in memory by game and ply (a game's position after a ply never changes). An image
//! cannot load the piece sprite, so pieces are tokens in their army's colours.

use std::fmt::Write;
use std::sync::{Arc, LazyLock};

use herald_rules::Variant;

use crate::domain::rules::GameState;

/// Fill and rim of an army colour's tokens (the same colours as the `army-<colour>` styles
/// of `static/board.css`, which an image cannot read).
fn army_colours(colour: &str) -> (&'static str, &'static str) {
    match colour {
        "white" => ("#fbf7ee", "#2b2118"),
        "red" => ("#b3261e", "#5c0f0a"),
        "ivory" => ("#fbf6e9", "#3a2f1c"),
        "gold" => ("#f0c02f", "#7a5800"),
        "ebony" => ("#1d1d22", "#000000"),
        "crimson" => ("#8e1b2a", "#3d0710"),
        _ => ("#22201e", "#000000"),
    }
}

/// The picture of a position, seen from the first seat's side. Royal pieces carry a ring
/// so the eye finds them.
#[must_use]
pub fn svg(variant: Variant, game: &dyn GameState) -> String {
    let spec = variant.spec();
    let (files, ranks) = (spec.files, spec.ranks);
    let size = 10_u32;
    let (w, h) = (u32::from(files) * size, u32::from(ranks) * size);
    let mut out = String::with_capacity(4096);
    let _ = write!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{} position"><rect width="{w}" height="{h}" fill="#eedfc4"/>"##,
        variant.name()
    );
    if spec.checkered {
        for rank in 0..ranks {
            for file in 0..files {
                if spec.is_dark(file, rank) {
                    let (x, y) = (u32::from(file) * size, u32::from(ranks - 1 - rank) * size);
                    let _ = write!(
                        out,
                        r##"<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#b98a5a"/>"##
                    );
                }
            }
        }
    }
    for piece in game.pieces() {
        let (file, rank) = (piece.square.file(), piece.square.rank());
        let (fill, rim) = army_colours(spec.seats.get(piece.owner.index()).map_or("", |s| s.colour));
        let cx = u32::from(file) * size + size / 2;
        let cy = u32::from(ranks.saturating_sub(1 + rank)) * size + size / 2;
        let _ = write!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="3.6" fill="{fill}" stroke="{rim}" stroke-width="1"/>"#
        );
        if piece.kind.royal {
            let _ = write!(out, r#"<circle cx="{cx}" cy="{cy}" r="1.4" fill="{rim}"/>"#);
        }
    }
    out.push_str("</svg>");
    out
}

/// Pictures already drawn, by (game id, ply): an LRU, since a list page asks for at most a
/// few dozen and the same games come back page after page.
static CACHE: LazyLock<quick_cache::sync::Cache<(String, i64), Arc<str>>> =
    LazyLock::new(|| quick_cache::sync::Cache::new(4096));

/// The cached picture of game `id` after `ply`, if drawn before.
#[must_use]
pub fn cached(id: &str, ply: i64) -> Option<Arc<str>> {
    CACHE.get(&(id.to_owned(), ply))
}

/// Keeps the picture of game `id` after `ply`.
pub fn remember(id: &str, ply: i64, svg: Arc<str>) {
    CACHE.insert((id.to_owned(), ply), svg);
}

/// Forgets the picture of game `id` after `ply + 1`, a position a takeback removed (the
/// next move may reach that ply by another move). Another instance's copy, and a browser's,
/// lasts until that picture is asked for at a new ply.
pub fn forget_after(id: &str, ply: i64) {
    CACHE.remove(&(id.to_owned(), ply + 1));
}

#[cfg(test)]
mod tests {
    use herald_rules::Options;

    use super::*;
    use crate::domain::rules::{HeraldRules, Rules};

    #[test]
    fn every_start_position_is_drawn_with_all_its_pieces() {
        for variant in Variant::ALL {
            let game = HeraldRules.load(variant, Options::NONE, &[]).unwrap();
            let picture = svg(variant, game.as_ref());
            let pieces = game.pieces().len();
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
