// Package fury is the entry of fury (github.com/fury-go/fury, the Apache Fory
// xlang wire format for Go) in go_serialization_benchmarks: the benchmark's
// SmallStruct marshalled and unmarshalled by the code furygen generated for it
// (structdef_fury.go), in schema-consistent mode (both sides know the struct;
// a 4-byte hash of its layout travels instead of its field names and types).
package fury

import (
	"fmt"

	"github.com/alecthomas/go_serialization_benchmarks/goserbench"
	furygo "github.com/fury-go/fury/fury"
)

// smallStructID is the id the struct is registered under, as a user would
// register it (a name would travel as its bytes).
const smallStructID = 1

// FurySerializer marshals with a Fury made for one goroutine, as the harness
// uses a serializer. With reuse, Marshal appends into one buffer and returns
// it, so the result is valid until the next Marshal; without it, each Marshal
// returns a new slice. Unmarshal copies the strings out of its input unless
// the Fury aliases the input (WithAliasInput).
type FurySerializer struct {
	f     *furygo.Fury
	reuse bool
	buf   []byte
}

func newFurySerializer(reuse, aliasInput bool) *FurySerializer {
	f := furygo.New(furygo.WithCompatible(false), furygo.WithAliasInput(aliasInput))
	if err := f.Register(SmallStruct{}, smallStructID); err != nil {
		panic(fmt.Sprintf("fury: register SmallStruct: %v", err))
	}
	if !f.GeneratedInUse(SmallStruct{}) {
		panic("fury: the generated code for SmallStruct is not in use (structdef_fury.go missing or out of date: run go generate)")
	}
	return &FurySerializer{f: f, reuse: reuse}
}

// Marshal serializes o, a *goserbench.SmallStruct.
func (s *FurySerializer) Marshal(o interface{}) ([]byte, error) {
	v := (*SmallStruct)(o.(*goserbench.SmallStruct))
	if !s.reuse {
		return s.f.Marshal(v)
	}
	var err error
	s.buf, err = s.f.MarshalAppend(s.buf[:0], v)
	return s.buf, err
}

// Unmarshal deserializes d into o, a *goserbench.SmallStruct.
func (s *FurySerializer) Unmarshal(d []byte, o interface{}) error {
	return s.f.Unmarshal(d, (*SmallStruct)(o.(*goserbench.SmallStruct)))
}

// NewFurySerializer returns the entry "fury": a new buffer per Marshal,
// strings copied out of the input.
func NewFurySerializer() goserbench.Serializer {
	return newFurySerializer(false, false)
}

// NewFuryReuseSerializer returns the entry "fury/reuse": Marshal appends into
// a reused buffer, strings copied out of the input.
func NewFuryReuseSerializer() goserbench.Serializer {
	return newFurySerializer(true, false)
}

// NewFuryUnsafeReuseSerializer returns the entry "fury/unsafe_reuse": Marshal
// appends into a reused buffer, and Unmarshal's strings point into its input
// (WithAliasInput(true)), which must then stay unchanged while they are used.
func NewFuryUnsafeReuseSerializer() goserbench.Serializer {
	return newFurySerializer(true, true)
}
