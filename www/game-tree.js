// A game as a tree of moves (the analysis board's record): a start position and, from every position, the moves
// tried there. A node's first child is its main continuation; the others are variations (alternatives to
// that first child, played from the same position). The main line is the path of first children from the
// root, so a move played after going back in the game adds a variation and never replaces the main line.
//
// The tree checks every move with the Rust rules (`XiangqiGame` from the wasm module) and keeps, per node, the
// FEN reached and the move written in Chinese notation and WXF (null where the rules module does not write
// them). It never touches the GameRecord of the game being played (www/game-record.js), which keeps the
// main-line behaviour of normal play.
//
// PGN: toPgn() gives the `moves` + `annotations` of the wasm pgnWrite (docs: spec of issue 22, §2: an
// annotation's `variations` are alternatives to that move, each `{moves, annotations}` recursively);
// GameTree.fromPgn() reads pgnParse's answer back. Comments, NAGs and evaluations read from a PGN are kept on
// their node (`note`) and written back.

import { codedError, errorData } from './i18n/errors.js';

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';
const STORAGE_VERSION = 1;
/** a variation deeper than this is not read back (a stored or imported tree cannot exhaust the stack) */
const MAX_DEPTH = 64;

/**
 * One move of the tree.
 * @typedef {{id: number, move: string|null, parent: TreeNode|null, children: TreeNode[], fen: string,
 *            chinese: string|null, wxf: string|null, note: object|null}} TreeNode
 *   move: ICCS (null at the root); fen: the position after the move; note: {nags?, comment?, eval?} as read
 *   from a PGN (written back by toPgn).
 */

/**
 * `moves` (ICCS, played after `fromMoves` from `startFen`) written in `kind` ('iccs' | 'chinese' | 'wxf'), or
 * null when the rules module does not write that notation or a move is not legal there.
 * @param {typeof import('./pkg/duiyi.js').XiangqiGame} XiangqiGame
 */
export function writeLine(XiangqiGame, startFen, fromMoves, moves, kind) {
  if (kind === 'iccs') return [...moves];
  let g;
  try {
    g = new XiangqiGame(startFen);
    if (typeof g[kind] !== 'function') return null;
    for (const m of fromMoves) g.play(m);
    const out = [];
    for (const m of moves) {
      out.push(g[kind](m));
      g.play(m);
    }
    return out;
  } catch {
    return null;
  } finally {
    g?.free();
  }
}

export class GameTree {
  /**
   * @param {typeof import('./pkg/duiyi.js').XiangqiGame} XiangqiGame
   * @param {string} [startFen]
   * @param {string[]} [mainMoves] the main line (ICCS)
   * Throws the parser's Error for a bad FEN (code fen.*) and, for an illegal move, an Error with code
   * saved.move and params {index (1-based), move, cause}.
   */
  constructor(XiangqiGame, startFen = START_FEN, mainMoves = []) {
    this.XiangqiGame = XiangqiGame;
    const g = new XiangqiGame(startFen);
    let fen;
    try {
      fen = g.fen();
    } finally {
      g.free();
    }
    this.startFen = fen;
    this.nextId = 0;
    /** @type {TreeNode} */
    this.root = this.makeNode(null, null, fen, null, null);
    /** @type {TreeNode} the position shown */
    this.cursor = this.root;
    /** increases with every change of the tree or the cursor (a renderer redraws when it changes) */
    this.version = 0;
    /** the PGN's comment before the first move (null when none) */
    this.comment = null;
    let node = this.root;
    for (const [i, move] of mainMoves.entries()) node = this.addAt(node, move, i + 1);
  }

  makeNode(move, parent, fen, chinese, wxf) {
    // varComment: a variation's own comment (before its first move), on that first move's node
    return { id: this.nextId++, move, parent, children: [], fen, chinese, wxf, note: null, varComment: null };
  }

  /** The child of `parent` reached by `iccs`: the existing one, else a new one (the last of its children). */
  add(parent, iccs) {
    const move = String(iccs);
    const existing = parent.children.find((c) => c.move === move);
    if (existing) return existing;
    const g = new this.XiangqiGame(parent.fen);
    try {
      const chinese = typeof g.chinese === 'function' ? safe(() => g.chinese(move)) : null;
      const wxf = typeof g.wxf === 'function' ? safe(() => g.wxf(move)) : null;
      g.play(move);
      const node = this.makeNode(move, parent, g.fen(), chinese, wxf);
      parent.children.push(node);
      this.version++;
      return node;
    } finally {
      g.free();
    }
  }

