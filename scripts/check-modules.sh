#!/usr/bin/env bash
# Checks the module split (see "Modules" in README.md):
#
#  1. every module of the workspace builds on its own, outside the workspace
#     (GOWORK=off: its replace directives point at the checkout), and its
#     go.mod and go.sum are tidy; no nested module imports an internal
#     package of the root module (not its API: the modules are released
#     together but built apart);
#  2. a consumer module that imports only github.com/fury-go/fury/fury, built
#     outside the workspace against this checkout, has in its module graph
#     (`go list -m all`) only the modules listed in $allowed below, and none
#     of the benchmark, Arrow or gRPC ones ($forbidden); the packages its
#     program links are the standard library's and this module's.
#
# A module the library (fury, row, cmd/furygen) comes to need is added to
# $allowed here on purpose; benchmark-only and heavy optional dependencies
# belong in a nested module (bench/, furygrpc/, row/rowarrow/).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
patterns="$(scripts/modules.sh)" # the workspace's modules, before leaving the workspace
export GOWORK=off

for pattern in $patterns; do
	dir="${pattern%/...}"
	echo "== module $dir: go mod tidy -diff, go build ./... and go vet ./... with GOWORK=off"
	if ! (cd "$dir" && go mod tidy -diff); then
		echo "FAIL: $dir/go.mod or go.sum is not tidy: run make tidy (go mod tidy in every module)" >&2
		exit 1
	fi
	(cd "$dir" && go build ./... && go vet ./...)
done

root_internal="$(go list ./... | grep -E '/internal(/|$)')"
for pattern in $patterns; do
	dir="${pattern%/...}"
	[[ "$dir" == "." ]] && continue
	imports="$(cd "$dir" && for tags in "" furygen; do
		go list -tags "$tags" -f '{{join .Imports "\n"}}{{"\n"}}{{join .TestImports "\n"}}{{"\n"}}{{join .XTestImports "\n"}}' ./...
	done | sort -u)"
	if bad="$(grep -xF -f <(printf '%s\n' "$root_internal") <<<"$imports")"; then
		echo "FAIL: module $dir imports internal packages of the root module:" >&2
		sed 's/^/	/' <<<"$bad" >&2
		exit 1
	fi
done
echo "== no nested module imports the root module's internal packages"

# What a program importing only package fury may have in its module graph:
# the root module's own requirements (furygen's golang.org/x/tools, its .proto
# parser github.com/bufbuild/protocompile and their dependencies, the test
# libraries), nothing else.
allowed=(
	example.com/consumer
	github.com/bufbuild/protocompile
	github.com/fury-go/fury
	github.com/google/go-cmp
	github.com/stretchr/testify
	go.yaml.in/yaml/v3
	golang.org/x/mod
	golang.org/x/sync
	golang.org/x/tools
	google.golang.org/protobuf
)
forbidden='arrow|grpc|genproto|flatbuffers|msgp|vtprotobuf|mus-go|philhofer|fury-go/fury/(bench|furygrpc|row/rowarrow|examples)'

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/go.mod" <<MOD
module example.com/consumer

go 1.26.0

require github.com/fury-go/fury v0.0.0-00010101000000-000000000000

replace github.com/fury-go/fury => $root
MOD
cat >"$tmp/main.go" <<'GO'
package main

import (
	"fmt"

	"github.com/fury-go/fury/fury"
)

type Order struct {
	ID    int64
	Items []string
}

func main() {
	data, err := fury.Marshal(&Order{ID: 7, Items: []string{"tea"}})
	if err != nil {
		panic(err)
	}
	var o Order
	if err := fury.Unmarshal(data, &o); err != nil {
		panic(err)
	}
	fmt.Println(o.ID, o.Items)
}
GO
echo "== consumer importing only github.com/fury-go/fury/fury (outside the workspace, GOWORK=off)"
cd "$tmp"
go mod tidy
go run .
graph="$(go list -m -f '{{.Path}}' all)"
echo "module graph (go list -m all):"
sed 's/^/	/' <<<"$graph"
status=0
if bad="$(grep -E "$forbidden" <<<"$graph")"; then
	echo "FAIL: the consumer's module graph has benchmark, Arrow or gRPC modules:" >&2
	sed 's/^/	/' <<<"$bad" >&2
	status=1
fi
if extra="$(grep -vxF -f <(printf '%s\n' "${allowed[@]}") <<<"$graph")"; then
	echo "FAIL: modules not in scripts/check-modules.sh's allowed list (a new dependency of the library module?):" >&2
	sed 's/^/	/' <<<"$extra" >&2
	status=1
fi
linked="$(go list -deps -f '{{if not .Standard}}{{.ImportPath}}{{end}}' . | grep -v -e '^example.com/consumer$' -e '^github.com/fury-go/fury/' || true)"
if [[ -n "$linked" ]]; then
	echo "FAIL: the consumer links packages from outside the standard library and this module:" >&2
	sed 's/^/	/' <<<"$linked" >&2
	status=1
fi
if [[ "$status" -eq 0 ]]; then
	echo "ok: $(wc -l <<<"$graph") modules in the consumer's graph, all allowed; it links only the standard library and github.com/fury-go/fury"
fi
exit "$status"
