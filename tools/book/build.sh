#!/usr/bin/env bash
# Rebuilds the Xiangqi opening book (src/xiangqi/book.txt) from our own engine's self-play; see README.md here.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo run --release --example xiangqi_book -- "$@" > src/xiangqi/book.txt.new
mv src/xiangqi/book.txt.new src/xiangqi/book.txt
grep -vc '^#' src/xiangqi/book.txt | xargs echo "positions:"