  /** add() with the error of a stored / imported move (code saved.move, params {index, move, cause}). */
  addAt(parent, move, index) {
    try {
      return this.add(parent, move);
    } catch (err) {
      throw codedError('saved.move', { index, move: String(move), cause: errorData(err) }, `move ${index} (${move}): ${err.message}`);
    }
  }

  /** Plays `iccs` from the cursor (an existing continuation is followed, a new one is added); throws when illegal. */
  play(iccs) {
    this.cursor = this.add(this.cursor, iccs);
    this.version++;
    return this.cursor;
  }

  /** Moves the cursor to `node` (a node of this tree). */
  goTo(node) {
    if (!node || node === this.cursor) return;
    this.cursor = node;
    this.version++;
  }

  /** The node with this id, or null. */
  find(id) {
    const wanted = Number(id);
    const stack = [this.root];
    while (stack.length) {
      const n = stack.pop();
      if (n.id === wanted) return n;
      stack.push(...n.children);
    }
    return null;
  }

  /** The nodes from the root (excluded) to `node` (included). */
  path(node = this.cursor) {
    const out = [];
    for (let n = node; n && n.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  /** The moves (ICCS) from the start to `node`. */
  movesTo(node = this.cursor) {
    return this.path(node).map((n) => n.move);
  }

  /** The nodes after `node` along first children (node excluded). */
  lineAfter(node) {
    const out = [];
    for (let n = node.children[0]; n; n = n.children[0]) out.push(n);
    return out;
  }

  /** The main line's nodes. */
  mainLine() {
    return this.lineAfter(this.root);
  }

  /** true when `node` is on the main line (the root is) */
  isMain(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /** The last node of the line through `node` (following first children). */
  lineEnd(node = this.cursor) {
    let n = node;
    while (n.children[0]) n = n.children[0];
    return n;
  }

  /** The number of moves from the start to `node`. */
  depthOf(node) {
    let d = 0;
    for (let n = node; n.parent; n = n.parent) d++;
    return d;
  }

  /**
   * Raises the variation that `node` is in by one level: the nearest ancestor-or-self that is not a first
   * child becomes its parent's first child (so repeated calls make it the main line). Returns false on the
   * main line.
   */
  promote(node = this.cursor) {
    let v = node;
    while (v.parent && v.parent.children[0] === v) v = v.parent;
    if (!v.parent) return false;
    const siblings = v.parent.children;
    siblings.splice(siblings.indexOf(v), 1);
    siblings.unshift(v);
    this.version++;
    return true;
  }

  /**
   * Deletes `node` and everything after it (not the root). The cursor, when inside, goes to its parent.
   * Deleting a main-line node makes its next sibling (if any) the main continuation.
   */
  remove(node) {
    if (!node?.parent) return false;
    for (let n = this.cursor; n; n = n.parent) {
      if (n === node) {
        this.cursor = node.parent;
        break;
      }
    }
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
    this.version++;
    return true;
  }

  /** true when the tree has a move off the main line */
  hasVariations() {
    const stack = [this.root];
    while (stack.length) {
      const n = stack.pop();
      if (n.children.length > 1) return true;
      stack.push(...n.children);
    }
    return false;
  }

  // ---- PGN ------------------------------------------------------------------------------------------------

  /**
   * The tree as pgnWrite's `moves` and `annotations` (annotations left out (undefined) when no move has a
   * variation or a note, so that the output is the plain game's).
   * @returns {{moves: string[], annotations?: Array<object|null>}}
   */
  toPgn() {
    const line = this.mainLine();
    const annotations = annotationsOf(line, false);
    const moves = line.map((n) => n.move);
    const out = annotations.some(Boolean) ? { moves, annotations } : { moves };
    if (this.comment) out.comment = this.comment;
    return out;
  }

  /**
   * A tree from pgnParse's answer (or xqfParse's): the main line `moves` and, per move, `annotations[i]`
   * with its `variations` (each {moves, annotations?}), notes kept. Throws like the constructor.
   * @param {typeof import('./pkg/duiyi.js').XiangqiGame} XiangqiGame
   * @param {{fen?: string, moves?: string[], annotations?: Array<object|null>}} parsed
   */
  static fromPgn(XiangqiGame, parsed) {
    const tree = new GameTree(XiangqiGame, parsed.fen || START_FEN);
    if (typeof parsed.comment === 'string' && parsed.comment) tree.comment = parsed.comment;
    tree.readLine(tree.root, Array.from(parsed.moves ?? []), parsed.annotations ? Array.from(parsed.annotations) : [], 0);
    tree.cursor = tree.root;
    return tree;
  }

  /** Adds `moves` from `from` with their annotations (notes, nested variations); returns the first move's node. */
  readLine(from, moves, annotations, depth) {
    let node = from;
    let first = null;
    for (const [i, move] of moves.entries()) {
      const before = node;
      node = this.addAt(before, move, this.depthOf(before) + 1);
      first ??= node;
      const ann = annotations?.[i];
      if (!ann || typeof ann !== 'object') continue;
      const note = noteOf(ann);
      if (note) node.note = note;
      if (depth < MAX_DEPTH) {
        for (const v of Array.from(ann.variations ?? [])) {
          if (!v?.moves) continue;
          const start = this.readLine(before, Array.from(v.moves), v.annotations ? Array.from(v.annotations) : [], depth + 1);
          if (start && typeof v.comment === 'string' && v.comment) start.varComment = v.comment;
        }
      }
    }
    return first;
  }

  // ---- storage --------------------------------------------------------------------------------------------

  /** A plain object for localStorage: the start, the tree ({m: move, c: children, n: note}), the cursor's path. */
  toJSON() {
    const pack = (n) => {
      const out = { m: n.move };
      if (n.children.length) out.c = n.children.map(pack);
      if (n.note) out.n = n.note;
      if (n.varComment) out.vc = n.varComment;
      return out;
    };
    const cursorPath = [];
    for (let n = this.cursor; n.parent; n = n.parent) cursorPath.push(n.parent.children.indexOf(n));
    const out = { v: STORAGE_VERSION, startFen: this.startFen, children: this.root.children.map(pack), cursor: cursorPath.reverse() };
    if (this.comment) out.comment = this.comment;
    return out;
  }

  /** The tree saved by toJSON(); throws saved.format for an unknown shape and like the constructor for a bad move. */
  static fromJSON(XiangqiGame, data) {
    if (!data || data.v !== STORAGE_VERSION || typeof data.startFen !== 'string' || !Array.isArray(data.children)) {
      throw codedError('saved.format', {}, 'saved analysis has an unknown format');
    }
    const tree = new GameTree(XiangqiGame, data.startFen);
    if (typeof data.comment === 'string' && data.comment) tree.comment = data.comment;
    const unpack = (parent, items, depth) => {
      if (!Array.isArray(items)) return;
      for (const item of items) {
        if (!item || typeof item.m !== 'string') throw codedError('saved.format', {}, 'saved analysis has an unknown format');
        const node = tree.addAt(parent, item.m, tree.depthOf(parent) + 1);
        if (item.n && typeof item.n === 'object') node.note = noteOf(item.n);
        if (typeof item.vc === 'string' && item.vc) node.varComment = item.vc;
        unpack(node, item.c, depth + 1);
      }
    };
    unpack(tree.root, data.children, 0);
    let cursor = tree.root;
    for (const i of Array.isArray(data.cursor) ? data.cursor : []) {
      const next = cursor.children[i];
      if (!next) break;
      cursor = next;
    }
    tree.cursor = cursor;
    return tree;
  }
}

/** The annotations of a line of nodes; `nested`: the first node's siblings are written by the enclosing line. */
function annotationsOf(line, nested) {
  return line.map((node, j) => {
    const ann = node.note ? { ...node.note } : {};
    if (!(nested && j === 0)) {
      const others = node.parent.children.slice(1);
      if (others.length) ann.variations = others.map(variationOf);
    }
    return Object.keys(ann).length ? ann : null;
  });
}

/** A variation (an alternative to its parent's first child) for pgnWrite: {moves, annotations?}. */
function variationOf(start) {
  const line = [start, ...lineAfterNode(start)];
  const annotations = annotationsOf(line, true);
  const out = { moves: line.map((n) => n.move) };
  if (annotations.some(Boolean)) out.annotations = annotations;
  if (start.varComment) out.comment = start.varComment;
  return out;
}

function lineAfterNode(node) {
  const out = [];
  for (let n = node.children[0]; n; n = n.children[0]) out.push(n);
  return out;
}

/** The note (nags, comment, eval) of an annotation, or null. */
function noteOf(ann) {
  const note = {};
  if (Array.isArray(ann.nags) && ann.nags.length) note.nags = ann.nags.filter((n) => Number.isInteger(n));
  if (typeof ann.comment === 'string' && ann.comment) note.comment = ann.comment;
  if (ann.eval && typeof ann.eval === 'object') note.eval = { ...ann.eval };
  return Object.keys(note).length ? note : null;
}

function safe(fn) {
  try {
    return fn();
  } catch {
    return null;
  }
}
