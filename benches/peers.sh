#!/usr/bin/env bash
# benches/peers.sh -- Xiangqi perft speed of duiyi side by side with Fairy-Stockfish (docs/benchmarks.md).
#
# The peers are built OUTSIDE the repository (never commit their code or binaries) and named by environment
# variables or arguments; nothing is looked for in a fixed place:
#   FSF_BIN     or --fsf PATH      Fairy-Stockfish, largeboards build (required)
#   ELEEYE_BIN  or --eleeye PATH   ElephantEye (UCCI), optional: only for the match hint printed at the end
#   ELEEYE_DIR                     its working directory (default: the directory of ELEEYE_BIN)
#
# usage: benches/peers.sh [--fsf PATH] [--eleeye PATH] [--perft6] [--reps N] [--no-build]
#   --perft6    also perft 6 (3.6e9 nodes: minutes per engine)
#   --reps N    run each measurement N times, keep the fastest (default 1)
#   --no-build  use the existing binary in $DUIYI_TARGET_DIR/release
#
# Both engines run single-threaded from the start position, one after the other.  Times:
#   wall  duiyi: its own stderr figure; FSF: from "go perft" to "Nodes searched"
#   cpu   user+sys CPU seconds of the process (startup included for duiyi; FSF: /proc delta
#         around the perft only) -- less sensitive to other load on the machine than wall.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FSF_BIN="${FSF_BIN:-}"
ELEEYE_BIN="${ELEEYE_BIN:-}"
# separate target dir: RUSTFLAGS=-C target-cpu=native must not invalidate the normal target/release
DUIYI_TARGET_DIR="${DUIYI_TARGET_DIR:-$ROOT/target/native}"

PERFT6=0; REPS=1; BUILD=1
while [ $# -gt 0 ]; do
  case "$1" in
    --perft6) PERFT6=1 ;;
    --reps) REPS="$2"; shift ;;
    --no-build) BUILD=0 ;;
    --fsf) FSF_BIN="$2"; shift ;;
    --eleeye) ELEEYE_BIN="$2"; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "${ELEEYE_DIR:-}" ] && [ -n "$ELEEYE_BIN" ]; then ELEEYE_DIR="$(dirname "$ELEEYE_BIN")"; fi

if [ -z "$FSF_BIN" ] || [ ! -x "$FSF_BIN" ]; then
  if [ -z "$FSF_BIN" ]; then
    echo "peers.sh: no Fairy-Stockfish given: set FSF_BIN=/path/to/stockfish or pass --fsf /path/to/stockfish."
  else
    echo "peers.sh: FSF_BIN=$FSF_BIN is not an executable file."
  fi
  cat <<'EOF'
Build it in a folder outside this repository ($PEERS below), e.g.:
  git clone https://github.com/fairy-stockfish/Fairy-Stockfish "$PEERS/fairy-stockfish"
  make -C "$PEERS/fairy-stockfish/src" -j2 build ARCH=x86-64-modern largeboards=yes nnue=no
  FSF_BIN="$PEERS/fairy-stockfish/src/stockfish" bash benches/peers.sh
ElephantEye (optional, for engine matches; UCCI, run it with "setoption usebook false"):
  git clone https://github.com/xqbase/eleeye "$PEERS/eleeye"
  cd "$PEERS/eleeye/eleeye" && g++ -DNDEBUG -O3 -w -o eleeye ../base/pipe.cpp ucci.cpp pregen.cpp \
     position.cpp genmoves.cpp hash.cpp book.cpp movesort.cpp preeval.cpp evaluate.cpp search.cpp eleeye.cpp
Skipping the peer benchmark.
EOF
  exit 0
fi

DUIYI="$DUIYI_TARGET_DIR/release/duiyi"
if [ "$BUILD" = 1 ]; then
  echo "# building duiyi (RUSTFLAGS=-C target-cpu=native, target dir $DUIYI_TARGET_DIR)"
  (cd "$ROOT" && RUSTFLAGS="-C target-cpu=native" cargo build --release --quiet --target-dir "$DUIYI_TARGET_DIR" --bin duiyi)
