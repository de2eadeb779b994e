// The move list of the analysis board: a game tree (www/game-tree.js) drawn as the play move list is (two
// columns, Red and Black, one <li data-ply> per main-line move), with the variations of a move right after it,
// on a row of their own, each in parentheses, nested variations inside their own parentheses (as PGN writes them).
//
// Test hooks: main-line items `li[data-ply][data-iccs][data-node]` (as the play list, plus data-node = the tree
// node's id); the variations' row `li.move-variations[data-testid="move-variations"]`; each variation
// `span.variation[data-testid="variation"]`, each move in it `span.var-move[data-node][data-iccs]`; the move shown
// carries class move-viewing (and aria-current).

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
 * Fills `listEl` (the move list <ol>) with the tree.
 * @param {HTMLElement} listEl
 * @param {import('../game-tree.js').GameTree} tree
 * @param {{notation: string}} options
 */
export function renderTreeList(listEl, tree, { notation }) {
  const blackFirst = / b(\s|$)/.test(tree.startFen);
  const items = [];
  const main = tree.mainLine();
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
    shown !== node.move ? h('span', { class: 'move-iccs', text: node.move }) : null));
    const others = node.parent.children.slice(1);
    if (others.length) {
      items.push(h('li', { class: 'move-variations', dataset: { testid: 'move-variations' } },
        others.map((v) => variation(v, tree, notation, blackFirst))));
      // the Black move after a Red one with variations stays in the Black column
      if (red && main[i + 1]) {
        items.push(h('li', { class: 'move move-red move-skip', 'aria-hidden': 'true' }, h('span', { class: 'move-num', text: `${number}.` }), '…'));
      }
    }
  });
  listEl.replaceChildren(...items);
}

/** One variation (from `start`, an alternative to its parent's first child), with its nested variations. */
function variation(start, tree, notation, blackFirst) {
  const parts = ['('];
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
    }, label ? h('span', { class: 'move-num', text: label }) : null, h('span', { class: 'move-text', text: nodeText(n, notation) })));
    numberNext = false;
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
