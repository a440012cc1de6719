#!/usr/bin/env bash
# Regenerates the Go code from the .proto files: *.pb.go (protobuf-go) and
# *_vtproto.pb.go (vtprotobuf's MarshalVT/UnmarshalVT/SizeVT for the same
# messages).
# Tools: protoc (Debian's protobuf-compiler, libprotoc 3.21.12) and
#   go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
#   go install github.com/planetscale/vtprotobuf/cmd/protoc-gen-go-vtproto@v0.6.0
# (the google.golang.org/protobuf and vtprotobuf versions in go.mod).
set -euo pipefail
cd "$(dirname "$0")"
PATH="$(go env GOPATH)/bin:$PATH"
for tool in protoc protoc-gen-go protoc-gen-go-vtproto; do
	if ! command -v "$tool" >/dev/null; then
		# go generate ./... on a machine without the tools keeps the committed code.
		echo "bench/pb/gen.sh: $tool not found, keeping the committed code (see this script for the tools)" >&2
		exit 0
	fi
done
protoc --proto_path=. \
	--go_out=. --go_opt=paths=source_relative \
	--go-vtproto_out=. --go-vtproto_opt=paths=source_relative,features=marshal+unmarshal+size \
	bench.proto struct.proto small.proto
