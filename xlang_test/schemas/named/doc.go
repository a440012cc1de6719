// Package named holds the Go code furygen generates from named.fdl, whose
// types are registered by name (enable_auto_type_id = false), shared by the
// cross-language tests with the Python foryc generates.
package named

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema named.fdl
