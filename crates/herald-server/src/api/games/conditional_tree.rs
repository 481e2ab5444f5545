//! Conditional lines as a tree of moves from one position: built from the lines a player
//! enters (each move checked by the rules engine, the player's own moves being the
//! replies), stored as JSON, and followed move by move as the game goes on.

use herald_rules::Player;
use serde::{Deserialize, Serialize};

use crate::domain::rules::{GameState, MoveRejection};

/// The most lines one player keeps in a game, and the longest line: enough to plan a
/// week of correspondence, bounded so a save costs at most a few thousand engine moves.
pub const MAX_LINES: usize = 64;
pub const MAX_LINE_MOVES: usize = 40;

/// A move and what follows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    #[serde(rename = "m")]
    pub text: String,
    #[serde(rename = "n", default, skip_serializing_if = "Vec::is_empty")]
    pub next: Vec<Branch>,
}

/// The moves that may follow a position, each with its continuation. Where the owner is
/// to move there is at most one: their reply.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Tree(pub Vec<Branch>);

/// Why lines were refused; `line` and `step` count from 1, as a person reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    TooMany,
    Empty {
        line: usize,
    },
    TooLong {
        line: usize,
    },
    Illegal {
        line: usize,
        step: usize,
        text: String,
        message: String,
    },
    AfterEnd {
        line: usize,
        step: usize,
    },
    NoReply {
        line: usize,
    },
    ConflictingReplies {
        line: usize,
        step: usize,
        first: String,
        second: String,
    },
}

impl LineError {
    /// The stable code of the refusal.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            LineError::TooMany => "too_many_lines",
            LineError::Empty { .. } => "empty_line",
            LineError::TooLong { .. } => "line_too_long",
            LineError::Illegal { .. } => "illegal_line",
            LineError::AfterEnd { .. } => "line_after_end",
            LineError::NoReply { .. } => "line_without_reply",
            LineError::ConflictingReplies { .. } => "conflicting_replies",
        }
    }

    /// What a person reads.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            LineError::TooMany => format!("at most {MAX_LINES} lines"),
            LineError::Empty { line } => format!("line {line} has no moves"),
            LineError::TooLong { line } => format!("line {line} has more than {MAX_LINE_MOVES} moves"),
            LineError::Illegal {
                line,
                step,
                text,
                message,
            } => {
                format!("line {line}, move {step} ({text}): {message}")
            }
            LineError::AfterEnd { line, step } => format!("line {line}, move {step}: the game is already over there"),
            LineError::NoReply { line } => {
                format!("line {line} must end with your own move: the reply to play")
            }
            LineError::ConflictingReplies {
                line,
                step,
                first,
                second,
            } => format!("line {line}, move {step}: you already reply {first} in that position, not {second}"),
        }
    }
}

impl Tree {
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Builds the tree of `lines` from the position of `engine`, for the player in `owner`'s
    /// seat: every move must be legal where it stands (it is kept as the engine writes it),
    /// every line must end with one of the owner's moves, and two lines reaching the same
    /// position by the same moves must agree on the owner's reply there.
    ///
    /// # Errors
    /// The first [`LineError`] found, lines in order.
    pub fn build(engine: &dyn GameState, owner: Player, lines: &[Vec<String>]) -> Result<Tree, LineError> {
        if lines.len() > MAX_LINES {
            return Err(LineError::TooMany);
        }
        let mut tree = Tree::default();
        for (index, line) in lines.iter().enumerate() {
            let number = index + 1;
            if line.is_empty() {
                return Err(LineError::Empty { line: number });
            }
            if line.len() > MAX_LINE_MOVES {
                return Err(LineError::TooLong { line: number });
            }
            let mut position = engine.boxed_clone();
            let mut steps = Vec::with_capacity(line.len());
            for (at, text) in line.iter().enumerate() {
                if position.outcome().is_some() {
                    return Err(LineError::AfterEnd {
                        line: number,
                        step: at + 1,
                    });
                }
                let mover = position.turn();
                let played = position.play(text.trim()).map_err(|rejection| LineError::Illegal {
                    line: number,
                    step: at + 1,
                    text: text.trim().to_owned(),
                    message: match rejection {
                        MoveRejection::Syntax(message) | MoveRejection::Illegal { message, .. } => message,
                    },
                })?;
                steps.push((mover == owner, played));
            }
            if !steps.last().is_some_and(|(mine, _)| *mine) {
                return Err(LineError::NoReply { line: number });
            }
            tree.insert(number, &steps)?;
        }
        Ok(tree)
    }

