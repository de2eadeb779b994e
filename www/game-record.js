// The game being played: a start position (FEN) and the moves from it (ICCS). The record, not a board,
// is the truth: it is what is saved to localStorage, what a reload or a restarted engine worker resumes
// from, and what the engine is sent (FEN + all moves, so it can see repetitions).
//
// It wraps the Rust rules (`XiangqiGame` from the wasm module); it never moves a piece by itself. Its errors
// carry the wasm module's `code` and `params` (www/i18n/errors.js), so the page can say them in its language.

import { codedError, errorData } from './i18n/errors.js';
import { writeLine } from './game-tree.js';

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const STORAGE_VERSION = 1;

export class GameRecord {
  /**
   * @param {typeof import('./pkg/duiyi.js').XiangqiGame} XiangqiGame
   * @param {string} startFen
   * @param {string[]} [moves]
   * Throws the parser's Error for a bad FEN (code fen.*), and for an illegal move an Error with code
   * saved.move and params {index (1-based), move, cause: the rules' reason}.
   */
  constructor(XiangqiGame, startFen = START_FEN, moves = []) {
    this.XiangqiGame = XiangqiGame;
    const game = new XiangqiGame(startFen);
    this.startFen = game.fen();
    this.moves = [];
    /** Chinese notation of each move (null where the rules module has no chinese()) */
    this.notation = [];
    /** WXF notation of each move (null where the rules module has no wxf()) */
    this.wxf = [];
    this.game = game;
    try {
      for (const [i, move] of moves.entries()) {
        try {
          this.play(move);
        } catch (err) {
          throw codedError('saved.move', { index: i + 1, move: String(move), cause: errorData(err) }, `move ${i + 1} (${move}): ${err.message}`);
        }
      }
    } catch (err) {
      this.free();
      throw err;
    }
  }

  /** Plays a move; throws (and changes nothing) when it is illegal. */
  play(iccs) {
    const chinese = typeof this.game.chinese === 'function' ? safe(() => this.game.chinese(iccs)) : null;
    const wxf = typeof this.game.wxf === 'function' ? safe(() => this.game.wxf(iccs)) : null;
    this.game.play(iccs);
    this.moves.push(iccs);
    this.notation.push(chinese);
    this.wxf.push(wxf);
  }

  /** Takes back the last `count` moves (fewer if the record is shorter). */
  undo(count) {
    const keep = this.moves.slice(0, Math.max(0, this.moves.length - count));
    const fresh = new GameRecord(this.XiangqiGame, this.startFen, keep);
    this.free();
    Object.assign(this, { game: fresh.game, moves: fresh.moves, notation: fresh.notation, wxf: fresh.wxf });
  }

  /** identifies the position reached, moves included (two records with equal keys are the same game) */
  key(extraMove) {
    return [this.startFen, ...this.moves, ...(extraMove ? [extraMove] : [])].join(' ');
  }

  get startSide() {
    return /\sb(\s|$)/.test(this.startFen) ? 'black' : 'red';
  }

  fen() { return this.game.fen(); }
  sideToMove() { return this.game.sideToMove(); }
  pieces() { return Array.from(this.game.pieces()); }
  legalMoves() { return Array.from(this.game.legalMoves()); }
  inCheck() { return this.game.inCheck(); }
  result() { return this.game.result() ?? null; }

  /** true when the rules module writes `kind` ('iccs' | 'chinese' | 'wxf') */
  writes(kind) {
    return kind === 'iccs' || typeof this.game[kind] === 'function';
  }

  /**
   * A line of moves from the current position (or from the position after `fromMoves`) in `kind`
   * ('chinese' by default, 'wxf', 'iccs'), or null when the rules module does not write that notation.
   */
  lineNotation(moves, fromMoves = this.moves, kind = 'chinese') {
    if (typeof this.game[kind] !== 'function' && kind !== 'iccs') return null;
    return writeLine(this.XiangqiGame, this.startFen, fromMoves, moves, kind);
  }


