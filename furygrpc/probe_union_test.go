package furygrpc_test

import (
	"context"
	"net"
	"strings"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
)

type probeShape interface{ isProbeShape() }

type probeShapeText struct {
	Text string `fury:"id=1"`
}
type probeShapeHalf struct {
	H fury.Float16 `fury:"id=2"`
}

func (*probeShapeText) isProbeShape() {}
func (*probeShapeHalf) isProbeShape() {}

type probeReq struct {
	S     probeShape
	Blob  fury.Uint8Array
	Halfs []fury.Float16
}

var probeEcho = furygrpc.NewUnary[probeReq, probeReq]("probe.Echo", "Echo")

// Unions, halfs and uint8 arrays through a gRPC unary method, with the
// union registered through WithSetup on both sides; a per-message budget
// too small for a request is ResourceExhausted-or-Internal, not a crash.
func TestProbeUnionOverGRPC(t *testing.T) {
	setup := furygrpc.WithSetup(func(f *fury.Fury) error {
		return f.RegisterUnion((*probeShape)(nil), 777, (*probeShapeText)(nil), (*probeShapeHalf)(nil))
	})
	small, err := furygrpc.New(setup, furygrpc.WithMaxDecodedBytes(16<<10))
	require.NoError(t, err)
	big, err := furygrpc.New(setup)
	require.NoError(t, err)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := grpc.NewServer(grpc.ForceServerCodecV2(small))
	require.NoError(t, furygrpc.RegisterService(srv, probeEcho.Handle(func(_ context.Context, in *probeReq) (*probeReq, error) {
		return in, nil
	})))
	go func() { _ = srv.Serve(lis) }()
	defer srv.Stop()
	conn, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodecV2(big)))
	require.NoError(t, err)
	defer conn.Close()
	in := &probeReq{S: &probeShapeHalf{H: 0x7e00}, Blob: fury.Uint8Array{1, 2}, Halfs: []fury.Float16{0xfc00}}
	out, err := probeEcho.Invoke(context.Background(), conn, in)
	require.NoError(t, err)
	require.Equal(t, in, out)

	in = &probeReq{S: &probeShapeText{Text: strings.Repeat("x", 1)}, Halfs: make([]fury.Float16, 100000)}
	_, err = probeEcho.Invoke(context.Background(), conn, in)
	t.Logf("over budget: %v", err)
	require.Error(t, err)
	require.NotEqual(t, codes.OK, status.Code(err))
}
