// The native `duiyi` binary for the tests that compare it with the wasm build (bench-signature, wasm-engine,
// hex-native-wasm). No browser: plain Node.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The path of the native `duiyi`: the debug build first (`npm test` runs `cargo test` before the browser
 * suite, so it is fresh), else the release build, else one built now with `cargo build`.
 * @returns {string}
 */
export function nativeBinary() {
  for (const p of ['target/debug/duiyi', 'target/release/duiyi']) {
    const f = path.join(root, p);
    if (fs.existsSync(f)) return f;
  }
  execFileSync('cargo', ['build', '--bin', 'duiyi'], { cwd: root, stdio: 'inherit' });
  return path.join(root, 'target/debug/duiyi');
}
