#!/usr/bin/env bash
# Builds the WebAssembly engine into www/pkg and copies the vendor files into www/vendor.
#   cargo build (wasm32, release) -> wasm-bindgen --target web -> wasm-opt -O3 (npm `binaryen`)
# Run scripts/setup.sh first (npm start / npm test / npm run build do).
#
#   scripts/build.sh [--force]     --force rebuilds even when www/pkg is up to date
#
# Nothing is redone when nothing changed. www/pkg/.build-stamp records
#   inputs  a hash of src/**, Cargo.toml, Cargo.lock, this script, rustc's version, RUSTFLAGS and the
#           versions of wasm-bindgen and wasm-opt: when it matches, even cargo is skipped;
#   raw     a hash of the raw .wasm cargo wrote plus the tool versions: when the inputs changed but cargo's
#           output did not (a comment, a test), wasm-bindgen and wasm-opt are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain.sh

force=0
for arg in "$@"; do
  case "$arg" in
    --force) force=1 ;;
    *) echo "build.sh: unknown argument '$arg' (known: --force)" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1m[build]\033[0m %s\n' "$*"; }

# The same wasm-bindgen setup.sh resolved: .tools/bin first, then PATH, and only at the locked version.
wbg_version=$(wbg_locked_version)
wbg=$(wbg_resolve "$wbg_version")
if [ -z "$wbg" ]; then
  echo "build.sh: no wasm-bindgen $wbg_version in .tools/bin or on PATH; run scripts/setup.sh (or npm run build)" >&2
  exit 1
fi
opt_version=$(wasm_opt_version)
if [ -z "$opt_version" ]; then
  echo "build.sh: $WASM_OPT not found; run scripts/setup.sh (it runs npm ci)" >&2
  exit 1
fi

out=www/pkg
stamp=$out/.build-stamp
raw=${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/release/duiyi.wasm
tools="wasm-bindgen $wbg_version, wasm-opt $opt_version"

stamp_field() { [ -f "$stamp" ] && awk -v k="$1" '$1 == k { print $2 }' "$stamp" || true; }

inputs_hash() {
  {
    find src -type f -print0 | sort -z | xargs -0 sha256sum
    sha256sum Cargo.toml Cargo.lock scripts/build.sh
    rustc --version
    echo "RUSTFLAGS=${RUSTFLAGS:-} CARGO_ENCODED_RUSTFLAGS=${CARGO_ENCODED_RUSTFLAGS:-}"
    echo "$tools"
  } | sha256sum | cut -d' ' -f1
}

vendor() {
  mkdir -p www/vendor
  cmp -s node_modules/chart.js/dist/chart.umd.min.js www/vendor/chart.umd.min.js \
    || cp node_modules/chart.js/dist/chart.umd.min.js www/vendor/chart.umd.min.js
  # d3's colour scales for the Hex heatmaps (UMD builds: each sets globalThis.d3.*; loaded in this order)
  local f
  for f in d3-color/dist/d3-color.min.js d3-interpolate/dist/d3-interpolate.min.js \
    d3-scale-chromatic/dist/d3-scale-chromatic.min.js; do
    cmp -s "node_modules/$f" "www/vendor/${f##*/}" || cp "node_modules/$f" "www/vendor/${f##*/}"
  done
  # glicko2 (the puzzles' ratings) is a CommonJS / browser-global script: wrapped unchanged as an ES module
  # whose only export is the library's `Glicko2` (the wrapper's `exports` is what the script fills)
  local g2=www/vendor/glicko2.js
  { printf '// glicko2 %s (npm, MIT, github.com/mmai/glicko2js), wrapped as an ES module by scripts/build.sh\nconst exports = {};\n' \
      "$(node -p "require('./node_modules/glicko2/package.json').version")"
    cat node_modules/glicko2/glicko2.js
    printf '\nexport const Glicko2 = exports.Glicko2;\n'; } > "$g2.tmp"
  if cmp -s "$g2.tmp" "$g2"; then rm "$g2.tmp"; else mv "$g2.tmp" "$g2"; fi
}

complete() { [ -f "$out/duiyi.js" ] && [ -f "$out/duiyi_bg.wasm" ]; }

inputs=$(inputs_hash)
if [ "$force" = 0 ] && complete && [ "$(stamp_field inputs)" = "$inputs" ]; then
  vendor
  say "up to date ($out matches the sources; --force rebuilds)"
  exit 0
fi

say "cargo build --release --target wasm32-unknown-unknown --lib"
cargo build --release --target wasm32-unknown-unknown --lib

raw_hash=$( { sha256sum < "$raw"; echo "$tools"; } | sha256sum | cut -d' ' -f1)
if [ "$force" = 0 ] && complete && [ "$(stamp_field raw)" = "$raw_hash" ]; then
  say "the raw wasm is unchanged: wasm-bindgen and wasm-opt skipped"
else
  say "wasm-bindgen --target web --out-dir $out ($wbg)"
  rm -rf "$out.tmp"
  "$wbg" --target web --out-dir "$out.tmp" "$raw"

  # wasm-opt from the npm package `binaryen`: Debian's binaryen 108 emits modules that fail to load
  # (docs/architecture.md §7).
  say "wasm-opt -O3 (binaryen $opt_version)"
  "$WASM_OPT" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out.tmp/duiyi_bg.wasm" -o "$out.tmp/duiyi_bg.opt.wasm"
  mv "$out.tmp/duiyi_bg.opt.wasm" "$out.tmp/duiyi_bg.wasm"
  rm -rf "$out"
  mv "$out.tmp" "$out"
  size=$(stat -c %s "$out/duiyi_bg.wasm")
  gz=$(gzip -9 -c "$out/duiyi_bg.wasm" | wc -c)
  say "$out/duiyi_bg.wasm: $size bytes ($gz gzipped)"
fi
printf 'inputs %s\nraw %s\n' "$inputs" "$raw_hash" > "$stamp"
vendor
