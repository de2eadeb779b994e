// A Xiangqi board drawn in SVG. It knows no rules (docs/architecture.md §6, like chessground): the page gives it
// the pieces and, for each movable piece, its legal destinations; the board reports the move the user
// chose by clicking (piece, then destination) or by dragging.
//
//   const board = createXiangqiBoard(container, { onMove: (from, to) => … });
//   board.set({ pieces, dests, lastMove, check, orientation, movable, hint });
//
// Test hooks (docs/testing.md, "Test hooks"): every point is a <g data-square="a0"…"i9">; a piece inside it is a
// <g data-piece="R"> (FEN letter, upper case = Red). Destinations shown carry data-dest on the point.
// Piece sets (`pieceSet`): 'chinese' (the characters) or 'pictogram' (www/views/xiangqi-pieces.js); the board
// element carries data-piece-set. A hint arrow of kind 'ponder' (the reply the engine expects) is dashed. A
// one-step move (a soldier, king or advisor step) starts a little behind its piece's centre so that its shaft
// shows beside its head. The analysis lines (`arrows`, rank 1 = best) are each a <line class="xq-analysis-arrow"
// data-iccs data-multipv>, the best one widest and most opaque, and each carries its rank in a badge
// (<g class="xq-analysis-badge" data-multipv data-iccs>, the number shown in the lines panel); arrows along one
// rank, file or diagonal whose spans overlap are shifted apart side by side.

import { PICTOGRAMS } from './xiangqi-pieces.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const FILES = 'abcdefghi';
/** distance between two lines, in SVG user units */
const S = 64;
/** room around the grid: pieces on the edge lines, file numbers above and below, ICCS coordinates */
const MARGIN = 60; // left, right and top
const MARGIN_BOTTOM = 82; // file numbers and, below them, the ICCS file letters
const WIDTH = 8 * S + 2 * MARGIN;
const HEIGHT = 9 * S + MARGIN + MARGIN_BOTTOM;
const GRID_BOTTOM = MARGIN + 9 * S;
const PIECE_R = 0.46 * S;
const DRAG_THRESHOLD_PX = 5;
/** how long a move slides, in ms (the page starts the user's clock after it) */
export const MOVE_ANIMATION_MS = 220;

export const PIECE_CHARS = {
  K: '帥', A: '仕', B: '相', R: '俥', N: '傌', C: '炮', P: '兵',
  k: '將', a: '士', b: '象', r: '車', n: '馬', c: '砲', p: '卒',
};
const RED_FILE_NUMBERS = ['九', '八', '七', '六', '五', '四', '三', '二', '一']; // file a … i, Red's view
const BLACK_FILE_NUMBERS = ['１', '２', '３', '４', '５', '６', '７', '８', '９']; // file a … i, Black's view

/** the points that carry cannon and pawn position marks */
const MARKED_POINTS = ['b2', 'h2', 'b7', 'h7', 'a3', 'c3', 'e3', 'g3', 'i3', 'a6', 'c6', 'e6', 'g6', 'i6'];

/** greatest common divisor of two non-negative integers (0 when both are 0) */
function gcd(a, b) {
  return b ? gcd(b, a % b) : a;
}

let instanceCounter = 0;

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

export function squareName(file, rank) {
  return FILES[file] + rank;
}

function parseSquare(square) {
  return { file: FILES.indexOf(square[0]), rank: Number(square.slice(1)) };
}

/**
 * @param {HTMLElement} container
 * @param {{onMove?: (from: string, to: string) => void, ariaLabel?: string}} [options]
 */
