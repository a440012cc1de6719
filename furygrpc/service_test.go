package furygrpc_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
)

type svcHello struct {
	Name  string
	Times int32
	Tags  map[string]string
}

type svcReply struct {
	Text string
	N    int32
}

var (
	svcSay    = furygrpc.NewUnary[svcHello, svcReply]("test.Greeter", "Say")
	svcFail   = furygrpc.NewUnary[svcHello, svcReply]("test.Greeter", "Fail")
	svcRepeat = furygrpc.NewServerStream[svcHello, svcReply]("test.Greeter", "Repeat")
)

func say(_ context.Context, h *svcHello) (*svcReply, error) {
	return &svcReply{Text: "hello " + h.Name + " " + h.Tags["lang"], N: h.Times}, nil
}

func repeat(h *svcHello, s grpc.ServerStreamingServer[svcReply]) error {
	for i := range h.Times {
		if err := s.Send(&svcReply{Text: h.Name, N: i}); err != nil {
			return err
		}
	}
	if h.Name == "fail" {
		return status.Error(codes.Aborted, "asked to fail")
	}
	return nil
}

// serve registers handlers on a new server over an in-memory listener and
// returns a plain client connection to it (no codec option: the methods
// ask for the fory content-subtype themselves).
func serve(t *testing.T, sopts []grpc.ServerOption, copts []grpc.DialOption, handlers ...furygrpc.Handler) *grpc.ClientConn {
	t.Helper()
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer(sopts...)
	require.NoError(t, furygrpc.RegisterService(srv, handlers...))
	go func() { _ = srv.Serve(lis) }()
	t.Cleanup(srv.Stop)
	copts = append(copts,
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	conn, err := grpc.NewClient("passthrough:///bufnet", copts...)
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

func greeter() []furygrpc.Handler {
	return []furygrpc.Handler{
		svcSay.Handle(say),
		svcFail.Handle(func(context.Context, *svcHello) (*svcReply, error) {
			return nil, status.Error(codes.FailedPrecondition, "no")
		}),
		svcRepeat.Handle(repeat),
	}
}

func TestServiceUnary(t *testing.T) {
	conn := serve(t, nil, nil, greeter()...)
	r, err := svcSay.Invoke(ctx(t), conn, &svcHello{Name: "Ann", Times: 2, Tags: map[string]string{"lang": "en"}})
	require.NoError(t, err)
	assert.Equal(t, &svcReply{Text: "hello Ann en", N: 2}, r)
	assert.Equal(t, "/test.Greeter/Say", svcSay.FullMethod())

	// The handler's status error reaches the caller unchanged.
	_, err = svcFail.Invoke(ctx(t), conn, &svcHello{})
	assert.Equal(t, codes.FailedPrecondition, status.Code(err))
	assert.Equal(t, "no", status.Convert(err).Message())

	// A method the server does not have.
	_, err = furygrpc.NewUnary[svcHello, svcReply]("test.Greeter", "Nope").Invoke(ctx(t), conn, &svcHello{})
	assert.Equal(t, codes.Unimplemented, status.Code(err))
}

func TestServiceServerStream(t *testing.T) {
	conn := serve(t, nil, nil, greeter()...)
	for _, n := range []int32{0, 1, 5} {
		stream, err := svcRepeat.Invoke(ctx(t), conn, &svcHello{Name: "Bo", Times: n})
		require.NoError(t, err)
		var got []svcReply
		for {
			r, err := stream.Recv()
			if errors.Is(err, io.EOF) {
				break
			}
			require.NoError(t, err)
			got = append(got, *r)
		}
		require.Len(t, got, int(n))
		for i, r := range got {
			assert.Equal(t, svcReply{Text: "Bo", N: int32(i)}, r)
		}
	}
	// The handler's error ends the stream after what it sent.
	stream, err := svcRepeat.Invoke(ctx(t), conn, &svcHello{Name: "fail", Times: 1})
	require.NoError(t, err)
	_, err = stream.Recv()
	require.NoError(t, err)
	_, err = stream.Recv()
	assert.Equal(t, codes.Aborted, status.Code(err))
}

func TestServiceInterceptors(t *testing.T) {
	var unary, streams []string
	sopts := []grpc.ServerOption{
		grpc.UnaryInterceptor(func(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
			unary = append(unary, fmt.Sprintf("%s %T", info.FullMethod, req))
			if req.(*svcHello).Name == "blocked" {
				return nil, status.Error(codes.PermissionDenied, "blocked by the interceptor")
			}
			return h(ctx, req)
		}),
		grpc.StreamInterceptor(func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, h grpc.StreamHandler) error {
			streams = append(streams, info.FullMethod)
			return h(srv, ss)
		}),
	}
	conn := serve(t, sopts, nil, greeter()...)
	_, err := svcSay.Invoke(ctx(t), conn, &svcHello{Name: "Ann"})
	require.NoError(t, err)
	_, err = svcSay.Invoke(ctx(t), conn, &svcHello{Name: "blocked"})
	assert.Equal(t, codes.PermissionDenied, status.Code(err))
	stream, err := svcRepeat.Invoke(ctx(t), conn, &svcHello{Times: 1})
	require.NoError(t, err)
	_, err = stream.Recv()
	require.NoError(t, err)
	assert.Equal(t, []string{"/test.Greeter/Say *furygrpc_test.svcHello", "/test.Greeter/Say *furygrpc_test.svcHello"}, unary)
	assert.Equal(t, []string{"/test.Greeter/Repeat"}, streams)
}

// A codec with registrations, forced on both sides, is the one used.
func TestServiceForcedCodec(t *testing.T) {
	codec, err := furygrpc.New(
		furygrpc.WithTagType("test.Hello", svcHello{}),
		furygrpc.WithTagType("test.Reply", svcReply{}),
		furygrpc.WithFuryOptions(fury.WithCompatible(false)),
	)
	require.NoError(t, err)
	conn := serve(t, []grpc.ServerOption{grpc.ForceServerCodecV2(codec)},
		[]grpc.DialOption{grpc.WithDefaultCallOptions(grpc.ForceCodecV2(codec))}, greeter()...)
	r, err := svcSay.Invoke(ctx(t), conn, &svcHello{Name: "Cy", Times: 3})
	require.NoError(t, err)
	assert.Equal(t, &svcReply{Text: "hello Cy ", N: 3}, r)
}

// A payload the server cannot decode into the method's request type fails
// the call with a status, and the server keeps serving.
func TestServiceUndecodableRequest(t *testing.T) {
	conn := serve(t, nil, nil, greeter()...)
	wrong := furygrpc.NewUnary[svcReply, svcReply]("test.Greeter", "Say")
	_, err := wrong.Invoke(ctx(t), conn, &svcReply{Text: "x"})
	require.Error(t, err)
	assert.NotEqual(t, codes.OK, status.Code(err))
	_, err = svcSay.Invoke(ctx(t), conn, &svcHello{Name: "Ann"})
	require.NoError(t, err)
}

func TestServiceDescErrors(t *testing.T) {
	say := svcSay.Handle(say)
	for name, c := range map[string]struct {
		handlers []furygrpc.Handler
		want     string
	}{
		"none":         {nil, "at least one method"},
		"zero handler": {[]furygrpc.Handler{{}}, "zero Handler"},
		"two services": {[]furygrpc.Handler{say, furygrpc.NewUnary[svcHello, svcReply]("other.S", "M").Handle(nil)},
			`method M is of service "other.S", the first one's is "test.Greeter"`},
		"twice":      {[]furygrpc.Handler{say, say}, "method Say of service test.Greeter given twice"},
		"empty name": {[]furygrpc.Handler{furygrpc.NewUnary[svcHello, svcReply]("test.Greeter", "").Handle(nil)}, "invalid service or method name"},
		"slash":      {[]furygrpc.Handler{furygrpc.NewUnary[svcHello, svcReply]("a/b", "M").Handle(nil)}, "invalid service or method name"},
		"no service": {[]furygrpc.Handler{furygrpc.NewUnary[svcHello, svcReply]("", "M").Handle(nil)}, "invalid service or method name"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := furygrpc.ServiceDesc(c.handlers...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Error(t, furygrpc.RegisterService(grpc.NewServer(), c.handlers...))
		})
	}
	desc, err := furygrpc.ServiceDesc(greeter()...)
	require.NoError(t, err)
	assert.Equal(t, "test.Greeter", desc.ServiceName)
	assert.Len(t, desc.Methods, 2)
	assert.Len(t, desc.Streams, 1)
}

var (
	svcSum  = furygrpc.NewClientStream[svcHello, svcReply]("test.Counter", "Sum")
	svcEcho = furygrpc.NewBidiStream[svcHello, svcReply]("test.Counter", "Echo")
)

// counter sums the Times of the requests of Sum, and answers each request
// of Echo as it arrives; a request named "fail" fails either call.
func counter() []furygrpc.Handler {
	return []furygrpc.Handler{
		svcSum.Handle(func(s grpc.ClientStreamingServer[svcHello, svcReply]) error {
			var sum int32
			var names string
			for {
				h, err := s.Recv()
				if errors.Is(err, io.EOF) {
					return s.SendAndClose(&svcReply{Text: names, N: sum})
				}
				if err != nil {
					return err
				}
				if h.Name == "fail" {
					return status.Error(codes.Aborted, "asked to fail")
				}
				sum += h.Times
				names += h.Name
			}
		}),
		svcEcho.Handle(func(s grpc.BidiStreamingServer[svcHello, svcReply]) error {
			for {
				h, err := s.Recv()
				if errors.Is(err, io.EOF) {
					return nil
				}
				if err != nil {
					return err
				}
				if h.Name == "fail" {
					return status.Error(codes.Aborted, "asked to fail")
				}
				if err := s.Send(&svcReply{Text: "echo " + h.Name, N: h.Times * 2}); err != nil {
					return err
				}
			}
		}),
	}
}

func TestServiceClientStream(t *testing.T) {
	conn := serve(t, nil, nil, counter()...)
	assert.Equal(t, "/test.Counter/Sum", svcSum.FullMethod())
	for _, n := range []int32{0, 1, 4} {
		stream, err := svcSum.Invoke(ctx(t), conn)
		require.NoError(t, err)
		for i := range n {
			require.NoError(t, stream.Send(&svcHello{Name: fmt.Sprint(i), Times: i + 1}))
		}
		r, err := stream.CloseAndRecv()
		require.NoError(t, err)
		want := svcReply{N: n * (n + 1) / 2}
		for i := range n {
			want.Text += fmt.Sprint(i)
		}
		assert.Equal(t, want, *r)
	}
	stream, err := svcSum.Invoke(ctx(t), conn)
	require.NoError(t, err)
	require.NoError(t, stream.Send(&svcHello{Name: "fail"}))
	_, err = stream.CloseAndRecv()
	assert.Equal(t, codes.Aborted, status.Code(err))
}

func TestServiceBidiStream(t *testing.T) {
	conn := serve(t, nil, nil, counter()...)
	assert.Equal(t, "/test.Counter/Echo", svcEcho.FullMethod())
	stream, err := svcEcho.Invoke(ctx(t), conn)
	require.NoError(t, err)
	// Each answer arrives before the next request is sent.
	for i := range int32(3) {
		require.NoError(t, stream.Send(&svcHello{Name: fmt.Sprint("n", i), Times: i}))
		r, err := stream.Recv()
		require.NoError(t, err)
		assert.Equal(t, svcReply{Text: fmt.Sprint("echo n", i), N: 2 * i}, *r)
	}
	require.NoError(t, stream.CloseSend())
	_, err = stream.Recv()
	assert.ErrorIs(t, err, io.EOF)

	stream, err = svcEcho.Invoke(ctx(t), conn)
	require.NoError(t, err)
	require.NoError(t, stream.Send(&svcHello{Name: "fail"}))
	_, err = stream.Recv()
	assert.Equal(t, codes.Aborted, status.Code(err))
}
