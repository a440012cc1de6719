package furyrt

import (
	"reflect"
	"sync"
	"unsafe"
)

// Codec is the specialized code that furygen writes for one struct type.
// Generated files register it from an init function (Register); every
// fury.Fury then uses it for that type in place of the reflection plan, for
// the parts it covers: the runtime still writes and reads the reference
// flag, the type info and (in schema-consistent mode) the struct hash, and
// handles compatible-mode input whose layout differs from the local one.
//
// Generated code must write exactly the bytes the reflection path writes.
// The runtime checks Fields against its own plan when it builds the plan,
// and ignores a codec whose field order differs (see fury.Fury.GeneratedInUse).
type Codec struct {
	// Fields lists the struct's Go field names in the order the codec
	// writes them (promoted fields of embedded structs as "Embedded.Field").
	Fields []string
	// Enums lists the fields (paths, as in Fields) that the codec writes as
	// enums, and the enums inside fields ("Colors[]" for a list or set
	// element, "Scores[key]" and "Scores[val]" for a map's key and value).
	// Whether a named integer type is an enum depends on the Fury's
	// registrations, and changes both the field order and the encoding, so
	// furygen emits one codec per possibility and the runtime uses the one
	// whose Fields and Enums match its plan.
	Enums []string
	// Write writes the fields of the struct at p (a *T) in wire order.
	Write func(w *Writer, p unsafe.Pointer) error
	// Read reads the fields of the struct at p (a *T) in wire order.
	Read func(r *Reader, p unsafe.Pointer) error
	// Flat states that Read assigns every field of the struct (the
	// struct has no field Read does not read) on every path on which it
	// returns nil, and enters the runtime only through Reader.ReadField.
	// furygen sets it for structs whose fields are all scalars, strings,
	// enums and timestamps. The runtime then reads a root of the type
	// into a used destination without clearing it first (it clears it
	// when Read fails) and without a panic net around Read (ReadField has
	// its own), and ignores the flag for a type with any other field.
	Flat bool
}

var (
	codecsMu sync.Mutex
	codecs   sync.Map // reflect.Type -> []*Codec
)

// Register installs generated code for the type of sample (a struct value
// or a pointer to one). Generated files call it from init; a type may have
// several codecs (see Codec.Enums).
func Register(sample any, c *Codec) {
	t := reflect.TypeOf(sample)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	codecsMu.Lock()
	defer codecsMu.Unlock()
	var cs []*Codec
	if v, ok := codecs.Load(t); ok {
		cs = v.([]*Codec)
	}
	codecs.Store(t, append(cs[:len(cs):len(cs)], c))
}

// Codecs returns the codecs registered for struct type t, in the order
// they were registered. Package fury looks them up when it plans t.
func Codecs(t reflect.Type) []*Codec {
	if v, ok := codecs.Load(t); ok {
		return v.([]*Codec)
	}
	return nil
}
