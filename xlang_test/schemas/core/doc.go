// Package core holds the Go code furygen generates from core.fdl (and the
// common.fdl it imports), the schema the cross-language tests share with
// the Python code foryc generates from the same files.
package core

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema core.fdl
