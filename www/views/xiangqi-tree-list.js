// The move list of the analysis board: a game tree (www/game-tree.js) drawn as the play move list is (two
// columns, Red and Black, one <li data-ply> per main-line move), with the variations of a move right after it,
// on a row of their own, each in parentheses, nested variations inside their own parentheses (as PGN writes them).
//
// Test hooks: main-line items `li[data-ply][data-iccs][data-node]` (as the play list, plus data-node = the tree
// node's id); the variations' row `li.move-variations[data-testid="move-variations"]`; each variation
// `span.variation[data-testid="variation"]`, each move in it `span.var-move[data-node][data-iccs]`; the move shown
// carries class move-viewing (and aria-current); comments: `li.move-comment[data-testid="move-comment"]` with
// `data-after-ply` (0: the game's comment) under a main-line move, `span.var-comment` inside a variation.

import { h } from './dom.js';

/**
 * A tree node's move written in `notation` ('iccs' | 'chinese' | 'wxf'; ICCS when the rules gave no other).
 * @param {import('../game-tree.js').TreeNode} node
 */
export function nodeText(node, notation) {
  if (notation === 'chinese') return node.chinese ?? node.move;
  if (notation === 'wxf') return node.wxf ?? node.move;
  return node.move;
}

/**
 * Numbering of a move `depth` plies from the start (1 = the first move).
 * @returns {{number: number, red: boolean}}
 */
export function moveNumber(depth, blackFirst) {
  const fromRed = depth - 1 + (blackFirst ? 1 : 0);
  return { number: Math.floor(fromRed / 2) + 1, red: fromRed % 2 === 0 };
}

/**
 * Fills `listEl` (the move list <ol>) with the tree: the game comment first, then each main-line move with its
 * comment and its variations under it (as lichess shows a study).
 * @param {HTMLElement} listEl
 * @param {import('../game-tree.js').GameTree} tree
 * @param {{notation: string}} options
 */
export function renderTreeList(listEl, tree, { notation }) {
  const blackFirst = / b(\s|$)/.test(tree.startFen);
  const items = [];
  const main = tree.mainLine();
  if (tree.comment) items.push(commentRow(tree.comment, 0));
  if (blackFirst && main.length) {
    items.push(h('li', { class: 'move move-red move-skip', 'aria-hidden': 'true' }, h('span', { class: 'move-num', text: '1.' }), '…'));
  }
  main.forEach((node, i) => {
    const { number, red } = moveNumber(i + 1, blackFirst);
    const shown = nodeText(node, notation);
    const current = node === tree.cursor;
    items.push(h('li', {
      class: `move ${red ? 'move-red' : 'move-black'}${current ? ' move-viewing' : ''}`,
      dataset: { iccs: node.move, ply: String(i + 1), node: String(node.id), ...(node.chinese ? { chinese: node.chinese } : {}), ...(node.wxf ? { wxf: node.wxf } : {}) },
      title: node.move,
      tabindex: '0',
      'aria-current': current ? 'true' : null,
    },
    red ? h('span', { class: 'move-num', text: `${number}.` }) : null,
    h('span', { class: 'move-text', text: shown }),
    nagMark(node.note),
    shown !== node.move ? h('span', { class: 'move-iccs', text: node.move }) : null));
    items.push(...rowsAfterMove(tree, node, i + 1, { notation, blackFirst, hasNext: Boolean(main[i + 1]) }));
  });
  listEl.replaceChildren(...items);
}

/**
 * The rows that follow a main-line move's own item in a two-column move list: its comment
 * (`li.move-comment`), then its alternatives as variations (`li.move-variations`), then, after a Red move
 * with either, the filler that keeps the next Black move in the Black column. Shared by the analysis board's
 * list and the game's (an imported record's comments and variations under its moves).
 * @param {import('../game-tree.js').GameTree} tree
 * @param {import('../game-tree.js').TreeNode} node  a main-line node
 * @param {number} ply  its 1-based ply from the start
 * @param {{notation: string, blackFirst: boolean, hasNext: boolean}} options
 * @returns {HTMLElement[]}
 */
export function rowsAfterMove(tree, node, ply, { notation, blackFirst, hasNext }) {
  const rows = [];
  if (node.note?.comment) rows.push(commentRow(node.note.comment, ply));
  const others = node.parent.children.slice(1);
  if (others.length) {
    rows.push(h('li', { class: 'move-variations', dataset: { testid: 'move-variations' } },
      others.map((v) => variation(v, tree, notation, blackFirst))));
  }
  const { number, red } = moveNumber(ply, blackFirst);
  // the Black move after a Red one with a comment or variations stays in the Black column
  if (rows.length && red && hasNext) {
    rows.push(h('li', { class: 'move move-red move-skip', 'aria-hidden': 'true' }, h('span', { class: 'move-num', text: `${number}.` }), '…'));
  }
  return rows;
}

/** The common NAGs as the symbols people read (PGN standard §10; lichess's marks for the positional ones). */
const NAG_GLYPHS = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!', 7: '□', 10: '=', 13: '∞', 14: '⩲', 15: '⩱', 16: '±', 17: '∓', 18: '+−', 19: '−+' };

/** A move's NAGs as a span of symbols (`$n` for the others), or null when it has none. */
export function nagMark(note) {
  const nags = Array.from(note?.nags ?? []);
  if (!nags.length) return null;
  return h('span', { class: 'move-nag', dataset: { nags: nags.join(' ') }, text: nags.map((n) => NAG_GLYPHS[n] ?? `$${n}`).join(' ') });
}

/** A comment row under the move at `ply` (0: the game's comment, before the first move). */
export function commentRow(text, ply) {
  return h('li', { class: `move-comment${ply === 0 ? ' game-comment' : ''}`, dataset: { testid: 'move-comment', afterPly: String(ply) }, text });
}

/** One variation (from `start`, an alternative to its parent's first child), with its nested variations. */
function variation(start, tree, notation, blackFirst) {
  const parts = ['('];
  if (start.varComment) parts.push(h('span', { class: 'var-comment', text: start.varComment }));
  let depth = tree.depthOf(start);
  let numberNext = true; // a move number before the next move (the variation's start, after a nested one)
  for (let n = start, first = true; n; n = n.children[0], first = false) {
    const { number, red } = moveNumber(depth, blackFirst);
    const label = red ? `${number}.` : numberNext ? `${number}…` : '';
    const current = n === tree.cursor;
    parts.push(h('span', {
      class: `var-move ${red ? 'move-red' : 'move-black'}${current ? ' move-viewing' : ''}`,
      dataset: { node: String(n.id), iccs: n.move },
      title: n.move,
      tabindex: '0',
      'aria-current': current ? 'true' : null,
    }, label ? h('span', { class: 'move-num', text: label }) : null, h('span', { class: 'move-text', text: nodeText(n, notation) }), nagMark(n.note)));
    numberNext = false;
    if (n.note?.comment) {
      parts.push(h('span', { class: 'var-comment', dataset: { testid: 'move-comment' }, text: n.note.comment }));
      numberNext = true;
    }
    if (!first) {
      const others = n.parent.children.slice(1);
      for (const v of others) {
        parts.push(variation(v, tree, notation, blackFirst));
        numberNext = true;
      }
    }
    depth++;
  }
  parts.push(')');
  return h('span', { class: 'variation', dataset: { testid: 'variation' } }, parts);
}
