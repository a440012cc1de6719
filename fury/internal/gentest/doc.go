// Package gentest holds struct types with furygen output, used by the fury
// package's tests to hold generated code to the reflection path: every
// generated type T has a twin TR with the same fields and no generated code
// (a type definition "type TR T", or a hand-written copy when nested
// structs must be twins too). Registered under the same ids or names in two
// Fury instances, T and TR must serialize to the same bytes.
package gentest

//go:generate go run github.com/fury-go/fury/cmd/furygen
