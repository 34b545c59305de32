//! [`Reductions`]: which late moves of a node alpha-beta searches
//! shallower first (late move reductions).

/// Late move reductions: which quiet moves late in a node's order
/// [`AlphaBeta`](super::AlphaBeta) searches shallower first, with a null
/// window, before it trusts them to be no better than the moves before
/// them. A reduced move that beats alpha is searched again to the full
/// depth. Tactical moves and the ply's killers are never reduced.
///
/// Moves are counted from 0 in the order searched (the table's move first).
///
/// The constants keep `two_plies_from`, when set, at least `from` (a move
/// reduced by two plies is one that would be reduced by one); a schedule
/// that does not is still searched, as [`plies`](Reductions::plies) says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reductions {
    /// Nodes at least this many plies deep reduce; shallower ones search
    /// every move to the full depth.
    pub min_depth: i32,
    /// Off the principal variation, moves from this index on are searched
    /// one ply shallower first.
    pub from: usize,
    /// Off the principal variation, moves from this index on are searched
    /// two plies shallower first (`None`: never more than one).
    pub two_plies_from: Option<usize>,
    /// On the principal variation, moves from this index on are searched
    /// one ply shallower first (`None`: none is reduced there).
    pub pv_from: Option<usize>,
}

impl Reductions {
    /// One ply, off the principal variation only, from the fourth move of
    /// nodes at least 3 plies deep: the default
    /// ([`Evaluator::reductions`](super::Evaluator::reductions)).
    pub const ONE_PLY: Reductions = Reductions {
        min_depth: 3,
        from: 3,
        two_plies_from: None,
        pv_from: None,
    };

    /// As Scan 2.0 reduces (an International draughts engine): off the
    /// principal variation from the second move one ply and from the
    /// seventh two, on it from the fourth one ply, in nodes at least 3
    /// plies deep. The draughts family's learned evaluations ask for it
    /// (docs/draughts-engine.md, "Deeper reductions").
    pub const DEEP: Reductions = Reductions {
        min_depth: 3,
        from: 1,
        two_plies_from: Some(6),
        pv_from: Some(3),
    };

    /// How many plies shallower move `index` of a node `depth` plies deep
    /// is searched first, on the principal variation (`pv`) or off it,
    /// when it may be reduced at all (a quiet move, not a killer).
    ///
    /// Postcondition: 0, 1 or 2, and never 2 on the principal variation.
    #[inline]
    pub fn plies(&self, depth: i32, index: usize, pv: bool) -> i32 {
        if depth < self.min_depth {
            return 0;
        }
        if pv {
            return i32::from(self.pv_from.is_some_and(|from| index >= from));
        }
        if self.two_plies_from.is_some_and(|from| index >= from) {
            2
        } else {
            i32::from(index >= self.from)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_ply_reduces_late_moves_off_the_principal_variation() {
        let one = Reductions::ONE_PLY;
        assert_eq!(one.plies(3, 2, false), 0);
        assert_eq!(one.plies(3, 3, false), 1);
        assert_eq!(one.plies(20, 40, false), 1);
        assert_eq!(one.plies(2, 40, false), 0);
        assert_eq!(one.plies(20, 40, true), 0);
    }

    #[test]
    fn deep_reduces_as_scan_does() {
        let deep = Reductions::DEEP;
        assert_eq!(deep.plies(3, 0, false), 0);
        assert_eq!(deep.plies(3, 1, false), 1);
        assert_eq!(deep.plies(3, 5, false), 1);
        assert_eq!(deep.plies(3, 6, false), 2);
        assert_eq!(deep.plies(3, 2, true), 0);
        assert_eq!(deep.plies(3, 3, true), 1);
        assert_eq!(deep.plies(3, 30, true), 1);
        assert_eq!(deep.plies(2, 30, false), 0);
    }
}
