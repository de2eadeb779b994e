//! Inferior cell analysis ("ICE", after Benzene's inferior cell engine): which empty cells of a Hex position
//! can be filled in without changing its value, and which moves of the side to move can be left out of a
//! search because another move is at least as good.
//!
//! - [`dead`]: **dead** cells and **captured** pairs, and their repeated fill-in ([`Masks::fill`]), which
//!   also fills the permanently inferior cells.
//! - [`perm`]: **permanently inferior** cells (Benzene's pattern set, redrawn), filled with their owner's
//!   colour; their carriers stay empty and join a proof when the owner wins.
//! - [`prune`]: **vulnerable** moves of the side to move (the opponent's answer on a *killer* makes the
//!   stone dead: the dead case of Henderson and Hayward's captured-reversible moves) and **dominated** moves
//!   (a stone on the *dominator* makes the cell dead or captured), left out of a search
//!   ([`Masks::inferior_moves`]), with the killers and dominators a loss's proof must keep.
//! - [`local`]: the deadness rule asked of a position with a hypothetical stone or two, without flood fills.
//!
//! Sources: Björnsson, Hayward, Johanson, van Rijswijck 2007, "Dead cell analysis in Hex and the Shannon
//! game" (dead, captured, vulnerable cells); Hayward et al. 2005, "Solving 7×7 Hex with domination, fill-in,
//! and virtual connections" (domination, fill-in); Henderson, Arneson, Hayward 2009, "Solving 8×8 Hex"
//! (permanently inferior cells, proof sets); Henderson, Hayward 2013, "Captured-reversible moves and star
//! decomposition domination in Hex"; Benzene's pattern files (`cgao3/benzene-vanilla-cmake`,
//! `share/ice-patterns.txt`, `share/fillin-patterns.txt`), read as facts and written again in our notation.
//! Every rule is checked by brute force on random positions of small boards (the tests of each file,
//! `tests.rs`, and `tests/hex_ice.rs` for the solver built on them). Not done: star decomposition
//! domination, captured-reversible moves whose reply captures a larger set (tried with an answer plus a
//! captured pair: 1–7 % fewer nodes for 10–40 % more time in the 6×6 bench), Benzene's larger captured
//! patterns and dead regions.
//!
//! [`Masks::fill`]: crate::hex::bitboard::Masks::fill
//! [`Masks::inferior_moves`]: crate::hex::bitboard::Masks::inferior_moves

mod dead;
mod local;
mod perm;
mod prune;
#[cfg(test)]
mod tests;
