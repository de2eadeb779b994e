//! Chinese move notation (中文纵线记法), e.g. `炮二平五` for `h2e2`, `马２进３` for `b9c7`.
//!
//! Red numbers files 一…九 from its right (file i = 一), Black 1…9 from its right (file a = １, written with
//! full-width digits); 进 forward, 退 back, 平 sideways. Horse, elephant and advisor give the destination file;
//! the others give the destination file for 平 and the number of ranks for 进/退. Two or three pieces of a kind on
//! one file are told apart by 前/中/后 (four or five pawns: 一二三四五 from the front) instead of the file number;
//! advisors and elephants never need it. Source: the examples of the UCCI 3.0 spec (ElephantEye's
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
            same_file.sort_by_key(|&s| -fwd(s));
            let idx = same_file.iter().position(|&s| s == from).unwrap_or(0);
            let label = match (same_file.len(), idx) {
                (2, 0) | (3, 0) => '前',
                (2, _) | (3, 2) => '后',
                (3, _) => '中',
                (_, i) => RED_DIGITS[i.min(8)],
            };
            out.push(label);
            out.push(name);
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
