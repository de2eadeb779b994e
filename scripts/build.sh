#!/usr/bin/env bash
# Builds the WebAssembly engine into www/pkg and copies the vendor files into www/vendor.
#   cargo build (wasm32, release) -> wasm-bindgen --target web -> wasm-opt -O3 (npm `binaryen`)
# Run scripts/setup.sh first (npm start / npm test / npm run build do).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[build]\033[0m %s\n' "$*"; }

say "cargo build --release --target wasm32-unknown-unknown --lib"
cargo build --release --target wasm32-unknown-unknown --lib

raw=target/wasm32-unknown-unknown/release/duiyi.wasm
out=www/pkg
say "wasm-bindgen --target web --out-dir $out"
rm -rf "$out.tmp"
wasm-bindgen --target web --out-dir "$out.tmp" "$raw"

# wasm-opt from the npm package `binaryen`: Debian's binaryen 108 emits modules that fail to load (DESIGN.md §4).
say "wasm-opt -O3 (binaryen $(node_modules/.bin/wasm-opt --version | awk '{print $3}'))"
node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$out.tmp/duiyi_bg.wasm" -o "$out.tmp/duiyi_bg.opt.wasm"
mv "$out.tmp/duiyi_bg.opt.wasm" "$out.tmp/duiyi_bg.wasm"
rm -rf "$out"
mv "$out.tmp" "$out"

mkdir -p www/vendor
cp node_modules/chart.js/dist/chart.umd.min.js www/vendor/chart.umd.min.js

size=$(stat -c %s "$out/duiyi_bg.wasm")
gz=$(gzip -9 -c "$out/duiyi_bg.wasm" | wc -c)
say "www/pkg/duiyi_bg.wasm: $size bytes ($gz gzipped)"
