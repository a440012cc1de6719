#!/usr/bin/env bash
# Prints the package pattern of every module in the workspace (go.work), the
# root module's first, one per line:
#
#	./...
#	./bench/...
#	./examples/...
#
# In workspace mode ./... matches the packages of the module in the current
# directory only (and ./row/... stops at row/rowarrow, a module of its own), so
# the scripts that mean "everything" (test.sh, fuzz.sh, make generate) pass
# all of these patterns.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
go list -m -f '{{.Dir}}' | while read -r dir; do
	if [[ "$dir" == "$root" ]]; then
		echo "./..."
	else
		echo "./${dir#"$root"/}/..."
	fi
done
