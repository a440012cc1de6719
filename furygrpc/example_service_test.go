package furygrpc_test

import (
	"context"
	"fmt"
	"log"
	"net"

	"github.com/fury-go/fury/furygrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

type HelloRequest struct {
	Name string
}

type HelloReply struct {
	Text string
}

// The method, declared once for the server and the client.
var sayHello = furygrpc.NewUnary[HelloRequest, HelloReply]("example.Greeter", "SayHello")

// A whole service without a .proto file or generated code: the server
// registers the implementation of sayHello, the client calls it. The
// messages travel with the default fory codec (registered when furygrpc is
// imported); no codec option is needed on either side.
func ExampleNewUnary() {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := grpc.NewServer()
	err = furygrpc.RegisterService(srv, sayHello.Handle(func(_ context.Context, in *HelloRequest) (*HelloReply, error) {
		return &HelloReply{Text: "hello, " + in.Name}, nil
	}))
	if err != nil {
		log.Fatal(err)
	}
	go func() { _ = srv.Serve(lis) }()
	defer srv.Stop()

	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	reply, err := sayHello.Invoke(context.Background(), conn, &HelloRequest{Name: "Ann"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(reply.Text)
	// Output: hello, Ann
}
