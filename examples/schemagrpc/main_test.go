package main

import (
	"bytes"
	"context"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"

	"github.com/fury-go/fury/examples/schemagrpc/chat"
)

// connect serves srv (with the schema's codec and sopts) over an in-memory
// listener and returns a client of it using the schema's codec.
func connect(t *testing.T, srv chat.GreeterServer, sopts ...grpc.ServerOption) chat.GreeterClient {
	t.Helper()
	codec, err := chat.NewCodec()
	require.NoError(t, err)
	lis := bufconn.Listen(1 << 20)
	s := grpc.NewServer(append([]grpc.ServerOption{grpc.ForceServerCodecV2(codec)}, sopts...)...)
	require.NoError(t, chat.RegisterGreeterServer(s, srv))
	go func() { _ = s.Serve(lis) }()
	t.Cleanup(s.Stop)
	conn, err := grpc.NewClient("passthrough:///bufnet",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodecV2(codec)))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return chat.NewGreeterClient(conn)
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// TestGeneratedService: the generated server registration and client carry
// every kind of rpc (unary, server, client and bidirectional streaming)
// over a real grpc server, under the method paths foryc gives them.
func TestGeneratedService(t *testing.T) {
	var methods []string
	record := func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
		methods = append(methods, info.FullMethod)
		return h(ctx, req)
	}
	recordStream := func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
		methods = append(methods, info.FullMethod)
		return h(srv, ss)
	}
	c := connect(t, greeter{}, grpc.UnaryInterceptor(record), grpc.StreamInterceptor(recordStream))
	var out bytes.Buffer
	require.NoError(t, callAll(testContext(t), c, &out))
	assert.Equal(t, `Say: "hello Ann!" 3
Repeat: "Bo" 0
Repeat: "Bo" 1
Repeat: "Bo" 2
Collect: "collected" 6 Cy,Di,Ed
Chat: "echo Fay" 10
Chat: "echo Gus" 12
Pick: text "TEA"
Pick: number 42
`, out.String())
	assert.Equal(t, []string{"/example.chat.Greeter/Say", "/example.chat.Greeter/Repeat",
		"/example.chat.Greeter/Collect", "/example.chat.Greeter/Chat", "/example.chat.Greeter/Pick",
		"/example.chat.Greeter/Pick"}, methods)
}

// onlySay implements Say and leaves the rest to the embedded
// UnimplementedGreeterServer.
type onlySay struct {
	chat.UnimplementedGreeterServer
}

func (onlySay) Say(_ context.Context, in *chat.Hello) (*chat.Reply, error) {
	if in.Name == "" {
		return nil, status.Error(codes.InvalidArgument, "a name, please")
	}
	return &chat.Reply{Text: in.Name}, nil
}

// TestGeneratedUnimplemented: methods a server leaves to the embedded
// UnimplementedGreeterServer answer codes.Unimplemented, of every kind;
// a handler's status error reaches the client unchanged.
func TestGeneratedUnimplemented(t *testing.T) {
	ctx := testContext(t)
	c := connect(t, onlySay{})
	r, err := c.Say(ctx, &chat.Hello{Name: "x"})
	require.NoError(t, err)
	assert.Equal(t, "x", r.Text)
	_, err = c.Say(ctx, &chat.Hello{})
	assert.Equal(t, codes.InvalidArgument, status.Code(err))

	rs, err := c.Repeat(ctx, &chat.Hello{Name: "x", Times: 2})
	require.NoError(t, err)
	_, err = rs.Recv()
	assert.Equal(t, codes.Unimplemented, status.Code(err))

	cs, err := c.Collect(ctx)
	require.NoError(t, err)
	_, err = cs.CloseAndRecv()
	assert.Equal(t, codes.Unimplemented, status.Code(err))
	assert.Contains(t, status.Convert(err).Message(), "method Collect not implemented")

	bs, err := c.Chat(ctx)
	require.NoError(t, err)
	_, err = bs.Recv()
	assert.Equal(t, codes.Unimplemented, status.Code(err))

	var choice chat.Choice = &chat.Choice_Number{Number: 1}
	_, err = c.Pick(ctx, &choice)
	assert.Equal(t, codes.Unimplemented, status.Code(err))
}

// TestGeneratedUnionRPC: a union travels as an rpc's request and response;
// a union without a case is no message: the client's codec refuses it.
func TestGeneratedUnionRPC(t *testing.T) {
	ctx := testContext(t)
	c := connect(t, greeter{})
	var in chat.Choice = &chat.Choice_Text{Text: "abc"}
	out, err := c.Pick(ctx, &in)
	require.NoError(t, err)
	assert.Equal(t, &chat.Choice_Text{Text: "ABC"}, *out)
	var none chat.Choice
	_, err = c.Pick(ctx, &none)
	assert.Equal(t, codes.Internal, status.Code(err))
	assert.ErrorContains(t, err, "nil union")
}
