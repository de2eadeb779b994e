//! The ECCO table (`ecco.txt`): its parser and the evaluator of its rule tree.
//!
//! The file has two sections. `[names]`: `CODE|中文|English`, one code a line. `[rules]`: a tree written with two
//! spaces of indentation per level, made of `main` (the root) and `def NAME` blocks. Each line of a block is a node:
//! whitespace-separated conditions, then optionally `-> CODE` (its result) or `@NAME` (evaluate that block).
//!
//! A node whose conditions hold tries its children in order and gives the first result one of them gives; when
//! none gives one it gives its own `-> CODE` / `@NAME` result, or nothing, and its parent goes on with the next
//! child. Conditions (moves in WXF with the letters `K A E H R C P`, e.g. `H2+3`, `C8.6`):
//! - `r3=X,Y` / `b3=X,Y`: Red's / Black's 3rd move is one of them (a missing move matches nothing);
//! - `seq@b5=X,Y,…`: the plies from Black's 5th move on are these, in order (`seq@r2=…` from Red's 2nd);
//! - `perm=X,Y,…`: the first plies, alternating Red/Black from the first, each side's moves in any order;
//! - `all@r2-5=X,Y,…`: each of Red's moves 2–5 is in the set (`all@b…` for Black);
//! - `scan@r2-10 pass=X,Y,…`: a walk over Red's moves 2–10 (the node's children are its cases, see below);
//! - in a walk's cases and below them: `m=X,Y` (the move at this step), `seen=X` / `!seen=X` (X was skipped
//!   earlier in the innermost walk), `b-1=X` / `b+0=X` / `r+0=X` (the other side's move one before / at this
//!   step), `*` (this step stopped the walk).
//!
//! A walk, at each step: the cases with `m=` are tried first; then a move of the `pass` set is remembered and
//! skipped; any other move (or no move: the game is shorter) stops the walk, and the cases marked `*` are tried.
//! A walk that runs to its end, or stops with no case giving a result, gives nothing.

use std::collections::HashMap;

/// A move in WXF, four ASCII bytes (`[0; 4]` for "no move").
pub(crate) type Wxf = [u8; 4];

/// Which side's moves a condition reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Red,
    Black,
}

#[derive(Clone, Debug)]
enum Cond {
    /// The side's `n`-th move (1-based) is one of `alts`.
    At(Side, usize, Vec<Wxf>),
    /// Plies from `ply` (0-based) on are `moves`, in order.
    Seq(usize, Vec<Wxf>),
    /// The first `moves.len()` plies: each side's moves are its moves of `moves`, in any order.
    Perm(Vec<Wxf>),
    /// Every move of the side numbered `from..=to` is in the set.
    All(Side, usize, usize, Vec<Wxf>),
    /// The walk's move at this step is one of these.
    Match(Vec<Wxf>),
    /// This step stopped the walk.
    Stop,
    /// Skipped earlier in the innermost walk (or not, when `false`).
    Seen(Wxf, bool),
    /// The side's move `offset` from the walk's step is one of these.
    Rel(Side, i32, Vec<Wxf>),
}

#[derive(Clone, Debug)]
enum Body {
    None,
    Code(usize),
    Call(usize),
}

#[derive(Clone, Debug)]
struct Node {
    conds: Vec<Cond>,
    /// `Some` for a walk: the side, the first and last move numbers, the pass set.
    scan: Option<(Side, usize, usize, Vec<Wxf>)>,
    body: Body,
    children: Vec<Node>,
    /// For a walk's cases: whether it is a `*` case (tried only when the walk stops).
    star: bool,
}

/// A rule line: its depth (1 = a block's top level), its text, its line number in the file.
type RuleLine = (usize, &'static str, usize);

/// One row of `[names]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NameRow {
    pub code: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
}

/// The parsed table.
pub(crate) struct Table {
    pub names: Vec<NameRow>,
    /// `main` is block 0.
    blocks: Vec<Vec<Node>>,
}

/// The first moves of a game, as the rules read them: up to 10 of each side, in WXF.
pub(crate) struct Moves {
    pub red: Vec<Wxf>,
    pub black: Vec<Wxf>,
}

impl Moves {
    fn get(&self, side: Side, n: i64) -> Wxf {
        let list = if side == Side::Red { &self.red } else { &self.black };
        if n < 1 {
            return [0; 4];
        }
        list.get(n as usize - 1).copied().unwrap_or([0; 4])
    }

    fn ply(&self, ply: usize) -> Wxf {
        let n = (ply / 2 + 1) as i64;
        self.get(if ply.is_multiple_of(2) { Side::Red } else { Side::Black }, n)
    }
}

/// A walk in progress: its side, the step's move number and move, the moves skipped so far.
struct Walk {
    side: Side,
    step: usize,
    mv: Wxf,
    seen: Vec<Wxf>,
}

