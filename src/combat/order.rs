//! Roll orders: the priority of a round table, and the sequence of rolls of a waterfall.
//!
//! Text form (CLI `--order`, the page's URL): event names separated by commas, highest priority first,
//! e.g. `miss,dodge,parry,block,crit`. Events left out keep their default relative order and go after the
//! listed ones. For a waterfall each comma-separated item is one roll; `miss+dodge` puts several events on
//! one roll (the seed: "有的游戲會將命中和閃避合並在一次擲骰中判定 … 仍是瀑布演算法").

use super::outcome::Outcome;
use std::fmt;

/// A malformed order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderError {
    /// A name that is not one of `miss dodge parry glance block crit crush`.
    UnknownEvent(String),
    /// An event listed twice.
    Duplicate(Outcome),
    /// `normal` (or `hit`) listed: a normal hit is what is left, it has no place in the order.
    NormalListed,
    /// An empty item, e.g. `miss,,crit` or a trailing `+`.
    EmptyItem,
    /// `+` used in a one-roll table's priority, where every event is on the same roll anyway.
    MergeNotAllowed(String),
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderError::UnknownEvent(s) => write!(
                f,
                "unknown event {:?} in order (expected miss, dodge, parry, glance, block, crit, crush)",
                crate::echo(s)
            ),
            OrderError::Duplicate(o) => write!(f, "{o} appears twice in the order"),
            OrderError::NormalListed => {
                write!(f, "normal hit cannot be placed in the order: it fills whatever is left")
            }
            OrderError::EmptyItem => write!(f, "empty item in order"),
            OrderError::MergeNotAllowed(s) => {
                write!(f, "{:?}: '+' merges rolls of a waterfall; a priority list takes plain names", crate::echo(s))
            }
        }
    }
}

impl std::error::Error for OrderError {}

fn parse_event(token: &str) -> Result<Outcome, OrderError> {
    let t = token.trim();
    if t.is_empty() {
        return Err(OrderError::EmptyItem);
    }
    match Outcome::from_name(t) {
        Some(Outcome::Normal) => Err(OrderError::NormalListed),
        Some(o) => Ok(o),
        None => Err(OrderError::UnknownEvent(t.to_string())),
    }
}

/// Appends the events missing from `seen` in default order, as single items built by `make`.
fn complete<T>(items: &mut Vec<T>, seen: &[bool; 8], make: impl Fn(Outcome) -> T) {
    for o in Outcome::EVENTS {
        if !seen[o.index()] {
            items.push(make(o));
        }
    }
}

/// A priority order over all seven events, highest first: the order in which a one-roll table is filled.
///
/// Default: miss > dodge > parry > glance > block > crit > crush (the WoW table, and the seed's
/// 閃避>招架>格擋>暴擊>普通命中).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Priority(Vec<Outcome>);

impl Default for Priority {
    fn default() -> Self {
        Priority(Outcome::EVENTS.to_vec())
    }
}

impl Priority {
    /// Parses `miss,dodge,…`; unlisted events follow in default order. An empty string is the default.
    ///
    /// # Errors
    /// Unknown names, duplicates, `normal`, empty items, or `+`.
    pub fn parse(text: &str) -> Result<Priority, OrderError> {
        let mut out = Vec::new();
        let mut seen = [false; 8];
        if !text.trim().is_empty() {
            for item in text.split(',') {
                if item.contains('+') {
                    return Err(OrderError::MergeNotAllowed(item.trim().to_string()));
                }
                let o = parse_event(item)?;
                if std::mem::replace(&mut seen[o.index()], true) {
                    return Err(OrderError::Duplicate(o));
                }
                out.push(o);
            }
        }
        complete(&mut out, &seen, |o| o);
        Ok(Priority(out))
    }

    /// The seven events, highest priority first.
    pub fn events(&self) -> &[Outcome] {
        &self.0
    }
}

impl fmt::Display for Priority {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.0.iter().map(|o| o.name()).collect();
        f.write_str(&names.join(","))
    }
}

/// The rolls of a waterfall, in order; each roll is a small table of one or more events.
///
/// Default: one roll per event in the default [`Priority`] — the seed's 先判定命中, 再判定閃避, 招架, 格擋,
/// 最後判定暴擊 (glance and crush, at chance 0 by default, change nothing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stages(Vec<Vec<Outcome>>);

impl Default for Stages {
    fn default() -> Self {
        Stages(Outcome::EVENTS.iter().map(|&o| vec![o]).collect())
    }
}

impl Stages {
    /// Parses `miss+dodge,parry,block,crit`: commas separate rolls, `+` joins events on one roll (filled
    /// in the order written). Unlisted events become single rolls at the end, in default order.
    ///
    /// # Errors
    /// Unknown names, duplicates, `normal`, empty items.
    pub fn parse(text: &str) -> Result<Stages, OrderError> {
        let mut out = Vec::new();
        let mut seen = [false; 8];
        if !text.trim().is_empty() {
            for item in text.split(',') {
                let mut stage = Vec::new();
                for token in item.split('+') {
                    let o = parse_event(token)?;
                    if std::mem::replace(&mut seen[o.index()], true) {
                        return Err(OrderError::Duplicate(o));
                    }
                    stage.push(o);
                }
                out.push(stage);
            }
        }
        complete(&mut out, &seen, |o| vec![o]);
        Ok(Stages(out))
    }

    /// A waterfall with every event on a single roll: the same distribution as a round table with this
    /// priority.
    pub fn single_roll(priority: &Priority) -> Stages {
        Stages(vec![priority.events().to_vec()])
    }

    /// The rolls in order; each is a list of events, highest priority first.
    pub fn rolls(&self) -> &[Vec<Outcome>] {
        &self.0
    }
}

impl fmt::Display for Stages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let items: Vec<String> =
            self.0.iter().map(|s| s.iter().map(|o| o.name()).collect::<Vec<_>>().join("+")).collect();
        f.write_str(&items.join(","))
    }
}
