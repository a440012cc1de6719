// Command customtypes shows cross-language custom types: SomeClass1 and
// SomeClass2 registered as example.SomeClass1 and example.SomeClass2, the
// names the Python and Java programs register them under, so the bytes can
// come from (or go to) those programs.
//
//	go run ./examples/customtypes
package main

import (
	"fmt"
	"log"
	"math"
	"reflect"

	"github.com/fury-go/fury/fury"
)

// SomeClass1 is the outer object (Python's SomeClass1; the Java program
// calls its class SomeClass2; the registered names are what must match).
type SomeClass1 struct {
	F1  any
	F2  string
	F3  []any
	F4  map[int8]int32
	F5  int8
	F6  int16
	F7  int32
	F8  int64
	F9  float32
	F10 float64
	F11 []int16         // an int16 array (Java short[], Python array('h'))
	F12 fury.Int16Slice // a list of int16 (Java List<Short>, Python List[Int16])
}

// SomeClass2 is nested in SomeClass1.F1.
type SomeClass2 struct {
	F1 any
	F2 map[int8]int32
}

func main() {
	f := fury.New()
	if err := f.RegisterTagType("example.SomeClass1", SomeClass1{}); err != nil {
		log.Fatal(err)
	}
	if err := f.RegisterTagType("example.SomeClass2", SomeClass2{}); err != nil {
		log.Fatal(err)
	}
	obj2 := &SomeClass2{F1: true, F2: map[int8]int32{-1: 2}}
	obj := &SomeClass1{
		F1: obj2, F2: "abc", F3: []any{"abc", "abc"}, F4: map[int8]int32{1: 2},
		F5: math.MaxInt8, F6: math.MaxInt16, F7: math.MaxInt32, F8: math.MaxInt64,
		F9: 1.0 / 2, F10: 1 / 3.0, F11: []int16{1, 2}, F12: []int16{-1, 4},
	}
	bytes, err := f.Marshal(obj)
	if err != nil {
		log.Fatal(err)
	}
	var newValue any
	// bytes can be data serialized by other languages.
	if err := f.Unmarshal(bytes, &newValue); err != nil {
		log.Fatal(err)
	}
	got := newValue.(*SomeClass1)
	fmt.Printf("serialized:  %d bytes\n", len(bytes))
	fmt.Printf("read back:   %T\n", newValue)
	fmt.Printf("F1 (nested): %T %+v\n", got.F1, *got.F1.(*SomeClass2))
	fmt.Printf("F2..F4:      %q %q %v\n", got.F2, got.F3, got.F4)
	fmt.Printf("F5..F8:      %d %d %d %d\n", got.F5, got.F6, got.F7, got.F8)
	fmt.Printf("F9, F10:     %v %v\n", got.F9, got.F10)
	fmt.Printf("F11 (array): %v   F12 (list): %v\n", got.F11, got.F12)
	fmt.Printf("same value:  %v\n", reflect.DeepEqual(obj, got))
}
