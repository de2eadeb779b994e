// A plain static host for trying the bundle (dist/) the way a web host serves it: files only, under a
// sub-path, with no headers of ours (no Content-Security-Policy header, no COOP/COEP: the page's own <meta>
// policy is what applies, as on GitHub Pages; no Cache-Control either: only Last-Modified and ETag, as
// python's http.server). '/duiyi' redirects to '/duiyi/', as static hosts do; anything
// outside the sub-path is 404. Files are read from disk at each request, so a new build written over the
// folder is what the next request gets (a deploy).
//
//   node scripts/static-host.mjs [DIR] [BASE] [--isolated]
//       defaults: dist /duiyi/; PORT (8081) and HOST as for serve.mjs; --isolated adds the optional COOP/COEP
//
// Also imported by the bundle's browser test and its visit-time benchmark: startStaticHost({ root, base }).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { listen } from './serve.mjs';

/** The optional cross-origin isolation headers (docs/publishing.md): with them `crossOriginIsolated` is true
 *  and SharedArrayBuffer is available; the page does not need them. */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Serves `root` at `base` (which starts and ends with '/'). Resolves once it listens.
 * @param {{root: string, base?: string, port?: number, host?: string, headers?: Record<string, string>}} options
 *   headers: sent with every response (none by default: a plain host)
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>} url: the app's address (with base)
 */
export async function startStaticHost({ root, base = '/duiyi/', port = 0, host = '127.0.0.1', headers = {} }) {
  if (!base.startsWith('/') || !base.endsWith('/')) throw new Error(`base must start and end with '/': '${base}'`);
  const files = sirv(path.resolve(root), { dev: true, dotfiles: false, etag: true });
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const url = req.url ?? '/';
    if (url === base.slice(0, -1) || url.startsWith(`${base.slice(0, -1)}?`)) {
      res.writeHead(301, { Location: base + url.slice(base.length - 1) });
      res.end();
      return;
    }
    if (!url.startsWith(base)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    req.url = url.slice(base.length - 1);
    // sirv's development mode adds `Cache-Control: no-cache`; a plain host (python's http.server, many
    // others) sends none, only Last-Modified, and browsers then cache by heuristic freshness
    const writeHead = res.writeHead;
    res.writeHead = function plainWriteHead(code, headers) {
      if (headers && typeof headers === 'object') for (const k of Object.keys(headers)) if (/^cache-control$/i.test(k)) delete headers[k];
      res.removeHeader('Cache-Control');
      return writeHead.call(this, code, headers);
    };
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
    });
  });
  const { port: actual, close } = await listen(server, port, host);
  return { url: `http://${host}:${actual}${base}`, port: actual, close };
}

// `node scripts/static-host.mjs`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const isolated = args.includes('--isolated');
  const [root = 'dist', base = '/duiyi/'] = args.filter((a) => a !== '--isolated');
  const port = process.env.PORT ? Number(process.env.PORT) : 8081;
  try {
    const headers = isolated ? ISOLATION_HEADERS : {};
    const { url } = await startStaticHost({ root, base, port, host: process.env.HOST || '127.0.0.1', headers });
    console.log(`static host: ${root} on ${url}  (Ctrl-C to stop)`);
  } catch (err) {
    console.error(`static-host: ${err.message}`);
    process.exit(1);
  }
}
