//! The Dutch criteria that need the float history or the round's place in the event, each on
//! a small bracket worked by hand: C.5 and C.9 (who gets the bye), C.8 (downfloaters chosen
//! for the next bracket, with the rest of the round completable), C.14-C.17 (no float
//! repeated from the previous round or the one before), the topscorer rules (1.7, C.3's
//! relaxation, C.10, E.2 between two absolute preferences).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_pairing::{Colour, Float, RoundInfo, SwissError, SwissPlayer, pair_round, pair_round_with};

/// A player: `colours` as "WB..." in the order played, `floats` as "DUN..." by round.
fn player(number: usize, points: u32, colours: &str, opponents: &[usize], floats: &str) -> SwissPlayer {
    SwissPlayer {
        number,
        points,
        colours: colours
            .chars()
            .map(|c| if c == 'W' { Colour::White } else { Colour::Black })
            .collect(),
        opponents: opponents.iter().copied().collect(),
        had_bye: false,
        floats: floats
            .chars()
            .map(|c| match c {
                'D' => Float::Down,
                'U' => Float::Up,
                _ => Float::None,
            })
            .collect(),
    }
}

/// The games as (white, black), and the bye.
fn games(players: &[SwissPlayer], info: Option<&RoundInfo>) -> (Vec<(usize, usize)>, Option<usize>) {
    let round = pair_round_with(players, info).unwrap();
    (round.games.iter().map(|g| (g.white, g.black)).collect(), round.bye)
}

fn last_of(round: u32) -> RoundInfo {
    RoundInfo {
        round,
        total_rounds: round,
        points_for_win: 2,
    }
}

/// Three on one point, three on none, nobody has met: 1-2 and 3 floats down, unless 3 floated
/// down in the previous round (C.14): then 2 floats instead (the next exchange, 1-3).
#[test]
fn c14_a_downfloat_is_not_repeated_from_the_previous_round() {
    let field = |floats_of_3: &str| {
        vec![
            player(1, 2, "", &[], "N"),
            player(2, 2, "", &[], "N"),
            player(3, 2, "", &[], floats_of_3),
            player(4, 0, "", &[], "N"),
            player(5, 0, "", &[], "N"),
            player(6, 0, "", &[], "N"),
        ]
    };
    assert_eq!(games(&field("N"), None).0, vec![(1, 2), (3, 4), (5, 6)]);
    assert_eq!(games(&field("D"), None).0, vec![(1, 3), (4, 2), (5, 6)]);
    // Two rounds back (C.16) the same, when the previous round was quiet.
    assert_eq!(games(&field("DN"), None).0, vec![(1, 3), (4, 2), (5, 6)]);
}

/// Player 1 (two points) comes down to three on one point: 1 meets 2, unless 2 floated up
/// in the previous round (C.15), or the one before (C.17): then 1 meets 3.
#[test]
fn c15_c17_an_upfloat_is_not_repeated() {
    let field = |floats_of_2: &str| {
        vec![
            player(1, 4, "", &[], "NN"),
            player(2, 2, "", &[], floats_of_2),
            player(3, 2, "", &[], "NN"),
            player(4, 2, "", &[], "NN"),
        ]
    };
    assert_eq!(games(&field("NN"), None).0, vec![(1, 2), (3, 4)]);
    assert_eq!(games(&field("NU"), None).0, vec![(1, 3), (4, 2)]);
    assert_eq!(games(&field("UN"), None).0, vec![(1, 3), (4, 2)]);
    // An upfloat is not a downfloat: C.14 does not mind it.
    assert_eq!(games(&field("ND"), None).0, vec![(1, 2), (3, 4)]);
}

/// C.5: with an odd number, the bye goes to the lowest score that still lets the round be
/// completed, even when a bracket above must pair otherwise to allow it. Players 1 and 5 (two
/// points) could meet, but then 2 and 4 (one point, already met) would both need player 3.
#[test]
fn c5_the_bye_goes_to_the_lowest_score_possible() {
    let players = vec![
        player(1, 4, "W", &[3], "N"),
        player(2, 2, "B", &[4], "N"),
        player(3, 0, "B", &[1], "N"),
        player(4, 2, "W", &[2], "N"),
        player(5, 4, "", &[], "D"),
    ];
    let (games, bye) = games(&players, None);
    assert_eq!(bye, Some(3));
    assert_eq!(games, vec![(2, 1), (5, 4)]);
}

