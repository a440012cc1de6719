// Package furygrpc is a grpc-go codec that carries messages in the Apache
// Fory xlang format, so a grpc-go service can exchange plain Go structs
// (no .proto files, no generated protobuf types) with Go, Java, Python or
// any other Fory peer.
//
// The codec implements encoding.CodecV2 under the name "fory", which puts
// the content-subtype application/grpc+fory on the wire: the name and
// content type Apache Fory's own gRPC support (the service companions its
// schema compiler generates for Java, Python, Go, Rust and others) uses, so
// a Go service built on this package and a peer built on those companions
// understand each other.
//
// Importing the package registers a codec with default settings under
// "fory", so a client selects it per call with
// grpc.CallContentSubtype(furygrpc.Name) and a server answers such calls
// without further setup. To use types registered by id or name (needed to
// talk to other languages) or other modes, build a Codec with New and pass it
// explicitly: grpc.ForceServerCodecV2(c) on the server,
// grpc.ForceCodecV2(c) on the client (per call, or for every call with
// grpc.WithDefaultCallOptions), or replace the registered default with
// Register at init time.
//
// # Settings
//
// Apache Fory's generated gRPC companions (for Go, a CodecV2 named "fory"
// around a *fory.Fory) serialize with a Fory instance the application
// configures and registers its message types on; Apache Fory Go documents
// its defaults as the xlang format, compatible mode (schema evolution) on
// and reference tracking off, as do this module's peers. A Codec uses the
// same defaults, which are also fury.New()'s. Both ends of a call must agree
// on the mode and on registrations.
//
// # Concurrency and memory
//
// gRPC calls a codec from many goroutines at once; a *fury.Fury is not safe
// for concurrent use, so a Codec keeps a pool of Fury instances built from
// one configuration (options plus registrations, applied to each instance).
// Marshal writes messages of more than 1 KiB into buffers from grpc-go's
// buffer pool, which gRPC returns to the pool once the frame is sent (straight
// into the buffer once a pooled Fury has seen a message of that size, with
// one copy before); smaller messages are copied into an exact-size slice. Unmarshal
// decodes a frame that arrived in one piece where it lies, and joins a
// frame that arrived in pieces into one pooled buffer first; decoded values
// never alias the frame.
//
// A message that cannot be decoded fails the call with a gRPC status error
// (grpc-go reports codec errors as codes.Internal), never a crash.
//
// # Memory per message
//
// Decoding one message allocates at most its decode memory budget, which
// by default is the fury package's: fury.DecodeBudgetFloor +
// fury.DecodedBytesPerInputByte × the message's length (256 KiB + 96
// bytes a byte), whatever the message holds and whatever its type. So a
// server holds at most that much per message in flight: 64 hostile 2.6 KB
// requests at once cost it at most 64 × 500 KB ≈ 32 MB, and a request
// that does not fit its message type (a field of another type, a field the
// server lacks) is refused or skipped before anything is built for it.
// WithMaxDecodedBytes replaces the default with a fixed bound per message:
// lower it for a service whose messages are small, raise it for one whose
// legitimate messages decode into far more memory than they take (lists
// of more than about 8,000 empty structs, say). A message over its budget
// fails the call (codes.Internal, the error wrapping fury.ErrTooLarge).
// grpc-go bounds the size of the messages themselves (grpc.MaxRecvMsgSize,
// 4 MiB by default on a server). TestServerMemoryUnderHostileLoad holds a
// default server to this under 32 concurrent hostile clients; run the
// longer version with FURYGRPC_LOAD=long (see load_test.go).
package furygrpc

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/fury-go/fury/fury"
	"google.golang.org/grpc/encoding"
	"google.golang.org/grpc/mem"
)

// Name is the codec's name, and so the content-subtype of its calls
// (application/grpc+fory), as in Apache Fory's gRPC support.
const Name = "fory"

// Codec is a grpc-go encoding.CodecV2 that serializes messages with Fury.
// It is safe for concurrent use.
type Codec struct {
	opts  []fury.Option
	setup []func(*fury.Fury) error
	pool  sync.Pool // of *entry
	bufs  mem.BufferPool
}

// entry is one pooled Fury with its scratch space.
type entry struct {
	f       *fury.Fury
	err     error  // from building f (registrations); reported by every call
	scratch []byte // marshal target for small messages
	hint    int    // size of the last message marshalled with f
}

// Option configures a Codec.
type Option func(*Codec)

// WithFuryOptions sets the options of the Fury instances the codec uses
// (fury.WithCompatible, fury.WithRefTracking, fury.WithMaxDepth, ...).
// Without it they use fury.New's defaults.
func WithFuryOptions(opts ...fury.Option) Option {
	return func(c *Codec) { c.opts = append(c.opts, opts...) }
}

// WithMaxDecodedBytes sets the decode memory budget of every message the
// codec decodes: the most one Unmarshal may allocate for it, whatever its
// length (fury.WithMaxDecodedBytes). The default (n == 0) is fury's:
// fury.DecodeBudgetFloor + fury.DecodedBytesPerInputByte × the message's
// length. A negative n makes New fail.
func WithMaxDecodedBytes(n int64) Option {
	return WithFuryOptions(fury.WithMaxDecodedBytes(n))
}

// WithSetup adds a function run on every Fury instance the codec creates,
// before its first use: the place for registrations, e.g.
//
//	furygrpc.WithSetup(func(f *fury.Fury) error {
//		return f.RegisterTagType("example.Order", Order{})
//	})
//
// It must configure every instance the same way.
func WithSetup(fn func(*fury.Fury) error) Option {
	return func(c *Codec) {
		if fn != nil {
			c.setup = append(c.setup, fn)
		}
	}
}

