package fury

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type streamItem struct {
	Name  string
	Count int32
	Tags  []string
	Attrs map[string]int64
	Raw   []byte
	Next  *streamItem
}

// streamValues returns n mixed messages: registered structs, strings,
// numbers, lists, maps, nil, bytes, and now and then a large one.
func streamValues(n int) []any {
	vs := make([]any, n)
	for i := range vs {
		switch i % 9 {
		case 0:
			vs[i] = &streamItem{Name: fmt.Sprint("item", i), Count: int32(i), Tags: []string{"a", "b"},
				Attrs: map[string]int64{"i": int64(i)}, Raw: []byte{1, 2, byte(i)}}
		case 1:
			vs[i] = strings.Repeat("s", i%50) + "é"
		case 2:
			vs[i] = int64(i) * -7919
		case 3:
			vs[i] = []any{int64(i), "x", true, 2.5}
		case 4:
			vs[i] = map[any]any{"k": int64(i), int64(i): "v"}
		case 5:
			vs[i] = nil
		case 6:
			vs[i] = bytes.Repeat([]byte{byte(i)}, i%300)
		case 7:
			vs[i] = &streamItem{Name: "outer", Next: &streamItem{Name: "inner", Count: 1}}
		case 8:
			if i%90 == 8 {
				vs[i] = strings.Repeat("big", 20000+i) // > 60 KB
			} else {
				vs[i] = 3.25
			}
		}
	}
	return vs
}

func streamFury(t testing.TB, f *Fury) {
	require.NoError(t, f.RegisterTagType("test.StreamItem", streamItem{}))
}

// expected returns what Unmarshal into interface{} gives for each value.
func expected(t testing.TB, vs []any) []any {
	f := New()
	streamFury(t, f)
	out := make([]any, len(vs))
	for i, v := range vs {
		b, err := f.Marshal(v)
		require.NoError(t, err)
		require.NoError(t, f.Unmarshal(b, &out[i]))
	}
	return out
}

func encodeAll(t testing.TB, vs []any) []byte {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	streamFury(t, enc.Fury())
	for _, v := range vs {
		require.NoError(t, enc.Encode(v))
	}
	return buf.Bytes()
}

func decodeAll(t testing.TB, r io.Reader, n int, opts ...Option) ([]any, *Decoder) {
	dec := NewDecoder(r, opts...)
	streamFury(t, dec.Fury())
	var got []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "message %d", len(got))
		got = append(got, v)
		require.LessOrEqual(t, len(got), n)
	}
	return got, dec
}

func TestStreamEncoderWritesMarshalBackToBack(t *testing.T) {
	var vs []any
	for i, v := range streamValues(30) {
		if i%9 != 4 { // maps of several entries have no fixed order
			vs = append(vs, v)
		}
	}
	f := New()
	streamFury(t, f)
	var want []byte
	for _, v := range vs {
		b, err := f.Marshal(v)
		require.NoError(t, err)
		want = append(want, b...)
	}
	assert.True(t, bytes.Equal(want, encodeAll(t, vs)))
}

func TestStreamPipe10000(t *testing.T) {
	vs := streamValues(10000)
	pr, pw := io.Pipe()
	go func() {
		enc := NewEncoder(pw)
		streamFury(t, enc.Fury())
		for _, v := range vs {
			if err := enc.Encode(v); err != nil {
				pw.CloseWithError(err)
				return
			}
		}
		pw.Close()
	}()
	got, _ := decodeAll(t, pr, len(vs))
	want := expected(t, vs)
	require.Len(t, got, len(want))
	for i := range want {
		if d := cmp.Diff(want[i], got[i]); d != "" {
			t.Fatalf("message %d: %s", i, d)
		}
	}
}

func TestStreamOneByteReader(t *testing.T) {
	vs := streamValues(400)
	data := encodeAll(t, vs)
	got, dec := decodeAll(t, iotest.OneByteReader(bytes.NewReader(data)), len(vs))
	assert.Empty(t, cmp.Diff(expected(t, vs), got))
	// The retries stay within O(n log n) of the input, not O(n²).
	n := len(data)
	assert.LessOrEqual(t, dec.examined, 4*n*bits.Len(uint(n)), "examined %d bytes for %d", dec.examined, n)
}

func TestStreamOneLargeMessageOneByteAtATime(t *testing.T) {
	big := &streamItem{Name: strings.Repeat("n", 300000), Tags: make([]string, 5000)}
	data := encodeAll(t, []any{big})
	dec := NewDecoder(iotest.OneByteReader(bytes.NewReader(data)))
	streamFury(t, dec.Fury())
	var got streamItem
	require.NoError(t, dec.Decode(&got))
	assert.Equal(t, big.Name, got.Name)
	assert.Equal(t, io.EOF, dec.Decode(&got))
	n := len(data)
	assert.LessOrEqual(t, dec.examined, 4*n*bits.Len(uint(n)), "examined %d bytes for %d", dec.examined, n)
}

