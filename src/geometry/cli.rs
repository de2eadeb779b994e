//! `duiyi circle`: the smallest enclosing circle of points read from stdin.
//!
//! ```text
//! duiyi circle --method seed|welzl [--seed N] < points.txt
//! ```
//!
//! Input: one point per line, `x y` (two numbers separated by spaces, tabs or one comma); blank lines and
//! everything after a `#` are ignored. Output: one line of JSON,
//! `{"center":[x,y],"radius":r,"points_on_circle":[i,…],"operations":n}` (indices 0-based in input order;
//! see [`super::circle::Enclosing`]). `--seed` fixes Welzl's shuffle (default 0; the seed method ignores it).
//! Bad input — a non-number (with its line number), a line without exactly two numbers, NaN or infinity, no
//! points — prints the reason on stderr and exits with status 2.

use super::circle::{CircleError, MAX_COORDINATE, Method, Point, enclose};
use std::fmt;
use std::io::Read;

/// Exit status for bad input or bad arguments.
const EXIT_USAGE: i32 = 2;

const HELP: &str = "\
usage: duiyi circle --method seed|welzl [--seed N] < points
  reads points `x y` one per line on stdin (blank lines and # comments ignored) and prints
  {\"center\":[x,y],\"radius\":r,\"points_on_circle\":[i,...],\"operations\":n}
  --method seed    the O(n^3) method of seed article 001, section III (every triple's smallest circle)
  --method welzl   Welzl's randomised algorithm (1991), expected O(n); --seed N fixes its shuffle (default 0)
  operations = circles built + in-circle tests; bad input: the reason on stderr, exit status 2
";

/// What is wrong with one line of a point list (`line`: 1-based).
#[derive(Clone, Debug, PartialEq)]
pub enum PointsError {
    /// A field that does not parse as a number (quoted, cut by [`crate::echo`]).
    NotANumber { line: usize, text: String },
    /// A line with a number of fields other than two.
    WrongCount { line: usize, found: usize },
    /// NaN or ±infinity (written as `nan`, `inf`, … or a literal too large for f64).
    NotFinite { line: usize, text: String },
    /// A coordinate larger in magnitude than [`MAX_COORDINATE`].
    TooLarge { line: usize, text: String },
    /// No point at all.
    NoPoints,
}

impl std::error::Error for PointsError {}

impl fmt::Display for PointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointsError::NotANumber { line, text } => write!(f, "line {line}: '{text}' is not a number"),
            PointsError::WrongCount { line, found } => {
                write!(f, "line {line}: expected two numbers `x y`, found {found} field{}", if *found == 1 { "" } else { "s" })
            }
            PointsError::NotFinite { line, text } => write!(f, "line {line}: '{text}' is not a finite number"),
            PointsError::TooLarge { line, text } => {
                write!(f, "line {line}: '{text}' is larger in magnitude than {MAX_COORDINATE:e}")
            }
            PointsError::NoPoints => f.write_str("no points: give one point `x y` per line"),
        }
    }
}

/// Parses a point list (the format of the module docs): the points in order.
///
/// # Errors
/// The first bad line's [`PointsError`], or [`PointsError::NoPoints`].
pub fn parse_points(text: &str) -> Result<Vec<Point>, PointsError> {
    let mut points = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let fields: Vec<&str> = content.split(|c: char| c.is_whitespace() || c == ',').filter(|f| !f.is_empty()).collect();
        if fields.len() != 2 {
            return Err(PointsError::WrongCount { line, found: fields.len() });
        }
        let mut xy = [0.0; 2];
        for (slot, field) in xy.iter_mut().zip(&fields) {
            let value: f64 = field.parse().map_err(|_| PointsError::NotANumber { line, text: crate::echo(field) })?;
            if !value.is_finite() {
                return Err(PointsError::NotFinite { line, text: crate::echo(field) });
            }
            if value.abs() > MAX_COORDINATE {
                return Err(PointsError::TooLarge { line, text: crate::echo(field) });
            }
            *slot = value;
        }
        points.push(Point::new(xy[0], xy[1]));
    }
    if points.is_empty() {
        return Err(PointsError::NoPoints);
    }
    Ok(points)
}

/// The JSON line for `args` (after `circle`) and the stdin text.
///
/// # Errors
/// The reason, as printed on stderr: a bad flag, a bad line, no points.
pub fn output(args: &[String], input: &str) -> Result<String, String> {
    let mut method = None;
    let mut seed = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (arg.as_str(), None),
        };
        if name != "--method" && name != "--seed" {
            return Err(format!("unknown argument '{}' (known: --method seed|welzl, --seed N)", crate::echo(arg)));
        }
        let value = match inline {
            Some(v) => v,
            None => it.next().cloned().ok_or_else(|| format!("{name} needs a value"))?,
        };
        if name == "--method" {
            if method.is_some() {
                return Err("--method given twice".into());
            }
            method = Some(Method::parse(&value).map_err(|e: CircleError| e.to_string())?);
        } else {
            if seed.is_some() {
                return Err("--seed given twice".into());
            }
            seed = Some(value.parse::<u64>().map_err(|_| {
                format!("--seed: '{}' is not a whole number in 0..=18446744073709551615", crate::echo(&value))
            })?);
        }
    }
    let method = method.ok_or("--method seed|welzl is required")?;
    let points = parse_points(input).map_err(|e| e.to_string())?;
    let result = enclose(&points, method, seed.unwrap_or(0)).map_err(|e| e.to_string())?;
    serde_json::to_string(&result).map_err(|e| e.to_string())
}

/// Runs `duiyi circle` with the arguments after the subcommand, reading stdin; returns the exit status (0, or 2
/// with the reason on stderr).
pub fn run(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{HELP}");
        return 0;
    }
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("duiyi circle: cannot read stdin: {e}");
        return EXIT_USAGE;
    }
    match output(args, &input) {
        Ok(line) => {
            println!("{line}");
            0
        }
        Err(e) => {
            eprintln!("duiyi circle: {e}");
            EXIT_USAGE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_comments_commas_and_blank_lines() {
        let p = parse_points("# a triangle\n0 0\n\n 4,0  # right angle at the origin\n0\t3\n").unwrap();
        assert_eq!(p, vec![Point::new(0.0, 0.0), Point::new(4.0, 0.0), Point::new(0.0, 3.0)]);
    }

    #[test]
    fn reports_the_line() {
        assert_eq!(parse_points("1 2\n3 x\n"), Err(PointsError::NotANumber { line: 2, text: "x".into() }));
        assert_eq!(parse_points("1 2 3\n"), Err(PointsError::WrongCount { line: 1, found: 3 }));
        assert_eq!(parse_points("\n\n1 NaN\n"), Err(PointsError::NotFinite { line: 3, text: "NaN".into() }));
        assert_eq!(parse_points("1e400 0"), Err(PointsError::NotFinite { line: 1, text: "1e400".into() }));
        assert_eq!(parse_points("# only a comment\n"), Err(PointsError::NoPoints));
        assert_eq!(parse_points("line 3: '2' x").unwrap_err().to_string(), "line 1: expected two numbers `x y`, found 4 fields");
    }
}
