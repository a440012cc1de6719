// Package shop holds the Go code furygen generates from shop.proto, the
// .proto schema the cross-language tests share with the Python code foryc
// generates from the same file.
package shop

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema shop.proto
