package furygrpc_test

import (
	"fmt"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
)

type Greeting struct {
	Name string
}

// A codec with a registration, as both the server
// (grpc.ForceServerCodecV2(codec)) and the client
// (grpc.WithDefaultCallOptions(grpc.ForceCodecV2(codec))) would use it; here
// it marshals and unmarshals one message directly. examples/grpc in the
// repository is a whole service.
func ExampleNew() {
	codec, err := furygrpc.New(
		furygrpc.WithFuryOptions(fury.WithCompatible(true)),
		furygrpc.WithTagType("example.Greeting", Greeting{}),
	)
	if err != nil {
		panic(err)
	}
	frame, err := codec.Marshal(&Greeting{Name: "Ann"})
	if err != nil {
		panic(err)
	}
	defer frame.Free()
	var g Greeting
	if err := codec.Unmarshal(frame, &g); err != nil {
		panic(err)
	}
	fmt.Println(codec.Name(), g.Name)
	// Output: fory Ann
}