// Ping-pong over a pipe: the writer waits for each message to be decoded
// before writing the next, so a Decoder that waited for more input than
// the message would hang.
func TestStreamInteractive(t *testing.T) {
	pr, pw := io.Pipe()
	vs := streamValues(200)
	ack := make(chan struct{})
	go func() {
		enc := NewEncoder(pw)
		streamFury(t, enc.Fury())
		for _, v := range vs {
			if err := enc.Encode(v); err != nil {
				pw.CloseWithError(err)
				return
			}
			<-ack
		}
		pw.Close()
	}()
	dec := NewDecoder(pr)
	streamFury(t, dec.Fury())
	want := expected(t, vs)
	for i := range vs {
		var v any
		require.NoError(t, dec.Decode(&v), "message %d", i)
		require.Empty(t, cmp.Diff(want[i], v), "message %d", i)
		ack <- struct{}{}
	}
	var v any
	assert.Equal(t, io.EOF, dec.Decode(&v))
}

func TestStreamTruncatedLastMessage(t *testing.T) {
	vs := []any{"first", &streamItem{Name: "second", Tags: []string{"t"}},
		&streamItem{Name: "last", Count: 9, Tags: []string{"x", "y"}, Attrs: map[string]int64{"a": 1}, Raw: []byte("raw")}}
	data := encodeAll(t, vs)
	lastLen := len(encodeAll(t, vs[2:]))
	whole := len(data) - lastLen
	for _, oneByte := range []bool{false, true} {
		for cut := 0; cut < lastLen; cut++ {
			var r io.Reader = bytes.NewReader(data[:whole+cut])
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			dec := NewDecoder(r)
			streamFury(t, dec.Fury())
			var v any
			require.NoError(t, dec.Decode(&v))
			require.NoError(t, dec.Decode(&v))
			err := dec.Decode(&v)
			if cut == 0 {
				assert.Equal(t, io.EOF, err)
				continue
			}
			require.Error(t, err, "cut %d", cut)
			assert.ErrorIs(t, err, io.ErrUnexpectedEOF, "cut %d: %v", cut, err)
			assert.ErrorIs(t, err, ErrTruncated, "cut %d: %v", cut, err)
			assert.Equal(t, err, dec.Decode(&v), "errors are sticky")
		}
	}
}

func TestStreamMessageLimit(t *testing.T) {
	big := strings.Repeat("x", 100000)
	data := encodeAll(t, []any{"small", big, "after"})
	dec := NewDecoder(bytes.NewReader(data), WithMaxMessageSize(50000))
	var s string
	require.NoError(t, dec.Decode(&s))
	err := dec.Decode(&s)
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.LessOrEqual(t, cap(dec.buf), 50000+minRead)

	// Exactly at the limit is fine.
	one := encodeAll(t, []any{big})
	dec = NewDecoder(bytes.NewReader(one), WithMaxMessageSize(len(one)))
	require.NoError(t, dec.Decode(&s))
	assert.Equal(t, big, s)

	// The Encoder refuses what the Decoder would.
	var buf bytes.Buffer
	enc := NewEncoder(&buf, WithMaxMessageSize(1000))
	assert.ErrorIs(t, enc.Encode(big), ErrTooLarge)
	assert.Zero(t, buf.Len())
	require.NoError(t, enc.Encode("fits"))
}

type endless struct{ b byte }

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.b
	}
	return len(p), nil
}

// A hostile stream: a string header claiming a huge length, then endless
// bytes. The Decoder stops at the limit.
func TestStreamHostileEndless(t *testing.T) {
	full, err := Marshal(strings.Repeat("a", 10<<20))
	require.NoError(t, err)
	head := newBuffer(full[:16]) // the header of a 10 MiB string
	for _, limit := range []int{1 << 16, 1 << 20} {
		dec := NewDecoder(io.MultiReader(bytes.NewReader(head.Bytes()), endless{'a'}), WithMaxMessageSize(limit))
		var v any
		err := dec.Decode(&v)
		require.Error(t, err)
		assert.LessOrEqual(t, cap(dec.buf), limit+minRead)
	}
	// Endless zeros from the start.
	dec := NewDecoder(endless{}, WithMaxMessageSize(1<<16))
	var v any
	assert.Error(t, dec.Decode(&v))
}

func TestStreamTypeMismatchSkipsTheMessage(t *testing.T) {
	data := encodeAll(t, []any{"a string", int64(5), "next"})
	dec := NewDecoder(bytes.NewReader(data))
	var n int64
	assert.ErrorIs(t, dec.Decode(&n), ErrTypeMismatch)
	require.NoError(t, dec.Decode(&n))
	assert.Equal(t, int64(5), n)
	var s string
	require.NoError(t, dec.Decode(&s))
	assert.Equal(t, "next", s)
	assert.Equal(t, io.EOF, dec.Decode(&s))
}

func TestStreamGarbage(t *testing.T) {
	dec := NewDecoder(strings.NewReader("this is not fury"))
	var v any
	err := dec.Decode(&v)
	assert.ErrorIs(t, err, ErrInvalidData)
	assert.Equal(t, err, dec.Decode(&v))
}

