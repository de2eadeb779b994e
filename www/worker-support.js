// What the page's task workers share (www/combat-worker.js, circle-worker.js, review-worker.js,
// hex-review-worker.js): telling the page that the wasm module is loaded, and yielding to the event loop
// between two pieces of work so that a 'cancel' (or any message) posted meanwhile is handled.

/**
 * Posts `{type: 'ready', ...extra()}` once `ready` (the wasm module's init) resolves, or, when it fails,
 * `{type: 'error', id: null, message, code: 'worker.load_failed', params: {detail}}`.
 * @param {Promise<unknown>} ready
 * @param {() => object} [extra] the fields the ready message carries besides its type
 */
export function announceReady(ready, extra = () => ({})) {
  ready.then(
    () => postMessage({ type: 'ready', ...extra() }),
    (err) => {
      const detail = String(err?.message ?? err);
      postMessage({ type: 'error', id: null, message: `wasm failed to load: ${detail}`, code: 'worker.load_failed', params: { detail } });
    },
  );
}

// A MessageChannel, not setTimeout (clamped to 4 ms when nested), so a yield costs microseconds.
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();

/** Resolves after the messages already queued for this worker have been handled. */
export const yieldToEvents = () =>
  new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(0);
  });
