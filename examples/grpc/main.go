// Command grpc runs a small gRPC service whose messages are plain Go
// structs carried by the furygrpc codec (content-subtype
// application/grpc+fory): it starts a server on a loopback port, calls it
// (one unary call, one server-streaming call, one call with a payload the
// server cannot decode), prints what came back and exits.
//
// No .proto file and no generated code: the service is described by a
// grpc.ServiceDesc written by hand, with one generic handler.
//
//	go run ./examples/grpc
package main

import (
	"context"
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

// unary turns a typed function into a grpc.MethodDesc.
func unary[Req, Resp any](name string, fn func(context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: name,
		Handler: func(_ any, ctx context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			return fn(ctx, in)
		},
	}
}

var greeter = grpc.ServiceDesc{
	ServiceName: "example.Greeter",
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{
		unary("SayHello", func(_ context.Context, g *Greeting) (*Reply, error) {
			return &Reply{Text: hello(g) + ", " + g.Name, Count: 1}, nil
		}),
	},
	Streams: []grpc.StreamDesc{{
		StreamName:    "SayHelloThrice",
		ServerStreams: true,
		Handler: func(_ any, s grpc.ServerStream) error {
			var g Greeting
			if err := s.RecvMsg(&g); err != nil {
				return err
			}
			for i := range int32(3) {
				if err := s.SendMsg(&Reply{Text: hello(&g) + " again, " + g.Name, Count: i + 1}); err != nil {
					return err
				}
			}
			return nil
		},
	}},
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
	srv.RegisterService(&greeter, struct{}{})
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
	var r Reply
	if err := conn.Invoke(ctx, "/example.Greeter/SayHello", &Greeting{Name: "Ann", Language: "fr"}, &r); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("unary reply:       %q (count %d)\n", r.Text, r.Count)

	// Server streaming.
	s, err := conn.NewStream(ctx, &greeter.Streams[0], "/example.Greeter/SayHelloThrice")
	if err != nil {
		log.Fatal(err)
	}
	if err := s.SendMsg(&Greeting{Name: "Bob", Language: "de"}); err != nil {
		log.Fatal(err)
	}
	if err := s.CloseSend(); err != nil {
		log.Fatal(err)
	}
	for {
		var r Reply
		if err := s.RecvMsg(&r); err == io.EOF {
			break
		} else if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("streamed reply %d:  %q\n", r.Count, r.Text)
	}

	// A request the server cannot decode (bytes that are not a Fory
	// message) fails the call with a gRPC status, and the server stays up.
	junk := []byte("not a fory message")
	err = conn.Invoke(ctx, "/example.Greeter/SayHello", &junk, &r,
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