// Decoded values do not alias the Decoder's buffer, which later reads
// overwrite.
func TestStreamValuesDoNotAliasTheBuffer(t *testing.T) {
	vs := streamValues(300)
	dec := NewDecoder(iotest.HalfReader(bytes.NewReader(encodeAll(t, vs))))
	streamFury(t, dec.Fury())
	var got []any
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		got = append(got, v)
	}
	assert.Empty(t, cmp.Diff(expected(t, vs), got))
}

func TestStreamReaderErrors(t *testing.T) {
	boom := errors.New("boom")
	data := encodeAll(t, []any{"one", "two"})
	dec := NewDecoder(io.MultiReader(bytes.NewReader(data[:len(data)-2]), iotest.ErrReader(boom)))
	var s string
	require.NoError(t, dec.Decode(&s))
	err := dec.Decode(&s)
	assert.ErrorIs(t, err, boom)

	// Decode into a used value equals decode into a zero one.
	data = encodeAll(t, []any{&streamItem{Name: "b"}, &streamItem{Name: "b"}})
	dec = NewDecoder(bytes.NewReader(data))
	streamFury(t, dec.Fury())
	it := streamItem{Name: "a", Count: 3, Tags: []string{"old"}, Next: &streamItem{}}
	var zero streamItem
	require.NoError(t, dec.Decode(&it))
	require.NoError(t, dec.Decode(&zero))
	assert.Equal(t, zero, it)

	// Write errors are sticky.
	enc := NewEncoder(errWriter{boom})
	assert.ErrorIs(t, enc.Encode("x"), boom)
	assert.ErrorIs(t, enc.Encode("y"), boom)
}

type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

func TestStreamInvalidOptions(t *testing.T) {
	var v any
	assert.ErrorIs(t, NewDecoder(strings.NewReader(""), WithMaxMessageSize(0)).Decode(&v), ErrInvalidArgument)
	assert.ErrorIs(t, NewEncoder(io.Discard, WithMaxMessageSize(-1)).Encode(1), ErrInvalidArgument)
	assert.ErrorIs(t, NewDecoder(nil).Decode(&v), ErrInvalidArgument)
	assert.ErrorIs(t, NewEncoder(nil).Encode(1), ErrInvalidArgument)
	assert.Equal(t, io.EOF, NewDecoder(strings.NewReader("")).Decode(&v))
	// A bad destination is refused before any input is read.
	assert.ErrorIs(t, NewDecoder(strings.NewReader("")).Decode(nil), ErrInvalidArgument)
	dec := NewDecoder(bytes.NewReader(encodeAll(t, []any{"x"})))
	assert.ErrorIs(t, dec.Decode(nil), ErrInvalidArgument)
	var s string
	assert.ErrorIs(t, dec.Decode(s), ErrInvalidArgument)
	require.NoError(t, dec.Decode(&s))
	assert.Equal(t, "x", s)
}

// FuzzDecoder feeds arbitrary bytes to a Decoder, whole and one byte at a
// time: it must end (with io.EOF or an error), never panic, stay within its
// message limit, and keep its retries within O(n log n) of the input.
func FuzzDecoder(f *testing.F) {
	for _, b := range corpus(f) {
		f.Add(b)
		f.Add(append(append([]byte(nil), b...), b[:len(b)/2]...))
	}
	f.Add(encodeAll(f, streamValues(20)))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = bytes.NewReader(data)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			dec := NewDecoder(r, WithMaxMessageSize(1<<16))
			for range len(data) + 1 {
				var v any
				if err := dec.Decode(&v); err != nil {
					// An error the stream cannot be read past (the scan's:
					// truncated or malformed framing) is sticky; an error
					// decoding a complete message belongs to that message,
					// and the next Decode reads on.
					if err != io.EOF && dec.err != nil {
						assert.Equal(t, err, dec.Decode(&v), "stream errors are sticky")
					}
					break
				}
			}
			assert.LessOrEqual(t, cap(dec.buf), 1<<16+2*minRead)
			n := len(data) + 1
			assert.LessOrEqual(t, dec.examined, 8*n*bits.Len(uint(n)))
		}
	})
}

// TestDecoderSkipsUnknownForDestination: in schema-consistent mode, a
// message holding an unregistered struct that the destination's type does
// not mention is ErrUnknownType; the Decoder skips it (its Fury knows the
// struct from an earlier message), and the stream stays usable.
func TestDecoderSkipsUnknownForDestination(t *testing.T) {
	var stream bytes.Buffer
	enc := NewEncoder(&stream, WithCompatible(false))
	a := histA{X: 3, S: "s"}
	for i := 0; i < 3; i++ {
		require.NoError(t, enc.Encode(&a))
	}
	dec := NewDecoder(&stream, WithCompatible(false))
	var got histA
	require.NoError(t, dec.Decode(&got))
	assert.Equal(t, a, got)
	var other histB
	require.ErrorIs(t, dec.Decode(&other), ErrUnknownType)
	got = histA{}
	require.NoError(t, dec.Decode(&got))
	assert.Equal(t, a, got)
	require.ErrorIs(t, dec.Decode(&got), io.EOF)
}
