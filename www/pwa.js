// The installable, offline app (issue 24): registers the service worker (www/sw.js) and shows the small notices
// about versions. Only in the static bundle: scripts/dist.mjs writes <meta name="duiyi-version"> into
// index.html, and without it (`npm start`) nothing is registered and a worker left over from a bundle served
// at the same address is removed, so development always sees the files on disk.
//
// Notices (one at a time, a slim bar in the page's flow under the top bar, so it covers no control of the
// page — it once floated over the Xiangqi page's draw buttons; it stays until closed with its ×, or until the
// user goes to another view; test hook `app-notice` with data-kind):
//   offline-ready   the first visit finished caching the app: it now works offline;
//   updated         this visit runs a newer version than the last one (data-from, data-version);
//   update-ready    a newer version was installed while this page was open: a Reload button (the games are
//                   saved, so a reload loses nothing). The page asks for new versions itself when it comes back
//                   into view and every hour, so a tab left open learns of them too.
// The versions are content hashes: they are in the data attributes and the tooltip, not in the sentence.
// The last version seen is kept in localStorage under duiyi.version.

const VERSION_KEY = 'duiyi.version';
/** An open page asks for a new version at most this often when it comes back into view… */
const UPDATE_CHECK_MIN_MS = 5 * 60 * 1000;
/** …and at least this often while it stays open. */
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

let t = (key) => key;
let notice = null; // { kind, params, el }

/** This page's bundle version, or null when it is served from www/ (development). */
export function bundleVersion() {
  return document.querySelector('meta[name="duiyi-version"]')?.content || null;
}

function render() {
  if (!notice) return;
  const { kind, params, el } = notice;
  const text = el.querySelector('.app-notice-text');
  text.textContent = t(`pwa.${kind}`, params);
  el.title = params.version ? `${params.from ? `${params.from} → ` : ''}${params.version}` : '';
  const reload = el.querySelector('.app-notice-reload');
  reload.hidden = kind !== 'update-ready';
  reload.textContent = t('pwa.reload');
  const close = el.querySelector('.app-notice-close');
  close.setAttribute('aria-label', t('pwa.close'));
  close.title = t('pwa.close');
}

function show(kind, params = {}) {
  let el = document.querySelector('[data-testid="app-notice"]');
  if (!el) {
    el = document.createElement('div');
    el.className = 'app-notice';
    el.dataset.testid = 'app-notice';
    el.setAttribute('role', 'status');
    const text = document.createElement('span');
    text.className = 'app-notice-text';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.className = 'btn btn-small app-notice-reload';
    reload.dataset.testid = 'app-notice-reload';
    reload.addEventListener('click', () => location.reload());
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'app-notice-close';
    close.textContent = '×';
    close.addEventListener('click', () => {
      el.hidden = true;
    });
    el.append(text, reload, close);
    // in the flow, under the top bar (before the view): it pushes the page down rather than covering it
    const bar = document.querySelector('header.topbar');
    if (bar) bar.after(el);
    else document.body.prepend(el);
    // another view: the notice has been seen (an update's Reload offer stays)
    window.addEventListener('hashchange', () => {
      if (notice?.kind !== 'update-ready') el.hidden = true;
    });
  }
  el.dataset.kind = kind;
  for (const [k, v] of Object.entries(params)) el.dataset[k] = String(v);
  el.hidden = false;
  notice = { kind, params, el };
  render();
}

/** Re-renders the notice in the page's language. */
export function setNoticeStrings(translate) {
  t = translate;
  render();
}

const short = (v) => String(v).slice(0, 7);

/**
 * Registers the service worker (bundle only) and shows the version notices.
 * @param {(key: string, params?: object) => string} translate the page's strings
 * @returns {Promise<void>} resolves once registration was asked for; failures are logged as warnings (the page
 *   works without a worker, only not offline)
 */
export async function startOfflineApp(translate) {
  t = translate;
  const version = bundleVersion();
  const sw = navigator.serviceWorker;
  if (!version) {
    if (sw) {
      const stale = await sw.getRegistration().catch(() => null);
      if (stale) {
        await stale.unregister().catch(() => {});
        for (const key of await caches.keys().catch(() => [])) if (key.startsWith('duiyi-')) await caches.delete(key);
      }
    }
    return;
  }
  document.documentElement.dataset.version = version;
  let last = null;
  try {
    last = localStorage.getItem(VERSION_KEY);
    localStorage.setItem(VERSION_KEY, version);
  } catch {
    /* no storage: no notice */
  }
  if (last && last !== version) show('updated', { version: short(version), from: short(last) });
  if (!sw) return;
  // a version the worker could not install: say why in the console (the page works, only not offline)
  sw.addEventListener('message', (e) => {
    if (e.data?.type === 'install-failed') {
      console.warn(`version ${e.data.version} of the app could not be saved for offline use: ${e.data.reason}`);
    }
  });
  let registration;
  try {
    registration = await sw.register('sw.js');
  } catch (err) {
    console.warn('the service worker was not registered: the app works, but not offline', err);
    return;
  }
  // `first`: no worker was active when this one came, so it is the app's first install here
  const watch = (worker, first) => {
    if (!worker) return;
    const settled = () => {
      if (worker.state !== 'activated') return;
      worker.removeEventListener('statechange', settled);
      document.documentElement.dataset.offline = 'ready';
      if (first) {
        show('offline-ready');
        return;
      }
      // a worker of another version took over while this page was open
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => {
        if (e.data?.version && e.data.version !== version) show('update-ready', { version: short(e.data.version) });
      };
      worker.postMessage({ type: 'version' }, [channel.port2]);
    };
    worker.addEventListener('statechange', settled);
    settled();
  };
  const pending = registration.installing ?? registration.waiting;
  if (pending) watch(pending, !registration.active);
  else if (registration.active) document.documentElement.dataset.offline = 'ready';
  registration.addEventListener('updatefound', () => watch(registration.installing, !registration.active));
  // A tab left open (an installed app, for days) asks for a new version when it comes back into view and every
  // hour; the browser itself checks only when a page is loaded.
  let lastCheck = Date.now();
  const check = () => {
    if (Date.now() - lastCheck < UPDATE_CHECK_MIN_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => {});
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  setInterval(check, UPDATE_CHECK_EVERY_MS);
}
