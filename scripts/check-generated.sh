#!/usr/bin/env bash
# Fails if a generated file is out of date:
#   - the avo assembly and stubs of internal/asm (regenerated in a scratch copy);
#   - every furygen output (fury/internal/gentest, examples/generate, bench,
#     bench/gsb);
#   - bench/gen_struct.go's output (the Struct model, its converters, its
#     ideal-layout coder, its .proto and .fbs);
#   - the msgp code in bench/ (its generator comes from the module proxy at
#     the version pinned in bench/gen.go).
# Everything is regenerated in a scratch copy of the working tree and
# compared with the checkout, which is only read: another run in the same
# checkout (a second make test) never compiles a half-written file.
# The protobuf, vtprotobuf and flatbuffers code in bench/ is committed with
# the command that made it (bench/pb/gen.sh, bench/fb/gen.sh); those need
# protoc and a matching flatc, which CI does not install, so they are not
# rerun here.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
internal/asm/check-generated.sh
scripts/check-schemas.sh

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# The working tree's files, tracked or not (ignored ones left out).
git ls-files -z -c -o --exclude-standard |
	while IFS= read -r -d '' f; do [[ -e "$f" ]] && printf '%s\0' "$f"; done |
	tar --null -T - -cf - | tar -xf - -C "$tmp"
(
	cd "$tmp"
	go generate ./fury/internal/gentest ./examples/generate
	(cd bench && go run gen_struct.go)
	go run ./cmd/furygen -check -type Sample,Media,Image,MediaContent,Struct,SmallStruct -buildtag furygen ./bench
	grep -h '^//go:generate go run github.com/tinylib/msgp@' bench/gen.go | sed 's|^//go:generate ||' |
		(cd bench && while read -r cmd; do $cmd >/dev/null; done)
)

status=0
for d in fury/internal/gentest examples/generate; do
	diff -ruN "$root/$d" "$tmp/$d" || status=1
done
shopt -s nullglob
generated() { (cd "$1" && printf '%s\n' bench/*_fury.go bench/*_msgp.go bench/struct*_gen*.go bench/pb/struct.proto bench/fb/struct.fbs); }
for f in $( { generated "$root"; generated "$tmp"; } | sort -u); do
	diff -uN "$root/$f" "$tmp/$f" || status=1
done
# fury's entry for go_serialization_benchmarks (bench/gsb; its package builds
# only inside that harness, so its own script regenerates it).
bench/gsb/gen.sh -check || status=1
if [[ "$status" -ne 0 ]]; then
	echo "generated files are out of date: run go generate (bench/gsb: bench/gsb/gen.sh) and commit the result" >&2
	exit 1
fi
echo "furygen, gen_struct and msgp output is up to date"
