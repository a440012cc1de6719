#!/usr/bin/env bash
# Fails if any generated file is out of date: the avo assembly in
# internal/asm, and every file `go generate ./...` writes (furygen output,
# protobuf/flatbuffers code is checked only where its compilers exist).
set -euo pipefail
cd "$(dirname "$0")/.."
internal/asm/check-generated.sh
before="$(git status --porcelain)"
go generate ./...
after="$(git status --porcelain)"
if [ "$before" != "$after" ] || ! git diff --quiet; then
	git --no-pager diff --stat
	echo "go generate ./... changed files: regenerate and commit them" >&2
	exit 1
fi
echo "generated files are up to date"
