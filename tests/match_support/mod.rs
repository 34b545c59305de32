//! A tiny game for testing `Match` without depending on a real game's rules.
//!
//! A token walks on squares 0..=GOAL; the players A and B take turns. `L`
//! and `R` step one square left or right (reversible); `J` jumps two squares
//! right and is irreversible (it bumps a jump counter that is part of the
//! position, so nothing before it can recur). Whoever moves the token onto
//! GOAL wins.

#![allow(dead_code)] // each test file uses a different part of this

use core::fmt;
use core::str::FromStr;

use rulebook::{Game, Outcome, PlayError};

/// The square that wins.
pub const GOAL: u8 = 6;

/// A side of the walk game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    A,
    B,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// A move of the walk game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Step {
    L,
    R,
    J,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Step::L => "L",
            Step::R => "R",
            Step::J => "J",
        })
    }
}

impl FromStr for Step {
    type Err = ();
    fn from_str(text: &str) -> Result<Self, ()> {
        match text {
            "L" => Ok(Step::L),
            "R" => Ok(Step::R),
            "J" => Ok(Step::J),
            _ => Err(()),
        }
    }
}

/// Why the walk game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ReachedGoal;

impl fmt::Display for ReachedGoal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the token reached the goal")
    }
}

/// A position of the walk game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Walk {
    pub square: u8,
    pub jumps: u8,
    pub to_move: Side,
}

impl Default for Walk {
    fn default() -> Self {
        Walk {
            square: 0,
            jumps: 0,
            to_move: Side::A,
        }
    }
}

impl Game for Walk {
    type Player = Side;
    type Move = Step;
    type Moves = Vec<Step>;
    type Ending = ReachedGoal;
    const MAX_PLIES: Option<u32> = None;

    fn to_move(&self) -> Side {
        self.to_move
    }

    fn opponent(player: Side) -> Side {
        match player {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    fn legal_moves(&self) -> Vec<Step> {
        if self.square >= GOAL {
            return Vec::new();
        }
        let mut moves = Vec::new();
        if self.square > 0 {
            moves.push(Step::L);
        }
        moves.push(Step::R);
        if self.square + 2 <= GOAL {
            moves.push(Step::J);
        }
        moves
    }

    fn apply(&mut self, mv: Step) -> Result<(), PlayError<Step>> {
        if self.square >= GOAL {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::IllegalMove(mv));
        }
        self.apply_unchecked(mv);
        Ok(())
    }

    fn apply_unchecked(&mut self, mv: Step) {
        match mv {
            Step::L => self.square -= 1,
            Step::R => self.square += 1,
            Step::J => {
                self.square += 2;
                self.jumps += 1;
            }
        }
        self.to_move = Self::opponent(self.to_move);
    }

    fn outcome(&self) -> Option<Outcome<Side>> {
        // The player who moved onto the goal is the one not to move.
        (self.square >= GOAL).then(|| Outcome::Win(Self::opponent(self.to_move)))
    }

    fn ending(&self) -> Option<ReachedGoal> {
        (self.square >= GOAL).then_some(ReachedGoal)
    }

    fn is_irreversible(&self, mv: Step) -> bool {
        mv == Step::J
    }
}