/// C.9: among those who could have the bye, the one who has played the most games: player 3
/// missed both rounds (no points), so the bye skips him for player 2.
#[test]
fn c9_the_bye_goes_to_the_player_with_the_fewest_unplayed_games() {
    let players = vec![
        player(1, 2, "WB", &[4, 5], "NN"),
        player(2, 2, "BW", &[6, 7], "NN"),
        player(3, 2, "", &[], "NN"),
    ];
    // Everyone on one point: 1-2 would leave 3 the bye; C.9 moves it to 2.
    let (games, bye) = games(&players, None);
    assert_eq!(bye, Some(2));
    assert_eq!(games, vec![(1, 3)]);
}

/// C.8: the downfloater is chosen so that the next bracket pairs as well as it can. Of
/// 1, 2 and 3 (two points) one floats down to 4 and 5 (one point), who have met each other
/// and 3: with 3 down (the first choice otherwise) that bracket makes no pair, with 2 down
/// it makes one (2-4), so 1 meets 3.
#[test]
fn c8_downfloaters_chosen_for_the_next_bracket() {
    let players = vec![
        player(1, 4, "", &[], "N"),
        player(2, 4, "", &[], "N"),
        player(3, 4, "", &[4, 5], "N"),
        player(4, 2, "", &[3, 5], "N"),
        player(5, 2, "", &[3, 4], "N"),
        player(6, 0, "", &[], "N"),
        player(7, 0, "", &[], "N"),
        player(8, 0, "", &[], "N"),
    ];
    assert_eq!(games(&players, None).0, vec![(1, 3), (4, 2), (5, 6), (7, 8)]);
}

/// 1.7 and C.3: in the last round, two topscorers (more than half the points possible) with
/// the same absolute colour preference may meet; in any other round they may not.
#[test]
fn topscorers_with_the_same_absolute_preference_meet_only_in_the_last_round() {
    let players = vec![player(1, 4, "WW", &[3, 4], "NN"), player(2, 4, "WW", &[5, 6], "NN")];
    assert_eq!(pair_round(&players), Err(SwissError::NoPairing));
    let not_last = RoundInfo {
        round: 3,
        total_rounds: 5,
        points_for_win: 2,
    };
    assert_eq!(pair_round_with(&players, Some(&not_last)), Err(SwissError::NoPairing));
    // Last round: both want black; equal colour differences and histories leave it to the
    // higher-ranked player's preference (E.4): 1 has black.
    assert_eq!(games(&players, Some(&last_of(3))).0, vec![(2, 1)]);
    // Not topscorers (two points of four possible is not more than half): no pairing.
    let middling = vec![player(1, 2, "WW", &[3, 4], "NN"), player(2, 2, "WW", &[5, 6], "NN")];
    assert_eq!(
        pair_round_with(&middling, Some(&last_of(3))),
        Err(SwissError::NoPairing)
    );
}

/// C.10 and E.2: topscorers 1 and 3 (colour difference +2, both due black) would leave one of
/// them at +3, so they are kept apart; 2 (+1, white twice running) and 3 meet instead, the
/// wider difference (3's) getting its colour.
#[test]
fn c10_topscorers_colour_difference_beyond_two_is_avoided() {
    let players = vec![
        player(1, 6, "WWBW", &[], "NNNN"),
        player(2, 6, "BWW", &[], "NNN"),
        player(3, 6, "WBWW", &[], "NNNN"),
        player(4, 6, "BBW", &[], "NNN"),
    ];
    let (games, _) = games(&players, Some(&last_of(5)));
    assert!(!games.contains(&(1, 3)) && !games.contains(&(3, 1)), "{games:?}");
    assert_eq!(games, vec![(4, 1), (2, 3)]);
}
