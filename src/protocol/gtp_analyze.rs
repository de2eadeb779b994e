//! The analyze commands of the GTP session ([`super::gtp`]): what HexGui's `hexgui-analyze_commands` menu
//! offers, drawn on its board or shown as text.
//!
//! Answer types (GoGui's analyze-command types, as HexGui reads them in `hexgui/htp/AnalyzeDefinition.java`):
//! `pspairs` (` cell value` pairs, the value written on the cell), `plist` (cells, highlighted) and `string`
//! (text in a window).
//!
//! - The evaluation maps ([`Maps`]), `pspairs`: unreachable and occupied cells are left out, except in the
//!   two-distance maps where an unreachable empty cell shows `-1`, as Benzene's `eval-twod`:
//!   `duiyi-twod north|south|west|east` (two-distance of every empty cell to that edge, Queenbee's definition
//!   or Benzene's per the session's convention), `duiyi-potential COLOR` (the side's potential),
//!   `duiyi-total` (sum of both potentials), `duiyi-badness`, `duiyi-tension` (for the side to move), and
//!   `duiyi-eval` (a `string`: board potentials, attack mobility and Queenbee's eval).
//! - The static knowledge of the position ([`knowledge::analyse`]; boards of at most
//!   [`MAX_SOLVER_CELLS`] cells, else the command is refused; on a finished game the lists are empty):
//!   `duiyi-mustplay` (`plist`: the must-play region of the side to move), `duiyi-threats` (`plist`: the
//!   opponent's threat cells, the union of the carriers of its edge-to-edge semi-connections),
//!   `duiyi-inferior` (`pspairs`: dead cells labelled `dead`, cells captured by Black `B`, by White `W`),
//!   `duiyi-verdict` (`string`: `open`, `win for black: carrier c2 b3 …`, `loss for white: carrier …`, or
//!   `over: black has won`) and `duiyi-knowledge` (`string`: the [`Knowledge`] as one line of JSON, `null`
//!   on a finished game).

use super::gtp_args::{check_args, parse_color};
use crate::hex::eval::Maps;
use crate::hex::knowledge::{self, Knowledge, Verdict};
/// The knowledge commands answer on boards of at most this many cells (up to 11×11), as before the engines
/// took every size: the analysis works up to 19×19 (`knowledge::analyse`), but these commands and their
/// tests are kept as they were.
const MAX_SOLVER_CELLS: usize = 128;
use crate::hex::two_distance::{Convention, INFINITY};
use crate::hex::{Cell, Color, Edge, Position};

/// The analyze commands HexGui shows (type/label/command, as in GoGui's analyze-command files).
pub(super) const ANALYZE_COMMANDS: &str = "param/Game Param/param_game
param/MCTS Param/param_mcts
string/ShowBoard/showboard
string/Final Score/final_score
plist/All Legal Moves/all_legal_moves %c
pspairs/Two-Distance to North (Black)/duiyi-twod north
pspairs/Two-Distance to South (Black)/duiyi-twod south
pspairs/Two-Distance to West (White)/duiyi-twod west
pspairs/Two-Distance to East (White)/duiyi-twod east
pspairs/Potential/duiyi-potential %c
pspairs/Total Potential/duiyi-total
pspairs/Move Badness/duiyi-badness
pspairs/Move Tension/duiyi-tension
string/Queenbee Evaluation/duiyi-eval
plist/Must-Play Region/duiyi-mustplay
plist/Opponent Threats/duiyi-threats
pspairs/Inferior Cells/duiyi-inferior
string/Verdict/duiyi-verdict
string/Knowledge (JSON)/duiyi-knowledge";

/// Answers analyze command `cmd` on `pos`; `None` when `cmd` is not one of them (the `duiyi-…` commands of [`ANALYZE_COMMANDS`]).
pub(super) fn run(cmd: &str, args: &[&str], pos: &Position, convention: Convention) -> Option<Result<String, String>> {
    let maps = || Maps::compute(pos, convention);
    let finite = |map: &[u16]| pspairs(pos, |i| (map[i] != INFINITY).then(|| map[i].to_string()));
    let result = match cmd {
        "duiyi-twod" => check_args(cmd, args, 1, 1).and_then(|()| {
            let edge = match args[0].to_ascii_lowercase().as_str() {
                "north" | "n" => Edge::North,
                "south" | "s" => Edge::South,
                "west" | "w" => Edge::West,
                "east" | "e" => Edge::East,
                other => return Err(format!("duiyi-twod: unknown edge '{other}' (expected north, south, west or east)")),
            };
            let m = maps();
            let map = &m.two_distance[edge.index()];
            Ok(pspairs(pos, |i| (m.stones[i] == 0).then(|| if map[i] == INFINITY { "-1".into() } else { map[i].to_string() })))
        }),
        "duiyi-potential" => check_args(cmd, args, 1, 1).and_then(|()| {
            let c = parse_color(Some(args[0]))?;
            Ok(finite(&maps().potential[c.index()]))
        }),
        "duiyi-total" => check_args(cmd, args, 0, 0).map(|()| finite(&maps().total)),
        "duiyi-badness" => check_args(cmd, args, 0, 0).map(|()| finite(&maps().badness)),
        "duiyi-tension" => check_args(cmd, args, 0, 0).map(|()| {
            let m = maps();
            pspairs(pos, |i| m.tension[i].map(|t| t.to_string()))
        }),
        "duiyi-eval" => check_args(cmd, args, 0, 0).map(|()| {
            let m = maps();
            let bp = |c: Color| {
                let v = m.board_potential[c.index()];
                if v == INFINITY { "inf".to_string() } else { v.to_string() }
            };
            format!(
                "to_move {} board_potential black {} white {} attack_mobility black {} white {} eval {} eval_black {} convention {}",
                m.to_move,
                bp(Color::Black),
                bp(Color::White),
                m.attack_mobility[0],
                m.attack_mobility[1],
                m.eval,
                m.eval_black,
                m.convention.name()
            )
        }),
        "duiyi-mustplay" => knowledge_of(cmd, args, pos).map(|k| k.map_or_else(String::new, |k| cell_list(&k.must_play))),
        "duiyi-threats" => knowledge_of(cmd, args, pos).map(|k| k.map_or_else(String::new, |k| cell_list(&k.threats))),
        "duiyi-inferior" => knowledge_of(cmd, args, pos).map(|k| k.map_or_else(String::new, |k| inferior_pairs(&k))),
        "duiyi-verdict" => knowledge_of(cmd, args, pos).map(|k| match k {
            Some(k) => verdict_text(&k),
            None => match pos.winner() {
                Some(w) => format!("over: {w} has won"),
                None => "over".into(),
            },
        }),
        "duiyi-knowledge" => knowledge_of(cmd, args, pos).and_then(|k| match k {
            Some(k) => serde_json::to_string(&k).map_err(|e| format!("{cmd}: {e}")),
            None => Ok("null".into()),
        }),
        _ => return None,
    };
    Some(result)
}

