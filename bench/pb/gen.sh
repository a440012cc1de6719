#!/usr/bin/env bash
# Regenerates bench.pb.go and struct.pb.go from the .proto files.
# Tools: protoc (Debian's protobuf-compiler, libprotoc 3.21.12) and
#   go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12
# (the google.golang.org/protobuf version in go.mod).
set -euo pipefail
cd "$(dirname "$0")"
PATH="$(go env GOPATH)/bin:$PATH" protoc --proto_path=. --go_out=. --go_opt=paths=source_relative bench.proto struct.proto
