package furygrpc_test

// Concurrency probes for the codec: gRPC calls Marshal and Unmarshal from
// many goroutines at once. Many message types, small and pooled sizes,
// frames in one piece and in several, every result compared with what a
// single goroutine gets, and a buffer pool that poisons what is returned
// to it, so a frame or decoded value still using a returned buffer shows.
// Run with go test -race.

import (
	"bytes"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/mem"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
)

// poisonPool hands out buffers, checks each one comes back once and whole
// (a prefix of what Get returned), and overwrites it when it does.
type poisonPool struct {
	mu   sync.Mutex
	out  map[*byte]int // data pointer -> capacity, of buffers handed out
	errs []string
	gets int
}

func newPoisonPool() *poisonPool { return &poisonPool{out: map[*byte]int{}} }

func (p *poisonPool) Get(n int) *[]byte {
	b := make([]byte, n, n+n/4)
	p.mu.Lock()
	p.out[unsafe.SliceData(b[:cap(b)])] = cap(b)
	p.gets++
	p.mu.Unlock()
	return &b
}

func (p *poisonPool) Put(b *[]byte) {
	d := unsafe.SliceData((*b)[:cap(*b)])
	p.mu.Lock()
	c, ok := p.out[d]
	if !ok {
		p.errs = append(p.errs, fmt.Sprintf("Put of a buffer not handed out (or put twice), cap %d", cap(*b)))
	} else if c != cap(*b) {
		p.errs = append(p.errs, fmt.Sprintf("Put of a buffer with cap %d, handed out with cap %d", cap(*b), c))
	}
	delete(p.out, d)
	p.mu.Unlock()
	full := (*b)[:cap(*b)]
	for len(full) > 0 {
		full = full[copy(full, poison[:]):]
	}
}

var poison = func() (p [4096]byte) {
	for i := range p {
		p[i] = 0xAA
	}
	return p
}()

type ccNote struct {
	Text  string
	Stamp time.Time
	Refs  []int64
}

type ccEnvelope struct {
	Kind    string
	Payload any
	Notes   []ccNote
	Meta    map[string]string
	Blob    []byte
}

// ccMessages are the messages the goroutines send: small and large (over
// grpc-go's pooling threshold, 1 KiB) of several types, and non-struct
// roots.
func ccMessages() []any {
	big := make([]byte, 6000)
	for i := range big {
		big[i] = byte(i * 7)
	}
	note := ccNote{Text: "n", Stamp: time.Unix(1700000000, 9).UTC(), Refs: []int64{1, 2}}
	notes := make([]ccNote, 40)
	for i := range notes {
		notes[i] = ccNote{Text: fmt.Sprint("note ", i), Refs: []int64{int64(i)}}
	}
	return []any{
		&Item{SKU: "a", Quantity: 1, Price: 2.5},
		makeOrder(1, "small"),
		&Receipt{OrderID: 3, Total: 4.5, Lines: 2},
		&Query{Customer: "big", Count: 1, Blob: big},
		&Query{Customer: "mid", Count: 2, Blob: big[:3000]},
		&ccEnvelope{Kind: "note", Payload: &note, Meta: map[string]string{"a": "b"}},
		&ccEnvelope{Kind: "many", Notes: notes, Blob: big[:1500]},
		&ccEnvelope{Kind: "list", Payload: []any{int64(1), "x", []byte{1}}},
		ptrTo(map[string][]int32{"a": {1, 2}, "b": nil}),
		ptrTo([]any{"x", int32(5), nil}),
		ptrTo("just a string"),
	}
}

func ptrTo[T any](v T) *T { return &v }

// split cuts b into pieces of at most n bytes, each its own slice.
func split(b []byte, n int) mem.BufferSlice {
	var s mem.BufferSlice
	for len(b) > 0 {
		k := min(n, len(b))
		s = append(s, mem.SliceBuffer(append([]byte(nil), b[:k]...)))
		b = b[k:]
	}
	return s
}

