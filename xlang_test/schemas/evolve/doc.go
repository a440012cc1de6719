// Package evolve holds the Go code furygen generates from profile_v2.fdl,
// a later version of the profile_v1.fdl the tests compile to Python: the
// two exchange values in compatible mode, matching fields by id.
package evolve

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema profile_v2.fdl
