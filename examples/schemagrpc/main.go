// Command schemagrpc serves and calls a gRPC service declared in a schema
// shared with the other Fory languages (chat/chat.fdl): furygen -schema
// -grpc generated its Go server interface, registration and client
// (package chat), as foryc --grpc generates them for Python or Java, with
// the same method paths (/example.chat.Greeter/Say) and the same messages
// on the wire.
//
//	go run ./examples/schemagrpc                 # serve on a loopback port, call every method, print the replies
//	go run ./examples/schemagrpc -serve          # serve only: prints "listening ADDR", stops when stdin closes
//	go run ./examples/schemagrpc -call ADDR      # call every method of a server at ADDR (Go, or foryc's Python)
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"strings"
	"time"

	"github.com/fury-go/fury/examples/schemagrpc/chat"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
)

// greeter implements chat.GreeterServer. Embedding
// UnimplementedGreeterServer keeps it compiling when the schema gains
// methods (they answer codes.Unimplemented until implemented here).
type greeter struct {
	chat.UnimplementedGreeterServer
}

func (greeter) Say(_ context.Context, in *chat.Hello) (*chat.Reply, error) {
	text := "hello " + in.Name
	if in.Mood == chat.MoodCheerful {
		text += "!"
	}
	return &chat.Reply{Text: text, N: in.Times}, nil
}

func (greeter) Repeat(in *chat.Hello, stream grpc.ServerStreamingServer[chat.Reply]) error {
	for i := range in.Times {
		if err := stream.Send(&chat.Reply{Text: in.Name, N: i}); err != nil {
			return err
		}
	}
	return nil
}

func (greeter) Collect(stream grpc.ClientStreamingServer[chat.Hello, chat.Reply]) error {
	out := &chat.Reply{Text: "collected"}
	for {
		in, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return stream.SendAndClose(out)
		}
		if err != nil {
			return err
		}
		out.N += in.Times
		out.Names = append(out.Names, in.Name)
	}
}

func (greeter) Chat(stream grpc.BidiStreamingServer[chat.Hello, chat.Reply]) error {
	for {
		in, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := stream.Send(&chat.Reply{Text: "echo " + in.Name, N: 2 * in.Times}); err != nil {
			return err
		}
	}
}

func (greeter) Pick(_ context.Context, in *chat.Choice) (*chat.Choice, error) {
	var out chat.Choice
	switch c := (*in).(type) {
	case *chat.Choice_Text:
		out = &chat.Choice_Text{Text: strings.ToUpper(c.Text)}
	case *chat.Choice_Number:
		out = &chat.Choice_Number{Number: c.Number + 1}
	default:
		return nil, status.Errorf(codes.InvalidArgument, "Pick: no choice (%T)", c)
	}
	return &out, nil
}

// serve starts a server with the schema's codec on lis.
func serve(lis net.Listener) (*grpc.Server, error) {
	codec, err := chat.NewCodec()
	if err != nil {
		return nil, err
	}
	srv := grpc.NewServer(grpc.ForceServerCodecV2(codec))
	if err := chat.RegisterGreeterServer(srv, greeter{}); err != nil {
		return nil, err
	}
	go func() { _ = srv.Serve(lis) }()
	return srv, nil
}

// dial connects to addr with the schema's codec.
func dial(addr string) (*grpc.ClientConn, error) {
	codec, err := chat.NewCodec()
	if err != nil {
		return nil, err
	}
	return grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodecV2(codec)))
}

// callAll calls every method of the service once and prints the replies,
// one line each.
func callAll(ctx context.Context, c chat.GreeterClient, w io.Writer) error {
	r, err := c.Say(ctx, &chat.Hello{Name: "Ann", Times: 3, Mood: chat.MoodCheerful})
	if err != nil {
		return fmt.Errorf("Say: %w", err)
	}
	fmt.Fprintf(w, "Say: %q %d\n", r.Text, r.N)

	rs, err := c.Repeat(ctx, &chat.Hello{Name: "Bo", Times: 3})
	if err != nil {
		return fmt.Errorf("Repeat: %w", err)
	}
	for {
		r, err := rs.Recv()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("Repeat: %w", err)
		}
		fmt.Fprintf(w, "Repeat: %q %d\n", r.Text, r.N)
	}

	cs, err := c.Collect(ctx)
	if err != nil {
		return fmt.Errorf("Collect: %w", err)
	}
	for i, name := range []string{"Cy", "Di", "Ed"} {
		if err := cs.Send(&chat.Hello{Name: name, Times: int32(i + 1)}); err != nil {
			return fmt.Errorf("Collect: %w", err)
		}
	}
	r, err = cs.CloseAndRecv()
	if err != nil {
		return fmt.Errorf("Collect: %w", err)
	}
	fmt.Fprintf(w, "Collect: %q %d %s\n", r.Text, r.N, strings.Join(r.Names, ","))

	bs, err := c.Chat(ctx)
	if err != nil {
		return fmt.Errorf("Chat: %w", err)
	}
	for i, name := range []string{"Fay", "Gus"} {
		if err := bs.Send(&chat.Hello{Name: name, Times: int32(i + 5)}); err != nil {
			return fmt.Errorf("Chat: %w", err)
		}
		r, err := bs.Recv()
		if err != nil {
			return fmt.Errorf("Chat: %w", err)
		}
		fmt.Fprintf(w, "Chat: %q %d\n", r.Text, r.N)
	}
	if err := bs.CloseSend(); err != nil {
		return fmt.Errorf("Chat: %w", err)
	}
	if _, err := bs.Recv(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("Chat: after CloseSend: %v, want io.EOF", err)
	}

	for _, in := range []chat.Choice{&chat.Choice_Text{Text: "tea"}, &chat.Choice_Number{Number: 41}} {
		out, err := c.Pick(ctx, &in)
		if err != nil {
			return fmt.Errorf("Pick: %w", err)
		}
		switch o := (*out).(type) {
		case *chat.Choice_Text:
			fmt.Fprintf(w, "Pick: text %q\n", o.Text)
		case *chat.Choice_Number:
			fmt.Fprintf(w, "Pick: number %d\n", o.Number)
		default:
			return fmt.Errorf("Pick: got %T", o)
		}
	}
	return nil
}

func main() {
	serveOnly := flag.Bool("serve", false, "serve on a loopback port until stdin closes")
	callAddr := flag.String("call", "", "call every method of the server at this address")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	if *callAddr != "" {
		conn, err := dial(*callAddr)
		if err != nil {
			log.Fatal(err)
		}
		defer conn.Close()
		if err := callAll(ctx, chat.NewGreeterClient(conn), os.Stdout); err != nil {
			log.Fatal(err)
		}
		return
	}

	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	srv, err := serve(lis)
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Stop()
	if *serveOnly {
		fmt.Println("listening", lis.Addr())
		_, _ = io.Copy(io.Discard, bufio.NewReader(os.Stdin)) // until stdin closes
		return
	}
	conn, err := dial(lis.Addr().String())
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	if err := callAll(ctx, chat.NewGreeterClient(conn), os.Stdout); err != nil {
		log.Fatal(err)
	}
}
