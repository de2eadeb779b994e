//! Chinese move notation (中文纵线记法), e.g. `炮二平五` for `h2e2`, `马２进３` for `b9c7`.
//!
//! Red numbers files 一…九 from its right (file i = 一), Black 1…9 from its right (file a = １, written with
//! full-width digits); 进 forward, 退 back, 平 sideways. Horse, elephant and advisor give the destination file;
//! the others give the destination file for 平 and the number of ranks for 进/退. Two or three pieces of a kind on
//! one file are told apart by 前/中/后 (four or five pawns: 一二三四五 from the front) instead of the file number;
//! advisors and elephants never need it. Pawns doubled on two files put the file number before the place
//! (`七前平六`: the front pawn of file 七), after the WXF notation rules (wxf.org "Official Xiangqi piece names and
//! notation", tandem pawns rule IV: `3+.4`). Source: the examples of the UCCI 3.0 spec (ElephantEye's
//! `PROTOCOL/cchess_ucci.htm`, xqbase/eleeye) and the notation of the Chinese Xiangqi Association's rules
//! 《象棋竞赛规则》 (1999).

use super::board::Position;
use super::types::{Color, Move, PieceKind, Square};

const RED_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const RED_NAMES: [char; 7] = ['帅', '仕', '相', '马', '车', '炮', '兵'];
const BLACK_NAMES: [char; 7] = ['将', '士', '象', '马', '车', '炮', '卒'];

fn digit(color: Color, n: u8) -> char {
    let i = (n as usize).clamp(1, 9) - 1;
    if color == Color::Red { RED_DIGITS[i] } else { BLACK_DIGITS[i] }
}

/// File number as the side `color` counts it (1–9 from its own right).
fn file_number(color: Color, sq: Square) -> u8 {
    if color == Color::Red { 9 - sq.file() } else { sq.file() + 1 }
}

impl Position {
    /// The Chinese notation of `mv`, which must be legal in this position; `None` when there is no piece of the
    /// side to move on its origin.
    pub fn chinese(&self, mv: Move) -> Option<String> {
        let p = self.piece_at(mv.from())?;
        if p.color() != self.side {
            return None;
        }
        let color = p.color();
        let kind = p.kind();
        let names = if color == Color::Red { RED_NAMES } else { BLACK_NAMES };
        let name = names[kind as usize];
        let (from, to) = (mv.from(), mv.to());
        // Ranks counted forward from the mover's side.
        let fwd = |s: Square| if color == Color::Red { s.rank() as i32 } else { 9 - s.rank() as i32 };
        let mut out = String::new();
        let tandem = !matches!(kind, PieceKind::Advisor | PieceKind::Elephant | PieceKind::King);
        let mut same_file: Vec<Square> = if tandem {
            (0..10u8)
                .filter_map(|r| Square::new(from.file(), r))
                .filter(|&s| self.piece_at(s) == Some(p))
                .collect()
        } else {
            vec![from]
        };
        if same_file.len() >= 2 {
            // Pawns doubled on two files (the only kind that can be): the file number goes first, then the place
            // on that file (WXF notation rule IV, "3+.4": front pawn of file 3 to file 4), e.g. 七前平六.
            let tandem_files = (0..9u8)
                .filter(|&f| (0..10u8).filter_map(|r| Square::new(f, r)).filter(|&s| self.piece_at(s) == Some(p)).count() >= 2)
                .count();
            if tandem_files >= 2 {
                out.push(digit(color, file_number(color, from)));
            }
            crate::sort::sort_by_key(&mut same_file, |&s| -fwd(s));
            let idx = same_file.iter().position(|&s| s == from).unwrap_or(0);
            let label = match (same_file.len(), idx) {
                (2, 0) | (3, 0) => '前',
                (2, _) | (3, 2) => '后',
                (3, _) => '中',
                (_, i) => RED_DIGITS[i.min(8)],
            };
            out.push(label);
            if tandem_files < 2 {
                out.push(name);
            }
        } else {
            out.push(name);
            out.push(digit(color, file_number(color, from)));
        }
        let dr = fwd(to) - fwd(from);
        let diagonal_mover = matches!(kind, PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor);
        if dr == 0 {
            out.push('平');
            out.push(digit(color, file_number(color, to)));
        } else {
            out.push(if dr > 0 { '进' } else { '退' });
            if diagonal_mover {
                out.push(digit(color, file_number(color, to)));
            } else {
                out.push(digit(color, dr.unsigned_abs() as u8));
            }
        }
        Some(out)
    }
}

