// Package fbs holds the Go code furygen generates from monster.fdl, which
// is foryc's FDL translation of the FlatBuffers schema monster.fbs:
//
//	foryc --emit-fdl --emit-fdl-path monster.fdl --lang python -o /tmp/out monster.fbs
//
// (furygen reads .fdl and .proto; .fbs files go through foryc). The
// cross-language tests compile monster.fbs to Python with foryc, check that
// foryc still translates it to the committed monster.fdl, and exchange
// values both ways.
package fbs

//go:generate go run github.com/fury-go/fury/cmd/furygen -schema monster.fdl