/// The knowledge of `pos` (`None` on a finished game), or why there is none (too large a board).
fn knowledge_of(cmd: &str, args: &[&str], pos: &Position) -> Result<Option<Knowledge>, String> {
    check_args(cmd, args, 0, 0)?;
    let cells = pos.width() * pos.height();
    if cells > MAX_SOLVER_CELLS {
        return Err(format!(
            "{cmd}: the board has {cells} cells; the knowledge of a position needs at most {MAX_SOLVER_CELLS} (11×11 at most)"
        ));
    }
    Ok(knowledge::analyse(pos))
}

/// ` cell value` pairs of a per-cell map of `pos`, skipping cells where `value` is `None`.
fn pspairs(pos: &Position, value: impl Fn(usize) -> Option<String>) -> String {
    let g = pos.geometry();
    (0..g.cells()).filter_map(|i| value(i).map(|v| format!("{} {v}", g.cell(i)))).collect::<Vec<_>>().join(" ")
}

fn cell_list(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// `duiyi-inferior`: `cell dead`, `cell B` (captured by Black), `cell W` (by White), by row then column.
fn inferior_pairs(k: &Knowledge) -> String {
    let mut labelled: Vec<(Cell, &str)> = k.dead.iter().map(|&c| (c, "dead")).collect();
    labelled.extend(k.captured[0].iter().map(|&c| (c, "B")));
    labelled.extend(k.captured[1].iter().map(|&c| (c, "W")));
    crate::sort::sort_by_key(&mut labelled, |(c, _)| (c.row, c.col));
    labelled.iter().map(|(c, l)| format!("{c} {l}")).collect::<Vec<_>>().join(" ")
}

/// `duiyi-verdict`: `open`, `win for black: carrier …` or `loss for white: carrier …` (the side to move).
fn verdict_text(k: &Knowledge) -> String {
    let (word, carrier) = match &k.verdict {
        Verdict::Open => return "open".into(),
        Verdict::Win { carrier } => ("win", carrier),
        Verdict::Loss { carrier } => ("loss", carrier),
    };
    let mut s = format!("{word} for {}: carrier", k.to_move);
    for c in carrier {
        s.push_str(&format!(" {c}"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: &[&str]) -> Vec<Cell> {
        list.iter().map(|c| Cell::parse(c).unwrap()).collect()
    }

    #[test]
    fn verdict_and_inferior_texts() {
        let k = Knowledge {
            to_move: Color::White,
            verdict: Verdict::Loss { carrier: cells(&["b1", "c1"]) },
            dead: cells(&["e5"]),
            captured: [cells(&["b1", "c1"]), cells(&["a1"])],
            permanently_inferior: [vec![], vec![]],
            vulnerable: vec![],
            dominated: vec![],
            must_play: vec![],
            threats: cells(&["b1", "c1"]),
            candidates: vec![],
        };
        assert_eq!(verdict_text(&k), "loss for white: carrier b1 c1");
        assert_eq!(inferior_pairs(&k), "a1 W b1 B c1 B e5 dead");
        let open = Knowledge { verdict: Verdict::Open, ..k.clone() };
        assert_eq!(verdict_text(&open), "open");
        let win = Knowledge { to_move: Color::Black, verdict: Verdict::Win { carrier: cells(&["d4"]) }, ..k };
        assert_eq!(verdict_text(&win), "win for black: carrier d4");
    }

    #[test]
    fn knowledge_commands_refuse_boards_too_large_and_take_no_argument() {
        let big = Position::square(12).unwrap();
        let e = run("duiyi-mustplay", &[], &big, Convention::default()).unwrap().unwrap_err();
        assert!(e.contains("144 cells") && e.contains("128"), "{e}");
        let small = Position::square(3).unwrap();
        assert!(run("duiyi-verdict", &["x"], &small, Convention::default()).unwrap().is_err());
        assert!(run("genmove", &[], &small, Convention::default()).is_none());
        // The empty 3×3 board is won for Black (to move) by a semi-connection through the centre.
        let v = run("duiyi-verdict", &[], &small, Convention::default()).unwrap().unwrap();
        assert!(v.starts_with("win for black: carrier ") && v.contains(" b2"), "{v}");
    }
}
