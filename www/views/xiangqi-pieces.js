// The second piece set of the Xiangqi board: pictograms for people who do not read the Chinese characters
// (in the spirit of the "Western" Xiangqi pieces of PyChess and other programs: each piece as a figure a
// chess player recognises). Our own drawings: filled SVG paths in a box from -1 to 1, scaled by the board.
//
//   general  — a crown            advisor — a mitre (the palace counsellor's hat)
//   elephant — an elephant's head (trunk and tusk)
//   horse    — a horse's head     chariot — a tower with battlements (it runs along the lines like a rook)
//   cannon   — a barrel on a wheel                     soldier — a foot soldier's round head on a base
//
// The letters are the FEN letters (upper case Red, lower case Black); the drawing is the same for both
// sides, the colour comes from the stylesheet (.xq-red / .xq-black).

/** SVG path data per piece kind (lower-case FEN letter), in a [-1, 1] box (y down). */
export const PICTOGRAMS = {
  // crown: a band and three points, each tipped with a ball
  k: 'M-0.72,0.62 L0.72,0.62 L0.72,0.42 L-0.72,0.42 Z '
    + 'M-0.72,0.32 L-0.86,-0.42 L-0.38,0.02 L0,-0.66 L0.38,0.02 L0.86,-0.42 L0.72,0.32 Z '
    + 'M-0.86,-0.42 m-0.13,0 a0.13,0.13 0 1,0 0.26,0 a0.13,0.13 0 1,0 -0.26,0 '
    + 'M0,-0.66 m-0.14,0 a0.14,0.14 0 1,0 0.28,0 a0.14,0.14 0 1,0 -0.28,0 '
    + 'M0.86,-0.42 m-0.13,0 a0.13,0.13 0 1,0 0.26,0 a0.13,0.13 0 1,0 -0.26,0',
  // mitre: a pointed hat with a slit, on a collar
  a: 'M-0.5,0.45 L-0.5,-0.05 Q-0.45,-0.55 0,-0.85 Q0.45,-0.55 0.5,-0.05 L0.5,0.45 Z '
    + 'M-0.62,0.52 L0.62,0.52 L0.62,0.72 L-0.62,0.72 Z',
  // elephant's head seen from the side: a round skull, a large ear, a trunk curling down, a tusk
  b: 'M-0.55,-0.05 Q-0.6,-0.7 0,-0.72 Q0.55,-0.72 0.6,-0.2 Q0.62,0.2 0.42,0.42 L0.42,0.8 L0.22,0.8 L0.22,0.42 '
    + 'Q0.05,0.45 -0.05,0.3 L-0.35,0.55 Q-0.55,0.6 -0.6,0.4 Q-0.45,0.45 -0.35,0.3 Q-0.55,0.2 -0.55,-0.05 Z '
    + 'M-0.15,0.38 L-0.45,0.22 L-0.12,0.28 Z',
  // horse's head: the knight's profile, mane at the back, muzzle to the left
  n: 'M0.55,0.75 L-0.35,0.75 Q-0.3,0.35 0.05,0.12 Q-0.25,0.1 -0.5,0.22 Q-0.72,0.15 -0.7,-0.05 '
    + 'Q-0.45,-0.35 -0.1,-0.55 L-0.05,-0.82 L0.1,-0.6 Q0.55,-0.55 0.62,0 Q0.66,0.4 0.55,0.75 Z',
  // tower with three merlons
  r: 'M-0.62,0.78 L0.62,0.78 L0.62,0.55 L0.42,0.55 L0.36,-0.28 L0.56,-0.28 L0.56,-0.78 L0.3,-0.78 L0.3,-0.55 '
    + 'L0.12,-0.55 L0.12,-0.78 L-0.12,-0.78 L-0.12,-0.55 L-0.3,-0.55 L-0.3,-0.78 L-0.56,-0.78 L-0.56,-0.28 '
    + 'L-0.36,-0.28 L-0.42,0.55 L-0.62,0.55 Z',
  // cannon: a barrel pointing up and right on a wheeled carriage
  c: 'M-0.62,0.2 L0.5,-0.62 L0.68,-0.4 L-0.38,0.45 Z '
    + 'M-0.78,0.5 L0.4,0.5 L0.4,0.66 L-0.78,0.66 Z '
    + 'M-0.25,0.5 m-0.3,0 a0.3,0.3 0 1,0 0.6,0 a0.3,0.3 0 1,0 -0.6,0',
  // soldier: a round head on a collar and a broad base (a chess pawn's outline)
  p: 'M0,-0.78 m-0.3,0 a0.3,0.3 0 1,0 0.6,0 a0.3,0.3 0 1,0 -0.6,0 '
    + 'M-0.22,-0.42 L0.22,-0.42 L0.34,-0.3 L0.2,-0.22 Q0.28,0.25 0.5,0.5 L0.62,0.5 L0.62,0.78 L-0.62,0.78 '
    + 'L-0.62,0.5 L-0.5,0.5 Q-0.28,0.25 -0.2,-0.22 L-0.34,-0.3 Z',
};

/** The piece sets: their ids (the saved setting) in the order the settings list them. */
export const PIECE_SETS = ['chinese', 'pictogram'];
