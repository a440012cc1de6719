#!/usr/bin/env bash
# Runs every fuzz target in the module for FUZZTIME each (default 5s).
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-5s}"
for pkg in $(go list ./...); do
	dir="$(go list -f '{{.Dir}}' "$pkg")"
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
		echo "== fuzz $pkg $target ($FUZZTIME)"
		go test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" "$pkg"
	done
done
