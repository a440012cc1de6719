// Package billing holds the Go code furygen generates from billing.fdl,
// which imports money.proto as order.proto does: both Go packages import
// package money, and register on one Fury.
package billing

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema billing.fdl