export function createXiangqiBoard(container, options = {}) {
  const id = `xq${++instanceCounter}`;
  const state = {
    pieces: new Map(), // square → FEN letter
    dests: new Map(), // square → [squares]
    lastMove: null,
    check: null,
    orientation: 'red',
    movable: false,
    hint: null,
    /** the analysis lines' first moves: [{from, to, rank}] (rank 1 = best, drawn strongest) */
    arrows: [],
    pieceSet: 'chinese',
  };
  let selected = null;
  let drag = null;
  let pendingAnimation = null;
  let skipAnimationFor = null;

  const svg = el('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: 'xq-board',
    role: 'group',
    'aria-label': options.ariaLabel ?? 'Xiangqi board',
  });
  container.appendChild(svg);
  buildDefs();
  const gridLayer = el('g', { class: 'xq-grid' }, svg);
  const labelLayer = el('g', { class: 'xq-labels' }, svg);
  const pointLayer = el('g', { class: 'xq-points' }, svg);
  const overlayLayer = el('g', { class: 'xq-overlay' }, svg);
  /** square → point <g> */
  const points = new Map();
  drawGrid();
  createPoints();
  layout();

  svg.addEventListener('pointerdown', onPointerDown);
  svg.addEventListener('pointermove', onPointerMove);
  svg.addEventListener('pointerup', onPointerUp);
  svg.addEventListener('pointercancel', cancelDrag);
  svg.addEventListener('contextmenu', (e) => {
    if (drag) e.preventDefault();
  });

  // ---- static drawing ------------------------------------------------------------------------------------

  function buildDefs() {
    const defs = el('defs', {}, svg);
    const disc = el('radialGradient', { id: `${id}-disc`, cx: '40%', cy: '35%', r: '70%' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#fffaf0' }, disc);
    el('stop', { offset: '70%', 'stop-color': '#f3dfb4' }, disc);
    el('stop', { offset: '100%', 'stop-color': '#d9b77e' }, disc);
    const glow = el('radialGradient', { id: `${id}-check` }, defs);
    el('stop', { offset: '45%', 'stop-color': '#ff2a2a', 'stop-opacity': '0.85' }, glow);
    el('stop', { offset: '100%', 'stop-color': '#ff2a2a', 'stop-opacity': '0' }, glow);
    // arrowheads: the engine's best move, and the reply it expects (ponder) in that arrow's colour
    for (const [suffix, cls] of [['', 'xq-hint-head'], ['-ponder', 'xq-hint-head xq-hint-head-ponder'],
      ['-analysis', 'xq-hint-head xq-analysis-head'], ['-analysis-minor', 'xq-hint-head xq-analysis-head-minor'],
      ['-better', 'xq-hint-head xq-hint-head-better']]) {
      const arrow = el('marker', {
        id: `${id}-arrowhead${suffix}`, viewBox: '0 0 10 10', refX: '5', refY: '5',
        markerWidth: '3', markerHeight: '3', orient: 'auto-start-reverse',
      }, defs);
      el('path', { d: 'M0,0 L10,5 L0,10 z', class: cls }, arrow);
    }
  }

  /** SVG coordinates of a point, for the current orientation */
  function xy(square) {
    const { file, rank } = parseSquare(square);
    const col = state.orientation === 'red' ? file : 8 - file;
    const row = state.orientation === 'red' ? 9 - rank : rank;
    return [MARGIN + col * S, MARGIN + row * S];
  }

  function drawGrid() {
    const g = gridLayer;
    el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, rx: 14, class: 'xq-wood' }, g);
    const x0 = MARGIN, y0 = MARGIN, x1 = MARGIN + 8 * S, y1 = GRID_BOTTOM;
    el('rect', { x: x0 - 7, y: y0 - 7, width: x1 - x0 + 14, height: y1 - y0 + 14, class: 'xq-frame' }, g);
    for (let row = 0; row <= 9; row++) {
      el('line', { x1: x0, y1: y0 + row * S, x2: x1, y2: y0 + row * S, class: 'xq-line' }, g);
    }
    for (let col = 0; col <= 8; col++) {
      const x = x0 + col * S;
      if (col === 0 || col === 8) {
        el('line', { x1: x, y1: y0, x2: x, y2: y1, class: 'xq-line' }, g);
      } else {
        el('line', { x1: x, y1: y0, x2: x, y2: y0 + 4 * S, class: 'xq-line' }, g);
        el('line', { x1: x, y1: y0 + 5 * S, x2: x, y2: y1, class: 'xq-line' }, g);
      }
    }
    // palaces (symmetric, so the same in both orientations)
    for (const top of [0, 7]) {
      const ya = y0 + top * S, yb = y0 + (top + 2) * S;
      el('line', { x1: x0 + 3 * S, y1: ya, x2: x0 + 5 * S, y2: yb, class: 'xq-line' }, g);
      el('line', { x1: x0 + 5 * S, y1: ya, x2: x0 + 3 * S, y2: yb, class: 'xq-line' }, g);
    }
    // river
    const ry = y0 + 4.5 * S;
    const chu = el('text', { x: x0 + 2 * S, y: ry, class: 'xq-river' }, g);
    chu.textContent = '楚 河';
    const han = el('text', { x: x0 + 6 * S, y: ry, class: 'xq-river' }, g);
    han.textContent = '漢 界';
    // cannon and pawn marks: small corners around the point, left out at the board's edge
    for (const sq of MARKED_POINTS) {
      const { file, rank } = parseSquare(sq);
      const cx = x0 + file * S, cy = y0 + (9 - rank) * S; // symmetric: orientation does not matter
      const d = 0.08 * S, len = 0.16 * S;
      let path = '';
      for (const sx of [-1, 1]) {
        if ((file === 0 && sx < 0) || (file === 8 && sx > 0)) continue;
        for (const sy of [-1, 1]) {
          const px = cx + sx * d, py = cy + sy * d;
          path += `M${px + sx * len},${py} L${px},${py} L${px},${py + sy * len} `;
        }
      }
      el('path', { d: path.trim(), class: 'xq-mark' }, g);
    }
  }

  function createPoints() {
    for (let rank = 9; rank >= 0; rank--) {
      for (let file = 0; file < 9; file++) {
        const sq = squareName(file, rank);
        const g = el('g', { 'data-square': sq, class: 'xq-point' }, pointLayer);
        el('rect', { x: -S / 2, y: -S / 2, width: S, height: S, class: 'xq-hit' }, g);
        points.set(sq, g);
      }
    }
  }

  /** positions points and labels for the current orientation */
  function layout() {
    for (const [sq, g] of points) {
      const [x, y] = xy(sq);
      g.setAttribute('transform', `translate(${x},${y})`);
    }
    labelLayer.replaceChildren();
    const redAtBottom = state.orientation === 'red';
    const topY = 13, bottomY = GRID_BOTTOM + PIECE_R + 17;
    for (let file = 0; file < 9; file++) {
      const col = redAtBottom ? file : 8 - file;
      const x = MARGIN + col * S;
      const redY = redAtBottom ? bottomY : topY;
      const blackY = redAtBottom ? topY : bottomY;
      el('text', { x, y: redY, class: 'xq-filenum xq-filenum-red' }, labelLayer).textContent = RED_FILE_NUMBERS[file];
      el('text', { x, y: blackY, class: 'xq-filenum xq-filenum-black' }, labelLayer).textContent = BLACK_FILE_NUMBERS[file];
      // ICCS file letters along the bottom edge, ICCS ranks along the left edge
      el('text', { x, y: HEIGHT - 12, class: 'xq-coord' }, labelLayer).textContent = FILES[file];
    }
    for (let rank = 0; rank <= 9; rank++) {
      const row = redAtBottom ? 9 - rank : rank;
      el('text', { x: 11, y: MARGIN + row * S, class: 'xq-coord xq-coord-rank' }, labelLayer).textContent = String(rank);
    }
  }

  // ---- dynamic drawing -----------------------------------------------------------------------------------

  function drawPiece(parent, letter) {
    const red = letter === letter.toUpperCase();
    const g = el('g', { 'data-piece': letter, class: `xq-piece ${red ? 'xq-red' : 'xq-black'}` }, parent);
    el('circle', { cx: 1.5, cy: 3, r: PIECE_R, class: 'xq-piece-shadow' }, g);
    el('circle', { r: PIECE_R, class: 'xq-piece-disc', fill: `url(#${id}-disc)` }, g);
    el('circle', { r: PIECE_R * 0.8, class: 'xq-piece-ring' }, g);
    const glyph = state.pieceSet === 'pictogram' ? PICTOGRAMS[letter.toLowerCase()] : null;
    if (glyph) {
      el('path', { d: glyph, class: 'xq-piece-glyph', transform: `scale(${(PIECE_R * 0.62).toFixed(2)})` }, g);
    } else {
      const text = el('text', { class: 'xq-piece-char', y: 1 }, g);
      text.textContent = PIECE_CHARS[letter] ?? letter;
    }
    return g;
  }

  /** what a point shows; a point is redrawn only when this changes (so a running animation survives) */
  const drawn = new Map();

  function render() {
    const destSet = new Set(selected ? state.dests.get(selected) ?? [] : []);
    const lastFrom = state.lastMove?.from, lastTo = state.lastMove?.to;
    for (const [sq, g] of points) {
      const letter = state.pieces.get(sq) ?? '';
      const isLast = sq === lastFrom || sq === lastTo;
      const dest = destSet.has(sq) ? (letter ? 'capture' : 'move') : '';
      const signature = `${letter}|${sq === selected}|${isLast}|${sq === state.check}|${dest}`;
      g.classList.toggle('xq-movable', state.movable && state.dests.has(sq));
      if (drawn.get(sq) === signature) continue;
      drawn.set(sq, signature);
      // keep the hit rectangle (first child), rebuild the rest
      while (g.childNodes.length > 1) g.lastChild.remove();
      g.removeAttribute('data-dest');
      if (isLast) {
        el('rect', { x: -S * 0.47, y: -S * 0.47, width: S * 0.94, height: S * 0.94, rx: 8, class: 'xq-last' }, g);
      }
      if (sq === state.check) el('circle', { r: PIECE_R * 1.35, class: 'xq-check', fill: `url(#${id}-check)` }, g);
      if (letter) {
        const piece = drawPiece(g, letter);
        if (sq === selected) piece.classList.add('xq-selected');
      }
      if (dest) {
        g.setAttribute('data-dest', dest);
        if (letter) el('circle', { r: PIECE_R + 3, class: 'xq-dest-capture' }, g);
        else el('circle', { r: S * 0.15, class: 'xq-dest' }, g);
      }
    }
    drawHint();
    runAnimation();
  }

  function drawHint() {
    overlayLayer.replaceChildren();
    // the analysis lines, weakest first so that the best one is drawn on top; each numbered like its panel line
    const lines = [...state.arrows].filter((a) => points.has(a.from) && points.has(a.to))
      .map((a) => ({ ...a, rank: Math.min(5, Math.max(1, a.rank | 0)) }));
    const offsets = sideOffsets(lines);
    const badges = [];
    for (const a of [...lines].sort((p, q) => q.rank - p.rank)) {
      const { line, badgeAt } = drawArrow(a.from, a.to, `xq-analysis-arrow xq-analysis-arrow-${a.rank}`,
        `${id}-arrowhead-analysis${a.rank === 1 ? '' : '-minor'}`, offsets.get(a) ?? 0);
      line.dataset.iccs = a.from + a.to;
      line.dataset.multipv = String(a.rank);
      badges.push([a, badgeAt]);
    }
    // the badges over every shaft, so that no arrow hides another's number
    for (const [a, [bx, by]] of badges) {
      const badge = el('g', { class: `xq-analysis-badge xq-analysis-badge-${a.rank}`, transform: `translate(${bx} ${by})`, 'data-multipv': String(a.rank), 'data-iccs': a.from + a.to }, overlayLayer);
      el('circle', { r: 10 }, badge);
      el('text', { 'text-anchor': 'middle', 'dominant-baseline': 'central' }, badge).textContent = String(a.rank);
    }
    const hint = state.hint;
    if (hint && points.has(hint.from) && !hint.to) {
      // a square only (the hint's first step: which piece to move): a ring round it
      const [cx, cy] = xy(hint.from);
      el('circle', { cx, cy, r: PIECE_R * 1.08, class: `xq-hint-ring xq-hint-ring-${hint.kind ?? 'piece'}`, 'data-hint-square': hint.from }, overlayLayer);
      return;
    }
    if (!hint || !points.has(hint.from) || !points.has(hint.to)) return;
    const kind = hint.kind ? ` xq-hint-${hint.kind}` : '';
    drawArrow(hint.from, hint.to, `xq-hint${kind}`, `${id}-arrowhead${hint.kind === 'ponder' || hint.kind === 'better' ? `-${hint.kind}` : ''}`);
  }

  /**
   * How far (SVG px, to the left of the canonical direction) to shift each arrow so that arrows lying along one
   * rank, file or diagonal and overlapping stay apart: Map(arrow → offset); arrows that overlap none are absent.
   */
  function sideOffsets(arrows) {
    const groups = new Map();
    for (const a of arrows) {
      const [x1, y1] = xy(a.from), [x2, y2] = xy(a.to);
      let dx = Math.round((x2 - x1) / S), dy = Math.round((y2 - y1) / S);
      const g = gcd(Math.abs(dx), Math.abs(dy)) || 1;
      dx /= g; dy /= g;
      if (dx < 0 || (dx === 0 && dy < 0)) { dx = -dx; dy = -dy; }
      const key = `${dx},${dy},${Math.round((x1 * dy - y1 * dx) / S)}`;
      const t1 = (x1 * dx + y1 * dy) / S, t2 = (x2 * dx + y2 * dy) / S;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push({ a, lo: Math.min(t1, t2), hi: Math.max(t1, t2) });
    }
    const out = new Map();
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      // chains of arrows whose spans overlap (more than at a point) share the line: spread them side by side
      group.sort((p, q) => p.lo - q.lo || p.a.rank - q.a.rank);
      let chain = [group[0]], reach = group[0].hi;
      const spread = (c) => {
        if (c.length < 2) return;
        c.sort((p, q) => p.a.rank - q.a.rank);
        c.forEach((e, i) => out.set(e.a, (i - (c.length - 1) / 2) * 12));
      };
      for (const e of group.slice(1)) {
        if (e.lo < reach - 1e-6) { chain.push(e); reach = Math.max(reach, e.hi); } else { spread(chain); chain = [e]; reach = e.hi; }
      }
      spread(chain);
    }
    return out;
  }

  /**
   * An arrow from one point to another (class `cls`, head `marker`), shifted `offset` SVG px to the side (to the
   * left of the canonical direction, see sideOffsets); returns {line, badgeAt: [x, y] for a number on its shaft,
   * or beside the head of a one-step arrow}.
   * A one-step arrow starts a little behind its piece's centre so that its shaft shows beside its head.
   */
  function drawArrow(from, to, cls, marker, offset = 0) {
    const [x1, y1] = xy(from);
    const [x2, y2] = xy(to);
    const len = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    // the side direction of the canonical (rightward, else downward) direction, so opposite arrows part too
    const flip = ux < -1e-9 || (Math.abs(ux) < 1e-9 && uy < 0) ? -1 : 1;
    const ox = -uy * flip * offset, oy = ux * flip * offset;
    let start = 0;
    let end = len - PIECE_R * 0.7;
    if (len < 1.5 * S) {
      start = -0.25 * S;
      end = len - 0.34 * S;
    }
    const line = el('line', {
      x1: x1 + ux * start + ox, y1: y1 + uy * start + oy, x2: x1 + ux * end + ox, y2: y1 + uy * end + oy, class: cls,
      'marker-end': `url(#${marker})`,
    }, overlayLayer);
    if (len < 1.5 * S) {
      // a one-step arrow's shaft lies on its piece: the number goes beside its head, off both pieces' faces
      const side = 0.32 * S;
      return { line, badgeAt: [x1 + ux * end - uy * side + ox, y1 + uy * end + ux * side + oy] };
    }
    const at = start + (end - start) * 0.55;
    return { line, badgeAt: [x1 + ux * at + ox, y1 + uy * at + oy] };
  }

  function runAnimation() {
    const anim = pendingAnimation;
    pendingAnimation = null;
    if (!anim) return;
    const piece = points.get(anim.to)?.querySelector('[data-piece]');
    if (!piece || typeof piece.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const [fx, fy] = xy(anim.from);
    const [tx, ty] = xy(anim.to);
    const g = points.get(anim.to);
    pointLayer.appendChild(g); // on top of the others while it slides
    piece.animate(
      [{ transform: `translate(${fx - tx}px, ${fy - ty}px)` }, { transform: 'translate(0px, 0px)' }],
      { duration: anim.duration, easing: 'cubic-bezier(.25,.8,.35,1)' },
    );
  }

  // ---- input ---------------------------------------------------------------------------------------------

  function svgPoint(event) {
    const ctm = svg.getScreenCTM();
    if (!ctm) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    return { x: p.x, y: p.y };
  }

  /** the board point under the pointer (within half a line spacing), or null */
  function squareAt(event) {
    const p = svgPoint(event);
    if (!p) return null;
    const col = Math.round((p.x - MARGIN) / S);
    const row = Math.round((p.y - MARGIN) / S);
    if (col < 0 || col > 8 || row < 0 || row > 9) return null;
    if (Math.abs(p.x - (MARGIN + col * S)) > S / 2 || Math.abs(p.y - (MARGIN + row * S)) > S / 2) return null;
    const file = state.orientation === 'red' ? col : 8 - col;
    const rank = state.orientation === 'red' ? 9 - row : row;
    return squareName(file, rank);
  }

  function select(sq) {
    selected = sq;
    render();
  }

  function move(from, to, dragged) {
    selected = null;
    // Show the move at once (the page confirms it with set()); a clicked move slides, a dragged one is there.
    const letter = state.pieces.get(from);
    state.pieces.delete(from);
    if (letter) state.pieces.set(to, letter);
    state.lastMove = { from, to };
    state.check = null;
    state.movable = false;
    state.hint = null;
    state.arrows = [];
    if (!dragged) pendingAnimation = { from, to, duration: 140 };
    skipAnimationFor = `${from}${to}`;
    render();
    options.onMove?.(from, to);
  }

  function onPointerDown(event) {
    if (event.button !== undefined && event.button !== 0) return;
    const sq = squareAt(event);
    if (!sq) {
      if (selected) select(null);
      return;
    }
    if (state.movable && state.dests.has(sq)) {
      event.preventDefault();
      drag = {
        from: sq, x: event.clientX, y: event.clientY, moving: false,
        toggleOff: selected === sq, pointerId: event.pointerId,
      };
      if (selected !== sq) select(sq);
      try {
        svg.setPointerCapture(event.pointerId);
      } catch {
        /* synthetic events have no capturable pointer */
      }
      return;
    }
    if (selected && (state.dests.get(selected) ?? []).includes(sq)) {
      event.preventDefault();
      move(selected, sq, false);
      return;
    }
    if (selected) select(null);
  }

  function onPointerMove(event) {
    if (!drag) return;
    if (!drag.moving) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD_PX) return;
      drag.moving = true;
      const g = points.get(drag.from);
      pointLayer.appendChild(g);
      svg.classList.add('xq-dragging');
    }
    const piece = points.get(drag.from)?.querySelector('[data-piece]');
    const p = svgPoint(event);
    if (!piece || !p) return;
    const [x, y] = xy(drag.from);
    piece.setAttribute('transform', `translate(${p.x - x},${p.y - y}) scale(1.08)`);
  }

  function onPointerUp(event) {
    if (!drag) return;
    const d = drag;
    drag = null;
    svg.classList.remove('xq-dragging');
    if (d.moving) {
      const target = squareAt(event);
      if (target && target !== d.from && (state.dests.get(d.from) ?? []).includes(target)) {
        move(d.from, target, true);
      } else {
        const piece = points.get(d.from)?.querySelector('[data-piece]');
        piece?.removeAttribute('transform'); // snap back; the piece stays selected
      }
      return;
    }
    if (d.toggleOff) select(null);
  }

  function cancelDrag() {
    if (!drag) return;
    points.get(drag.from)?.querySelector('[data-piece]')?.removeAttribute('transform');
    drag = null;
    svg.classList.remove('xq-dragging');
  }

  // ---- public --------------------------------------------------------------------------------------------

  return {
    element: svg,
    /**
     * @param {{pieces?: Array<{square: string, piece: string}>, dests?: Map<string,string[]>|Record<string,string[]>,
     *          lastMove?: {from: string, to: string}|null, check?: string|null, orientation?: 'red'|'black',
     *          movable?: boolean, hint?: {from: string, to: string, kind?: string}|null, animate?: boolean,
     *          arrows?: Array<{from: string, to: string, rank: number}>,
     *          pieceSet?: 'chinese'|'pictogram'}} next
     */
    set(next) {
      if (next.orientation && next.orientation !== state.orientation) {
        state.orientation = next.orientation;
        layout();
        drawn.clear();
      }
      if (next.pieceSet && next.pieceSet !== state.pieceSet) {
        state.pieceSet = next.pieceSet;
        svg.dataset.pieceSet = next.pieceSet;
        drawn.clear();
      }
      svg.dataset.pieceSet = state.pieceSet;
      if (next.pieces) state.pieces = new Map(next.pieces.map((p) => [p.square, p.piece]));
      if (next.dests) state.dests = next.dests instanceof Map ? new Map(next.dests) : new Map(Object.entries(next.dests));
      if ('movable' in next) state.movable = Boolean(next.movable);
      if ('check' in next) state.check = next.check ?? null;
      if ('hint' in next) state.hint = next.hint ?? null;
      if ('arrows' in next) state.arrows = Array.isArray(next.arrows) ? next.arrows : [];
      if ('lastMove' in next) {
        const lm = next.lastMove ?? null;
        const key = lm ? `${lm.from}${lm.to}` : null;
        const prevKey = state.lastMove ? `${state.lastMove.from}${state.lastMove.to}` : null;
        if (lm && key !== prevKey && next.animate !== false && key !== skipAnimationFor) {
          pendingAnimation = { from: lm.from, to: lm.to, duration: MOVE_ANIMATION_MS };
        }
        skipAnimationFor = null;
        state.lastMove = lm;
      }
      if (!state.movable || (selected && !state.dests.has(selected))) selected = null;
      if (drag && !state.movable) drag = null;
      render();
    },
    /** the selected square, if any */
    get selected() {
      return selected;
    },
    setAriaLabel(label) {
      svg.setAttribute('aria-label', label);
    },
    destroy() {
      svg.remove();
    },
  };
}
