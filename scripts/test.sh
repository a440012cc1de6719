#!/usr/bin/env bash
# The whole test suite, as CI runs it, on a fresh machine: installs the
# Python and Java peers (scripts/setup-peers.sh), checks formatting, vet and
# generated files, runs all tests (including the cross-language ones against
# the real peers) with and without the assembly kernels, and fuzzes every
# fuzz target briefly.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== installing peers (pyfory 1.7.7 venv, fory-core 1.6.0 via Maven)"
scripts/setup-peers.sh

echo "== gofmt"
unformatted="$(gofmt -l $(git ls-files '*.go' | grep -v '^internal/asm/_gen/'))"
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; exit 1
fi

echo "== go vet"
go vet ./...

echo "== generated files"
scripts/check-generated.sh

echo "== fuzz targets (${FUZZTIME:-20000x} each)"
FUZZTIME="${FUZZTIME:-20000x}" scripts/fuzz.sh

echo "== tests with the pure-Go kernels (-tags purego)"
go test -count=1 -tags purego $(go list ./... | grep -v /xlang_test)

echo "== all tests"
go test -count=1 $(go list ./... | grep -v /xlang_test)

echo "== cross-language round trips with the real peers (lists every case, ends with the pass/fail count)"
CI="${CI:-}" go test -count=1 -v -timeout 30m ./xlang_test/