fi
[ -x "$DUIYI" ] || { echo "no duiyi binary at $DUIYI" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
TCK="$(getconf CLK_TCK)"

# duiyi perft N -> "nodes wall cpu"
duiyi_perft() {
  local d="$1" t
  TIMEFORMAT='%U %S'
  { time "$DUIYI" perft --depth "$d" >"$TMP/d.out" 2>"$TMP/d.err"; } 2>"$TMP/d.time"
  local nodes wall cpu
  nodes="$(awk '$1=="nodes"{n=$2} END{print n}' "$TMP/d.out")"
  wall="$(awk '$1=="time"{print $2}' "$TMP/d.err" | tail -1)"
  cpu="$(awk '{printf "%.3f", $1+$2}' "$TMP/d.time")"
  echo "$nodes $wall $cpu"
}

proc_cpu_ticks() { awk '{print $14+$15}' "/proc/$1/stat"; }

# Fairy-Stockfish go perft N -> "nodes wall cpu"
fsf_perft() {
  local d="$1" line nodes="" t0 t1 c0 c1
  coproc FSF { exec "$FSF_BIN" 2>/dev/null; }
  local pid="$FSF_PID" in="${FSF[1]}" out="${FSF[0]}"
  printf 'uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nisready\nposition startpos\n' >&"$in"
  while read -r line <&"$out"; do [ "$line" = readyok ] && break; done
  c0="$(proc_cpu_ticks "$pid")"; t0="$(date +%s.%N)"
  echo "go perft $d" >&"$in"
  while read -r line <&"$out"; do
    case "$line" in "Nodes searched:"*) nodes="${line#Nodes searched: }"; break ;; esac
  done
  t1="$(date +%s.%N)"; c1="$(proc_cpu_ticks "$pid")"
  echo quit >&"$in"
  wait "$pid" 2>/dev/null || true
  awk -v n="$nodes" -v t0="$t0" -v t1="$t1" -v c0="$c0" -v c1="$c1" -v k="$TCK" \
    'BEGIN{printf "%s %.3f %.3f\n", n, t1-t0, (c1-c0)/k}'
}

# best of REPS (by wall) -> "nodes wall cpu"
best_of() {
  local f="$1" d="$2" i r best=""
  for ((i = 0; i < REPS; i++)); do
    r="$($f "$d")"
    if [ -z "$best" ] || awk -v a="${r#* }" -v b="${best#* }" 'BEGIN{split(a,x," ");split(b,y," ");exit !(x[1]<y[1])}'; then
      best="$r"
    fi
  done
  echo "$best"
}

fsf_id="$(printf 'uci\nquit\n' | "$FSF_BIN" 2>/dev/null | awk '/^id name/{sub(/^id name /,""); print; exit}')"
echo "# $(uname -m), $(nproc) cpus, load average $(cut -d' ' -f1-3 /proc/loadavg); reps $REPS (best wall kept)"
echo "# duiyi: $DUIYI"
echo "# FSF:   $FSF_BIN ($fsf_id), UCI_Variant xiangqi, Threads 1"
printf '%-6s %-6s %12s %9s %9s %10s %10s\n' depth engine nodes wall_s cpu_s Mn/s_wall Mn/s_cpu

depths=(5); [ "$PERFT6" = 1 ] && depths+=(6)
status=0
for d in "${depths[@]}"; do
  read -r dn dw dc <<<"$(best_of duiyi_perft "$d")"
  read -r fn fw fc <<<"$(best_of fsf_perft "$d")"
  awk -v d="$d" -v dn="$dn" -v dw="$dw" -v dc="$dc" -v fn="$fn" -v fw="$fw" -v fc="$fc" 'BEGIN{
    printf "%-6s %-6s %12s %9.3f %9.3f %10.2f %10.2f\n", d, "duiyi", dn, dw, dc, dn/dw/1e6, (dc>0 ? dn/dc/1e6 : 0)
    printf "%-6s %-6s %12s %9.3f %9.3f %10.2f %10.2f\n", d, "FSF",   fn, fw, fc, fn/fw/1e6, (fc>0 ? fn/fc/1e6 : 0)
    printf "%-6s ratio duiyi/FSF (speed): wall %.2fx  cpu %.2fx   (target >= 2x)\n", d, fw/dw, (dc>0 && fc>0 ? fc/dc : 0)
  }'
  if [ "$dn" != "$fn" ]; then
    echo "!! perft $d node counts differ: duiyi $dn, FSF $fn" >&2
    status=1
  fi
done

if [ -n "$ELEEYE_BIN" ] && [ -x "$ELEEYE_BIN" ]; then
  cat <<EOF
# For games between engines (ElephantEye with its book off, Fairy-Stockfish, duiyi), use a match runner that
# speaks UCI and UCCI and judges the Xiangqi rules, with these engines:
#   ElephantEye:     $ELEEYE_BIN (UCCI, working directory $ELEEYE_DIR, setoption usebook false)
#   Fairy-Stockfish: $FSF_BIN (UCI, setoption name UCI_Variant value xiangqi, Threads 1)
#   duiyi:           $DUIYI (UCCI or UCI); openings in benches/openings.txt
EOF
fi
exit "$status"
