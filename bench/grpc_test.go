package bench

import (
	"context"
	"net"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/encoding"
	_ "google.golang.org/grpc/encoding/proto" // the default "proto" codec
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/test/bufconn"

	"github.com/fury-go/fury/bench/pb"
	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
)

// The furygrpc codec against grpc-go's default proto codec, with
// MediaContent as the message:
//   - BenchmarkGRPCCodecMarshal / BenchmarkGRPCCodecUnmarshal: one message
//     through the codec alone (Marshal, then freeing the frame as gRPC does
//     once it is sent; Unmarshal of a one-buffer frame into a new value);
//   - BenchmarkGRPCUnary: a whole unary call (client marshal, transport over
//     an in-memory connection, server unmarshal, handler, and back) to a
//     service that returns the request.
//
// Variants: fury (the codec's defaults: compatible mode), fury-consistent
// (schema-consistent mode), proto (converting the model to and from the
// generated message, as an application holding the model does) and
// proto-msgonly (a message built beforehand). The benchmark names have two
// parts, so bench/report leaves them out of the main report.

func furyCodec(tb testing.TB, opts ...fury.Option) *furygrpc.Codec {
	c, err := furygrpc.New(furygrpc.WithFuryOptions(opts...), furygrpc.WithSetup(furyTypes))
	require.NoError(tb, err)
	return c
}

type codecCase struct {
	name  string
	codec encoding.CodecV2
	in    func() any // the value to marshal (converted from the model for proto)
	out   func(any)  // what to do with a decoded value (convert to the model for proto)
	zero  func() any // a new value to unmarshal into
}

func codecCases(tb testing.TB) []codecCase {
	m := NewMediaContent()
	msg := mediaContentToPB(&m)
	proto := encoding.GetCodecV2("proto")
	return []codecCase{
		{"fury", furyCodec(tb), func() any { return &m }, func(any) {}, func() any { return new(MediaContent) }},
		{"fury-consistent", furyCodec(tb, fury.WithCompatible(false)), func() any { return &m }, func(any) {},
			func() any { return new(MediaContent) }},
		{"proto", proto, func() any { return mediaContentToPB(&m) },
			func(v any) { var out MediaContent; mediaContentFromPB(v.(*pb.MediaContent), &out) },
			func() any { return new(pb.MediaContent) }},
		{"proto-msgonly", proto, func() any { return msg }, func(any) {}, func() any { return new(pb.MediaContent) }},
	}
}

func BenchmarkGRPCCodecMarshal(b *testing.B) {
	for _, c := range codecCases(b) {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				frame, err := c.codec.Marshal(c.in())
				if err != nil {
					b.Fatal(err)
				}
				frame.Free()
			}
		})
	}
}

func BenchmarkGRPCCodecUnmarshal(b *testing.B) {
	for _, c := range codecCases(b) {
		b.Run(c.name, func(b *testing.B) {
			frame, err := c.codec.Marshal(c.in())
			require.NoError(b, err)
			data := mem.BufferSlice{mem.SliceBuffer(frame.Materialize())}
			b.SetBytes(int64(data.Len()))
			b.ReportAllocs()
			for b.Loop() {
				v := c.zero()
				if err := c.codec.Unmarshal(data, v); err != nil {
					b.Fatal(err)
				}
				c.out(v)
			}
		})
	}
}

// echoDesc is a service whose one method returns its request; newReq
// makes the request value the server decodes into.
func echoDesc(newReq func() any) *grpc.ServiceDesc {
	return &grpc.ServiceDesc{
		ServiceName: "bench.Echo",
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{{
			MethodName: "Echo",
			Handler: func(_ any, _ context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
				in := newReq()
				if err := dec(in); err != nil {
					return nil, err
				}
				return in, nil
			},
		}},
	}
}

func BenchmarkGRPCUnary(b *testing.B) {
	for _, c := range codecCases(b) {
		b.Run(c.name, func(b *testing.B) {
			lis := bufconn.Listen(1 << 20)
			srv := grpc.NewServer(grpc.ForceServerCodecV2(c.codec))
			srv.RegisterService(echoDesc(c.zero), struct{}{})
			go func() { _ = srv.Serve(lis) }()
			defer srv.Stop()
			conn, err := grpc.NewClient("passthrough:///bench",
				grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
				grpc.WithTransportCredentials(insecure.NewCredentials()),
				grpc.WithDefaultCallOptions(grpc.ForceCodecV2(c.codec)))
			require.NoError(b, err)
			defer conn.Close()
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				out := c.zero()
				if err := conn.Invoke(ctx, "/bench.Echo/Echo", c.in(), out); err != nil {
					b.Fatal(err)
				}
				c.out(out)
			}
		})
	}
}
