// Serves www/ on http://127.0.0.1:8080 (PORT and HOST override) with security headers:
// a strict Content-Security-Policy that still lets the page compile WebAssembly ('wasm-unsafe-eval'),
// nosniff, no referrer, no framing. `.wasm` goes out as application/wasm (sirv's MIME table), which
// WebAssembly.instantiateStreaming requires.
//
// Also imported by the browser tests: startServer({ port: 0 }) picks a free port.
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * Starts the static server. Resolves once it listens.
 * @param {{root?: string, port?: number, host?: string, log?: boolean}} [options]
 * @returns {Promise<{server: http.Server, port: number, url: string, close: () => Promise<void>}>}
 */
export async function startServer({ root = path.join(repoRoot, 'www'), port = 8080, host = '127.0.0.1', log = false } = {}) {
  const files = sirv(root, {
    dev: true, // no caching: a rebuilt www/pkg is picked up on reload
    dotfiles: false,
    setHeaders(res, pathname) {
      if (pathname.endsWith('.wasm')) res.setHeader('Content-Type', 'application/wasm');
    },
  });
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (log) {
      res.on('finish', () => console.log(`${res.statusCode} ${req.method} ${req.url}`));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' });
      res.end('method not allowed\n');
      return;
    }
    if (req.url === '/favicon.ico') {
      // browsers ask for it on pages that name no icon (JSON, SVG, …): the icon is an SVG
      res.writeHead(301, { Location: '/favicon.svg' });
      res.end();
      return;
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
    });
  });
  const { port: actualPort, close } = await listen(server, port, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}/`;
  return { server, port: actualPort, url, close };
}

/**
 * Starts `server` listening (port 0: a free one) and resolves once it does; rejects with the listen error
 * (EADDRINUSE, …). Also used by scripts/static-host.mjs.
 * @returns {Promise<{port: number, close: () => Promise<void>}>} close ends open connections too
 */
export async function listen(server, port, host) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: /** @type {import('node:net').AddressInfo} */ (server.address()).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}

// `node scripts/serve.mjs`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: PORT must be a port number, got '${process.env.PORT}'`);
    process.exit(2);
  }
  const host = process.env.HOST || '127.0.0.1';
  if (!fs.existsSync(path.join(repoRoot, 'www', 'pkg', 'duiyi.js'))) {
    console.warn('serve: www/pkg/duiyi.js is missing; run `npm run build` (or `npm start`) to build the engine');
  }
  try {
    const { url } = await startServer({ port, host, log: process.env.LOG === '1' });
    console.log(`duiyi: serving www/ on ${url}  (Ctrl-C to stop)`);
  } catch (err) {
    console.error(`serve: cannot listen on ${host}:${port}: ${err.message}${err.code === 'EADDRINUSE' ? ' (set PORT to use another port)' : ''}`);
    process.exit(1);
  }
}
