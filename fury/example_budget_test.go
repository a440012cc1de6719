package fury_test

import (
	"errors"
	"fmt"

	"github.com/fury-go/fury/fury"
)

func ExampleWithMaxDecodedBytes() {
	// A list of 40,000 elements that take no bytes each ("none"), read
	// into a slice of 2 KiB structs, would need 80 MB.
	type Mat struct{ M [256]float64 }
	in := append([]byte{0x01, 0xff, 0x16, 0xc0, 0xb8, 0x02, 0x08, 0x24}, make([]byte, 40000)...)
	var ms []Mat
	err := fury.New().Unmarshal(in, &ms)
	fmt.Println(errors.Is(err, fury.ErrTooLarge))

	// Real data within the budget decodes.
	f := fury.New(fury.WithMaxDecodedBytes(1 << 20))
	data, _ := f.Marshal(make([]Mat, 100))
	fmt.Println(f.Unmarshal(data, &ms), len(ms))
	// Output:
	// true
	// <nil> 100
}

type Signal struct {
	Name string
	At   int64
}

func ExampleRegister() {
	// Package-level registrations serve fury.Marshal and fury.Unmarshal;
	// they are safe at any time, also while other goroutines marshal.
	if err := fury.RegisterTagType("example.Signal", Signal{}); err != nil {
		panic(err)
	}
	data, _ := fury.Marshal(Signal{Name: "start", At: 1})
	var v any
	_ = fury.Unmarshal(data, &v)
	fmt.Printf("%+v\n", v)
	// Output: &{Name:start At:1}
}
