//! Playing levels: documented handicaps of the one engine, for every game ([`crate::engine::Engine`]'s `Level`
//! option). Level 0 is full strength; levels 1–8 cap the search's depth and nodes, and with a seeded chance play
//! a weaker root move whose score is within a stated margin of the best one.
//!
//! **How the weaker move is chosen.** After the capped search ends with best move `B` at depth `D` and score
//! `S` (side to move's view), a seeded draw decides (probability [`LevelSpec::chance`]) whether to deviate. If
//! so, the engine scores the next-best root moves by *exclusion*: it searches the root again to the same depth
//! `D` without `B` (the best of the rest and its score come out), then without that move too, and so on for up to
//! [`ALTERNATIVES`] moves, each pass capped at the level's node limit. This is multi-PV scoring at the capped
//! depth, through the searcher's own root-move exclusion (UCCI `banmoves`), so it works for every game. A move
//! qualifies when its score `s` satisfies `S − s ≤ margin`; the engine plays one of the qualifying moves,
//! uniformly at random (same seed), or `B` when none does.
//!
//! **Never absurd.** The alternatives are legal root moves searched like the best one (quiescence included for
//! Xiangqi), so a move that hangs material worth more than the margin scores below `S − margin` and is never
//! chosen. No deviation at all when `S` is a mate score (a found mate is played; a side being mated keeps its
//! longest defence), and an alternative with a losing mate score is never chosen (so a level never walks into a
//! mate when a non-losing move exists at that depth).
//!
//! **The seed.** The `LevelSeed` option (default 0) and a counter of the searches since it was set give each
//! search's random stream, mixed with the searched result (the best move and score), so a sequence of searches
//! from the same options replays exactly (for depth- or node-limited searches, whose results do not depend on
//! timing).

/// How many next-best root moves a deviating level scores.
pub const ALTERNATIVES: usize = 3;

/// The handicaps of one level. Margins are in the game's score units: centipawns for Xiangqi, Queenbee
/// evaluation units (×100, as the engine's `info score cp`) for Hex.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct LevelSpec {
    /// 1–8.
    pub level: u8,
    /// Deepest iteration (plies).
    pub depth: u32,
    /// Node cap of the search (and of each alternative pass).
    pub nodes: u64,
    /// Largest score loss accepted for a weaker move.
    #[serde(rename = "marginCp")]
    pub margin: i32,
    /// Probability (0–1) that the level looks for a weaker move at all.
    pub chance: f64,
    /// One line, English.
    pub en: &'static str,
    /// One line, Chinese.
    pub zh: &'static str,
}

/// Levels 1–8, weakest first. Level 0 (full strength) has no entry.
pub const LEVELS: [LevelSpec; 8] = [
    LevelSpec { level: 1, depth: 1, nodes: 2_000, margin: 150, chance: 0.5, en: "Beginner: looks one move ahead; half of its moves may be up to 1.5 pawns worse than its best", zh: "入门：只看一步；一半的着法可能比最佳着差至多 1.5 兵" },
    LevelSpec { level: 2, depth: 2, nodes: 5_000, margin: 120, chance: 0.4, en: "Novice: two plies; 40% of its moves may be up to 1.2 pawns worse", zh: "新手：看两步；40% 的着法可能差至多 1.2 兵" },
    LevelSpec { level: 3, depth: 3, nodes: 10_000, margin: 100, chance: 0.3, en: "Casual: three plies; 30% of its moves may be up to 1 pawn worse", zh: "业余：看三步；30% 的着法可能差至多 1 兵" },
    LevelSpec { level: 4, depth: 4, nodes: 25_000, margin: 80, chance: 0.25, en: "Club: four plies; a quarter of its moves may be up to 0.8 pawn worse", zh: "棋友：看四步；四分之一的着法可能差至多 0.8 兵" },
    LevelSpec { level: 5, depth: 5, nodes: 50_000, margin: 60, chance: 0.2, en: "Strong club: five plies; 20% of its moves may be up to 0.6 pawn worse", zh: "强业余：看五步；20% 的着法可能差至多 0.6 兵" },
    LevelSpec { level: 6, depth: 6, nodes: 100_000, margin: 40, chance: 0.15, en: "Expert: six plies; 15% of its moves may be up to 0.4 pawn worse", zh: "高手：看六步；15% 的着法可能差至多 0.4 兵" },
    LevelSpec { level: 7, depth: 8, nodes: 200_000, margin: 25, chance: 0.1, en: "Master: eight plies; 10% of its moves may be up to 0.25 pawn worse", zh: "大师：看八步；10% 的着法可能差至多 0.25 兵" },
    LevelSpec { level: 8, depth: 10, nodes: 400_000, margin: 15, chance: 0.05, en: "Grandmaster: ten plies and 400k nodes; 5% of its moves may be up to 0.15 pawn worse", zh: "特级大师：十层、40 万节点；5% 的着法可能差至多 0.15 兵" },
];

/// The highest level.
pub const MAX_LEVEL: u8 = 8;

/// The handicaps of `level` (1–8); `None` for 0 (full strength) or out of range.
pub fn spec(level: u8) -> Option<&'static LevelSpec> {
    LEVELS.get((level as usize).wrapping_sub(1))
}

/// A small deterministic random stream (SplitMix64, Steele, Lea & Flood 2014).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelRng(pub u64);

impl LevelRng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A uniform number in [0, 1).
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Mixes `text` into the state (FNV-1a of its bytes).
    pub fn mix(&mut self, text: &str) {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 ^= h;
        self.next_u64();
    }
}
