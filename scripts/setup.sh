#!/usr/bin/env bash
# Installs what building (and, with --test, testing) duiyi needs, and only what is missing:
#   - the Rust target wasm32-unknown-unknown
#   - wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock (the CLI and the library must match)
#   - the npm packages of package-lock.json (binaryen's wasm-opt, sirv, chart.js, playwright-core)
#   - with --test: Debian's chromium and fonts-noto-cjk (for the headless browser tests)
# Safe to run again: every step checks first. Never downloads a browser or a binary from anywhere but the
# package registries (crates.io, npm, Debian).
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
for arg in "$@"; do
  case "$arg" in
    --test) want_test=1 ;;
    *) echo "setup.sh: unknown argument '$arg' (known: --test)" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# ---- Rust ------------------------------------------------------------------------------------------------
if ! command -v cargo >/dev/null 2>&1; then
  echo "setup.sh: cargo not found; install Rust with rustup first (https://rustup.rs)" >&2
  exit 1
fi
if ! rustup target list --installed 2>/dev/null | grep -qx 'wasm32-unknown-unknown'; then
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# The exact wasm-bindgen version the crate is locked to (the CLI refuses to process a module built with another).
wbg_version=$(awk '
  /^\[\[package\]\]/ { in_pkg = 1; name = ""; next }
  in_pkg && /^name = / { gsub(/"/, "", $3); name = $3 }
  in_pkg && /^version = / && name == "wasm-bindgen" { gsub(/"/, "", $3); print $3; exit }
' Cargo.lock 2>/dev/null || true)
if [ -z "$wbg_version" ]; then
  # No lock file yet (or no wasm-bindgen in it): let cargo resolve the dependency graph once.
  cargo generate-lockfile >/dev/null 2>&1 || true
  wbg_version=$(awk '
    /^\[\[package\]\]/ { in_pkg = 1; name = ""; next }
    in_pkg && /^name = / { gsub(/"/, "", $3); name = $3 }
    in_pkg && /^version = / && name == "wasm-bindgen" { gsub(/"/, "", $3); print $3; exit }
  ' Cargo.lock)
fi
if [ -z "$wbg_version" ]; then
  echo "setup.sh: wasm-bindgen is not in Cargo.lock; is it a dependency in Cargo.toml?" >&2
  exit 1
fi
have_wbg=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have_wbg" != "$wbg_version" ]; then
  say "cargo install wasm-bindgen-cli --version $wbg_version (had: ${have_wbg:-none}; takes a few minutes)"
  # No --locked: one of the CLI's pinned dependencies is missing from the registry mirror (DESIGN.md §4).
  cargo install wasm-bindgen-cli --version "$wbg_version" --force
fi

# ---- npm -------------------------------------------------------------------------------------------------
if ! command -v npm >/dev/null 2>&1; then
  echo "setup.sh: npm not found; install Node.js 20 or later" >&2
  exit 1
fi
# npm writes node_modules/.package-lock.json after a successful install; an older one means the lock changed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
   || [ ! -x node_modules/.bin/wasm-opt ]; then
  say "npm ci"
  npm ci --no-audit --no-fund
fi

# ---- browser-test system packages (Debian) ---------------------------------------------------------------
if [ "$want_test" = 1 ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed' || missing+=(fonts-noto-cjk)
  if [ ${#missing[@]} -gt 0 ]; then
    sudo_cmd=()
    [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
    say "apt-get install ${missing[*]}"
    "${sudo_cmd[@]}" apt-get update
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y "${missing[@]}"
  fi
fi
say "ready (wasm-bindgen $wbg_version)"
