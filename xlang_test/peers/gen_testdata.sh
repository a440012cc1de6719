#!/usr/bin/env bash
# Regenerates the ground-truth bytes in xlang_test/testdata/{python,java}/ from both peers,
# cross-verifies them (each peer reads the other's bytes) and rewrites xlang_test/testdata/CATALOG.md.
# Run scripts/setup-peers.sh first.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="${FURY_PEER_VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
PEER_PY="$ROOT/xlang_test/peers/python/peer.py"
CP="$(cat "$ROOT/xlang_test/peers/java/target/classpath.txt")"
TD="$ROOT/xlang_test/testdata"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

rm -rf "$TD/python" "$TD/java"
mkdir -p "$TD/python" "$TD/java"
"$PY" "$PEER_PY" write "$TD/python" > "$TMP/write_python.txt" || true
java -cp "$CP" org.furygo.xlangpeer.Peer write "$TD/java" > "$TMP/write_java.txt" || true

run_verify() { # name, reader(py|java), source dir
  local name=$1 reader=$2 src=$3
  mkdir -p "$TMP/$name"
  cp "$src"/* "$TMP/$name/"
  if [[ $reader == py ]]; then
    "$PY" "$PEER_PY" verify "$TMP/$name" > "$TMP/$name.txt" || true
  else
    java -cp "$CP" org.furygo.xlangpeer.Peer verify "$TMP/$name" 2>/dev/null > "$TMP/$name.txt" || true
  fi
}
run_verify py_py py "$TD/python"
run_verify java_java java "$TD/java"
run_verify py_reads_java py "$TD/java"
run_verify java_reads_py java "$TD/python"

"$PY" "$ROOT/xlang_test/peers/python/catalog.py" "$TD" "$TMP" > "$TD/CATALOG.md"
echo "wrote $TD/CATALOG.md" >&2
grep -h "^FAIL" "$TMP"/*.txt | sed 's/^/  /' >&2 || true
