//! The plumbing every hop-by-hop environment shares (checkers'
//! [`HopByHop`](crate::checkers::HopByHop), every draughts variant's
//! [`draughts::HopByHop`](crate::draughts::HopByHop), Turkish draughts'
//! [`turkish::HopByHop`](crate::turkish::HopByHop)), written once: the
//! legal-action mask's start, the six observation planes and their
//! layout, and the waiting player's view. Each game says only which
//! squares hold what.

use super::{swap_plane_groups, Buffer, BufferSizeError, ObservationShape};

/// The observation's plane of the acting player's men.
pub const OWN_MEN_PLANE: usize = 0;
/// The observation's plane of the acting player's kings.
pub const OWN_KINGS_PLANE: usize = 1;
/// The observation's plane of the opponent's men.
pub const OPPONENT_MEN_PLANE: usize = 2;
/// The observation's plane of the opponent's kings.
pub const OPPONENT_KINGS_PLANE: usize = 3;
/// The observation's plane marking the piece that is jumping (empty
/// between moves).
pub const JUMPING_PIECE_PLANE: usize = 4;
/// The observation's plane marking the pieces jumped so far in the move in
/// progress (empty between moves).
pub const JUMPED_PLANE: usize = 5;

/// The number of planes of a hop-by-hop observation.
pub(crate) const HOP_PLANES: usize = JUMPED_PLANE + 1;

/// Checks that `mask` has `count` slots and clears it: the start of every
/// hop-by-hop environment's
/// [`legal_action_mask`](super::Environment::legal_action_mask).
///
/// # Errors
///
/// [`BufferSizeError`] when `mask` does not have `count` slots (it is
/// then unchanged).
pub(crate) fn clear_mask(mask: &mut [bool], count: usize) -> Result<(), BufferSizeError> {
    BufferSizeError::check(Buffer::Mask, count, mask.len())?;
    mask.fill(false);
    Ok(())
}

/// What a hop-by-hop observation shows, one set of squares a plane, bit
/// `i` the board's square index `i` (before the acting player's view
/// turns it), in the order of the plane constants ([`OWN_MEN_PLANE`] to
/// [`JUMPED_PLANE`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct HopPlanes {
    /// The acting player's men.
    pub own_men: u64,
    /// The acting player's kings.
    pub own_kings: u64,
    /// The opponent's men.
    pub opponent_men: u64,
    /// The opponent's kings.
    pub opponent_kings: u64,
    /// The square the capturing piece has reached (0 between moves).
    pub jumping: u64,
    /// The pieces taken so far (0 between moves).
    pub jumped: u64,
}

impl HopPlanes {
    /// The planes of a position as the acting player sees it: `own`,
    /// `opponent` and `kings` (both sides') are square sets of the
    /// position; `capture` is the capture in progress, if any: the
    /// capturing piece's start and the square it has reached (where it
    /// is shown, no longer on its start), and whether it is a king there;
    /// `jumped` the pieces taken so far.
    pub(crate) fn new(
        own: u64,
        opponent: u64,
        kings: u64,
        capture: Option<(usize, usize, bool)>,
        jumped: u64,
    ) -> HopPlanes {
        let (mut own, mut kings, mut jumping) = (own, kings, 0);
        if let Some((start, landing, king)) = capture {
            let (start, landing) = (1u64 << start, 1u64 << landing);
            own = own & !start | landing;
            kings = kings & !start | if king { landing } else { 0 };
            jumping = landing;
        }
        HopPlanes {
            own_men: own & !kings,
            own_kings: own & kings,
            opponent_men: opponent & !kings,
            opponent_kings: opponent & kings,
            jumping,
            jumped,
        }
    }

