//! Arguments of GTP commands, shared by the protocol loop (`gtp.rs`) and the analysis commands
//! (`gtp_analyze.rs`): the argument count and colours.

use crate::hex::Color;

/// Checks that `cmd` got `min..=max` arguments.
pub(super) fn check_args(cmd: &str, args: &[&str], min: usize, max: usize) -> Result<(), String> {
    if args.len() < min || args.len() > max {
        let want = if min == max { format!("{min}") } else { format!("{min} to {max}") };
        return Err(format!("{cmd}: expected {want} argument(s), got {}", args.len()));
    }
    Ok(())
}

/// A GTP colour argument: `b`/`black` or `w`/`white`, any case.
pub(super) fn parse_color(arg: Option<&str>) -> Result<Color, String> {
    let a = arg.ok_or("missing color (b or w)")?;
    match a.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("invalid color '{a}' (expected b or w)")),
    }
}