    fn insert(&mut self, line: usize, steps: &[(bool, String)]) -> Result<(), LineError> {
        let mut level = &mut self.0;
        for (at, (mine, text)) in steps.iter().enumerate() {
            let found = level.iter().position(|b| b.text == *text);
            let index = match found {
                Some(index) => index,
                None => {
                    if *mine && let Some(first) = level.first() {
                        return Err(LineError::ConflictingReplies {
                            line,
                            step: at + 1,
                            first: first.text.clone(),
                            second: text.clone(),
                        });
                    }
                    level.push(Branch {
                        text: text.clone(),
                        next: Vec::new(),
                    });
                    level.len() - 1
                }
            };
            let Some(branch) = level.get_mut(index) else {
                return Ok(());
            };
            level = &mut branch.next;
        }
        Ok(())
    }

    /// What is left once `entry` was played: the continuation of its branch, or `None`
    /// when no line expected it.
    #[must_use]
    pub fn after(self, entry: &str) -> Option<Tree> {
        self.0.into_iter().find(|b| b.text == entry).map(|b| Tree(b.next))
    }

    /// The reply to play when the owner is to move: the one branch there.
    #[must_use]
    pub fn reply(&self) -> Option<&str> {
        self.0.first().map(|b| b.text.as_str())
    }

    /// Every line from the root to a leaf, in the order entered.
    #[must_use]
    pub fn lines(&self) -> Vec<Vec<String>> {
        fn walk(branches: &[Branch], prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
            for branch in branches {
                prefix.push(branch.text.clone());
                if branch.next.is_empty() {
                    out.push(prefix.clone());
                } else {
                    walk(&branch.next, prefix, out);
                }
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        walk(&self.0, &mut Vec::new(), &mut out);
        out
    }

    /// The stored form.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "[]".to_owned())
    }

    /// Reads the stored form.
    ///
    /// # Errors
    /// The text is not a tree (damaged, or written by a later version): the caller says
    /// which row, and never reads it as "no lines".
    pub fn from_json(text: &str) -> Result<Tree, serde_json::Error> {
        serde_json::from_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(json: &str) -> Tree {
        Tree::from_json(json).unwrap()
    }

    #[test]
    fn lines_round_trip_through_the_tree_in_entry_order() {
        let t = tree(r#"[{"m":"a","n":[{"m":"b"},{"m":"c","n":[{"m":"d"}]}]},{"m":"e","n":[{"m":"f"}]}]"#);
        let lines = t.lines();
        assert_eq!(
            lines,
            vec![vec!["a", "b"], vec!["a", "c", "d"], vec!["e", "f"]]
                .into_iter()
                .map(|l| l.into_iter().map(str::to_owned).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        );
        assert_eq!(Tree::from_json(&t.to_json()).unwrap(), t);
    }

    #[test]
    fn following_keeps_the_matching_branch_and_drops_the_rest() {
        let t = tree(r#"[{"m":"a","n":[{"m":"b","n":[{"m":"c","n":[{"m":"d"}]}]}]},{"m":"e","n":[{"m":"f"}]}]"#);
        let after_a = t.clone().after("a").expect("a is expected");
        assert_eq!(after_a.reply(), Some("b"));
        let after_b = after_a.after("b").expect("b is the reply");
        assert_eq!(after_b.lines(), vec![vec!["c".to_owned(), "d".to_owned()]]);
        assert!(t.after("x").is_none());
    }

    #[test]
    fn an_unreadable_stored_tree_is_no_lines() {
        assert!(Tree::from_json("not json").is_err());
        assert!(Tree::from_json(r#"{"m":1}"#).is_err());
    }
}