/// Why a move in Chinese notation was refused ([`Position::parse_chinese`]). `Display` gives a one-line English
/// reason naming the text (cut to 40 characters) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing but white space.
    Empty,
    /// Not four characters (`炮二平五`, `前马进七`).
    Length { text: String, found: usize },
    /// No piece name where one is expected (帅/将 仕/士 相/象 马 车 炮 兵/卒, traditional forms accepted).
    UnknownPiece { text: String, ch: char },
    /// The second character of `炮二平五` is not a file number 1–9 (一…九, １…９ or 1…9).
    BadFile { text: String, ch: char },
    /// The first character of `前马进七` is not 前, 中, 后 or a pawn's place 一…五.
    BadPlace { text: String, ch: char },
    /// The third character is not 进, 退 or 平.
    BadDirection { text: String, ch: char },
    /// The fourth character is not a number 1–9.
    BadNumber { text: String, ch: char },
    /// The side to move has no such piece there (wrong file, or fewer pieces on one file than the place says).
    NoSuchPiece { text: String },
    /// Such pieces exist, but none of them can make that move here (its movement rules, or it would leave the
    /// general in check).
    NoSuchMove { text: String },
    /// Several legal moves fit the text (e.g. two rooks on one file written with the file number).
    Ambiguous { text: String, moves: Vec<Move> },
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotationError::Empty => write!(f, "Chinese move: empty string"),
            NotationError::Length { text, found } => write!(
                f,
                "Chinese move '{text}' has {found} characters; expected 4, like 炮二平五 or 前马进七"
            ),
            NotationError::UnknownPiece { text, ch } => {
                write!(f, "Chinese move '{text}': {ch:?} is not a piece name (帅仕相马车炮兵 / 将士象马车炮卒)")
            }
            NotationError::BadFile { text, ch } => {
                write!(f, "Chinese move '{text}': {ch:?} is not a file number 1-9 (一…九 for Red, １…９ for Black)")
            }
            NotationError::BadPlace { text, ch } => {
                write!(f, "Chinese move '{text}': {ch:?} is neither a piece name nor 前, 中, 后 or 一…五")
            }
            NotationError::BadDirection { text, ch } => {
                write!(f, "Chinese move '{text}': {ch:?} is not a direction (进, 退 or 平)")
            }
            NotationError::BadNumber { text, ch } => write!(f, "Chinese move '{text}': {ch:?} is not a number 1-9"),
            NotationError::NoSuchPiece { text } => {
                write!(f, "Chinese move '{text}': the side to move has no such piece there")
            }
            NotationError::NoSuchMove { text } => {
                write!(f, "Chinese move '{text}': no legal move of that piece fits (blocked, off its points, or it leaves the general in check)")
            }
            NotationError::Ambiguous { text, moves } => {
                let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                write!(f, "Chinese move '{text}' is ambiguous: it fits {}", list.join(", "))
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// The piece kind a character names, in simplified or traditional form, either side's name.
fn kind_of(ch: char) -> Option<PieceKind> {
    Some(match ch {
        '帅' | '帥' | '将' | '將' => PieceKind::King,
        '仕' | '士' => PieceKind::Advisor,
        '相' | '象' => PieceKind::Elephant,
        '马' | '馬' | '傌' | '䭾' => PieceKind::Horse,
        '车' | '車' | '俥' | '伡' => PieceKind::Rook,
        '炮' | '砲' | '包' => PieceKind::Cannon,
        '兵' | '卒' => PieceKind::Pawn,
        _ => return None,
    })
}

/// A number 1–9 written as 一…九, a full-width １…９ or an ASCII 1…9.
fn number_of(ch: char) -> Option<u8> {
    if let Some(i) = RED_DIGITS.iter().position(|&d| d == ch) {
        return Some(i as u8 + 1);
    }
    if let Some(i) = BLACK_DIGITS.iter().position(|&d| d == ch) {
        return Some(i as u8 + 1);
    }
    ch.to_digit(10).filter(|d| (1..=9).contains(d)).map(|d| d as u8)
}

/// Which of the same-file pieces a place character picks: 前 first, 后 last, 中 the middle of three, 一…五
/// counted from the front.
#[derive(Clone, Copy)]
enum Place {
    Front,
    Middle,
    Rear,
    Nth(u8),
}

impl Position {
    /// Parses a move in Chinese notation (see the module docs) and checks that it is legal here. Accepts what
    /// [`Position::chinese`] writes and common variants: traditional characters (車 馬 傌 俥 砲 帥 將 後 進),
    /// either side's piece names, and file numbers as 一…九, １…９ or 1…9 for either side; white space is
    /// ignored. `chinese(m)` parses back to `m` for every legal move `m`.
    ///
    /// # Errors
    /// [`NotationError`] naming what is wrong: the syntax (which character), no such piece, no such legal move,
    /// or several legal moves fitting the text.
    pub fn parse_chinese(&self, text: &str) -> Result<Move, NotationError> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let shown = || crate::echo(&chars.iter().collect::<String>());
        if chars.is_empty() {
            return Err(NotationError::Empty);
        }
        if chars.len() != 4 {
            return Err(NotationError::Length { text: shown(), found: chars.len() });
        }
        let color = self.side;
        // `<piece><file>`, `<place><piece>`, or (pawns doubled on two files) `<file><place>`.
        let word_place = |c: char| match c {
            '前' => Some(Place::Front),
            '中' => Some(Place::Middle),
            '后' | '後' => Some(Place::Rear),
            _ => None,
        };
        // (kind, file number if given, place if given): at least one of the two is given.
        let (kind, file, place) = if let Some(kind) = kind_of(chars[0]) {
            let n = number_of(chars[1]).ok_or_else(|| NotationError::BadFile { text: shown(), ch: chars[1] })?;
            (kind, Some(n), None)
        } else if let (Some(n), Some(place)) = (number_of(chars[0]), word_place(chars[1])) {
            (PieceKind::Pawn, Some(n), Some(place))
        } else {
            let place = match word_place(chars[0]) {
                Some(p) => p,
                None => match RED_DIGITS[..5].iter().position(|&d| d == chars[0]) {
                    Some(i) => Place::Nth(i as u8),
                    None => return Err(NotationError::BadPlace { text: shown(), ch: chars[0] }),
                },
            };
            let kind = kind_of(chars[1]).ok_or_else(|| NotationError::UnknownPiece { text: shown(), ch: chars[1] })?;
            (kind, None, Some(place))
        };
        let dir = match chars[2] {
            '进' | '進' | '+' => 1,
            '退' | '-' => -1,
            '平' | '=' | '.' => 0,
            c => return Err(NotationError::BadDirection { text: shown(), ch: c }),
        };
        let n = number_of(chars[3]).ok_or_else(|| NotationError::BadNumber { text: shown(), ch: chars[3] })?;
        let piece = super::types::Piece::new(color, kind);
        let fwd = |s: Square| if color == Color::Red { s.rank() as i32 } else { 9 - s.rank() as i32 };
        // The origins the text can mean.
        let mut origins: Vec<Square> = Vec::new();
        match place {
            None => {
                origins.extend(Square::all().filter(|&s| Some(file_number(color, s)) == file && self.piece_at(s) == Some(piece)));
            }
            Some(place) => {
                let f = file;
                // Every file holding two or more such pieces (only file `f` when given); the place picks one on each.
                for file in (0..9u8).filter(|&x| f.is_none_or(|f| file_number(color, Square::new(x, 0).unwrap()) == f)) {
                    let mut on_file: Vec<Square> =
                        (0..10u8).filter_map(|r| Square::new(file, r)).filter(|&s| self.piece_at(s) == Some(piece)).collect();
                    if on_file.len() < 2 {
                        continue;
                    }
                    crate::sort::sort_by_key(&mut on_file, |&s| -fwd(s));
                    let k = on_file.len();
                    let idx = match place {
                        Place::Front => Some(0),
                        Place::Rear => Some(k - 1),
                        Place::Middle => (k == 3).then_some(1),
                        Place::Nth(i) => ((i as usize) < k).then_some(i as usize),
                    };
                    if let Some(i) = idx {
                        origins.push(on_file[i]);
                    }
                }
            }
        }
        if origins.is_empty() {
            return Err(NotationError::NoSuchPiece { text: shown() });
        }
        let diagonal = matches!(kind, PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor);
        let fits = |m: &Move| {
            let (from, to) = (m.from(), m.to());
            if !origins.contains(&from) {
                return false;
            }
            let dr = fwd(to) - fwd(from);
            match dir {
                0 => dr == 0 && file_number(color, to) == n,
                _ if dr.signum() != dir => false,
                _ if diagonal => file_number(color, to) == n,
                _ => to.file() == from.file() && dr.unsigned_abs() == n as u32,
            }
        };
        let found: Vec<Move> = self.legal_moves().as_slice().iter().copied().filter(fits).collect();
        match found.len() {
            0 => Err(NotationError::NoSuchMove { text: shown() }),
            1 => Ok(found[0]),
            _ => Err(NotationError::Ambiguous { text: shown(), moves: found }),
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// WXF notation
// ---------------------------------------------------------------------------------------------------------------

/// WXF piece letters, in [`PieceKind`] order: K general ("king"), A advisor, E elephant, H horse, R rook
/// (chariot), C cannon, P pawn (wxf.org "Official Xiangqi piece names and notation", AXF 1995 / WXF 1997).
const WXF_LETTERS: [char; 7] = ['K', 'A', 'E', 'H', 'R', 'C', 'P'];

/// The squares of the pieces equal to `p` on `file`, the mover's front first.
fn on_file(pos: &Position, p: super::types::Piece, file: u8) -> Vec<Square> {
    let color = p.color();
    let mut v: Vec<Square> = (0..10u8).filter_map(|r| Square::new(file, r)).filter(|&s| pos.piece_at(s) == Some(p)).collect();
    crate::sort::sort_by_key(&mut v, |&s| if color == Color::Red { -(s.rank() as i32) } else { s.rank() as i32 });
    v
}

/// How many files hold two or more pieces equal to `p`.
fn tandem_file_count(pos: &Position, p: super::types::Piece) -> usize {
    (0..9u8).filter(|&f| on_file(pos, p, f).len() >= 2).count()
}

/// The two characters WXF writes for the piece on index `idx` (0 = front) of `k` tandem pieces of `letter` on
/// one file (rules "Tandem Positions" and "Special Cases for Tandem Pawns" I–III of the WXF notation document).
fn wxf_tandem(letter: char, file_digit: char, k: usize, idx: usize) -> [char; 2] {
    match (k, idx) {
        (2, 0) | (3, 0) => [letter, '+'],
        (2, _) | (3, 2) => [letter, '-'],
        (3, _) => [letter, file_digit],
        (_, 0) => ['+', '+'],
        (_, i) if i == k - 1 => ['-', '-'],
        (_, 1) => [letter, '+'],
        (_, i) if i == k - 2 => [letter, '-'],
        _ => [letter, file_digit],
    }
}

impl Position {
    /// The WXF notation of `mv` (`C2.5`, `H8+7`, `R1+1`, `P7.5`, tandem pieces `R+.3`, `C--1`), which must be
    /// legal in this position; `None` when there is no piece of the side to move on its origin.
    ///
    /// Follows wxf.org "Official Xiangqi piece names and notation" (AXF notation of 1980/82, adopted by the WXF in
    /// 1997): piece letter `K A E H R C P`; the origin file counted 1–9 from the mover's right (Red: file i = 1;
    /// Black: file a = 1); `+` forward, `-` backward, `.` sideways; then the destination file for `.` and for the
    /// horse, elephant and advisor, else the number of ranks moved. Two horses, rooks, cannons or pawns on one
    /// file write `+` (front) or `-` (rear) in place of the file; three pawns: `P+`, the middle one `P<file>`,
    /// `P-`; four or five: `++`, `P+`, (`P<file>`), `P-`, `--`; pawns doubled on two files write the file first:
    /// `3+.4`, `33.4` (the middle of three), `3-.4`. Advisors and elephants always give their file.
    pub fn wxf(&self, mv: Move) -> Option<String> {
        let p = self.piece_at(mv.from())?;
        if p.color() != self.side {
            return None;
        }
        let color = p.color();
        let kind = p.kind();
        let letter = WXF_LETTERS[kind as usize];
        let (from, to) = (mv.from(), mv.to());
        let digit = |n: u8| char::from(b'0' + n);
        let from_file = digit(file_number(color, from));
        let mut out = String::with_capacity(4);
        let tandem_kind = !matches!(kind, PieceKind::Advisor | PieceKind::Elephant | PieceKind::King);
        let same = if tandem_kind { on_file(self, p, from.file()) } else { vec![from] };
        if same.len() >= 2 {
            let idx = same.iter().position(|&s| s == from).unwrap_or(0);
            if tandem_file_count(self, p) >= 2 {
                // Rule IV: the file digit first, then + / - / the file again for the middle of three.
                out.push(from_file);
                out.push(match (same.len(), idx) {
                    (_, 0) => '+',
                    (k, i) if i == k - 1 => '-',
                    _ => from_file,
                });
            } else {
                out.extend(wxf_tandem(letter, from_file, same.len(), idx));
            }
        } else {
            out.push(letter);
            out.push(from_file);
        }
        let fwd = |s: Square| if color == Color::Red { s.rank() as i32 } else { 9 - s.rank() as i32 };
        let dr = fwd(to) - fwd(from);
        let diagonal = matches!(kind, PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor);
        if dr == 0 {
            out.push('.');
            out.push(digit(file_number(color, to)));
        } else {
            out.push(if dr > 0 { '+' } else { '-' });
            out.push(digit(if diagonal { file_number(color, to) } else { dr.unsigned_abs() as u8 }));
        }
        Some(out)
    }
}

/// Why a move in WXF notation was refused ([`Position::parse_wxf`]). `Display` gives a one-line English reason
/// naming the text (cut to 40 characters) and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WxfError {
    /// Nothing but white space.
    Empty,
    /// Not four characters (`C2.5`, `R+.3`, `++.4`).
    Length { text: String, found: usize },
    /// The first two characters are neither `<piece><file>`, `<piece>+`/`<piece>-`, `++`/`--` nor
    /// `<file>+`/`<file>-`/`<file><file>` (the character that does not fit is given).
    BadOrigin { text: String, ch: char },
    /// The third character is not `+`, `-`, `.` (or `=`).
    BadDirection { text: String, ch: char },
    /// The fourth character is not a digit 1–9.
    BadNumber { text: String, ch: char },
    /// The side to move has no such piece there.
    NoSuchPiece { text: String },
    /// Such pieces exist, but none of them can make that move here.
    NoSuchMove { text: String },
    /// Several legal moves fit the text.
    Ambiguous { text: String, moves: Vec<Move> },
}

impl std::fmt::Display for WxfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WxfError::Empty => write!(f, "WXF move: empty string"),
            WxfError::Length { text, found } => {
                write!(f, "WXF move '{text}' has {found} characters; expected 4, like C2.5, H8+7 or R+.3")
            }
            WxfError::BadOrigin { text, ch } => write!(
                f,
                "WXF move '{text}': {ch:?} does not fit the origin (a piece letter K A E H R C P with a file 1-9 or +/-, ++, --, or a pawn's file with +/-)"
            ),
            WxfError::BadDirection { text, ch } => {
                write!(f, "WXF move '{text}': {ch:?} is not a direction (+ forward, - backward, . sideways)")
            }
            WxfError::BadNumber { text, ch } => write!(f, "WXF move '{text}': {ch:?} is not a number 1-9"),
            WxfError::NoSuchPiece { text } => write!(f, "WXF move '{text}': the side to move has no such piece there"),
            WxfError::NoSuchMove { text } => write!(
                f,
                "WXF move '{text}': no legal move of that piece fits (blocked, off its points, or it leaves the general in check)"
            ),
            WxfError::Ambiguous { text, moves } => {
                let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                write!(f, "WXF move '{text}' is ambiguous: it fits {}", list.join(", "))
            }
        }
    }
}

