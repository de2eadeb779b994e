//! Inferior cell analysis ("ICE", after Benzene's inferior cell engine): which empty cells of a Hex position
//! can be filled in without changing its value, and which moves of the side to move can be left out of a
//! search because another move is at least as good.
//!
//! - [`dead`]: **dead** cells and **captured** pairs, and their repeated fill-in ([`Masks::fill`]).
//! - [`perm`]: **permanently inferior** cells (Benzene's pattern set), filled in with their owner's colour.
//! - [`prune`]: **vulnerable** and **dominated** moves of the side to move, left out of a search
//!   ([`Masks::inferior_moves`]).
//! - [`local`]: the deadness rule asked of a position with a hypothetical stone or two, without flood fills.
//!
//! [`Masks::fill`]: crate::hex::bitboard::Masks::fill
//! [`Masks::inferior_moves`]: crate::hex::bitboard::Masks::inferior_moves

mod dead;
mod local;
mod perm;
mod prune;
#[cfg(test)]
mod tests;
