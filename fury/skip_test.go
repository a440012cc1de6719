package fury

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type skipInner struct {
	N    int32
	S    string
	Tags []string
}

type skipOuter struct {
	A     int64
	In    skipInner
	P     *skipInner
	L     []*skipInner
	M     map[string]skipInner
	Any   any
	Anys  []any
	T     time.Time
	D     time.Duration
	Dec   Decimal
	Day   Date
	Bytes []byte
	F32s  []float32
	Set   Set[string]
	Empty struct{}
	Enum  skipEnum
}

type skipEnum int32

func skipValues() map[string]any {
	in := &skipInner{N: 1, S: "inner", Tags: []string{"a", "b"}}
	return map[string]any{
		"int":     int64(-5),
		"string":  "héllo, wörld ☃",
		"strings": []string{"", "x", "yy"},
		"map":     map[string][]int32{"a": {1, 2}, "b": nil},
		"nested":  []any{[]any{}, map[any]any{int8(1): "x", "y": nil}, nil, 3.5},
		"outer": &skipOuter{
			A: 9, In: *in, P: in, L: []*skipInner{in, nil, in}, M: map[string]skipInner{"k": *in},
			Any: in, Anys: []any{int32(1), "two", in, nil}, T: time.Unix(1700000000, 5).UTC(), D: -time.Second,
			Dec: Decimal{Unscaled: new(big.Int).Lsh(big.NewInt(1), 100), Scale: 3}, Day: Date{Year: 2024, Month: 2, Day: 29},
			Bytes: []byte{1, 2, 3}, F32s: []float32{1, 2}, Set: NewSet("p", "q"), Enum: 2,
		},
		"empty structs": make([]struct{}, 20000),
	}
}

func skipModes() []struct {
	name string
	opts []Option
} {
	var out []struct {
		name string
		opts []Option
	}
	for _, c := range []bool{true, false} {
		for _, r := range []bool{false, true} {
			out = append(out, struct {
				name string
				opts []Option
			}{fmt.Sprintf("compatible=%v/ref=%v", c, r), []Option{WithCompatible(c), WithRefTracking(r)}})
		}
	}
	return out
}

// The skipper reads past exactly the bytes a read takes, in every mode,
// and allocates nothing for what it skips.
func TestSkipMessageMatchesRead(t *testing.T) {
	for _, m := range skipModes() {
		for name, v := range skipValues() {
			t.Run(m.name+"/"+name, func(t *testing.T) {
				f := New(m.opts...)
				require.NoError(t, f.Register(skipEnum(0), 90))
				data, err := f.Marshal(v)
				require.NoError(t, err)
				// Two messages back to back: the skip stops at the first's end.
				two := append(append([]byte(nil), data...), data...)
				buf := newBuffer(two)
				require.NoError(t, f.skipMessage(buf))
				require.Equal(t, len(data), buf.ReaderIndex())
				require.NoError(t, f.skipMessage(buf))
				require.Equal(t, len(two), buf.ReaderIndex())

				if raceEnabled {
					return
				}
				buf.SetReaderIndex(0)
				n := exactAlloc(func() { err = f.skipMessage(buf) })
				require.NoError(t, err)
				require.LessOrEqual(t, n, uint64(256), "skipping %d bytes allocated %d", len(data), n)
			})
		}
	}
}

// Truncating a message anywhere makes the skip fail, never panic.
func TestSkipMessageTruncated(t *testing.T) {
	defer func(old bool) { recoverPanics = old }(recoverPanics)
	recoverPanics = false
	for _, m := range skipModes() {
		f := New(m.opts...)
		require.NoError(t, f.Register(skipEnum(0), 90))
		data, err := f.Marshal(skipValues()["outer"])
		require.NoError(t, err)
		for i := range len(data) {
			require.Error(t, f.skipMessage(newBuffer(data[:i])), "%s: %d of %d bytes", m.name, i, len(data))
		}
	}
}

type skipRefW struct {
	Aaa *skipInner
	Zzz *skipInner
}

type skipRefR struct {
	Zzz *skipInner
}

