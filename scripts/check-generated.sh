#!/usr/bin/env bash
# Fails if a generated file is out of date:
#   - the avo assembly and stubs of internal/asm (regenerated in a scratch copy);
#   - every furygen output (fury/internal/gentest, examples/generate, bench):
#     regenerated in place, then compared with what is committed.
#   - bench/gen_struct.go's output (the Struct model, its converters, its
#     ideal-layout coder, its .proto and .fbs);
#   - the msgp code in bench/ (its generator comes from the module proxy at
#     the version pinned in bench/gen.go).
# The protobuf, vtprotobuf and flatbuffers code in bench/ is committed with
# the command that made it (bench/pb/gen.sh, bench/fb/gen.sh); those need
# protoc and a matching flatc, which CI does not install, so they are not
# rerun here.
set -euo pipefail
cd "$(dirname "$0")/.."
internal/asm/check-generated.sh
scripts/check-schemas.sh
go generate ./fury/internal/gentest ./examples/generate
(cd bench && go run gen_struct.go)
go run ./cmd/furygen -check -type Sample,Media,Image,MediaContent,Struct,SmallStruct -buildtag furygen ./bench
grep -h '^//go:generate go run github.com/tinylib/msgp@' bench/gen.go | sed 's|^//go:generate ||' |
	(cd bench && while read -r cmd; do $cmd >/dev/null; done)
paths=(fury/internal/gentest examples/generate ':(glob)bench/*_fury.go' ':(glob)bench/*_msgp.go'
	':(glob)bench/struct*_gen*.go' bench/pb/struct.proto bench/fb/struct.fbs)
if ! git diff --quiet -- "${paths[@]}"; then
	git --no-pager diff --stat -- "${paths[@]}"
	echo "generated files are out of date: run go generate and commit the result" >&2
	exit 1
fi
echo "furygen, gen_struct and msgp output is up to date"
