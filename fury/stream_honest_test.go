package fury

import (
	"bytes"
	"errors"
	"io"
	"math/big"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exactReader serves its chunks, one per Read, and fails the test on a
// Read once they are used up (unless eof is set: then io.EOF). On a live
// connection such a Read is one that blocks until the peer sends more:
// a Decoder that makes it when the message at hand is whole waits on a
// peer that waits on it.
type exactReader struct {
	t      *testing.T
	chunks [][]byte
	eof    bool
	over   int // Reads past the chunks
}

func (r *exactReader) Read(p []byte) (int, error) {
	if len(r.chunks) == 0 {
		if r.eof {
			return 0, io.EOF
		}
		r.over++
		r.t.Errorf("Read after the last chunk: the Decoder waits for input the message does not need")
		return 0, errors.New("exactReader: no more input (a live peer would block here)")
	}
	n := copy(p, r.chunks[0])
	if r.chunks[0] = r.chunks[0][n:]; len(r.chunks[0]) == 0 {
		r.chunks = r.chunks[1:]
	}
	return n, nil
}

// split cuts b into pieces of size n.
func split(b []byte, n int) [][]byte {
	var out [][]byte
	for len(b) > 0 {
		k := min(n, len(b))
		out = append(out, b[:k])
		b = b[k:]
	}
	return out
}

// javaTinyDecimal is Java's BigDecimal 1E-20000 as a 7-byte message: the
// header, not null, decimal, scale 20000, unscaled 1.
var javaTinyDecimal = []byte{0x01, 0xff, 0x28, 0xc0, 0xb8, 0x02, 0x04}

// A message that cannot be decoded, for a reason more input does not
// change, fails at once: the Decoder makes no Read past it (on a live pipe
// it blocked forever when the error was a size), and the stream reads on.
func TestDecoderCompleteBadMessageFailsAtOnce(t *testing.T) {
	var into big.Int
	want := Unmarshal(javaTinyDecimal, &into)
	require.ErrorIs(t, want, ErrTypeMismatch)
	require.NotErrorIs(t, want, ErrTruncated)

	// 2^32-1 elements of type none into a []struct{}: over the element
	// limit (ErrTooLarge), in 10 bytes.
	manyEmpty := []byte{0x01, 0xff, 0x16, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x08, 0x24}
	var empties []struct{}
	require.ErrorIs(t, Unmarshal(manyEmpty, &empties), ErrTooLarge)

	for _, piece := range []int{1, 3, 1 << 20} {
		r := &exactReader{t: t, chunks: split(javaTinyDecimal, piece)}
		d := NewDecoder(r)
		var n big.Int
		err := d.Decode(&n)
		require.ErrorIs(t, err, ErrTypeMismatch, "pieces of %d", piece)
		assert.Equal(t, want.Error(), err.Error(), "the error Unmarshal gives")
		assert.Zero(t, r.over)

		r = &exactReader{t: t, chunks: split(manyEmpty, piece)}
		d = NewDecoder(r)
		require.ErrorIs(t, d.Decode(&empties), ErrTooLarge, "pieces of %d", piece)
		assert.Zero(t, r.over)
	}

	// Followed by 1000 valid messages: each of them decodes.
	var stream bytes.Buffer
	stream.Write(javaTinyDecimal)
	stream.Write(manyEmpty)
	enc := NewEncoder(&stream)
	for i := range 1000 {
		require.NoError(t, enc.Encode(big.NewInt(int64(i)*1e15)))
	}
	for _, r := range []io.Reader{bytes.NewReader(stream.Bytes()), iotest.OneByteReader(bytes.NewReader(stream.Bytes()))} {
		d := NewDecoder(r)
		var n big.Int
		require.ErrorIs(t, d.Decode(&n), ErrTypeMismatch)
		require.ErrorIs(t, d.Decode(&empties), ErrTooLarge)
		for i := range 1000 {
			require.NoError(t, d.Decode(&n), "message %d", i)
			require.Zero(t, n.Cmp(big.NewInt(int64(i)*1e15)))
		}
		require.Equal(t, io.EOF, d.Decode(&n))
	}
}

// A message decodes through a Decoder as Unmarshal decodes it, whatever
// follows: its decode budget is its own length's. (Before, 32 MiB of zeros
// after a message that Unmarshal refuses raised the budget enough for it
// to decode, allocating gigabytes.)
func TestDecoderBudgetIgnoresWhatFollows(t *testing.T) {
	msg := bombMessage()
	var v any
	want := Unmarshal(msg, &v)
	require.ErrorIs(t, want, ErrTooLarge)
	one := allocatedBytes(func() { _ = Unmarshal(msg, &v) })

	tail := make([]byte, 32<<20)
	for _, name := range []string{"whole", "halves"} {
		var r io.Reader = io.MultiReader(bytes.NewReader(msg), bytes.NewReader(tail))
		if name == "halves" {
			r = iotest.HalfReader(r)
		}
		d := NewDecoder(r)
		var err error
		n := allocatedBytes(func() {
			var v any
			err = d.Decode(&v)
		})
		require.ErrorIs(t, err, ErrTooLarge, name)
		assert.Equal(t, want.Error(), err.Error(), name)
		assert.Less(t, n, 2*one+1<<20, "%s: a Decoder allocated %d bytes where one Unmarshal allocates %d", name, n, one)
		// The zeros are not a message.
		require.ErrorIs(t, d.Decode(&v), ErrInvalidData, name)
	}
}

// bombMessage is a 5 KB list that asks for more than the default budget
// (see nestedListBomb in package fury_test).
func bombMessage() []byte {
	var b bytes.Buffer
	b.Write([]byte{0x01, 0xff, 0x16, 0xe8, 0x07, 0x00})
	for range 1000 {
		b.Write([]byte{0x16, 0x80, 0x40, 0x08, 0x24})
	}
	return b.Bytes()
}

func allocatedBytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Decode reads in the calling goroutine only: after it returns, no
// goroutine of the Decoder's is left (none is ever started), and every
// byte it took from the reader and did not decode is in Buffered. A caller
// that goes on reading the connection itself gets the rest.
func TestDecoderLeavesNothingBehind(t *testing.T) {
	first, err := Marshal(strings.Split(strings.Repeat("xy,", 5000), ","))
	require.NoError(t, err)
	second, err := Marshal("second")
	require.NoError(t, err)
	trailer := []byte("not fury: the caller's own protocol")
	for _, piece := range []int{1, 7, 1448, 1 << 20} {
		pr, pw := io.Pipe()
		go func() {
			for _, c := range split(append(append(append([]byte(nil), first...), second...), trailer...), piece) {
				if _, err := pw.Write(c); err != nil {
					return
				}
			}
			pw.Close()
		}()
		d := NewDecoder(pr)
		var v []string
		require.NoError(t, d.Decode(&v), "pieces of %d", piece)
		assert.Len(t, v, 5001)
		assertNoDecoderGoroutine(t)
		var s string
		require.NoError(t, d.Decode(&s))
		assert.Equal(t, "second", s)
		rest, err := io.ReadAll(io.MultiReader(bytes.NewReader(d.Buffered()), pr))
		require.NoError(t, err)
		assert.Equal(t, trailer, rest, "pieces of %d: Buffered and the reader hold the rest, byte for byte", piece)
	}
}

// assertNoDecoderGoroutine fails when a goroutine other than the caller's
// runs the Decoder's code.
func assertNoDecoderGoroutine(t *testing.T) {
	t.Helper()
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	for _, g := range strings.Split(stacks, "\n\n")[1:] { // [0] is this goroutine
		if strings.Contains(g, "fury.(*Decoder)") || strings.Contains(g, "fury.(*pump)") {
			t.Errorf("a Decoder goroutine outlives Decode:\n%s", g)
		}
	}
}

// Each message of a stream gives what Unmarshal gives for its bytes, in
// every mode, for valid messages and for mutated ones: the value, or the
// same error; an error of a message whose end the Decoder finds is that
// message's, and the next message decodes. When the Decoder cannot find
// the end (the structure itself is broken), Unmarshal fails too.
func TestDecoderMatchesUnmarshal(t *testing.T) {
	for name, opts := range allModes() {
		f := newHostileFury(opts...)
		var msgs [][]byte
		v := fullValue()
		for _, x := range []any{&v, []any{int64(1), "a", nil}, map[string]any{"k": []any{1.5}}, Blue,
			&Node{Name: "n", Attrs: map[string]string{"a": "b"}}, []Foo{{1, "a"}}, NewSet[int32](1), javaTinyDecimal} {
			b, err := f.Marshal(x)
			require.NoError(t, err)
			msgs = append(msgs, b)
		}
		msgs = append(msgs, javaTinyDecimal)
		for _, m := range append([][]byte(nil), msgs...) {
			for i := 1; i < len(m); i += 1 + len(m)/20 {
				for _, x := range []byte{0x01, 0xff} {
					c := append([]byte(nil), m...)
					c[i] ^= x
					msgs = append(msgs, c)
				}
			}
		}
		msgs = append(msgs, bombMessage())
		u := newHostileFury(opts...)
		for i, m := range msgs {
			checkDecoderMatches(t, u, name, i, m, opts)
		}
	}
}

// checkDecoderMatches decodes m, then a known message, through a Decoder,
// into interface{} and into AllTypes, and compares with Unmarshal.
func checkDecoderMatches(t *testing.T, u *Fury, mode string, i int, m []byte, opts []Option) {
	next, err := Marshal("next")
	require.NoError(t, err)
	stream := append(append([]byte(nil), m...), next...)
	for _, into := range []func() any{func() any { return new(any) }, func() any { return new(AllTypes) }} {
		for _, oneByte := range []bool{false, true} {
			br := bytes.NewReader(stream)
			var r io.Reader = br
			if oneByte {
				r = iotest.OneByteReader(br)
			}
			d := NewDecoder(r, opts...)
			registerHostile(d.Fury())
			got := into()
			err := d.Decode(got)
			if d.err != nil {
				// The end was not found: Unmarshal of the whole message
				// must fail too.
				require.Error(t, u.Unmarshal(m, into()), "%s #%d: the Decoder found no end (%v), Unmarshal decoded", mode, i, err)
				continue
			}
			used := len(stream) - br.Len() - len(d.Buffered())
			require.LessOrEqual(t, used, len(stream))
			want := into()
			werr := u.Unmarshal(stream[:used], want)
			if werr != nil || err != nil {
				require.Error(t, err, "%s #%d: Unmarshal: %v", mode, i, werr)
				require.Error(t, werr, "%s #%d: Decoder: %v", mode, i, err)
				assert.Equal(t, werr.Error(), err.Error(), "%s #%d", mode, i)
			} else if diff := cmp.Diff(want, got, cmpopts.EquateNaNs(), cmp.Comparer(func(a, b *big.Int) bool { return a.Cmp(b) == 0 })); diff != "" && !onlyAddressesDiffer(diff) {
				t.Fatalf("%s #%d: %s", mode, i, diff)
			}
			if used == len(m) {
				var s string
				require.NoError(t, d.Decode(&s), "%s #%d: the next message", mode, i)
				require.Equal(t, "next", s)
			}
		}
	}
}

func registerHostile(f *Fury) {
	_ = f.RegisterTagType("example.Foo", Foo{})
	_ = f.RegisterTagType("example.Color", Color(0))
	_ = f.RegisterTagType("example.Node", Node{})
	_ = f.Register(AllTypes{}, 300)
}

// Trickled a byte at a time, a stream is scanned about once: each byte is
// examined by the scan and by the decode, and an item cut by the end of the
// input (a few bytes) again when the next byte arrives.
func TestDecoderLinearWork(t *testing.T) {
	vs := streamValues(400)
	data := encodeAll(t, vs)
	_, dec := decodeAll(t, iotest.OneByteReader(bytes.NewReader(data)), len(vs))
	assert.LessOrEqual(t, dec.examined, 4*len(data), "examined %d bytes for %d", dec.examined, len(data))
	big := &streamItem{Name: strings.Repeat("n", 300000), Tags: make([]string, 5000)}
	data = encodeAll(t, []any{big})
	_, dec = decodeAll(t, iotest.OneByteReader(bytes.NewReader(data)), 1)
	assert.LessOrEqual(t, dec.examined, 4*len(data), "examined %d bytes for %d", dec.examined, len(data))
}

// onlyAddressesDiffer reports whether a cmp diff is only about pointer map
// keys, which two decodes never share: its removed and added lines are the
// same once the addresses are dropped.
func onlyAddressesDiffer(diff string) bool {
	addr := regexp.MustCompile(`⟪0x[0-9a-f]+⟫`)
	count := map[string]int{}
	for _, l := range strings.Split(diff, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		switch l[0] {
		case '+':
			count[addr.ReplaceAllString(l[1:], "")]++
		case '-':
			count[addr.ReplaceAllString(l[1:], "")]--
		}
	}
	for _, c := range count {
		if c != 0 {
			return false
		}
	}
	return true
}

// FuzzDecoderMatchesUnmarshal: for any input, each message a Decoder reads
// is what Unmarshal gives for the same bytes (see checkDecoderMatches),
// in the mode the first byte picks.
func FuzzDecoderMatchesUnmarshal(f *testing.F) {
	for _, b := range corpus(f) {
		f.Add(byte(0), b)
		f.Add(byte(1), b)
	}
	f.Add(byte(0), javaTinyDecimal)
	modes := []string{"consistent", "compatible", "consistent+refs", "compatible+refs"}
	all := allModes()
	us := map[string]*Fury{}
	f.Fuzz(func(t *testing.T, mode byte, data []byte) {
		if len(data) > 16<<10 {
			return
		}
		name := modes[int(mode)%len(modes)]
		// A small budget keeps the inputs that ask for much cheap.
		opts := append(all[name][:len(all[name]):len(all[name])], WithMaxDecodedBytes(4<<20))
		u := us[name]
		if u == nil {
			u = newHostileFury(opts...)
			us[name] = u
		}
		checkDecoderMatches(t, u, name, 0, data, opts)
	})
}
