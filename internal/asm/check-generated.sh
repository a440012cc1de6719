#!/usr/bin/env bash
# Regenerates the assembly and stubs of package asm into a scratch copy and
# fails if they differ from the committed files. Run from anywhere.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/asm"
cp -R "$here/_gen" "$tmp/asm/_gen"
# The same command as the go:generate directive in doc.go.
cmd="$(sed -n 's#^//go:generate ##p' "$here/doc.go")"
(cd "$tmp/asm" && eval "$cmd")

status=0
for f in asm_amd64.s asm_amd64.go; do
	if ! diff -u "$here/$f" "$tmp/asm/$f"; then
		echo "internal/asm/$f is out of date: run go generate ./internal/asm/..." >&2
		status=1
	fi
done
if [ "$status" -eq 0 ]; then
	echo "internal/asm: generated files are up to date"
fi
exit "$status"