impl std::error::Error for WxfError {}

/// A WXF piece letter (either case; `B` elephant and `N` horse accepted, as English texts also write them).
fn wxf_kind(ch: char) -> Option<PieceKind> {
    Some(match ch.to_ascii_uppercase() {
        'K' | 'G' => PieceKind::King,
        'A' => PieceKind::Advisor,
        'E' | 'B' => PieceKind::Elephant,
        'H' | 'N' => PieceKind::Horse,
        'R' => PieceKind::Rook,
        'C' => PieceKind::Cannon,
        'P' => PieceKind::Pawn,
        _ => return None,
    })
}

/// Which piece of a tandem file the WXF origin names.
#[derive(Clone, Copy)]
enum WxfPlace {
    /// `X+`: the front one (second foremost of four or five).
    Plus,
    /// `X-`: the rear one (second rearmost of four or five).
    Minus,
    /// `++` / `--`: the foremost / rearmost of four or five pawns.
    Foremost,
    Rearmost,
    /// `<file>+`, `<file>-`, `<file><file>` (pawns doubled on two files): index from the front.
    OnFile(Option<bool>),
}

impl Position {
    /// Parses a move in WXF notation (see [`Position::wxf`]) and checks that it is legal here. Also accepted:
    /// lowercase letters, `=` for `.`, `B`/`N` for elephant/horse, white space anywhere, and a file number in
    /// place of `+`/`-` when it picks a single legal move (older manuals' `C3.5` for `C-.5`). `wxf(m)` parses back
    /// to `m` for every legal move `m`.
    ///
    /// # Errors
    /// [`WxfError`] naming what is wrong: the syntax (which character), no such piece, no such legal move, or
    /// several legal moves fitting the text.
    pub fn parse_wxf(&self, text: &str) -> Result<Move, WxfError> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let shown = || crate::echo(&chars.iter().collect::<String>());
        if chars.is_empty() {
            return Err(WxfError::Empty);
        }
        if chars.len() != 4 {
            return Err(WxfError::Length { text: shown(), found: chars.len() });
        }
        let color = self.side;
        let digit = |c: char| c.to_digit(10).filter(|d| (1..=9).contains(d)).map(|d| d as u8);
        // (kind, origin file if given, place if given)
        let (kind, file, place) = match (chars[0], chars[1]) {
            ('+', '+') => (PieceKind::Pawn, None, Some(WxfPlace::Foremost)),
            ('-', '-') => (PieceKind::Pawn, None, Some(WxfPlace::Rearmost)),
            (c0, c1) if digit(c0).is_some() => {
                let f = digit(c0).unwrap_or(1);
                let which = match c1 {
                    '+' => Some(true),
                    '-' => Some(false),
                    c if digit(c) == Some(f) => None,
                    c => return Err(WxfError::BadOrigin { text: shown(), ch: c }),
                };
                (PieceKind::Pawn, Some(f), Some(WxfPlace::OnFile(which)))
            }
            (c0, c1) => {
                let kind = wxf_kind(c0).ok_or_else(|| WxfError::BadOrigin { text: shown(), ch: c0 })?;
                match c1 {
                    '+' => (kind, None, Some(WxfPlace::Plus)),
                    '-' => (kind, None, Some(WxfPlace::Minus)),
                    c => (kind, Some(digit(c).ok_or_else(|| WxfError::BadOrigin { text: shown(), ch: c })?), None),
                }
            }
        };
        let dir = match chars[2] {
            '+' => 1,
            '-' => -1,
            '.' | '=' => 0,
            c => return Err(WxfError::BadDirection { text: shown(), ch: c }),
        };
        let n = digit(chars[3]).ok_or_else(|| WxfError::BadNumber { text: shown(), ch: chars[3] })?;
        let piece = super::types::Piece::new(color, kind);
        let mut origins: Vec<Square> = Vec::new();
        // With a plain file given, the middle of an odd tandem (three or five pawns) is the WXF reading.
        let mut preferred: Option<Square> = None;
        for x in 0..9u8 {
            let here = file_number(color, Square::new(x, 0).unwrap_or(Square(0)));
            if file.is_some_and(|f| f != here) {
                continue;
            }
            let same = on_file(self, piece, x);
            let k = same.len();
            match place {
                None => {
                    if k >= 3 && k % 2 == 1 {
                        preferred = Some(same[k / 2]);
                    }
                    origins.extend(same);
                }
                Some(place) => {
                    if k < 2 {
                        continue;
                    }
                    let idx = match place {
                        WxfPlace::Plus => Some(if k >= 4 { 1 } else { 0 }),
                        WxfPlace::Minus => Some(if k >= 4 { k - 2 } else { k - 1 }),
                        WxfPlace::Foremost => Some(0),
                        WxfPlace::Rearmost => Some(k - 1),
                        WxfPlace::OnFile(Some(true)) => Some(0),
                        WxfPlace::OnFile(Some(false)) => Some(k - 1),
                        WxfPlace::OnFile(None) => (k == 3).then_some(1),
                    };
                    if let Some(i) = idx {
                        origins.push(same[i]);
                    }
                }
            }
        }
        if origins.is_empty() {
            return Err(WxfError::NoSuchPiece { text: shown() });
        }
        let fwd = |s: Square| if color == Color::Red { s.rank() as i32 } else { 9 - s.rank() as i32 };
        let diagonal = matches!(kind, PieceKind::Horse | PieceKind::Elephant | PieceKind::Advisor);
        let fits = |m: &Move| {
            let (from, to) = (m.from(), m.to());
            if !origins.contains(&from) {
                return false;
            }
            let dr = fwd(to) - fwd(from);
            match dir {
                0 => dr == 0 && file_number(color, to) == n,
                _ if dr.signum() != dir => false,
                _ if diagonal => file_number(color, to) == n,
                _ => to.file() == from.file() && dr.unsigned_abs() == n as u32,
            }
        };
        let found: Vec<Move> = self.legal_moves().as_slice().iter().copied().filter(fits).collect();
        match found.len() {
            0 => Err(WxfError::NoSuchMove { text: shown() }),
            1 => Ok(found[0]),
            _ => match preferred.and_then(|p| found.iter().copied().find(|m| m.from() == p)) {
                Some(m) => Ok(m),
                None => Err(WxfError::Ambiguous { text: shown(), moves: found }),
            },
        }
    }
}