pub(crate) fn wxf(text: &str) -> Result<Wxf, String> {
    let b = text.as_bytes();
    if b.len() != 4 {
        return Err(format!("not a 4-character WXF move: {text:?}"));
    }
    Ok([b[0], b[1], b[2], b[3]])
}

fn list(text: &str) -> Result<Vec<Wxf>, String> {
    text.split(',').map(wxf).collect()
}

fn side_range(text: &str) -> Result<(Side, usize, usize), String> {
    let side = match text.as_bytes().first() {
        Some(b'r') => Side::Red,
        Some(b'b') => Side::Black,
        _ => return Err(format!("expected r or b: {text:?}")),
    };
    let rest = &text[1..];
    let (a, b) = rest.split_once('-').unwrap_or((rest, rest));
    let num = |s: &str| s.parse::<usize>().map_err(|_| format!("bad move number in {text:?}"));
    Ok((side, num(a)?, num(b)?))
}

fn parse_cond(tok: &str) -> Result<Cond, String> {
    if tok == "*" {
        return Ok(Cond::Stop);
    }
    let (key, val) = tok.split_once('=').ok_or_else(|| format!("unknown token {tok:?}"))?;
    if let Some(at) = key.strip_prefix("seq@") {
        let (side, n, _) = side_range(at)?;
        let ply = (n - 1) * 2 + usize::from(side == Side::Black);
        return Ok(Cond::Seq(ply, list(val)?));
    }
    if let Some(at) = key.strip_prefix("all@") {
        let (side, a, b) = side_range(at)?;
        return Ok(Cond::All(side, a, b, list(val)?));
    }
    match key {
        "perm" => Ok(Cond::Perm(list(val)?)),
        "m" => Ok(Cond::Match(list(val)?)),
        "seen" => Ok(Cond::Seen(wxf(val)?, true)),
        "!seen" => Ok(Cond::Seen(wxf(val)?, false)),
        _ => {
            let side = if key.starts_with('r') { Side::Red } else if key.starts_with('b') { Side::Black } else {
                return Err(format!("unknown condition {tok:?}"));
            };
            let rest = &key[1..];
            if rest.starts_with('+') || rest.starts_with('-') {
                let off = rest.parse::<i32>().map_err(|_| format!("bad offset in {tok:?}"))?;
                Ok(Cond::Rel(side, off, list(val)?))
            } else {
                let n = rest.parse::<usize>().map_err(|_| format!("bad move number in {tok:?}"))?;
                Ok(Cond::At(side, n, list(val)?))
            }
        }
    }
}

impl Table {
    /// Parses the table text (`ecco.txt`).
    ///
    /// # Errors
    /// A one-line reason with the line number; the embedded file is checked by the unit tests.
    pub(crate) fn parse(text: &'static str) -> Result<Table, String> {
        let mut names = Vec::new();
        let mut section = "";
        // (indent, node) lines of each block, in order.
        let mut raw: Vec<(String, Vec<RuleLine>)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let lineno = i + 1;
            let trimmed = line.trim_end();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if trimmed.starts_with('[') {
                section = trimmed;
                continue;
            }
            match section {
                "[names]" => {
                    let mut f = trimmed.splitn(3, '|');
                    let (Some(code), Some(zh), Some(en)) = (f.next(), f.next(), f.next()) else {
                        return Err(format!("line {lineno}: expected CODE|zh|en"));
                    };
                    names.push(NameRow { code, zh, en });
                }
                "[rules]" => {
                    let indent = trimmed.len() - trimmed.trim_start().len();
                    if indent == 0 {
                        let name = if trimmed == "main" {
                            "main".to_string()
                        } else if let Some(n) = trimmed.strip_prefix("def ") {
                            n.trim().to_string()
                        } else {
                            return Err(format!("line {lineno}: expected `main` or `def NAME`"));
                        };
                        raw.push((name, Vec::new()));
                    } else {
                        let Some(block) = raw.last_mut() else {
                            return Err(format!("line {lineno}: a rule before `main`"));
                        };
                        block.1.push((indent / 2, trimmed.trim_start(), lineno));
                    }
                }
                _ => return Err(format!("line {lineno}: outside [names] / [rules]")),
            }
        }
        let block_ids: HashMap<String, usize> = raw.iter().enumerate().map(|(i, (n, _))| (n.clone(), i)).collect();
        let code_ids: HashMap<&str, usize> = names.iter().enumerate().map(|(i, r)| (r.code, i)).collect();
        if block_ids.get("main") != Some(&0) {
            return Err("the rules must start with `main`".into());
        }
        let mut blocks = Vec::new();
        for (_, lines) in &raw {
            let mut pos = 0;
            blocks.push(build(lines, &mut pos, 1, &block_ids, &code_ids)?);
        }
        Ok(Table { names, blocks })
    }

    /// The index in `names` of the code the rules give these moves (the first line of `names`, `A00`, when the
    /// tree gives nothing).
    pub(crate) fn classify(&self, moves: &Moves) -> usize {
        eval_block(self, 0, moves, None).unwrap_or(0)
    }
}

