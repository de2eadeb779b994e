// Sound effects for the whole site: short tones synthesized with the Web Audio API (no sound files), and one
// mute switch shared by every page (remembered in localStorage; sound is on by default).
//
//   playSound('move' | 'capture' | 'check' | 'end')   // 'end': the game is over
//   isMuted(), setMuted(true|false)
//   createSoundToggle(t)                               // the on/off button (data-testid="sound")
//
// Browsers let a page start audio only after a user gesture (autoplay policy): the AudioContext is created on
// the first pointer or key press anywhere on the page (in a task of its own, just after it: the gesture's own
// work is not delayed), never before; until then, and in a browser without Web Audio, playSound is silent.
// Nothing here ever throws. In an automated browser (navigator.webdriver: the tests) no AudioContext is made
// on a gesture: nobody listens there, and making the first one costs up to a few hundred ms of main thread on
// a busy machine, which the page's responsiveness tests would count; enableAudio() makes it on request.
//
// Test hooks: the toggle's data-state ("on" | "off"), aria-pressed, and, each time a sound is asked for with
// sound on, data-last-sound (its kind) and data-sound-count (how many so far) on every toggle.

import { h, svgIcon } from './views/dom.js';

const MUTE_KEY = 'duiyi.sound.muted';
/** the tones of each sound: [frequency Hz, start s, length s, wave, peak gain] */
const TONES = {
  move: [[660, 0, 0.07, 'triangle', 0.35], [330, 0, 0.05, 'sine', 0.25]],
  capture: [[440, 0, 0.08, 'square', 0.12], [220, 0.03, 0.12, 'triangle', 0.35]],
  check: [[880, 0, 0.09, 'triangle', 0.3], [1175, 0.1, 0.12, 'triangle', 0.3]],
  end: [[523, 0, 0.16, 'triangle', 0.3], [659, 0.16, 0.16, 'triangle', 0.3], [784, 0.32, 0.3, 'triangle', 0.3]],
};
const SPEAKER = 'M3 6h3l4-3v10l-4-3H3z';
const WAVES = 'M12 5.5a3.5 3.5 0 0 1 0 5M13.5 3.5a6 6 0 0 1 0 9';
const CROSS = 'M12 6l4 4M16 6l-4 4';

/** @type {AudioContext|null} */
let audio = null;
let audioFailed = false;
let muted = readMuted();
let count = 0;
/** the toggles on the page (kept in step with the mute state) */
const toggles = new Set();

function readMuted() {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Makes (or resumes) the AudioContext now: call it in a user gesture (the page does so on the first one). Returns
 * its state: 'running', 'suspended' (the browser waits for a gesture), or 'unavailable' (no Web Audio).
 * @returns {string}
 */
export function enableAudio() {
  unlock();
  return audio ? audio.state : 'unavailable';
}

function unlock() {
  if (audioFailed) return;
  try {
    if (!audio) {
      const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
      if (!Context) {
        audioFailed = true;
        return;
      }
      audio = new Context();
    }
    if (audio.state === 'suspended') audio.resume().catch(() => {});
  } catch {
    audioFailed = true;
    audio = null;
  }
}

if (typeof document !== 'undefined' && !globalThis.navigator?.webdriver) {
  const onGesture = () => {
    if (audioFailed || audio?.state === 'running') {
      for (const type of ['pointerdown', 'keydown']) document.removeEventListener(type, onGesture, true);
      return;
    }
    // a task of its own (the page keeps the gesture's user activation): the click is handled first
    setTimeout(unlock, 0);
  };
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, onGesture, { capture: true, passive: true });
}

/** Whether the sound is off (the user's choice, for the whole site). */
export function isMuted() {
  return muted;
}

/**
 * Turns the sound off (true) or on (false), for every page, remembered across visits.
 * @param {boolean} value
 */
export function setMuted(value) {
  muted = Boolean(value);
  try {
    localStorage.setItem(MUTE_KEY, muted ? '1' : '0');
  } catch {
    /* no storage: the choice lasts for this visit */
  }
  for (const button of toggles) showState(button);
}

/**
 * Plays one sound (unless muted): 'move', 'capture', 'check' or 'end' (the game is over). Silent before the
 * user's first gesture and in a browser without Web Audio.
 * @param {'move'|'capture'|'check'|'end'} kind
 */
export function playSound(kind) {
  if (muted || !TONES[kind]) return;
  count += 1;
  for (const button of toggles) {
    button.dataset.lastSound = kind;
    button.dataset.soundCount = String(count);
  }
  if (!audio || audio.state !== 'running') return;
  try {
    const now = audio.currentTime + 0.01;
    for (const [freq, start, length, wave, peak] of TONES[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(freq, now + start);
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(peak, now + start + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  } catch {
    /* a sound is never worth an error */
  }
}

function speakerIcon(on) {
  return svgIcon([
    { d: SPEAKER, fill: 'currentColor' },
    { d: on ? WAVES : CROSS, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.6, 'stroke-linecap': 'round' },
  ], { viewBox: '0 0 18 16', width: 18, height: 16 });
}

function showState(button) {
  const on = !muted;
  button.dataset.state = on ? 'on' : 'off';
  button.setAttribute('aria-pressed', String(on));
  button.replaceChildren(speakerIcon(on));
}

/**
 * The sound on/off button: a toggle (aria-pressed: sound on) named "Sound effects" / "音效" (data-i18n-aria-label
 * and data-i18n-title, so the page's applyStrings re-translates it). Every toggle shows the one site-wide state.
 * @param {(key: string) => string} t
 * @returns {HTMLButtonElement}
 */
export function createSoundToggle(t) {
  const button = h('button', {
    type: 'button', class: 'btn btn-small sound-toggle',
    'aria-label': t('sound.label'), title: t('sound.label'),
    dataset: { testid: 'sound', i18nAriaLabel: 'sound.label', i18nTitle: 'sound.label' },
    on: { click: () => setMuted(!muted) },
  });
  showState(button);
  // toggles of views gone from the page are forgotten (a view may make one each time it is shown)
  if (toggles.size > 16) for (const old of toggles) if (!old.isConnected) toggles.delete(old);
  toggles.add(button);
  return button;
}
