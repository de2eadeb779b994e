//! `duiyi hex review` and `duiyi hex hint`: the game review ([`super::review`]) from the command line.
//!
//! * `duiyi hex review FILE.sgf [--playouts N] [--solve-ms MS] [--solve-nodes N] [--solve-total-ms MS] [--json]`
//!   (or `--sgf FILE`, or `--size N --moves "…" [--swap]` as the other subcommands) prints a readable report:
//!   one line per move with its class (`best|good|inaccuracy|mistake|blunder`), the evaluation (Black's win
//!   probability) and both board potentials after it, the better move, `PROVED` for a solver-proved losing move
//!   with its proved winning alternative and the proof's nodes and time, `heuristic` for a class from the
//!   evaluation's drop; then the summary. `--json` prints the whole [`Review`](super::review::Review) as one
//!   line of JSON instead.
//! * `duiyi hex hint [position flags] [--ms MS]` prints the hint as JSON: `{"move", "proved", "area", "nodes",
//!   "time_ms"}` (default 1000 ms).

use super::cli_args::{Args, position_from_args};
use super::review::{Review, ReviewOptions, Reviewer, hint};
use std::fmt::Write;

/// A positive number flag, or the default.
fn number(a: &Args, cmd: &str, name: &str, default: f64) -> Result<f64, String> {
    match a.value(name) {
        None => Ok(default),
        Some(t) => t
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0)
            .ok_or_else(|| format!("hex {cmd}: {name} {t}: expected a positive number")),
    }
}

/// `duiyi hex review`: see the module documentation.
pub fn review_cmd(args: &[String]) -> Result<String, String> {
    let mut args = args.to_vec();
    if args.first().is_some_and(|a| !a.starts_with("--")) {
        let file = args.remove(0);
        args.splice(0..0, ["--sgf".to_string(), file]);
    }
    let a = Args::parse(
        "review",
        &args,
        &["--size", "--sgf", "--moves", "--playouts", "--solve-ms", "--solve-nodes", "--solve-total-ms"],
        &["--swap", "--json"],
    )?;
    let pos = position_from_args(&a).map_err(|e| format!("hex review: {e}"))?;
    let d = ReviewOptions::default();
    let opts = ReviewOptions {
        playouts: number(&a, "review", "--playouts", d.playouts as f64)? as u64,
        solve_ms: number(&a, "review", "--solve-ms", d.solve_ms)?,
        solve_nodes: number(&a, "review", "--solve-nodes", d.solve_nodes as f64)? as u64,
        solve_total_ms: number(&a, "review", "--solve-total-ms", d.solve_total_ms)?,
        ..d
    };
    let t0 = crate::search::clock::now_ms();
    let r = Reviewer::new(&pos, opts).run();
    let ms = crate::search::clock::now_ms() - t0;
    if a.switch("--json") {
        return serde_json::to_string(&r).map_err(|e| format!("hex review: {e}"));
    }
    Ok(text_report(&r, ms))
}

fn pct(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

fn pot(v: Option<u16>) -> String {
    v.map_or("inf".into(), |v| v.to_string())
}

/// The readable report of `r` (`ms`: the review's time).
pub fn text_report(r: &Review, ms: f64) -> String {
    let mut s = String::new();
    let p0 = &r.positions[0];
    let _ = writeln!(
        s,
        "Hex review, {}x{} board, {} moves ({:.1} s). Evaluation: Black's win probability; potentials: board potentials (lower is better).",
        r.width,
        r.height,
        r.moves.len(),
        ms / 1000.0
    );
    let _ = writeln!(s, "start: eval {}  potentials black {} white {}", pct(p0.black_win), pot(p0.potential.black), pot(p0.potential.white));
    for m in &r.moves {
        let after = &r.positions[m.ply];
        let _ = write!(
            s,
            "{:>3}. {} {:<12} {:<10} eval {:>4}  potentials black {:>3} white {:>3}",
            m.ply,
            if m.color == super::Color::Black { "B" } else { "W" },
            m.mv,
            m.class.name(),
            pct(after.black_win),
            pot(after.potential.black),
            pot(after.potential.white)
        );
        if m.proved {
            let _ = write!(
                s,
                "  PROVED losing move; winning alternative {} (proof: {} nodes, {:.0} ms)",
                m.better.as_deref().unwrap_or("?"),
                m.proof_nodes.unwrap_or(0),
                m.proof_ms.unwrap_or(0.0)
            );
        } else if let Some(b) = &m.better {
            let _ = write!(s, "  better {b}");
        }
        if m.heuristic && m.class != super::review::MoveClass::Best {
            let _ = write!(s, "  (heuristic, drop {:.0}%)", m.loss * 100.0);
        }
        if let Some(p) = &after.proof {
            let _ = write!(s, "  [solved: {} wins]", p.winner);
        }
        s.push('\n');
    }
    match r.losing_move {
        Some(ply) => {
            let m = &r.moves[ply - 1];
            let _ = writeln!(
                s,
                "Losing move (proved): {}. {} {}; {} won instead (proved).",
                ply,
                m.color,
                m.mv,
                m.better.as_deref().unwrap_or("?")
            );
        }
        None => {
            let _ = writeln!(s, "Losing move: not proved (the solver decided the positions from ply {}).", r.solved_from.map_or("none".into(), |p| p.to_string()));
        }
    }
    if !r.likely_mistakes.is_empty() {
        let list: Vec<String> = r.likely_mistakes.iter().map(|p| format!("{p}. {}", r.moves[p - 1].mv)).collect();
        let _ = writeln!(s, "Likely mistakes (heuristic, largest evaluation drops): {}", list.join(", "));
    }
    for (name, side) in [("Black", &r.black), ("White", &r.white)] {
        let _ = writeln!(
            s,
            "{name}: best {} good {} inaccuracy {} mistake {} blunder {}, average loss {:.1}%",
            side.best,
            side.good,
            side.inaccuracy,
            side.mistake,
            side.blunder,
            side.average_loss * 100.0
        );
    }
    s.trim_end().to_string()
}

/// `duiyi hex hint`: see the module documentation.
pub fn hint_cmd(args: &[String]) -> Result<String, String> {
    let a = Args::parse("hint", args, &["--size", "--sgf", "--moves", "--ms"], &["--swap"])?;
    let pos = position_from_args(&a).map_err(|e| format!("hex hint: {e}"))?;
    let ms = number(&a, "hint", "--ms", 1000.0)?;
    let h = hint(&pos, ms).ok_or("hex hint: the game is over")?;
    serde_json::to_string(&h).map_err(|e| format!("hex hint: {e}"))
}
