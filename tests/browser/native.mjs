// The native `duiyi` binary for the tests that compare it with the wasm build (bench-signature, wasm-engine,
// hex-native-wasm). No browser: plain Node.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let built = null;

/**
 * The path of the native `duiyi`: the debug build, brought up to date with `cargo build --bin duiyi` once per
 * process (a no-op taking about a second when `npm test`'s `cargo test` has just built it). A binary left from an
 * older checkout would compare the wasm build with other code (the browser suite can run alone, e.g.
 * `npm run test:loaded`), so an existing one is not trusted as it is.
 * @returns {string}
 */
export function nativeBinary() {
  if (!built) {
    execFileSync('cargo', ['build', '--quiet', '--bin', 'duiyi'], { cwd: root, stdio: 'inherit' });
    built = path.join(root, 'target/debug/duiyi');
  }
  return built;
}
