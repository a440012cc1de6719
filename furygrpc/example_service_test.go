package furygrpc_test

import (
	"context"
	"errors"
	"fmt"
	"io"
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

// A running total: a bidirectional-streaming method, declared once.
var runningTotal = furygrpc.NewBidiStream[HelloRequest, HelloReply]("example.Counter", "Total")

// A bidirectional-streaming method: the server answers each request as
// it arrives; the client sends, receives, and closes its side at the end.
// NewClientStream is the same with one answer (SendAndClose on the server,
// CloseAndRecv on the client).
func ExampleNewBidiStream() {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := grpc.NewServer()
	err = furygrpc.RegisterService(srv, runningTotal.Handle(func(s grpc.BidiStreamingServer[HelloRequest, HelloReply]) error {
		total := ""
		for {
			in, err := s.Recv()
			if errors.Is(err, io.EOF) {
				return nil // the client closed its side
			}
			if err != nil {
				return err
			}
			total += in.Name
			if err := s.Send(&HelloReply{Text: total}); err != nil {
				return err
			}
		}
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
	stream, err := runningTotal.Invoke(context.Background(), conn)
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range []string{"a", "b", "c"} {
		if err := stream.Send(&HelloRequest{Name: name}); err != nil {
			log.Fatal(err)
		}
		reply, err := stream.Recv()
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(reply.Text)
	}
	if err := stream.CloseSend(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// a
	// ab
	// abc
}
