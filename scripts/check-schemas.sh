#!/usr/bin/env bash
# Fails if the Go code furygen generates from the repository's schema files
# (.fdl, .proto) is out of date: runs every `furygen -schema` go:generate
# directive of xlang_test/schemas, examples/schema and examples/schemagrpc
# with -check, which writes nothing. Called by scripts/check-generated.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/furygen" ./cmd/furygen
status=0
while IFS= read -r f; do
	dir="$(dirname "$f")"
	grep -h '^//go:generate go run github.com/fury-go/fury/cmd/furygen -schema ' "$f" |
		sed 's|^//go:generate go run github.com/fury-go/fury/cmd/furygen ||' |
		while read -r args; do
			# shellcheck disable=SC2086 # the directive's arguments, split as go generate splits them
			(cd "$dir" && "$tmp/furygen" $args -check) || exit 1
		done || status=1
done < <(grep -rl --include='*.go' '^//go:generate go run github.com/fury-go/fury/cmd/furygen -schema ' xlang_test/schemas examples/schema examples/schemagrpc)
if [[ "$status" -ne 0 ]]; then
	echo "furygen -schema output is out of date: run go generate and commit the result" >&2
	exit 1
fi
echo "furygen -schema output is up to date"
