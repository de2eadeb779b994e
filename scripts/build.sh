#!/usr/bin/env bash
# Builds the WebAssembly modules into www/pkg and copies the vendor files into www/vendor.
#   cargo build (wasm32, release) -> wasm-bindgen --target web -> wasm-opt -O3 (npm `binaryen`), once per module:
#     duiyi_xiangqi  the Xiangqi page's (cargo features xiangqi, xiangqi-search, xiangqi-records)
#     duiyi_hex      the Hex, combat and circle pages' (hex-search, hex-records, labs)
#     duiyi          every feature: Node's tools and tests (tools/wasm-engine.mjs); the page never loads it
#   (www/wasm-modules.js and docs/architecture.md, "The wasm modules")
# Run scripts/setup.sh first (npm start / npm test / npm run build do).
#
#   scripts/build.sh [--force]     --force rebuilds even when www/pkg is up to date
#
# Nothing is redone when nothing changed. www/pkg/.build-stamp records
#   inputs  a hash of src/**, Cargo.toml, Cargo.lock, this script, rustc's version, RUSTFLAGS and the
#           versions of wasm-bindgen and wasm-opt: when it matches, even cargo is skipped;
#   raw     per module, a hash of the raw .wasm cargo wrote plus the tool versions: when the inputs changed but
#           cargo's output did not (a comment, a test), that module's wasm-bindgen and wasm-opt are skipped.
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
# name|cargo features ('default': every feature)
modules=(
  "duiyi_xiangqi|xiangqi,xiangqi-search,xiangqi-records"
  "duiyi_hex|hex-search,hex-records,labs"
  "duiyi|default"
)

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
  # chart.js with the parts the charts use: an ES module bundled and minified by esbuild from the npm package
  # (entry scripts/vendor/chart.mjs); written only when its bytes change, so an unchanged build keeps its time
  node --input-type=module -e '
    import { buildSync } from "esbuild";
    import fs from "node:fs";
    const out = "www/vendor/chart.js";
    const r = buildSync({ entryPoints: ["scripts/vendor/chart.mjs"], bundle: true, minify: true, format: "esm", write: false, legalComments: "inline", logLevel: "error" });
    const text = Buffer.from(r.outputFiles[0].contents);
    if (!fs.existsSync(out) || !fs.readFileSync(out).equals(text)) fs.writeFileSync(out, text);'
  # d3-scale-chromatic's viridis for the Hex heatmaps, read from the npm package (scripts/vendor/d3-viridis.mjs)
  node scripts/vendor/d3-viridis.mjs www/vendor/d3-viridis.js
  rm -f www/vendor/chart.umd.min.js www/vendor/d3-color.min.js www/vendor/d3-interpolate.min.js www/vendor/d3-scale-chromatic.min.js
  # glicko2 (the puzzles' ratings) is a CommonJS / browser-global script: wrapped unchanged as an ES module
  # whose only export is the library's `Glicko2` (the wrapper's `exports` is what the script fills)
  local g2=www/vendor/glicko2.js
  { printf '// glicko2 %s (npm, MIT, github.com/mmai/glicko2js), wrapped as an ES module by scripts/build.sh\nconst exports = {};\n' \
      "$(node -p "require('./node_modules/glicko2/package.json').version")"
    cat node_modules/glicko2/glicko2.js
    printf '\nexport const Glicko2 = exports.Glicko2;\n'; } > "$g2.tmp"
  if cmp -s "$g2.tmp" "$g2"; then rm "$g2.tmp"; else mv "$g2.tmp" "$g2"; fi
}

complete() {
  local m
  for m in "${modules[@]}"; do
    [ -f "$out/${m%%|*}.js" ] && [ -f "$out/${m%%|*}_bg.wasm" ] || return 1
  done
}

inputs=$(inputs_hash)
if [ "$force" = 0 ] && complete && [ "$(stamp_field inputs)" = "$inputs" ]; then
  vendor
  say "up to date ($out matches the sources; --force rebuilds)"
  exit 0
fi

rm -rf "$out.tmp"
mkdir -p "$out.tmp"
stamp_lines=()
for m in "${modules[@]}"; do
  name=${m%%|*}
  features=${m#*|}
  if [ "$features" = default ]; then
    say "cargo build --release --target wasm32-unknown-unknown --lib   ($name: every feature)"
    cargo build --release --target wasm32-unknown-unknown --lib
  else
    say "cargo build --release --target wasm32-unknown-unknown --lib --no-default-features --features $features   ($name)"
    cargo build --release --target wasm32-unknown-unknown --lib --no-default-features --features "$features"
  fi
  raw_hash=$( { sha256sum < "$raw"; echo "$tools"; } | sha256sum | cut -d' ' -f1)
  stamp_lines+=("raw:$name $raw_hash")
  if [ "$force" = 0 ] && [ -f "$out/$name.js" ] && [ -f "$out/${name}_bg.wasm" ] && [ "$(stamp_field "raw:$name")" = "$raw_hash" ]; then
    say "$name: the raw wasm is unchanged: wasm-bindgen and wasm-opt skipped"
    cp "$out/$name.js" "$out/$name.d.ts" "$out/${name}_bg.wasm" "$out/${name}_bg.wasm.d.ts" "$out.tmp/" 2>/dev/null || true
    continue
  fi
  say "wasm-bindgen --target web --out-name $name ($wbg)"
  "$wbg" --target web --out-dir "$out.tmp" --out-name "$name" "$raw"
  # wasm-opt from the npm package `binaryen`: Debian's binaryen 108 emits modules that fail to load
  # (docs/architecture.md §7).
  say "wasm-opt -O3 (binaryen $opt_version)"
  "$WASM_OPT" -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out.tmp/${name}_bg.wasm" -o "$out.tmp/${name}_bg.opt.wasm"
  mv "$out.tmp/${name}_bg.opt.wasm" "$out.tmp/${name}_bg.wasm"
  size=$(stat -c %s "$out.tmp/${name}_bg.wasm")
  gz=$(gzip -9 -c "$out.tmp/${name}_bg.wasm" | wc -c)
  say "$out/${name}_bg.wasm: $size bytes ($gz gzipped)"
done
rm -rf "$out"
mv "$out.tmp" "$out"
{ printf 'inputs %s\n' "$inputs"; printf '%s\n' "${stamp_lines[@]}"; } > "$stamp"
vendor