// With reference tracking, a value first written in a field the reader
// skips and referred to from one it reads is read: the decode starts over
// reading skipped values instead of skipping them.
func TestSkippedValueReferencedLater(t *testing.T) {
	w := New(WithRefTracking(true))
	require.NoError(t, w.RegisterTagType("skip.Ref", skipRefW{}))
	in := &skipInner{N: 3, S: "shared"}
	data, err := w.Marshal(&skipRefW{Aaa: in, Zzz: in})
	require.NoError(t, err)

	r := New(WithRefTracking(true))
	require.NoError(t, r.RegisterTagType("skip.Ref", skipRefR{}))
	var got skipRefR
	require.NoError(t, r.Unmarshal(data, &got))
	require.Equal(t, in, got.Zzz)
	require.False(t, r.dec.noSkip)

	// Again, now that the TypeDefs are known.
	got = skipRefR{}
	require.NoError(t, r.Unmarshal(data, &got))
	require.Equal(t, in, got.Zzz)
}

func FuzzSkipMessage(f *testing.F) {
	for _, m := range skipModes() {
		g := New(m.opts...)
		_ = g.Register(skipEnum(0), 90)
		for _, v := range skipValues() {
			if data, err := g.Marshal(v); err == nil && len(data) < 4096 {
				f.Add(data, byte(0))
			}
		}
	}
	f.Add(append([]byte{0x01, 0xff, 0x16, 0x80, 0x40, 0x08, 0x24}, bytes.Repeat([]byte{0x16, 0x80, 0x40, 0x08, 0x24}, 4)...), byte(1))
	f.Fuzz(func(t *testing.T, data []byte, mode byte) {
		defer func(old bool) { recoverPanics = old }(recoverPanics)
		recoverPanics = false
		m := skipModes()[int(mode)%4]
		g := New(append(m.opts, WithMaxDecodedBytes(1<<20))...)
		_ = g.Register(skipEnum(0), 90)
		buf := newBuffer(data)
		err := g.skipMessage(buf)
		if err != nil && !isSentinelErr(err) {
			t.Fatalf("skip: not a sentinel error: %v", err)
		}
		if buf.ReaderIndex() > len(data) {
			t.Fatalf("skip went past the input")
		}
		// What reads whole into an interface{} skips, to the same place
		// (the skipper knows every wire type the reader reads).
		h := New(append(m.opts, WithMaxDecodedBytes(1<<20))...)
		_ = h.Register(skipEnum(0), 90)
		rb := NewBuffer(data)
		var v any
		if rerr := h.Deserialize(rb, &v, nil); rerr == nil {
			if err != nil {
				t.Fatalf("read into interface{}, skip failed: %v", err)
			}
			if read := len(data) - rb.Len(); read != buf.ReaderIndex() {
				t.Fatalf("read took %d bytes, skip %d", read, buf.ReaderIndex())
			}
		}
	})
}

func isSentinelErr(err error) bool {
	for _, s := range []error{ErrTruncated, ErrInvalidData, ErrUnknownType, ErrUnsupportedType, ErrTypeMismatch,
		ErrSchemaMismatch, ErrDepthExceeded, ErrTooLarge, ErrRegistration, ErrInvalidArgument} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

type skipManyW struct {
	Aaa []*skipInner
	Zzz *skipInner
}

// The decode started over after a reference into a skipped value gets
// what the first attempt left of the budget: the two allocate no more than
// one decode may.
func TestSkippedReferenceRestartWithinBudget(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's allocations are not the program's")
	}
	w := New(WithRefTracking(true))
	require.NoError(t, w.RegisterTagType("skip.Ref", skipManyW{}))
	require.NoError(t, w.RegisterTagType("skip.Inner", skipInner{}))
	many := make([]*skipInner, 5000)
	for i := range many {
		many[i] = &skipInner{N: int32(i), Tags: []string{"t"}}
	}
	data, err := w.Marshal(&skipManyW{Aaa: many, Zzz: many[4999]})
	require.NoError(t, err)

	for _, limit := range []int64{0, 400 << 10} {
		r := New(WithRefTracking(true), WithMaxDecodedBytes(limit))
		require.NoError(t, r.RegisterTagType("skip.Ref", skipRefR{}))
		require.NoError(t, r.RegisterTagType("skip.Inner", skipInner{}))
		var got skipRefR
		_ = r.Unmarshal(data, &got) // warm
		got = skipRefR{}
		n := exactAlloc(func() { err = r.Unmarshal(data, &got) })
		budget := decodeBudget(limit, len(data))
		t.Logf("limit %d: %d bytes, %d allocated, budget %d: %v", limit, len(data), n, budget, err)
		if err == nil {
			require.Equal(t, many[4999], got.Zzz)
		} else {
			require.ErrorIs(t, err, ErrTooLarge)
		}
		require.LessOrEqual(t, n, uint64(budget)+16<<10)
	}
}