  /**
   * What the board shows after the first `ply` moves (for reviewing the game): pieces, the side to move,
   * whether it is in check, and the move that led there.
   */
  positionAt(ply) {
    const g = new this.XiangqiGame(this.startFen);
    try {
      for (const m of this.moves.slice(0, ply)) g.play(m);
      return {
        pieces: Array.from(g.pieces()),
        sideToMove: g.sideToMove(),
        inCheck: g.inCheck(),
        fen: g.fen(),
        lastMove: ply > 0 ? this.moves[ply - 1] : null,
      };
    } finally {
      g.free();
    }
  }

  /**
   * The legal move meant by `text`: ICCS (`h2e2`, any case, spaces ignored), WXF (`C2.5`, through the rules
   * module's parseMove when it has one) or Chinese notation as the rules module writes it (`炮二平五`; 马/傌/馬, 车/俥/車 and ASCII or full-width digits all accepted).
   * Returns null when no legal move matches.
   */
  findMove(text) {
    const legal = this.legalMoves();
    const compact = String(text ?? '').replace(/\s+/g, '');
    const iccs = compact.toLowerCase().replace('-', '');
    if (legal.includes(iccs)) return iccs;
    if (typeof this.game.parseMove === 'function') {
      // the rules module reads ICCS, Chinese and WXF (src/xiangqi/notation.rs)
      const parsed = safe(() => this.game.parseMove(String(text ?? '').trim()));
      if (typeof parsed === 'string' && legal.includes(parsed)) return parsed;
    }
    if (typeof this.game.chinese !== 'function') return null;
    const norm = (s) => s
      .replace(/[傌馬]/g, '马').replace(/[俥車]/g, '车').replace(/砲/g, '炮').replace(/帥/g, '帅')
      .replace(/將/g, '将').replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
      .replace(/後/g, '后').replace(/進/g, '进');
    const wanted = norm(compact);
    if (!wanted) return null;
    for (const m of legal) {
      try {
        if (norm(this.game.chinese(m)) === wanted) return m;
      } catch {
        /* no notation for this move */
      }
    }
    return null;
  }

  /**
   * Why `text` is not a move here, for a move that findMove() did not find: the rules' reason for an ICCS
   * move (code move.*: malformed, no piece, wrong side, cannot move there, general left in check, game over),
   * typed.chinese {text} for Chinese notation that names no legal move, typed.unreadable {text} otherwise.
   * Returns an Error (not thrown), or null when the move is legal after all.
   */
  whyNot(text) {
    const compact = String(text ?? '').replace(/\s+/g, '');
    // WXF-looking text (a piece letter or tandem mark, a file, a direction +/−/./=, a number): the notation
    // module's reason (code notation.*)
    if (typeof this.game.parseMove === 'function' && /^[a-z+-][1-9+-]?[+\-.=][1-9]$/i.test(compact)) {
      try {
        this.game.parseMove(String(text ?? '').trim());
      } catch (err) {
        return err; // the notation module's reason (code notation.*)
      }
    }
    if (/[\u3400-\u9fff\uff10-\uff19]/.test(compact)) {
      return codedError('typed.chinese', { text: compact }, `no legal move here is written ${compact}`);
    }
    const iccs = compact.toLowerCase().replace('-', '');
    if (!/^[a-z][0-9][a-z][0-9]$/.test(iccs)) {
      return codedError('typed.unreadable', { text: compact }, `'${compact}' is neither ICCS (h2e2), Chinese notation (炮二平五) nor WXF (C2.5)`);
    }
    try {
      this.game.checkMove(iccs);
      return null;
    } catch (err) {
      return err;
    }
  }

  toJSON() {
    return { v: STORAGE_VERSION, startFen: this.startFen, moves: [...this.moves] };
  }

  static fromJSON(XiangqiGame, data) {
    if (!data || data.v !== STORAGE_VERSION || typeof data.startFen !== 'string' || !Array.isArray(data.moves)) {
      throw codedError('saved.format', {}, 'saved game has an unknown format');
    }
    return new GameRecord(XiangqiGame, data.startFen, data.moves.map(String));
  }

  free() {
    try {
      this.game?.free();
    } catch {
      /* already freed */
    }
    this.game = null;
  }
}

function safe(fn) {
  try {
    return fn();
  } catch {
    return null;
  }
}
