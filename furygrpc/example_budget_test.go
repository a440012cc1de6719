package furygrpc_test

import (
	"errors"
	"fmt"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
)

// A service whose requests are small can bound what decoding one may
// allocate below the default (256 KiB + 96 bytes a byte).
func ExampleWithMaxDecodedBytes() {
	codec, err := furygrpc.New(furygrpc.WithMaxDecodedBytes(64 << 10))
	if err != nil {
		panic(err)
	}
	// A request of 10,000 empty structs: a few bytes on the wire, 320 KB
	// of the budget (each element is charged, as each costs time).
	frame, err := codec.Marshal(make([]struct{}, 10000))
	if err != nil {
		panic(err)
	}
	var got []struct{}
	err = codec.Unmarshal(frame, &got)
	fmt.Println(len(frame.Materialize()) < 100, errors.Is(err, fury.ErrTooLarge))
	// Output: true true
}
