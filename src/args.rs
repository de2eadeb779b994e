//! The command line's flags, read the same way by every `duiyi` subcommand (`src/bin/duiyi.rs`, `duiyi puzzles`):
//! `--name value` pairs and `--switch`es, each at most once, unknown ones refused with the list of known ones.

/// The value after `--name` in `args`, if the flag is there.
pub fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
}

/// Checks a subcommand's arguments: only the named flags, each at most once, every `valued` flag followed by a
/// value (not another `--flag`).
///
/// # Errors
/// The reason, prefixed with `cmd`: `"{cmd}: --x given twice"`, `"{cmd}: --x needs a value"`,
/// `"{cmd}: unknown argument '--y' (known: --x, …)"`.
pub fn check_args(cmd: &str, args: &[String], valued: &[&str], switches: &[&str]) -> Result<(), String> {
    check(cmd, args, valued, switches, false)
}

/// As [`check_args`], and words that do not start with `--` are accepted anywhere (file names).
///
/// # Errors
/// As [`check_args`].
pub fn check_args_and_files(cmd: &str, args: &[String], valued: &[&str], switches: &[&str]) -> Result<(), String> {
    check(cmd, args, valued, switches, true)
}

fn check(cmd: &str, args: &[String], valued: &[&str], switches: &[&str], files: bool) -> Result<(), String> {
    let mut seen: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if seen.contains(&a) {
            return Err(format!("{cmd}: {a} given twice"));
        }
        if valued.contains(&a) {
            if args.get(i + 1).is_none_or(|v| v.starts_with("--")) {
                return Err(format!("{cmd}: {a} needs a value"));
            }
            seen.push(a);
            i += 2;
        } else if switches.contains(&a) {
            seen.push(a);
            i += 1;
        } else if files && !a.starts_with("--") {
            i += 1;
        } else {
            let known: Vec<&str> = valued.iter().chain(switches).copied().collect();
            return Err(format!("{cmd}: unknown argument '{}' (known: {})", crate::echo(a), known.join(", ")));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn flags_values_and_refusals() {
        let a = v(&["--depth", "3", "--json"]);
        assert_eq!(flag(&a, "--depth"), Some("3"));
        assert_eq!(flag(&a, "--fen"), None);
        assert!(check_args("x", &a, &["--depth"], &["--json"]).is_ok());
        assert_eq!(check_args("x", &v(&["--depth"]), &["--depth"], &[]).unwrap_err(), "x: --depth needs a value");
        assert_eq!(check_args("x", &v(&["--depth", "--json"]), &["--depth"], &["--json"]).unwrap_err(), "x: --depth needs a value");
        assert_eq!(check_args("x", &v(&["--json", "--json"]), &[], &["--json"]).unwrap_err(), "x: --json given twice");
        assert_eq!(check_args("x", &v(&["--bogus"]), &["--depth"], &["--json"]).unwrap_err(), "x: unknown argument '--bogus' (known: --depth, --json)");
        assert!(check_args("x", &v(&["a.txt"]), &[], &[]).is_err());
        assert!(check_args_and_files("x", &v(&["a.txt", "--date", "d", "b.txt"]), &["--date"], &[]).is_ok());
    }
}
