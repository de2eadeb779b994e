// The Hex page's link to www/hex-review-worker.js (the review and the hint run there, in a wasm instance of
// their own: the play worker and its pondering are untouched). One worker per page, made on first use;
// messages are routed to the listener of their request id.

let worker = null;
let nextId = 1;
const listeners = new Map(); // id → (msg) => void
let failure = null; // the worker's load error, sent to every later request

function ensure() {
  if (worker) return worker;
  worker = new Worker(new URL('../hex-review-worker.js', import.meta.url), { type: 'module', name: 'duiyi-hex-review' });
  worker.onmessage = (e) => {
    const msg = e.data ?? {};
    if (msg.type === 'error' && msg.id === null && msg.code === 'worker.load_failed') {
      failure = msg;
      for (const fn of listeners.values()) fn(msg);
      return;
    }
    listeners.get(msg.id)?.(msg);
  };
  worker.onerror = (e) => {
    e.preventDefault?.();
    const detail = e.message || 'error';
    failure = { type: 'error', id: null, code: 'worker.crashed', params: { detail }, message: `the review worker failed: ${detail}` };
    for (const fn of listeners.values()) fn(failure);
  };
  return worker;
}

/**
 * Sends `msg` (without id) to the review worker; `onMessage` gets every reply to it until `close()`.
 * @returns {{id: number, close: () => void, cancel: () => void}}
 */
export function request(msg, onMessage) {
  const w = ensure();
  const id = nextId++;
  listeners.set(id, onMessage);
  if (failure) queueMicrotask(() => onMessage({ ...failure, id }));
  else w.postMessage({ ...msg, id });
  return {
    id,
    close: () => listeners.delete(id),
    cancel: () => {
      w.postMessage({ type: 'cancel', id });
    },
  };
}

/** The position object the wasm takes ({size, swap, moves, setup?}) for a page's HexGame. */
export function gameSpec(game, swap, setupOf, movesOf, moves = movesOf(game)) {
  const setup = setupOf(game);
  return { size: `${game.width()}x${game.height()}`, swap: Boolean(swap), moves, ...(setup ? { setup } : {}) };
}

const NS = 'http://www.w3.org/2000/svg';

/**
 * Draws `marks` ([{cell: 'c3', mark: 'better'}]) on the board as outlined hexagons in a layer of their own
 * (`g.<layerClass>`, data-testid `testid`, each polygon with data-square and data-mark), above the board's
 * layers; the layer is made again when the board was rebuilt (a new size). An empty list clears it.
 * @param {HTMLElement} boardHost  the board's host (it holds the board's svg)
 */
export function drawCellMarks(boardHost, layerClass, testid, marks) {
  const svg = boardHost.querySelector('svg.hex-board');
  if (!svg) return;
  let layer = svg.querySelector(`g.${layerClass}`);
  if (!layer) {
    layer = document.createElementNS(NS, 'g');
    layer.setAttribute('class', layerClass);
    layer.setAttribute('data-testid', testid);
    layer.setAttribute('pointer-events', 'none');
    svg.append(layer);
  } else if (layer !== svg.lastElementChild) {
    svg.append(layer); // above the layers drawn since
  }
  layer.replaceChildren();
  for (const { cell, mark } of marks) {
    const hex = svg.querySelector(`g.hx-cell[data-square="${cell}"] .hx-hex`);
    if (!hex) continue;
    const poly = document.createElementNS(NS, 'polygon');
    poly.setAttribute('points', hex.getAttribute('points'));
    poly.setAttribute('class', `hx-rv hx-rv-${mark}`);
    poly.setAttribute('data-square', cell);
    poly.setAttribute('data-mark', mark);
    layer.append(poly);
  }
}
