// The Hex board view: an SVG rhombus of pointy-top hexagons, row 1 at the top and column a at the left, each
// row shifted half a cell to the right of the one above (HexGui's picture; cell (c, r) touches (c±1, r),
// (c, r±1), (c+1, r−1), (c−1, r+1)). Black's edges (rows 1 and n) are drawn black, White's (columns a and the
// last) white. It knows no rules: the page gives it stones, the last move, the winning chain and a heatmap.
//
// Shapes (setShape): 'rhombus' (above) or 'diamond', the same board turned 60° clockwise, as HexGui also
// offers: a1 at the top corner, the last cell at the bottom one, Black's edges up-right and down-left, White's
// up-left and down-right. The hexagonal lattice maps onto itself under a 60° turn, so the cells keep their
// pointy-top shape; the diamond is about (w + h) / 2 cells wide instead of w + (h − 1) / 2, which gives a
// 9×9 board cells of 34 px on a 390 px phone (26 px as a rhombus). The svg carries data-shape.
//
// Test hooks: every cell is `g[data-square="c3"]` under the board, with data-stone="black"|"white" when a
// stone stands there and data-last / data-chain flags; the heatmap layer is `g[data-testid="heatmap"]` (with
// data-overlay), each of its cells `polygon[data-square][data-value]` (the number shown; "inf" when
// unreachable, "" on an occupied cell). The connections layer (setMarks, the "Connections" toggle) is
// `g[data-testid="connections"]` (data-verdict, data-to-move), one element per mark, each with data-square
// and data-mark (carrier, must-play, threat, dead, captured-black, captured-white, inferior, move), and
// data-why="true" while it shows why the engine's last move was played (hex-connections.js); it lies above the
// heatmap and never touches it.

const NS = 'http://www.w3.org/2000/svg';
const R = 20; // hexagon circumradius, in SVG units
const W = Math.sqrt(3) * R; // hexagon width
const PAD = 1.6 * R;
/** the part of PAD left and right of the board that nothing is drawn in (the coordinates end inside it) */
const TRIM_X = 12;

/**
 * The drawing's width in SVG units for a `width` × `height` board of `shape` ('rhombus' by default, or
 * 'diamond'): the cells, edges and coordinates.
 */
export function boardWidthUnits(width, height, shape = 'rhombus') {
  if (shape === 'diamond') return 2 * PAD + (W * (width + height)) / 2;
  return 2 * (PAD - TRIM_X) + W * (width + (height - 1) / 2);
}

/** The board shapes setShape takes. */
export const SHAPES = ['rhombus', 'diamond'];

/** A cell's width in SVG units (the hexagon's flat-to-flat width; its height is 2 R). */
export const CELL_WIDTH_UNITS = W;

/** Column letters: a, b, … (19 at most). */
export function cellName(col, row) {
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, String(v));
  if (parent) parent.append(node);
  return node;
}

/** Vertex k (0 = top, clockwise) of the hexagon centred at (x, y), scaled by s. */
function vertex(x, y, k, s = 1) {
  const a = ((60 * k - 90) * Math.PI) / 180;
  return [x + s * R * Math.cos(a), y + s * R * Math.sin(a)];
}

function hexPoints(x, y, s = 1) {
  return Array.from({ length: 6 }, (_, k) => vertex(x, y, k, s).map((v) => v.toFixed(2)).join(',')).join(' ');
}

/**
 * @param {HTMLElement} host
 * A mouse or pen pointing at a cell calls `onHover(cell)` and a click `onPlay(cell)`. A touch has no hover: a
 * tap calls `onTap(cell)` (the page previews on a first tap and plays on a second one).
 * @param {{onPlay: (cell: string) => void, onHover: (cell: string|null) => void, onTap?: (cell: string|null) => void}} handlers
 */
