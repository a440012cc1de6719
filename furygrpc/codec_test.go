package furygrpc_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
)

// The messages: plain Go structs, no protobuf.

type Item struct {
	SKU      string
	Quantity int32
	Price    float64
}

type Order struct {
	ID       int64
	Customer string
	Items    []Item
	Tags     map[string]string
	Note     *string
}

type Receipt struct {
	OrderID int64
	Total   float64
	Lines   int32
}

type Query struct {
	Customer string
	Count    int32
	Blob     []byte // makes big messages, split over several gRPC buffers
}

// ---- a service described by hand, with generic handlers ------------------

const service = "furygrpc.test.Orders"

func unaryHandler[Req, Resp any](method string, fn func(context.Context, *Req) (*Resp, error)) grpc.MethodDesc {
	return grpc.MethodDesc{
		MethodName: method,
		Handler: func(srv any, ctx context.Context, dec func(any) error, ic grpc.UnaryServerInterceptor) (any, error) {
			in := new(Req)
			if err := dec(in); err != nil {
				return nil, err
			}
			if ic == nil {
				return fn(ctx, in)
			}
			info := &grpc.UnaryServerInfo{Server: srv, FullMethod: "/" + service + "/" + method}
			return ic(ctx, in, info, func(ctx context.Context, req any) (any, error) { return fn(ctx, req.(*Req)) })
		},
	}
}

func streamHandler(method string, client, server bool, fn func(grpc.ServerStream) error) grpc.StreamDesc {
	return grpc.StreamDesc{
		StreamName:    method,
		ClientStreams: client,
		ServerStreams: server,
		Handler:       func(_ any, s grpc.ServerStream) error { return fn(s) },
	}
}

func receiptOf(o *Order) *Receipt {
	r := &Receipt{OrderID: o.ID, Lines: int32(len(o.Items))}
	for _, it := range o.Items {
		r.Total += float64(it.Quantity) * it.Price
	}
	return r
}

var desc = grpc.ServiceDesc{
	ServiceName: service,
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{
		unaryHandler("Place", func(_ context.Context, o *Order) (*Receipt, error) {
			if o.Customer == "" {
				return nil, status.Error(codes.InvalidArgument, "no customer")
			}
			return receiptOf(o), nil
		}),
		unaryHandler("Echo", func(_ context.Context, q *Query) (*Query, error) { return q, nil }),
	},
	Streams: []grpc.StreamDesc{
		// List: one Query in, Count orders out.
		streamHandler("List", false, true, func(s grpc.ServerStream) error {
			var q Query
			if err := s.RecvMsg(&q); err != nil {
				return err
			}
			for i := range q.Count {
				o := makeOrder(int64(i), q.Customer)
				if err := s.SendMsg(o); err != nil {
					return err
				}
			}
			return nil
		}),
		// PlaceAll: orders in both directions, a receipt per order.
		streamHandler("PlaceAll", true, true, func(s grpc.ServerStream) error {
			for {
				var o Order
				if err := s.RecvMsg(&o); err == io.EOF {
					return nil
				} else if err != nil {
					return err
				}
				if err := s.SendMsg(receiptOf(&o)); err != nil {
					return err
				}
			}
		}),
	},
}

func makeOrder(id int64, customer string) *Order {
	note := fmt.Sprintf("note %d", id)
	o := &Order{ID: id, Customer: customer, Tags: map[string]string{"k": customer}, Note: &note}
	for j := range id%4 + 1 {
		o.Items = append(o.Items, Item{SKU: fmt.Sprintf("sku-%d-%d", id, j), Quantity: int32(j + 1), Price: 1.5 * float64(j+1)})
	}
	return o
}

