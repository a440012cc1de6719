// Package xtypes holds the Go code furygen generates from xtypes.fdl:
// half-precision floats, uint8 arrays and evolving=false messages, shared
// by the cross-language tests with the Python foryc generates.
package xtypes

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema xtypes.fdl