export function createHexBoard(host, { onPlay, onHover, onTap = onPlay }) {
  const svg = el('svg', { class: 'hex-board', role: 'img' });
  host.append(svg);
  let size = null; // {width, height}
  let shape = 'rhombus';
  /** what the board was last given (set, setHeatmap, setMarks), drawn again when the shape changes */
  const last = { view: null, heat: undefined, marks: undefined };
  let cells = []; // per index: {g, poly, stone, heat, label}
  let heatLayer = null;
  let marksLayer = null;
  let hovered = null;

  /** A cell's centre (off-board cells too: the coordinates stand on them). */
  function centre(col, row) {
    if (shape === 'diamond') {
      // the rhombus turned 60° clockwise: a column step goes down-right, a row step down-left
      return [PAD + (W * size.height) / 2 + ((col - row) * W) / 2, PAD + R + (col + row) * 1.5 * R];
    }
    return [PAD + W / 2 + col * W + row * (W / 2), PAD + R + row * 1.5 * R];
  }

  function build(width, height) {
    size = { width, height };
    svg.replaceChildren();
    svg.dataset.shape = shape;
    if (shape === 'diamond') {
      const [, yb] = centre(width - 1, height - 1);
      svg.setAttribute('viewBox', `0 0 ${boardWidthUnits(width, height, 'diamond').toFixed(1)} ${(yb + R + PAD).toFixed(1)}`);
    } else {
      const [xr, yb] = centre(width - 1, height - 1);
      svg.setAttribute('viewBox', `${TRIM_X} 0 ${(xr + W / 2 + PAD - 2 * TRIM_X).toFixed(1)} ${(yb + R + PAD).toFixed(1)}`);
    }
    const defs = el('defs', {}, svg);
    const hatch = el('pattern', { id: 'hx-hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
    el('rect', { width: 6, height: 6, fill: '#b8b8b8' }, hatch);
    el('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#6b6b6b', 'stroke-width': 2.5 }, hatch);
    // the connections layer's dots (an opponent's threat carrier): no background, so a heatmap shows through
    const dots = el('pattern', { id: 'hx-dots', width: 5, height: 5, patternUnits: 'userSpaceOnUse' }, defs);
    el('circle', { cx: 2.5, cy: 2.5, r: 1.1, class: 'hx-k-dot' }, dots);

    // the edges: a wide stroke along each side's outer hexagon sides
    const edges = el('g', { class: 'hx-edges' }, svg);
    // a hexagon side k (vertices k, k + 1) faces 60k − 60°; the diamond turns every side by one
    const turn = shape === 'diamond' ? 1 : 0;
    const side = (col, row, k1, k2, color) => {
      const [x, y] = centre(col, row);
      const [ax, ay] = vertex(x, y, (k1 + turn) % 6, 1.08);
      const [bx, by] = vertex(x, y, (k2 + turn) % 6, 1.08);
      // the white edge gets a grey rim drawn under it (a line, not a CSS filter: a filter on every edge
      // segment made each heatmap repaint costly)
      if (color === 'white') el('line', { x1: ax, y1: ay, x2: bx, y2: by, class: 'hx-edge hx-edge-rim' }, edges);
      el('line', { x1: ax, y1: ay, x2: bx, y2: by, class: `hx-edge hx-edge-${color}` }, edges);
    };
    for (let c = 0; c < width; c++) {
      side(c, 0, 5, 0, 'black');
      side(c, 0, 0, 1, 'black');
      side(c, height - 1, 2, 3, 'black');
      side(c, height - 1, 3, 4, 'black');
    }
    for (let r = 0; r < height; r++) {
      side(0, r, 4, 5, 'white');
      side(0, r, 3, 4, 'white');
      side(width - 1, r, 1, 2, 'white');
      side(width - 1, r, 0, 1, 'white');
    }

    // the cells (events, stones), then the heatmap above them: it paints empty cells only (an occupied cell's
    // heat polygon has no fill), so it never hides a stone, and it lets the pointer through to the cells
    const cellLayer = el('g', { class: 'hx-cells' }, svg);
    heatLayer = el('g', { class: 'hx-heat', 'data-testid': 'heatmap', 'data-overlay': 'none' }, svg);
    marksLayer = el('g', { class: 'hx-marks', 'data-testid': 'connections', 'data-verdict': 'none' }, svg);
    marksLayer.setAttribute('display', 'none');
    cells = [];
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        const [x, y] = centre(c, r);
        const name = cellName(c, r);
        const g = el('g', { class: 'hx-cell', 'data-square': name }, cellLayer);
        const poly = el('polygon', { points: hexPoints(x, y), class: 'hx-hex' }, g);
        const stone = el('circle', { cx: x, cy: y, r: R * 0.72, class: 'hx-stone' }, g);
        el('circle', { cx: x, cy: y, r: R * 0.2, class: 'hx-mark' }, g); // the last move's mark
        // unpainted until setHeatmap: without a fill an SVG polygon is black, and a frame drawn before the first
        // heatmap showed every empty cell black
        const heat = el('polygon', { points: hexPoints(x, y, 0.97), class: 'hx-heat-cell', 'data-square': name, 'data-value': '', fill: 'none' }, heatLayer);
        const label = el('text', { x, y: y + 4, class: 'hx-num', 'text-anchor': 'middle' }, heatLayer);
        cells.push({ g, poly, stone, heat, label, name, x, y });
      }
    }
    // coordinates on the rim: letters above row 1 and below row n, numbers left of column a and right of the last
    const coords = el('g', { class: 'hx-coords' }, svg);
    if (shape === 'diamond') {
      // beside the rim, half a cell out: letters along rows 1 and n, numbers along columns a and the last
      const label = (col, row, text) => {
        const [x, y] = centre(col, row);
        el('text', { x, y: y + 4, 'text-anchor': 'middle' }, coords).textContent = text;
      };
      for (let c = 0; c < width; c++) {
        label(c, -0.75, String.fromCharCode(97 + c));
        label(c, height - 0.25, String.fromCharCode(97 + c));
      }
      for (let r = 0; r < height; r++) {
        label(-0.75, r, String(r + 1));
        label(width - 0.25, r, String(r + 1));
      }
      return;
    }
    for (let c = 0; c < width; c++) {
      const [x, y] = centre(c, -1);
      el('text', { x, y: y + R * 0.55, 'text-anchor': 'middle' }, coords).textContent = String.fromCharCode(97 + c);
      const [x2, y2] = centre(c, height);
      el('text', { x: x2, y: y2 - R * 0.05, 'text-anchor': 'middle' }, coords).textContent = String.fromCharCode(97 + c);
    }
    for (let r = 0; r < height; r++) {
      const [x, y] = centre(-1, r);
      el('text', { x: x + R * 0.25, y: y + 4, 'text-anchor': 'middle' }, coords).textContent = String(r + 1);
      const [x2, y2] = centre(width, r);
      el('text', { x: x2 - R * 0.25, y: y2 + 4, 'text-anchor': 'middle' }, coords).textContent = String(r + 1);
    }
  }

  function cellOf(target) {
    const g = target?.closest?.('.hx-cell');
    return g ? g.dataset.square : null;
  }
  // the pointer type of the last press (a click event does not carry it in every browser)
  let pressedBy = 'mouse';
  svg.addEventListener('pointerdown', (e) => {
    pressedBy = e.pointerType || 'mouse';
  });
  svg.addEventListener('click', (e) => {
    const cell = cellOf(e.target);
    if (pressedBy === 'touch') onTap(cell);
    else if (cell) onPlay(cell);
  });
  svg.addEventListener('pointerover', (e) => {
    if (e.pointerType === 'touch') return; // a touch previews on tap (onTap), not on contact
    const cell = cellOf(e.target);
    if (cell === hovered) return;
    hovered = cell;
    onHover(cell);
  });
  svg.addEventListener('pointerleave', (e) => {
    if (e.pointerType === 'touch' || hovered === null) return;
    hovered = null;
    onHover(null);
  });

  return {
    element: svg,
    /** Draws the board as 'rhombus' or 'diamond' (SHAPES) from now on; the cells are built anew. */
    setShape(next) {
      if (!SHAPES.includes(next) || next === shape) return;
      shape = next;
      if (!size) return;
      build(size.width, size.height);
      // the new cells get what the old ones showed
      if (last.view) this.set(last.view);
      if (last.heat !== undefined) this.setHeatmap(last.heat);
      if (last.marks !== undefined) this.setMarks(last.marks);
    },
    get shape() {
      return shape;
    },
    /**
     * @param {{width: number, height: number, stones: Uint8Array, last: number|null, chain: Set<string>,
     *          playable: boolean, toMove: 'black'|'white'|null}} view  stones by index row*width+col: 0 empty, 1 Black, 2 White
     */
    set(view) {
      const { width, height, stones, last: lastMove, chain, playable, toMove } = view;
      last.view = view;
      if (!size || size.width !== width || size.height !== height) build(width, height);
      svg.classList.toggle('hx-playable', Boolean(playable));
      svg.dataset.toMove = toMove ?? '';
      cells.forEach((cell, i) => {
        const s = stones[i];
        const color = s === 1 ? 'black' : s === 2 ? 'white' : null;
        if (color) cell.g.dataset.stone = color;
        else delete cell.g.dataset.stone;
        cell.stone.setAttribute('class', `hx-stone${color ? ` hx-stone-${color}` : ''}`);
        if (i === lastMove) cell.g.dataset.last = '';
        else delete cell.g.dataset.last;
        if (chain.has(cell.name)) cell.g.dataset.chain = '';
        else delete cell.g.dataset.chain;
      });
    },
    /**
     * The heatmap, or null for none. `values[i]`: '' (occupied), 'inf', or the number's text; `colors[i]` the
     * fill ('' = none, 'inf' = hatched); `outlined`: cell indices drawn with an outline (the board potential's
     * cells); `numbers`: show the values on the cells; `preview`: the cell a what-if stone stands on.
     */
    setHeatmap(heat) {
      last.heat = heat;
      if (!heatLayer) return;
      svg.classList.toggle('hx-heat-on', Boolean(heat));
      heatLayer.dataset.overlay = heat ? heat.overlay : 'none';
      if (heat?.preview) heatLayer.dataset.preview = heat.preview;
      else delete heatLayer.dataset.preview;
      // only what changed is written: a hover changes a part of the cells, and every DOM write costs a
      // style recalculation of its node
      cells.forEach((cell, i) => {
        const value = heat ? heat.values[i] : '';
        const color = heat ? heat.colors[i] : '';
        const fill = color === 'inf' ? 'url(#hx-hatch)' : color || 'none';
        const text = heat?.numbers && value !== '' ? (value === 'inf' ? '∞' : value) : '';
        const best = Boolean(heat?.outlined?.has(i));
        const dark = Boolean(heat?.dark?.[i]);
        const preview = heat?.preview === cell.name;
        const was = cell.shown;
        if (was && was.value === value && was.fill === fill && was.text === text && was.best === best && was.dark === dark && was.preview === preview) return;
        if (was?.value !== value) cell.heat.dataset.value = value;
        if (was?.fill !== fill) cell.heat.setAttribute('fill', fill);
        if (was?.best !== best) cell.heat.classList.toggle('hx-best', best);
        if (was?.text !== text) cell.label.textContent = text;
        if (was?.dark !== dark) cell.label.classList.toggle('hx-num-dark', dark);
        if (was?.preview !== preview) cell.g.classList.toggle('hx-preview', preview);
        cell.shown = { value, fill, text, best, dark, preview };
      });
    },
    /**
     * The connections layer, or null for none: `marks` is [{cell: 'c3', mark}] with mark one of 'carrier',
     * 'must-play', 'threat' (drawn in this order, a cell may carry several), 'dead', 'captured-black',
     * 'captured-white', 'inferior' (a dash: a move never better than another), 'move' (a ring round a stone:
     * the move being explained); `verdict` ('win' | 'loss' | 'open' | 'none') and `toMove` go on the layer (data-*) for
     * its colours and the tests. Drawn anew on each call (a position change, not a hover).
     * @param {{marks: Array<{cell: string, mark: string}>, verdict: string, toMove: string|null}|null} view
     */
    setMarks(view) {
      last.marks = view;
      if (!marksLayer) return;
      marksLayer.replaceChildren();
      marksLayer.dataset.verdict = view ? view.verdict : 'none';
      marksLayer.dataset.toMove = view?.toMove ?? '';
      if (view?.why) marksLayer.dataset.why = 'true';
      else delete marksLayer.dataset.why;
      if (!view) {
        marksLayer.setAttribute('display', 'none');
        return;
      }
      marksLayer.removeAttribute('display');
      const byName = new Map(cells.map((c) => [c.name, c]));
      const order = ['carrier', 'must-play', 'threat', 'dead', 'captured-black', 'captured-white', 'inferior', 'move'];
      const sorted = [...view.marks].sort((a, b) => order.indexOf(a.mark) - order.indexOf(b.mark));
      for (const { cell, mark } of sorted) {
        const c = byName.get(cell);
        if (!c) continue;
        const data = { 'data-square': cell, 'data-mark': mark };
        // the small signs sit in the cell's upper half: a heatmap's number (at the centre) stays readable
        const sy = c.y - 0.5 * R;
        if (mark === 'dead') {
          const d = 0.2 * R;
          el('path', { d: `M${c.x - d},${sy - d}L${c.x + d},${sy + d}M${c.x - d},${sy + d}L${c.x + d},${sy - d}`, class: 'hx-k-dead', ...data }, marksLayer);
        } else if (mark === 'inferior') {
          const d = 0.22 * R;
          el('path', { d: `M${c.x - d},${sy}L${c.x + d},${sy}`, class: 'hx-k-inferior', ...data }, marksLayer);
        } else if (mark === 'move') {
          el('circle', { cx: c.x, cy: c.y, r: 0.62 * R, class: 'hx-k-move', ...data }, marksLayer);
        } else if (mark === 'captured-black' || mark === 'captured-white') {
          el('circle', { cx: c.x, cy: sy, r: 0.17 * R, class: `hx-k-captured hx-k-${mark}`, ...data }, marksLayer);
        } else {
          const scale = mark === 'threat' ? 0.93 : 0.8;
          el('polygon', { points: hexPoints(c.x, c.y, scale), class: `hx-k-${mark}`, ...data }, marksLayer);
        }
      }
    },
    setAriaLabel(text) {
      svg.setAttribute('aria-label', text);
    },
    destroy() {
      svg.remove();
    },
  };
}
