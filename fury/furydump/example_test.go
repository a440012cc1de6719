package furydump_test

import (
	"fmt"
	"os"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/furydump"
)

type point struct {
	X, Y int32
}

func ExampleInspect() {
	f := fury.New(fury.WithCompatible(true))
	if err := f.Register(point{}, 102); err != nil {
		panic(err)
	}
	data, err := f.Marshal([]point{{1, 2}})
	if err != nil {
		panic(err)
	}
	// The reader needs no Go types: the message carries the TypeDef.
	d, err := furydump.Inspect(data[:len(data)-1], furydump.Options{})
	fmt.Println(err)
	if err := furydump.WriteText(os.Stdout, d); err != nil {
		panic(err)
	}
	// Output:
	// fury: truncated input: read past end of buffer
	// message of 24 bytes, read in compatible mode
	// 0000  header 0x01 (xlang)
	// 0001  root: <list> len 1 [same_type] of <compatible_struct #102 def#0>  (..?)
	// 0023    [0]: struct #102  (..?)
	// 0023      x: varint32 1  (..24)
	// 0024      y:  (..?)
	// type defs:
	//   def#0 at 0005: struct id=102 (compatible)
	//     x: varint32
	//     y: varint32
	// error at offset 24 in root[0].y: fury: truncated input: read past end of buffer
}
