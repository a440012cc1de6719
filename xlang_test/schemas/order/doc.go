// Package order holds the Go code furygen generates from order.proto,
// with default flags. Its imported schema, money.proto, has a Go package
// of its own (package money), which the generated code imports.
package order

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema order.proto
