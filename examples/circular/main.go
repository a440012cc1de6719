// Command circular shows reference tracking: with
// reference tracking on, a struct whose F1 points to itself and whose F3
// shares F2's map comes back with the same shape.
//
//	go run ./examples/circular
package main

import (
	"fmt"
	"log"

	"github.com/fury-go/fury/fury"
)

// SomeClass is registered as example.SomeClass, as in the Python and Java
// versions. Its fields are tagged ref, as theirs are marked
// (pyfory.field(ref=True), Java @Ref): under reference tracking a struct
// field is tracked only when tagged so (fury.WithTrackAllFields(true)
// tracks every field of Go-only graphs instead).
type SomeClass struct {
	F1 *SomeClass        `fury:"ref"`
	F2 map[string]string `fury:"ref"`
	F3 map[string]string `fury:"ref"`
}

func main() {
	f := fury.New(fury.WithRefTracking(true))
	if err := f.RegisterTagType("example.SomeClass", SomeClass{}); err != nil {
		log.Fatal(err)
	}
	value := &SomeClass{F2: map[string]string{"k1": "v1", "k2": "v2"}}
	value.F3 = value.F2
	value.F1 = value
	bytes, err := f.Marshal(value)
	if err != nil {
		log.Fatal(err)
	}
	var newValue any
	// bytes can be data serialized by other languages.
	if err := f.Unmarshal(bytes, &newValue); err != nil {
		log.Fatal(err)
	}
	got := newValue.(*SomeClass)
	got.F2["k3"] = "v3"
	fmt.Printf("%d bytes; F1 is itself: %v; F3 is F2: %v\n", len(bytes), got.F1 == got, got.F3["k3"] == "v3")
}
