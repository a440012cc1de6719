// Package unions holds the Go code furygen generates from unions.fdl,
// shared by the cross-language tests with the Python foryc generates.
package unions

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema unions.fdl
