// Package money holds the Go code furygen generates from money.proto, the
// schema that order.proto and billing.fdl import. Their Go packages import
// this one (money.proto's go_package) instead of declaring its types
// again, and their RegisterTypes call this package's.
package money

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema money.proto