/// The move notations [`Position::parse_any`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `h2e2`, `h2-e2`, `H2-E2` (ICCS coordinates, the UCCI protocol's and XQBase PGN's).
    Iccs,
    /// `炮二平五` (中文纵线记法, see [`Position::chinese`]).
    Chinese,
    /// `C2.5` (see [`Position::wxf`]).
    Wxf,
}

impl Notation {
    /// `iccs`, `chinese`, `wxf`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Chinese => "chinese",
            Notation::Wxf => "wxf",
        }
    }

    /// Which notation `text` is written in: ICCS when it is two squares (`h2e2`, `h2-e2`, either case), Chinese
    /// when it holds any non-ASCII character, WXF otherwise.
    pub fn detect(text: &str) -> Notation {
        let t: Vec<char> = text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        let square = |f: char, r: char| ('a'..='i').contains(&f.to_ascii_lowercase()) && r.is_ascii_digit();
        if t.len() == 4 && square(t[0], t[1]) && square(t[2], t[3]) && text.chars().filter(|&c| c == '-').count() <= 1 {
            Notation::Iccs
        } else if !text.is_ascii() {
            Notation::Chinese
        } else {
            Notation::Wxf
        }
    }

    /// The move `mv` (legal in `pos`) written in this notation.
    pub fn format(self, pos: &Position, mv: Move) -> Option<String> {
        match self {
            Notation::Iccs => Some(mv.to_string()),
            Notation::Chinese => pos.chinese(mv),
            Notation::Wxf => pos.wxf(mv),
        }
    }
}

/// Why [`Position::parse_any`] refused a move: the error of the notation the text was read in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    Iccs(super::MoveError),
    Chinese(NotationError),
    Wxf(WxfError),
}

impl std::fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseMoveError::Iccs(e) => write!(f, "{e}"),
            ParseMoveError::Chinese(e) => write!(f, "{e}"),
            ParseMoveError::Wxf(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl Position {
    /// Parses a move in ICCS (`h2e2`, `h2-e2`, `H2-E2`), Chinese (`炮二平五`) or WXF (`C2.5`), the notation
    /// chosen by [`Notation::detect`], and checks that it is legal here.
    ///
    /// # Errors
    /// [`ParseMoveError`] holding the reason in the detected notation.
    pub fn parse_any(&self, text: &str) -> Result<Move, ParseMoveError> {
        match Notation::detect(text) {
            Notation::Iccs => {
                let t: String = text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_ascii_lowercase();
                self.parse_move(&t).map_err(ParseMoveError::Iccs)
            }
            Notation::Chinese => self.parse_chinese(text).map_err(ParseMoveError::Chinese),
            Notation::Wxf => self.parse_wxf(text).map_err(ParseMoveError::Wxf),
        }
    }
}
