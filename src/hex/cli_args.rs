//! The command-line arguments of `duiyi hex <subcommand>` ([`super::cli`], [`super::review_cli`]): `--flag value`
//! pairs and switches checked against the known ones ([`Args`]), board sizes ([`parse_size`]) and the position
//! they describe ([`position_from_args`]: `--size`, `--sgf`, `--moves`, `--swap`).

use super::{Color, Move, Position, sgf};

/// Parsed `--flag value` pairs and `--switch`es of a subcommand, checked against the known ones.
#[derive(Debug, Default)]
pub struct Args {
    values: Vec<(String, String)>,
    switches: Vec<String>,
}

impl Args {
    /// Parses `args`: every flag must be in `valued` (takes a value, as `--f v` or `--f=v`) or `switches`, each
    /// at most once.
    ///
    /// # Errors
    /// The unknown, repeated or value-less flag.
    pub fn parse(cmd: &str, args: &[String], valued: &[&str], switches: &[&str]) -> Result<Args, String> {
        let mut out = Args::default();
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let (name, inline) = match a.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
                _ => (a, None),
            };
            if out.values.iter().any(|(n, _)| n == name) || out.switches.iter().any(|n| n == name) {
                return Err(format!("hex {cmd}: {name} given twice"));
            }
            if valued.contains(&name) {
                let v = match inline {
                    Some(v) => v,
                    None => {
                        i += 1;
                        match args.get(i) {
                            Some(v) if !v.starts_with("--") => v.clone(),
                            _ => return Err(format!("hex {cmd}: {name} needs a value")),
                        }
                    }
                };
                out.values.push((name.to_string(), v));
            } else if switches.contains(&name) && inline.is_none() {
                out.switches.push(name.to_string());
            } else {
                let known: Vec<&str> = valued.iter().chain(switches).copied().collect();
                return Err(format!("hex {cmd}: unknown argument '{a}' (known: {})", known.join(", ")));
            }
            i += 1;
        }
        Ok(out)
    }

    /// The value of `--name`, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Whether the switch `--name` was given.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|n| n == name)
    }
}

/// Parses `N` or `WxH` (columns × rows).
///
/// # Errors
/// The reason, if not one or two numbers 1..19.
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=super::MAX_SIDE).contains(n))
            .ok_or_else(|| format!("--size {s}: expected N or WxH with sides 1..{}", super::MAX_SIDE))
    };
    match s.to_ascii_lowercase().split_once('x') {
        Some((w, h)) => Ok((num(w)?, num(h)?)),
        None => num(s).map(|n| (n, n)),
    }
}

/// The position given by `--size`, `--sgf`, `--moves` and `--swap` (see the module documentation).
///
/// # Errors
/// A bad size, an unreadable or malformed SGF file, or a move that does not parse or is illegal (numbered
/// from 1).
pub fn position_from_args(args: &Args) -> Result<Position, String> {
    let size = args.value("--size").map(parse_size).transpose()?;
    let mut pos = match args.value("--sgf") {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--sgf {path}: {e}"))?;
            let game = sgf::load(&text).map_err(|e| format!("--sgf {path}: {e}"))?;
            if let Some((w, h)) = size
                && (w, h) != (game.position.width(), game.position.height())
            {
                return Err(format!(
                    "--size {w}x{h} disagrees with {path}'s SZ ({}x{})",
                    game.position.width(),
                    game.position.height()
                ));
            }
            game.position
        }
        None => {
            let (w, h) = size.unwrap_or((11, 11));
            Position::new(w, h).map_err(|e| e.to_string())?
        }
    };
    if args.switch("--swap") {
        pos.set_swap_rule(true);
    }
    for (i, m) in args.value("--moves").unwrap_or("").split_whitespace().enumerate() {
        let (color, text) = match m.split_once(':') {
            Some((c, t)) => (
                Some(Color::parse(c).ok_or_else(|| format!("--moves: move {}: '{m}': colour must be b or w", i + 1))?),
                t,
            ),
            None => (None, m),
        };
        let mv = Move::parse(text).map_err(|e| format!("--moves: move {}: {e}", i + 1))?;
        let r = match color {
            Some(c) => pos.try_play_as(c, mv),
            None => pos.try_play(mv),
        };
        r.map_err(|e| format!("--moves: move {} ({m}): {e}", i + 1))?;
    }
    Ok(pos)
}

