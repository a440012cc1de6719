#!/usr/bin/env bash
# Every ```go block of README.md compiles and runs as written. Each block is
# a whole file: it goes, unchanged, into a package of its own in a scratch
# module outside the workspace that requires this checkout's modules
# (fury, furygrpc, row/rowarrow; examples, for the generated code of its
# schemas) through replace directives, as a user's module would require them. A block must be gofmt-formatted and pass go
# vet; a package main block must also run to completion (exit status 0).
# A fragment (no package clause) fails: README shows code a reader can copy.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
export GOWORK=off

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '
	/^```go[ \t]*$/ { n++; name = sprintf("snippet%02d", n); system("mkdir -p " dir "/" name); file = dir "/" name "/main.go"; print NR > (dir "/" name "/line"); printf "" > file; inblock = 1; next }
	inblock && /^```/ { inblock = 0; close(file); next }
	inblock { print > file }
' README.md
cat >"$tmp/go.mod" <<MOD
module example.com/readme

go 1.26.0

require (
	github.com/fury-go/fury v0.0.0-00010101000000-000000000000
	github.com/fury-go/fury/examples v0.0.0-00010101000000-000000000000
	github.com/fury-go/fury/furygrpc v0.0.0-00010101000000-000000000000
	github.com/fury-go/fury/row/rowarrow v0.0.0-00010101000000-000000000000
)

replace (
	github.com/fury-go/fury => $root
	github.com/fury-go/fury/examples => $root/examples
	github.com/fury-go/fury/furygrpc => $root/furygrpc
	github.com/fury-go/fury/row/rowarrow => $root/row/rowarrow
)
MOD
cd "$tmp"
status=0
snippets=(snippet*)
for s in "${snippets[@]}"; do
	if ! grep -q '^package ' "$s/main.go"; then
		echo "README.md:$(cat "$s/line"): a go block without a package clause: show a whole file" >&2
		status=1
	fi
done
[[ "$status" -eq 0 ]] || exit 1
go mod tidy
for s in "${snippets[@]}"; do
	where="README.md:$(cat "$s/line")"
	if [[ -n "$(gofmt -l "$s")" ]]; then
		echo "$where: not gofmt-formatted:" >&2
		gofmt -d "$s" >&2 || true
		status=1
		continue
	fi
	if ! go vet "./$s"; then
		echo "$where: go vet failed" >&2
		status=1
		continue
	fi
	if grep -q '^package main$' "$s/main.go"; then
		if ! out="$(go build -o "$s/prog" "./$s" 2>&1 && timeout 120 "$s/prog" 2>&1)"; then
			echo "$where: the program failed:" >&2
			echo "$out" >&2
			status=1
			continue
		fi
		echo "== $where: builds and runs; its output:"
		sed 's/^/	/' <<<"$out"
	else
		echo "== $where: builds (package $(sed -n 's/^package //p' "$s/main.go" | head -1))"
	fi
done
exit "$status"