// startServer serves desc on an in-memory listener and returns a client
// connection to it.
func startServer(t *testing.T, sopts []grpc.ServerOption, copts ...grpc.DialOption) *grpc.ClientConn {
	t.Helper()
	lis := bufconn.Listen(1 << 20)
	srv := grpc.NewServer(sopts...)
	srv.RegisterService(&desc, struct{}{})
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

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

var fory = grpc.CallContentSubtype(furygrpc.Name)

func TestRegisteredUnderFory(t *testing.T) {
	assert.Equal(t, "fory", furygrpc.Name)
	assert.Same(t, furygrpc.Default(), encoding.GetCodecV2("fory"))
}

func TestUnary(t *testing.T) {
	conn := startServer(t, nil)
	o := makeOrder(3, "ann")
	var r Receipt
	require.NoError(t, conn.Invoke(ctx(t), "/"+service+"/Place", o, &r, fory))
	assert.Equal(t, *receiptOf(o), r)

	// A handler's status error comes through unchanged.
	err := conn.Invoke(ctx(t), "/"+service+"/Place", &Order{ID: 1}, &r, fory)
	assert.Equal(t, codes.InvalidArgument, status.Code(err))
}

func TestUnaryLargeMessages(t *testing.T) {
	conn := startServer(t, nil)
	for _, n := range []int{0, 100, 1 << 10, 5000, 64 << 10, 700 << 10} {
		q := &Query{Customer: strings.Repeat("c", n%97), Count: int32(n), Blob: make([]byte, n)}
		for i := range q.Blob {
			q.Blob[i] = byte(i * 7)
		}
		var back Query
		require.NoError(t, conn.Invoke(ctx(t), "/"+service+"/Echo", q, &back, fory), "n=%d", n)
		// nil and empty []byte are one value here (see the package
		// documentation of fury on nil and empty).
		assert.Empty(t, cmp.Diff(*q, back, cmpopts.EquateEmpty()), "n=%d", n)
	}
}

func TestServerStreaming(t *testing.T) {
	conn := startServer(t, nil)
	s, err := conn.NewStream(ctx(t), &desc.Streams[0], "/"+service+"/List", fory)
	require.NoError(t, err)
	require.NoError(t, s.SendMsg(&Query{Customer: "bob", Count: 20}))
	require.NoError(t, s.CloseSend())
	var got []*Order
	for {
		var o Order
		if err := s.RecvMsg(&o); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		got = append(got, &o)
	}
	require.Len(t, got, 20)
	for i, o := range got {
		assert.Empty(t, cmp.Diff(makeOrder(int64(i), "bob"), o))
	}
}

func TestBidiStreaming(t *testing.T) {
	conn := startServer(t, nil)
	s, err := conn.NewStream(ctx(t), &desc.Streams[1], "/"+service+"/PlaceAll", fory)
	require.NoError(t, err)
	for i := range 50 {
		o := makeOrder(int64(i), "cy")
		require.NoError(t, s.SendMsg(o))
		var r Receipt
		require.NoError(t, s.RecvMsg(&r))
		assert.Equal(t, *receiptOf(o), r)
	}
	require.NoError(t, s.CloseSend())
	assert.Equal(t, io.EOF, s.RecvMsg(new(Receipt)))
}

// rawCodec sends and receives bytes as they are, to put junk on the wire.
type rawCodec struct{}

func (rawCodec) Name() string { return "raw" }
func (rawCodec) Marshal(v any) (mem.BufferSlice, error) {
	return mem.BufferSlice{mem.SliceBuffer(*v.(*[]byte))}, nil
}
func (rawCodec) Unmarshal(data mem.BufferSlice, v any) error {
	*v.(*[]byte) = data.Materialize()
	return nil
}

func TestUndecodableRequestIsAStatusError(t *testing.T) {
	conn := startServer(t, nil)
	good, err := fury.Marshal(makeOrder(1, "dee"))
	require.NoError(t, err)
	for name, junk := range map[string][]byte{
		"empty":      {},
		"not fory":   []byte("hello, world"),
		"truncated":  good[:len(good)/2],
		"bad header": append([]byte{0xff}, good[1:]...),
	} {
		var r Receipt
		err := conn.Invoke(ctx(t), "/"+service+"/Place", &junk, &r,
			grpc.ForceCodecV2(rawCodec{}), grpc.CallContentSubtype(furygrpc.Name))
		st, ok := status.FromError(err)
		require.True(t, ok, "%s: %v", name, err)
		assert.Equal(t, codes.Internal, st.Code(), "%s: %v", name, err)
		assert.Contains(t, st.Message(), "fury", name)
	}
	// The server is still up.
	var r Receipt
	require.NoError(t, conn.Invoke(ctx(t), "/"+service+"/Place", makeOrder(2, "dee"), &r, fory))
}

func TestUndecodableResponseIsAStatusError(t *testing.T) {
	// A server whose codec answers junk: the client's fury codec refuses it.
	junkDesc := grpc.ServiceDesc{
		ServiceName: service,
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{unaryHandler("Place", func(context.Context, *[]byte) (*[]byte, error) {
			b := []byte{0x02, 0xff, 0xee}
			return &b, nil
		})},
	}
	lis := bufconn.Listen(1 << 16)
	srv := grpc.NewServer(grpc.ForceServerCodecV2(rawCodec{}))
	srv.RegisterService(&junkDesc, struct{}{})
	go func() { _ = srv.Serve(lis) }()
	defer srv.Stop()
	conn, err := grpc.NewClient("passthrough:///junk",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	var r Receipt
	err = conn.Invoke(ctx(t), "/"+service+"/Place", makeOrder(1, "eve"), &r, fory)
	assert.Equal(t, codes.Internal, status.Code(err), "%v", err)
}

func TestConcurrentCalls(t *testing.T) {
	conn := startServer(t, nil)
	c := ctx(t)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 30 {
				o := makeOrder(int64(g*100+i), fmt.Sprint("g", g))
				var r Receipt
				if err := conn.Invoke(c, "/"+service+"/Place", o, &r, fory); err != nil {
					errs <- err
					return
				}
				if r != *receiptOf(o) {
					errs <- fmt.Errorf("goroutine %d call %d: got %+v", g, i, r)
					return
				}
			}
			s, err := conn.NewStream(c, &desc.Streams[0], "/"+service+"/List", fory)
			if err == nil {
				err = s.SendMsg(&Query{Customer: "x", Count: 10})
			}
			for n := 0; err == nil; n++ {
				var o Order
				if err = s.RecvMsg(&o); err == io.EOF {
					if n != 10 {
						err = fmt.Errorf("stream ended after %d orders", n)
					} else {
						err = nil
					}
					break
				}
			}
			if err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// A codec with registrations, passed explicitly to server and client: the
// way to talk to other languages, which register types by name.
func TestCodecWithRegistrations(t *testing.T) {
	c, err := furygrpc.New(
		furygrpc.WithFuryOptions(fury.WithCompatible(false)),
		furygrpc.WithTagType("example.Order", Order{}),
		furygrpc.WithTagType("example.Item", Item{}),
		furygrpc.WithType(Receipt{}, 300),
	)
	require.NoError(t, err)
	conn := startServer(t, []grpc.ServerOption{grpc.ForceServerCodecV2(c)},
		grpc.WithDefaultCallOptions(grpc.ForceCodecV2(c)))
	o := makeOrder(5, "fay")
	var r Receipt
	require.NoError(t, conn.Invoke(ctx(t), "/"+service+"/Place", o, &r))
	assert.Equal(t, *receiptOf(o), r)

	// The bytes are what a Fury set up the same way writes.
	f := fury.New(fury.WithCompatible(false))
	require.NoError(t, f.RegisterTagType("example.Order", Order{}))
	require.NoError(t, f.RegisterTagType("example.Item", Item{}))
	want, err := f.Marshal(o)
	require.NoError(t, err)
	got, err := c.Marshal(o)
	require.NoError(t, err)
	assert.Equal(t, want, got.Materialize())
	got.Free()
}

func TestNewReportsRegistrationErrors(t *testing.T) {
	_, err := furygrpc.New(furygrpc.WithType(nil, 1))
	assert.ErrorIs(t, err, fury.ErrRegistration)
	_, err = furygrpc.New(furygrpc.WithSetup(func(*fury.Fury) error { return errors.New("boom") }))
	assert.ErrorContains(t, err, "boom")
	// An invalid Fury option is reported by New too (it used to succeed and
	// fail every call).
	_, err = furygrpc.New(furygrpc.WithFuryOptions(fury.WithMaxDepth(0)))
	assert.ErrorIs(t, err, fury.ErrInvalidArgument)
	_, err = furygrpc.New(furygrpc.WithFuryOptions(nil))
	assert.ErrorIs(t, err, fury.ErrInvalidArgument)
}

// Unmarshal of a frame in several pieces equals Unmarshal of it whole, and
// the decoded value does not alias the frame.
func TestUnmarshalPieces(t *testing.T) {
	c := furygrpc.Default()
	q := &Query{Customer: "gus", Count: 7, Blob: []byte("0123456789abcdef")}
	frame, err := c.Marshal(q)
	require.NoError(t, err)
	whole := frame.Materialize()
	frame.Free()
	for split := 1; split < len(whole); split++ {
		a := append([]byte(nil), whole[:split]...)
		b := append([]byte(nil), whole[split:]...)
		var back Query
		require.NoError(t, c.Unmarshal(mem.BufferSlice{mem.SliceBuffer(a), mem.SliceBuffer(b)}, &back))
		assert.Empty(t, cmp.Diff(*q, back))
	}
	one := append([]byte(nil), whole...)
	var back Query
	require.NoError(t, c.Unmarshal(mem.BufferSlice{mem.SliceBuffer(one)}, &back))
	for i := range one {
		one[i] = 0
	}
	assert.Empty(t, cmp.Diff(*q, back), "decoded value must not alias the frame")
}

// Marshal output is independent of later calls (gRPC may hold several
// frames before sending them), for small and pooled sizes.
func TestMarshalFramesIndependent(t *testing.T) {
	c, err := furygrpc.New()
	require.NoError(t, err)
	for _, n := range []int{10, 2000, 20000, 200000} {
		var frames []mem.BufferSlice
		var want [][]byte
		for i := range 5 {
			q := &Query{Count: int32(i), Blob: make([]byte, n+i*n/3)}
			for j := range q.Blob {
				q.Blob[j] = byte(i + j)
			}
			b, err := fury.Marshal(q)
			require.NoError(t, err)
			f, err := c.Marshal(q)
			require.NoError(t, err)
			frames = append(frames, f)
			want = append(want, b)
		}
		for i, f := range frames {
			assert.Equal(t, want[i], f.Materialize(), "n=%d frame %d", n, i)
			f.Free()
		}
	}
}

// TestCodecNotFromNew: a nil or zero Codec returns ErrInvalidArgument from
// Marshal and Unmarshal instead of panicking, and New refuses a nil Option.
func TestCodecNotFromNew(t *testing.T) {
	data, err := fury.Marshal(int32(1))
	require.NoError(t, err)
	for _, c := range []*furygrpc.Codec{new(furygrpc.Codec), nil} {
		_, err := c.Marshal(int32(1))
		require.ErrorIs(t, err, fury.ErrInvalidArgument)
		var x int32
		require.ErrorIs(t, c.Unmarshal(mem.BufferSlice{mem.SliceBuffer(data)}, &x), fury.ErrInvalidArgument)
	}
	_, err = furygrpc.New(nil)
	require.ErrorIs(t, err, fury.ErrInvalidArgument)
}
