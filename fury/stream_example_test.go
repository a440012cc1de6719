package fury_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/fury-go/fury/fury"
)

type Event struct {
	Seq  int64
	Kind string
}

// Messages written one after another with an Encoder, read back with a
// Decoder until io.EOF.
func ExampleNewDecoder() {
	var stream bytes.Buffer // a file or a network connection in real use
	enc := fury.NewEncoder(&stream)
	if err := enc.Fury().RegisterTagType("example.Event", Event{}); err != nil {
		panic(err)
	}
	for i, kind := range []string{"open", "write", "close"} {
		if err := enc.Encode(&Event{Seq: int64(i), Kind: kind}); err != nil {
			panic(err)
		}
	}

	dec := fury.NewDecoder(&stream)
	if err := dec.Fury().RegisterTagType("example.Event", Event{}); err != nil {
		panic(err)
	}
	for {
		var e Event
		err := dec.Decode(&e)
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		fmt.Printf("%d %s\n", e.Seq, e.Kind)
	}
	// Output:
	// 0 open
	// 1 write
	// 2 close
}
