// The engine's `threads` setting (issue 37), shared by both games: how many of the device's cores the engine's
// work may use at once. Saved under THREADS_KEY as {v: 1, threads: n}; a missing or bad value reads as the
// default.
//
// What uses it today: the Xiangqi game review, spread over that many review workers (www/review-pool.js).
// The play search, pondering and the analysis board search in one worker: threads inside one search need
// memory shared between workers (WebAssembly threads, a cross-origin-isolated page), which this build does not
// have; docs/engine.md ("Parallel search") says what it would take.

import { readJSON, writeJSON } from './storage.js';

export const THREADS_KEY = 'duiyi.threads.v1';
/** The most threads the setting offers, whatever the device reports (each one is a wasm instance). */
export const MAX_THREADS = 16;

/** The device's logical cores (`navigator.hardwareConcurrency`; 1 when the browser does not say). */
export function deviceCores() {
  const n = globalThis.navigator?.hardwareConcurrency;
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * The default number of threads for a device with `cores` logical cores: one core left for the page and the
 * play worker (cores − 1), but 2 on a 2-core device (the page is idle while a review runs), at most
 * MAX_THREADS.
 * @param {number} cores
 */
export function defaultThreads(cores = deviceCores()) {
  if (cores <= 2) return Math.max(1, cores);
  return Math.min(cores - 1, MAX_THREADS);
}

/** The choices the setting offers on this device: 1 … max(cores, 1), at most MAX_THREADS. */
export function threadChoices(cores = deviceCores()) {
  return Array.from({ length: Math.min(Math.max(cores, 1), MAX_THREADS) }, (_, i) => i + 1);
}

/** The saved setting, or the default when none is saved or the saved one is not a choice here. */
export function loadThreads() {
  const saved = readJSON(THREADS_KEY);
  const n = saved?.v === 1 ? saved.threads : null;
  return threadChoices().includes(n) ? n : defaultThreads();
}

/** Saves the setting (a whole number of the choices; anything else is ignored). */
export function storeThreads(n) {
  if (threadChoices().includes(n)) writeJSON(THREADS_KEY, { v: 1, threads: n });
}
