// Package furydump inspects Fory xlang messages without their Go types,
// as protoc --decode_raw does for protobuf: the header, every value's
// reference flag, type info and data (struct fields, list and map
// elements, scalars' values), the TypeDefs a compatible-mode message
// shares (field names, types, nullable and ref bits) and the meta strings
// of registered names, each with its byte offsets. A message that does
// not read (cut short, or malformed) is dumped up to where it breaks, with
// the offset and the reason.
//
// A message from any peer (pyfory, Java fory-core, Rust fory, or this
// module) reads whole in compatible mode, whose structs carry their
// TypeDefs. In schema-consistent mode a struct's data carries only a hash
// of its schema: its fields can be read only with the struct's type
// registered, so Options.Fury gives the types, or the dump stops at the
// first struct it cannot lay out.
//
// The command cmd/furydump prints a dump as text or JSON.
package furydump

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/dump"
)

// A Dump is what an inspection found in a message. Its JSON form (see
// encoding/json) is the command's -json output.
type Dump = dump.Dump

// A Node is a value (or a map entry) of the message, with its byte range.
type Node = dump.Node

// TypeInfo is the type info a value carries.
type TypeInfo = dump.TypeInfo

// A TypeDef is a type's shared meta as the message carries it.
type TypeDef = dump.TypeDef

// A Field is a field of a struct's TypeDef.
type Field = dump.Field

// Error says at which offset, inside which values, and why a message does
// not read.
type Error = dump.Error

// Mode is the mode the message is read in.
type Mode = dump.Mode

const (
	// Auto reads the message in compatible mode, and in
	// schema-consistent mode if that fails, keeping the reading that
	// gets further.
	Auto = dump.Auto
	// Compatible reads structs by the TypeDefs the message carries.
	Compatible = dump.Compatible
	// Consistent reads structs by the layout of their registered types.
	Consistent = dump.Consistent
)

// Options configure Inspect.
type Options struct {
	// Mode is the mode to read in (Auto by default). With Fury set, the
	// Fury's mode is used.
	Mode Mode
	// Fury, if not nil, gives the registered types (their names, and in
	// schema-consistent mode the layout of their structs). Inspect uses
	// its decoding state: do not use it concurrently.
	Fury *fury.Fury
}

// Inspect reads the message in data and returns what it found. When the
// message does not read, the Dump holds what was read up to there and its
// Error field where and why it broke, and the error (matching fury's
// sentinels, such as fury.ErrTruncated) is returned too. Inspect never
// panics.
func Inspect(data []byte, opts Options) (*Dump, error) {
	if opts.Fury != nil {
		return dump.Walk(data, opts.Fury, dump.Auto)
	}
	switch opts.Mode {
	case Compatible, Consistent:
		return dump.Walk(data, nil, opts.Mode)
	case Auto:
	default:
		return nil, fmt.Errorf("furydump: unknown mode %d", opts.Mode)
	}
	d, err := dump.Walk(data, nil, Compatible)
	if err == nil {
		return d, nil
	}
	d2, err2 := dump.Walk(data, nil, Consistent)
	if err2 == nil || d2.Error.Offset > d.Error.Offset {
		return d2, err2
	}
	return d, err
}

// WriteText writes d as text, one line per item: its offset, the item
// (indented by nesting), and the offset where it ends.
func WriteText(w io.Writer, d *Dump) error { return d.WriteText(w) }

// WriteJSON writes d as indented JSON.
func WriteJSON(w io.Writer, d *Dump) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