// WithTagType registers the type of v under a name on every Fury instance
// (fury.Fury.RegisterTagType).
func WithTagType(tag string, v any) Option {
	return WithSetup(func(f *fury.Fury) error { return f.RegisterTagType(tag, v) })
}

// WithType registers the type of v under a numeric id on every Fury
// instance (fury.Fury.Register).
func WithType(v any, id uint32) Option {
	return WithSetup(func(f *fury.Fury) error { return f.Register(v, id) })
}

// WithBufferPool sets the pool outgoing frames are taken from (default
// mem.DefaultBufferPool(), the pool grpc-go itself uses).
func WithBufferPool(p mem.BufferPool) Option {
	return func(c *Codec) {
		if p != nil {
			c.bufs = p
		}
	}
}

// New returns a Codec configured by opts. It builds one Fury at once, so
// that an invalid Fury option (fury.WithMaxDepth(0)) or a failing
// registration is reported here, wrapping the Fury's error, rather than on
// every call.
func New(opts ...Option) (*Codec, error) {
	c := &Codec{bufs: mem.DefaultBufferPool()}
	for i, o := range opts {
		if o == nil {
			return nil, fmt.Errorf("furygrpc: option %d is nil: %w", i, fury.ErrInvalidArgument)
		}
		o(c)
	}
	c.pool.New = func() any { return c.newEntry() }
	e := c.newEntry()
	if e.err != nil {
		return nil, e.err
	}
	c.pool.Put(e)
	return c, nil
}

func (c *Codec) newEntry() *entry {
	f := fury.New(c.opts...)
	// fury.New keeps an invalid option's error for every later call; a
	// first call brings it out here, so that New reports it.
	if _, err := f.MarshalAppend(nil, nil); err != nil {
		return &entry{err: fmt.Errorf("furygrpc: building a Fury: %w", err)}
	}
	for _, fn := range c.setup {
		if err := fn(f); err != nil {
			return &entry{err: fmt.Errorf("furygrpc: setting up a Fury: %w", err)}
		}
	}
	return &entry{f: f}
}

// get takes an entry from the pool; a Codec not made by New (nil or the
// zero value) has no pool and gets an error instead.
func (c *Codec) get() (*entry, error) {
	if c == nil || c.pool.New == nil {
		return nil, fmt.Errorf("furygrpc: a Codec must be made by furygrpc.New (got a nil or zero Codec): %w", fury.ErrInvalidArgument)
	}
	e := c.pool.Get().(*entry)
	return e, e.err
}

// Name returns "fory".
func (c *Codec) Name() string { return Name }

// Marshal serializes v into a new frame.
func (c *Codec) Marshal(v any) (mem.BufferSlice, error) {
	e, err := c.get()
	if e == nil {
		return nil, err
	}
	defer c.pool.Put(e)
	if err != nil {
		return nil, err
	}
	if !mem.IsBelowBufferPoolingThreshold(e.hint) {
		return c.marshalPooled(e, v)
	}
	out, err := e.f.MarshalAppend(e.scratch[:0], v)
	if err != nil {
		return nil, err
	}
	if cap(out) <= 64<<10 {
		e.scratch = out[:0] // keep a grown scratch, up to a bound
	}
	e.hint = len(out)
	if mem.IsBelowBufferPoolingThreshold(len(out)) {
		b := make([]byte, len(out))
		copy(b, out)
		return mem.BufferSlice{mem.SliceBuffer(b)}, nil
	}
	return mem.BufferSlice{mem.Copy(out, c.bufs)}, nil
}

// marshalPooled writes v straight into a pooled buffer sized after the
// previous message, falling back to a plain slice when v needs more room.
func (c *Codec) marshalPooled(e *entry, v any) (mem.BufferSlice, error) {
	buf := c.bufs.Get(e.hint + e.hint/8)
	start := (*buf)[:0]
	out, err := e.f.MarshalAppend(start, v)
	if err != nil {
		c.bufs.Put(buf)
		return nil, err
	}
	e.hint = len(out)
	if unsafe.SliceData(out) == unsafe.SliceData(start) {
		*buf = out
		return mem.BufferSlice{mem.NewBuffer(buf, c.bufs)}, nil
	}
	// The message outgrew the pooled buffer; out is a fresh slice.
	c.bufs.Put(buf)
	return mem.BufferSlice{mem.SliceBuffer(out)}, nil
}

// Unmarshal decodes one message from data into v, which must be a non-nil
// pointer.
func (c *Codec) Unmarshal(data mem.BufferSlice, v any) error {
	e, err := c.get()
	if e == nil {
		return err
	}
	defer c.pool.Put(e)
	if err != nil {
		return err
	}
	switch len(data) {
	case 0:
		return e.f.Unmarshal(nil, v)
	case 1:
		return e.f.Unmarshal(data[0].ReadOnlyData(), v)
	}
	buf := data.MaterializeToBuffer(c.bufs)
	defer buf.Free()
	return e.f.Unmarshal(buf.ReadOnlyData(), v)
}

// Register makes c the codec grpc-go uses for the "fory" content-subtype in
// this process, replacing the default one registered when the package was
// imported. Like encoding.RegisterCodecV2, it must be called at
// initialization time (from an init function or the start of main), not
// while calls are in flight.
func Register(c *Codec) {
	encoding.RegisterCodecV2(c)
}

// Default returns the codec registered when the package was imported
// (default settings, no registrations).
func Default() *Codec { return defaultCodec }

var defaultCodec = mustNew()

func mustNew() *Codec {
	c, err := New()
	if err != nil {
		panic(errors.Join(errors.New("furygrpc: default codec"), err))
	}
	return c
}

func init() {
	encoding.RegisterCodecV2(defaultCodec)
}

var _ encoding.CodecV2 = (*Codec)(nil)