    /// Writes the planes into `observation` (of `shape`, each plane
    /// `rows * columns` squares), 1.0 where a plane's square is and 0.0
    /// elsewhere, the board turned 180° (square `i` at `squares - 1 - i`)
    /// when `turned`: the acting player's view.
    ///
    /// # Errors
    ///
    /// [`BufferSizeError`] when `observation` is not `shape`'s length.
    pub(crate) fn write(
        self,
        shape: ObservationShape,
        observation: &mut [f32],
        turned: bool,
    ) -> Result<(), BufferSizeError> {
        shape.check_observation(observation)?;
        let squares = observation.len() / HOP_PLANES;
        debug_assert!(squares <= 64, "a plane is a 64-bit set");
        let planes = [
            self.own_men,
            self.own_kings,
            self.opponent_men,
            self.opponent_kings,
            self.jumping,
            self.jumped,
        ];
        for (plane, bits) in observation.chunks_exact_mut(squares).zip(planes) {
            write_bits(plane, bits);
            if turned {
                plane.reverse();
            }
        }
        Ok(())
    }
}

/// Turns the acting player's observation (planes of `squares` values)
/// into the waiting player's: each plane turned 180° and the sides'
/// planes swapped, the waiting player's men and kings in planes 0–1. The
/// capture in progress stays in planes 4–5, turned likewise.
pub(crate) fn turn_to_waiting(observation: &mut [f32], squares: usize) {
    for plane in observation.chunks_exact_mut(squares) {
        plane.reverse();
    }
    swap_plane_groups(observation, squares, OPPONENT_MEN_PLANE);
}

/// The observation values of 8 squares, for each pattern of their bits
/// (bit `i` of the index is square `i`): 8 KB, so that a plane is a few
/// copies, not a test a square (this runs on every step of a batch).
static BYTE_VALUES: [[f32; 8]; 256] = {
    let mut table = [[0.0; 8]; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut i = 0;
        while i < 8 {
            if bits & (1 << i) != 0 {
                table[bits][i] = 1.0;
            }
            i += 1;
        }
        bits += 1;
    }
    table
};

/// Writes 1.0 in `plane[i]` where bit `i` of `bits` is set, else 0.0.
///
/// Precondition: `plane.len() <= 64`.
fn write_bits(plane: &mut [f32], bits: u64) {
    let mut chunks = plane.chunks_exact_mut(8);
    let mut byte = 0;
    for chunk in &mut chunks {
        chunk.copy_from_slice(&BYTE_VALUES[(bits >> (8 * byte)) as usize & 0xff]);
        byte += 1;
    }
    let rest = chunks.into_remainder();
    let values = &BYTE_VALUES[bits.checked_shr(8 * byte).unwrap_or(0) as usize & 0xff];
    rest.copy_from_slice(&values[..rest.len()]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn planes_are_written_and_turned_square_by_square() {
        // 50 squares: six chunks of 8 and a remainder of 2.
        let shape = ObservationShape::new(HOP_PLANES, 10, 5);
        let planes = HopPlanes {
            own_men: 1 | 1 << 49,
            own_kings: 1 << 9,
            opponent_men: 0,
            opponent_kings: 1 << 48,
            jumping: 1 << 9,
            jumped: u64::MAX >> 14,
        };
        let mut observation = vec![0.5; shape.len()];
        planes.write(shape, &mut observation, false).unwrap();
        let value =
            |observation: &[f32], plane: usize, square: usize| observation[plane * 50 + square];
        for plane in 0..HOP_PLANES {
            for square in 0..50 {
                let bits = [
                    planes.own_men,
                    planes.own_kings,
                    0,
                    planes.opponent_kings,
                    planes.jumping,
                    planes.jumped,
                ][plane];
                let expected = f32::from(u8::from(bits >> square & 1 == 1));
                assert_eq!(
                    value(&observation, plane, square),
                    expected,
                    "{plane} {square}"
                );
            }
        }
        let mut turned = vec![0.5; shape.len()];
        planes.write(shape, &mut turned, true).unwrap();
        for plane in 0..HOP_PLANES {
            for square in 0..50 {
                assert_eq!(
                    value(&turned, plane, 49 - square),
                    value(&observation, plane, square)
                );
            }
        }
        // The waiting player's view of the turned board is the unturned
        // board with the sides swapped.
        turn_to_waiting(&mut turned, 50);
        assert_eq!(turned[..100], observation[100..200]);
        assert_eq!(turned[100..200], observation[..100]);
        assert_eq!(turned[200..], observation[200..]);
        assert!(planes.write(shape, &mut [0.0; 3], false).is_err());
    }
}
