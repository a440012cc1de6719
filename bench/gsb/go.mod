// bench/gsb holds fury's entry for go_serialization_benchmarks (see
// README.md): its package is built inside that harness, whose goserbench
// package it imports, never here. This go.mod only keeps the directory out of
// the bench module (and out of the workspace, go.work): nothing here is built
// with this repository's modules.
module github.com/fury-go/fury/bench/gsb

go 1.26.0
