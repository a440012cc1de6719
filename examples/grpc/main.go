// Command grpc runs a small gRPC service whose messages are plain Go
// structs carried by the furygrpc codec (content-subtype
// application/grpc+fory): it starts a server on a loopback port, calls it
// (one unary call, one server-streaming call, one call with a payload the
// server cannot decode), prints what came back and exits.
//
// No .proto file and no generated code: each method is declared once with
// furygrpc.NewUnary / NewServerStream, which build the grpc.ServiceDesc on
// the server and make the calls on the client.
//
//	go run ./examples/grpc
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"time"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
)

// The messages.

type Greeting struct {
	Name     string
	Language string
}

type Reply struct {
	Text  string
	Count int32
}

// The service's methods, declared once with their message types; the
// server registers implementations of them and the client calls them
// (furygrpc builds the grpc.ServiceDesc).
var (
	sayHello       = furygrpc.NewUnary[Greeting, Reply]("example.Greeter", "SayHello")
	sayHelloThrice = furygrpc.NewServerStream[Greeting, Reply]("example.Greeter", "SayHelloThrice")
)

// The implementations.

func sayHelloImpl(_ context.Context, g *Greeting) (*Reply, error) {
	return &Reply{Text: hello(g) + ", " + g.Name, Count: 1}, nil
}

func sayHelloThriceImpl(g *Greeting, s grpc.ServerStreamingServer[Reply]) error {
	for i := range int32(3) {
		if err := s.Send(&Reply{Text: hello(g) + " again, " + g.Name, Count: i + 1}); err != nil {
			return err
		}
	}
	return nil
}

func hello(g *Greeting) string {
	switch g.Language {
	case "fr":
		return "Bonjour"
	case "de":
		return "Hallo"
	}
	return "Hello"
}

func main() {
	// The codec both sides use: types registered under the names other
	// languages would use for them.
	codec, err := furygrpc.New(
		furygrpc.WithTagType("example.Greeting", Greeting{}),
		furygrpc.WithTagType("example.Reply", Reply{}),
	)
	if err != nil {
		log.Fatal(err)
	}

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv := grpc.NewServer(grpc.ForceServerCodecV2(codec))
	if err := furygrpc.RegisterService(srv, sayHello.Handle(sayHelloImpl), sayHelloThrice.Handle(sayHelloThriceImpl)); err != nil {
		log.Fatal(err)
	}
	go func() { _ = srv.Serve(lis) }()
	defer srv.Stop()
	fmt.Println("server:            listening on", lis.Addr())

	conn, err := grpc.NewClient(lis.Addr().String(),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodecV2(codec)))
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	// Unary.
	r, err := sayHello.Invoke(ctx, conn, &Greeting{Name: "Ann", Language: "fr"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("unary reply:       %q (count %d)\n", r.Text, r.Count)

	// Server streaming.
	stream, err := sayHelloThrice.Invoke(ctx, conn, &Greeting{Name: "Bob", Language: "de"})
	if err != nil {
		log.Fatal(err)
	}
	for {
		r, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("streamed reply %d:  %q\n", r.Count, r.Text)
	}

	// A request the server cannot decode (bytes that are not a Fory
	// message) fails the call with a gRPC status, and the server stays up.
	junk := []byte("not a fory message")
	err = conn.Invoke(ctx, sayHello.FullMethod(), &junk, new(Reply),
		grpc.ForceCodecV2(rawCodec{}), grpc.CallContentSubtype(furygrpc.Name))
	st, _ := status.FromError(err)
	fmt.Printf("undecodable call:  status %s\n", st.Code())

	// What travels is an ordinary Fory message: any Fury (or peer) with the
	// same registrations reads it.
	f := fury.New()
	_ = f.RegisterTagType("example.Greeting", Greeting{})
	frame, err := codec.Marshal(&Greeting{Name: "Cy"})
	if err != nil {
		log.Fatal(err)
	}
	var g Greeting
	if err := f.Unmarshal(frame.Materialize(), &g); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("a frame, decoded:  %+v (%d bytes)\n", g, frame.Len())
	frame.Free()
}

// rawCodec sends bytes as they are; here only to send junk.
type rawCodec struct{}

func (rawCodec) Name() string { return "raw" }
func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(*v.(*[]byte))}, nil
}
func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}
