#!/usr/bin/env bash
# Installs what building (and, with --test, testing) duiyi needs, and only what is missing. It first prints
# the plan — each thing it will install, where to, and why — and then does it:
#   - the Rust target wasm32-unknown-unknown (into your rustup toolchain)
#   - wasm-bindgen-cli at exactly the wasm-bindgen version in Cargo.lock (the CLI and the library must
#     match), into the project-local root .tools/ (never over anything in ~/.cargo/bin). Skipped when
#     .tools/bin/wasm-bindgen or a wasm-bindgen on PATH already has that version.
#   - the npm packages of package-lock.json into node_modules/ (binaryen's wasm-opt, sirv, chart.js, d3,
#     playwright-core, and es-module-lexer and esbuild for the static bundle)
#   - with --test: Debian's chromium and fonts-noto-cjk (for the headless browser tests), only when missing
#
#   scripts/setup.sh [--test] [--dry-run]     --dry-run prints the plan and changes nothing
#
# Safe to run again: every step checks first. Downloads only from the package registries (crates.io, npm,
# Debian), never a browser or a prebuilt binary.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/toolchain.sh

want_test=0
dry_run=0
for arg in "$@"; do
  case "$arg" in
    --test) want_test=1 ;;
    --dry-run) dry_run=1 ;;
    *) echo "setup.sh: unknown argument '$arg' (known: --test, --dry-run)" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
die() { echo "setup.sh: $*" >&2; exit 1; }

# ---- what is there -----------------------------------------------------------------------------------------
command -v cargo >/dev/null 2>&1 || die "cargo not found; install Rust with rustup first (https://rustup.rs)"
command -v npm >/dev/null 2>&1 || die "npm not found; install Node.js 20 or later"

need_target=0
if ! rustup target list --installed 2>/dev/null | grep -qx 'wasm32-unknown-unknown'; then
  command -v rustup >/dev/null 2>&1 \
    || die "the Rust target wasm32-unknown-unknown is needed, and rustup (which installs it) was not found"
  need_target=1
fi

wbg_version=$(wbg_locked_version)
[ -n "$wbg_version" ] \
  || die "no wasm-bindgen in Cargo.lock; Cargo.lock is part of the repository (git checkout Cargo.lock)"
wbg=$(wbg_resolve "$wbg_version")

# npm writes node_modules/.package-lock.json after a successful install; an older one means the lock changed.
need_npm=0
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
   || [ ! -x "$WASM_OPT" ]; then
  need_npm=1
fi

missing_apt=()
if [ "$want_test" = 1 ]; then
  [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing_apt+=(chromium)
  dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'install ok installed' || missing_apt+=(fonts-noto-cjk)
fi
sudo_cmd=()
[ "$(id -u)" = 0 ] || sudo_cmd=(sudo)

# ---- the plan ----------------------------------------------------------------------------------------------
plan=()
[ "$need_target" = 1 ] && plan+=("rustup target add wasm32-unknown-unknown — the Rust standard library for WebAssembly, added to your rustup toolchain")
if [ -z "$wbg" ]; then
  on_path=$(command -v wasm-bindgen 2>/dev/null || true)
  had="none on PATH"
  [ -n "$on_path" ] && had="$on_path is version $(wbg_version_of "$on_path"), left as it is"
  plan+=("wasm-bindgen-cli $wbg_version into $WBG_ROOT/ (cargo install --root $WBG_ROOT, ~3 min) — generates the JS bindings of the wasm engine and must be exactly the version in Cargo.lock ($had)")
fi
[ "$need_npm" = 1 ] && plan+=("npm ci into node_modules/ — binaryen (wasm-opt, shrinks the wasm), sirv (the static server), chart.js and d3 (charts, heatmap colours), playwright-core (drives Chromium in the browser tests; downloads no browser), es-module-lexer and esbuild (read and minify the modules for npm run dist)")
[ ${#missing_apt[@]} -gt 0 ] && plan+=("${sudo_cmd[*]:+${sudo_cmd[*]} }apt-get update && apt-get install ${missing_apt[*]} — Debian system packages, only for the browser tests: a headless Chromium, and CJK fonts so the pieces' characters render")

if [ ${#plan[@]} -eq 0 ]; then
  say "nothing to install (wasm-bindgen $wbg_version: $wbg)"
  exit 0
fi
say "will install:"
for p in "${plan[@]}"; do say "  - $p"; done
if [ "$dry_run" = 1 ]; then
  say "dry run: nothing changed"
  exit 0
fi

# ---- doing it ----------------------------------------------------------------------------------------------
if [ "$need_target" = 1 ]; then
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if [ -z "$wbg" ]; then
  say "cargo install wasm-bindgen-cli --version $wbg_version --root $WBG_ROOT"
  # No --locked: one of the CLI's pinned dependencies is missing from the registry mirror
  # (docs/architecture.md §7). --force only replaces an older copy inside .tools/.
  cargo install wasm-bindgen-cli --version "$wbg_version" --root "$WBG_ROOT" --force
  wbg=$(wbg_resolve "$wbg_version")
  [ -n "$wbg" ] || die "wasm-bindgen-cli $wbg_version was installed, but $WBG_ROOT/bin/wasm-bindgen does not report that version"
fi

if [ "$need_npm" = 1 ]; then
  say "npm ci"
  npm ci --no-audit --no-fund
fi

# Another apt-get or dpkg (a second set-up at the same time, the system's unattended upgrades) holds apt's locks
# for a while, and apt-get then fails at once (exit 100): wait until none runs (up to 10 minutes), and try again
# when a failure came while one was running.
apt_busy() { grep -qxE 'apt-get|apt|dpkg|unattended-upgr' /proc/[0-9]*/comm 2>/dev/null; }
apt_run() {
  local try waited rc
  for try in 1 2 3 4 5; do
    waited=0
    while apt_busy && [ "$waited" -lt 600 ]; do
      [ "$waited" -eq 0 ] && say "another apt-get or dpkg is running: waiting for it to finish"
      sleep 5
      waited=$((waited + 5))
    done
    rc=0
    "$@" || rc=$?
    [ "$rc" -eq 0 ] && return 0
    apt_busy || return "$rc"
  done
  return "$rc"
}

if [ ${#missing_apt[@]} -gt 0 ]; then
  say "apt-get install ${missing_apt[*]}"
  apt_run "${sudo_cmd[@]}" apt-get update
  apt_run "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing_apt[@]}"
fi
say "ready (wasm-bindgen $wbg_version: $wbg)"
