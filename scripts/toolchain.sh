# Sourced by scripts/setup.sh and scripts/build.sh (not run on its own): how the project finds the tools it
# builds with, so both scripts agree on the very same binaries.
#
#   wbg_locked_version   the wasm-bindgen version in Cargo.lock (the CLI must match the library exactly)
#   wbg_resolve V        prints the path of a wasm-bindgen CLI of version V, or nothing:
#                          1. .tools/bin/wasm-bindgen (the project-local install root of scripts/setup.sh)
#                          2. a wasm-bindgen on PATH
#   WBG_ROOT             the project-local install root (.tools, git-ignored)
#   WASM_OPT             wasm-opt of the npm package `binaryen` (node_modules/.bin/wasm-opt)
#
# Paths are relative to the repository root: the sourcing script cds there first.

WBG_ROOT=.tools
WASM_OPT=node_modules/.bin/wasm-opt

# The version of the [[package]] named wasm-bindgen in Cargo.lock (empty when there is none).
wbg_locked_version() {
  awk '
    /^\[\[package\]\]/ { in_pkg = 1; name = ""; next }
    in_pkg && /^name = / { gsub(/"/, "", $3); name = $3 }
    in_pkg && /^version = / && name == "wasm-bindgen" { gsub(/"/, "", $3); print $3; exit }
  ' Cargo.lock 2>/dev/null || true
}

# "wasm-bindgen 0.2.130" -> "0.2.130"; empty when the binary is missing or does not run.
wbg_version_of() {
  "$1" --version 2>/dev/null | awk '{print $2}' || true
}

wbg_resolve() {
  local want="$1" candidate
  candidate="$WBG_ROOT/bin/wasm-bindgen"
  if [ -x "$candidate" ] && [ "$(wbg_version_of "$candidate")" = "$want" ]; then
    echo "$candidate"
    return
  fi
  candidate=$(command -v wasm-bindgen 2>/dev/null || true)
  if [ -n "$candidate" ] && [ "$(wbg_version_of "$candidate")" = "$want" ]; then
    echo "$candidate"
  fi
}

# "wasm-opt version 132 (version_132)" -> "132"; empty when npm ci has not run.
wasm_opt_version() {
  [ -x "$WASM_OPT" ] && "$WASM_OPT" --version 2>/dev/null | awk '{print $3}' || true
}