fn build(
    lines: &[RuleLine],
    pos: &mut usize,
    depth: usize,
    blocks: &HashMap<String, usize>,
    codes: &HashMap<&str, usize>,
) -> Result<Vec<Node>, String> {
    let mut out = Vec::new();
    while *pos < lines.len() {
        let (d, text, lineno) = lines[*pos];
        if d < depth {
            break;
        }
        if d > depth {
            return Err(format!("line {lineno}: indented too far"));
        }
        *pos += 1;
        let mut node = Node { conds: Vec::new(), scan: None, body: Body::None, children: Vec::new(), star: false };
        let mut toks = text.split_whitespace().peekable();
        while let Some(tok) = toks.next() {
            let err = |e: String| format!("line {lineno}: {e}");
            if tok == "->" {
                let code = toks.next().ok_or_else(|| err("`->` without a code".into()))?;
                node.body = Body::Code(*codes.get(code).ok_or_else(|| err(format!("unknown code {code}")))?);
            } else if let Some(name) = tok.strip_prefix('@') {
                node.body = Body::Call(*blocks.get(name).ok_or_else(|| err(format!("unknown block {name}")))?);
            } else if let Some(at) = tok.strip_prefix("scan@") {
                let (side, a, b) = side_range(at).map_err(err)?;
                let pass = match toks.peek().and_then(|t| t.strip_prefix("pass=")) {
                    Some(p) => {
                        toks.next();
                        list(p).map_err(err)?
                    }
                    None => Vec::new(),
                };
                node.scan = Some((side, a, b, pass));
            } else {
                let c = parse_cond(tok).map_err(err)?;
                node.star |= matches!(c, Cond::Stop);
                node.conds.push(c);
            }
        }
        node.children = build(lines, pos, depth + 1, blocks, codes)?;
        out.push(node);
    }
    Ok(out)
}

fn holds(c: &Cond, m: &Moves, walk: Option<&Walk>) -> bool {
    match c {
        Cond::At(side, n, alts) => alts.contains(&m.get(*side, *n as i64)),
        Cond::Seq(ply, moves) => moves.iter().enumerate().all(|(i, x)| m.ply(ply + i) == *x),
        Cond::Perm(moves) => {
            let mut ok = true;
            for (side, parity) in [(Side::Red, 0), (Side::Black, 1)] {
                let mut want: Vec<Wxf> = moves.iter().skip(parity).step_by(2).copied().collect();
                for n in 1..=want.len() {
                    let got = m.get(side, n as i64);
                    match want.iter().position(|w| *w == got) {
                        Some(i) => {
                            want.swap_remove(i);
                        }
                        None => ok = false,
                    }
                }
            }
            ok
        }
        Cond::All(side, a, b, set) => (*a..=*b).all(|n| set.contains(&m.get(*side, n as i64))),
        Cond::Match(alts) => walk.is_some_and(|w| alts.contains(&w.mv)),
        Cond::Stop => true,
        Cond::Seen(x, want) => walk.is_some_and(|w| w.seen.contains(x) == *want),
        Cond::Rel(side, off, alts) => {
            walk.is_some_and(|w| alts.contains(&m.get(*side, w.step as i64 + i64::from(*off))))
        }
    }
}

fn eval_block(t: &Table, block: usize, m: &Moves, walk: Option<&Walk>) -> Option<usize> {
    t.blocks[block].iter().find_map(|n| eval_node(t, n, m, walk))
}

fn eval_node(t: &Table, node: &Node, m: &Moves, walk: Option<&Walk>) -> Option<usize> {
    if !node.conds.iter().all(|c| holds(c, m, walk)) {
        return None;
    }
    if let Some((side, from, to, pass)) = &node.scan {
        return run_walk(t, node, *side, *from, *to, pass, m);
    }
    if let Some(r) = node.children.iter().find_map(|c| eval_node(t, c, m, walk)) {
        return Some(r);
    }
    match node.body {
        Body::None => None,
        Body::Code(c) => Some(c),
        Body::Call(b) => eval_block(t, b, m, walk),
    }
}

fn run_walk(t: &Table, node: &Node, side: Side, from: usize, to: usize, pass: &[Wxf], m: &Moves) -> Option<usize> {
    let mut walk = Walk { side, step: from, mv: [0; 4], seen: Vec::new() };
    for step in from..=to {
        walk.step = step;
        walk.mv = m.get(walk.side, step as i64);
        let cases = node.children.iter().filter(|c| !c.star);
        if let Some(r) = cases.into_iter().find_map(|c| eval_node(t, c, m, Some(&walk))) {
            return Some(r);
        }
        if pass.contains(&walk.mv) {
            walk.seen.push(walk.mv);
            continue;
        }
        return node.children.iter().filter(|c| c.star).find_map(|c| eval_node(t, c, m, Some(&walk)));
    }
    None
}
