//! Inferior cell analysis ("ICE", after Benzene's inferior cell engine): which empty cells of a Hex position
//! can be filled in without changing its value, and which moves of the side to move can be left out of a
//! search because another move is at least as good.
//!
//! - [`dead`]: **dead** cells and **captured** pairs, and their repeated fill-in ([`Masks::fill_inferior`]).
//!
//! [`Masks::fill_inferior`]: crate::hex::bitboard::Masks::fill_inferior

mod dead;
