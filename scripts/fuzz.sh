#!/usr/bin/env bash
# Runs every fuzz target in every module of the workspace (scripts/modules.sh)
# for FUZZTIME each (default 5s; a count such as 20000x runs that many inputs
# instead), or only those whose name matches the extended regular expression
# FUZZTARGETS.
#
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline
# exceeded" when a duration-based -fuzztime expires (golang/go#75804, fixed
# in Go 1.27). That failure writes no failing input, so it is reported as a
# flake and skipped; a failure that writes an input under testdata/fuzz fails
# the run.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-5s}"
count() { if [[ -d "$1" ]]; then find "$1" -type f | wc -l; else echo 0; fi; }
for pkg in $(go list $(scripts/modules.sh)); do
	dir="$(go list -f '{{.Dir}}' "$pkg")"
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u | grep -E "${FUZZTARGETS:-.}" || true); do
		echo "== fuzz $pkg $target ($FUZZTIME)"
		corpus="$dir/testdata/fuzz/$target"
		before="$(count "$corpus")"
		out="$(mktemp)"
		if go test -run '^$' -fuzz "^${target}\$" -fuzztime "$FUZZTIME" "$pkg" 2>&1 | tee "$out"; then
			rm -f "$out"
			continue
		fi
		after="$(count "$corpus")"
		if grep -q 'context deadline exceeded' "$out" && [[ "$after" == "$before" ]]; then
			echo "fuzz: $target: Go fuzz coordinator deadline flake (golang/go#75804), no failing input; not a failure"
			rm -f "$out"
			continue
		fi
		rm -f "$out"
		echo "fuzz: $target failed" >&2
		exit 1
	done
done