func ccNewCodec(t *testing.T, pool mem.BufferPool, opts ...fury.Option) *furygrpc.Codec {
	c, err := furygrpc.New(
		furygrpc.WithFuryOptions(opts...),
		furygrpc.WithBufferPool(pool),
		furygrpc.WithTagType("probe.Item", Item{}),
		furygrpc.WithTagType("probe.Order", Order{}),
		furygrpc.WithType(Receipt{}, 301),
		furygrpc.WithType(Query{}, 302),
		furygrpc.WithTagType("probe.Note", ccNote{}),
		furygrpc.WithTagType("probe.Envelope", ccEnvelope{}),
	)
	require.NoError(t, err)
	return c
}

// newLike returns a new pointer of msg's type (msg is a pointer).
func newLike(msg any) any { return reflect.New(reflect.TypeOf(msg).Elem()).Interface() }

// TestConcurrencyProbeCodec: 16 goroutines marshal and unmarshal many
// message types through one Codec (as gRPC does), in all four modes;
// decoded values equal the originals and the single-goroutine results,
// frames stay intact while held, buffers go back to the pool once each.
func TestConcurrencyProbeCodec(t *testing.T) {
	modes := [][]fury.Option{
		nil,
		{fury.WithRefTracking(true)},
		{fury.WithCompatible(false)},
		{fury.WithCompatible(false), fury.WithRefTracking(true)},
	}
	for m, opts := range modes {
		t.Run(fmt.Sprint("mode", m), func(t *testing.T) {
			pool := newPoisonPool()
			c := ccNewCodec(t, pool, opts...)
			msgs := ccMessages()
			// What a single goroutine gets: the decoded message.
			want := make([]any, len(msgs))
			for i, msg := range msgs {
				frame, err := c.Marshal(msg)
				require.NoError(t, err)
				out := newLike(msg)
				require.NoError(t, c.Unmarshal(frame, out))
				frame.Free()
				require.Empty(t, cmp.Diff(msg, out, ccOpts), "message %d", i)
				want[i] = out
			}
			var wg sync.WaitGroup
			errs := make(chan error, 16)
			for w := range 16 {
				wg.Go(func() {
					// Hold a few frames before reading them, as gRPC may.
					var held []mem.BufferSlice
					var heldIdx []int
					var heldBytes [][]byte
					flush := func() error {
						for j, f := range held {
							k := heldIdx[j]
							if got := f.Materialize(); !bytes.Equal(got, heldBytes[j]) {
								return fmt.Errorf("message %d: a held frame changed", k)
							}
							var in mem.BufferSlice = f
							if j%2 == 1 {
								in = split(f.Materialize(), 1000)
							}
							out := newLike(msgs[k])
							err := c.Unmarshal(in, out)
							f.Free()
							if err != nil {
								return fmt.Errorf("message %d: %w", k, err)
							}
							if d := cmp.Diff(want[k], out, ccOpts); d != "" {
								return fmt.Errorf("message %d differs from the single-goroutine result: %s", k, d)
							}
						}
						held, heldIdx, heldBytes = held[:0], heldIdx[:0], heldBytes[:0]
						return nil
					}
					for i := range 2 * len(msgs) {
						k := (w*5 + i) % len(msgs)
						f, err := c.Marshal(msgs[k])
						if err != nil {
							errs <- err
							return
						}
						held = append(held, f)
						heldIdx = append(heldIdx, k)
						heldBytes = append(heldBytes, f.Materialize())
						if len(held) == 3 {
							if err := flush(); err != nil {
								errs <- fmt.Errorf("goroutine %d: %w", w, err)
								return
							}
						}
					}
					if err := flush(); err != nil {
						errs <- fmt.Errorf("goroutine %d: %w", w, err)
					}
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Error(err)
			}
			// Decoded values do not alias frames that went back to the
			// pool (which poisoned them).
			for i := range msgs {
				assert.Empty(t, cmp.Diff(msgs[i], want[i], ccOpts), "message %d after its frame was freed", i)
			}
			pool.mu.Lock()
			defer pool.mu.Unlock()
			assert.Empty(t, pool.errs)
			assert.Empty(t, pool.out, "buffers not returned to the pool")
			assert.Positive(t, pool.gets, "no message took the pooled path")
		})
	}
}

var ccOpts = cmp.Options{cmp.Exporter(func(reflect.Type) bool { return true })}
