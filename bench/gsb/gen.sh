#!/usr/bin/env bash
# Regenerates bench/gsb/fury/structdef_fury.go, furygen's code for the
# entry's SmallStruct (with -check: fails if it is out of date, writes
# nothing). The entry's package imports the harness's goserbench, which this
# repository does not have, so furygen runs on a scratch module holding
# structdef.go alone, with github.com/fury-go/fury replaced by this checkout;
# the output depends only on that file and on furygen.
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
check=0
[[ "${1:-}" == "-check" ]] && check=1
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/furygen" ./cmd/furygen
mkdir "$tmp/mod"
cp bench/gsb/fury/structdef.go "$tmp/mod/"
cat >"$tmp/mod/go.mod" <<MOD
module example.com/gsbgen

go 1.26.0

require github.com/fury-go/fury v0.0.0-00010101000000-000000000000

replace github.com/fury-go/fury => $root
MOD
(cd "$tmp/mod" && GOWORK=off GOFLAGS=-mod=mod "$tmp/furygen" -type SmallStruct .)
if [[ "$check" -eq 1 ]]; then
	if ! diff -u bench/gsb/fury/structdef_fury.go "$tmp/mod/structdef_fury.go"; then
		echo "bench/gsb/fury/structdef_fury.go is out of date: run bench/gsb/gen.sh and commit the result" >&2
		exit 1
	fi
	echo "bench/gsb/fury/structdef_fury.go is up to date"
else
	cp "$tmp/mod/structdef_fury.go" bench/gsb/fury/structdef_fury.go
fi
