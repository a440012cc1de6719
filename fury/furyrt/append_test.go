package furyrt

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// varintEdges are values around every length boundary of the varints.
func varintEdges() []uint64 {
	vs := []uint64{0, 1, math.MaxUint64}
	for k := 7; k < 64; k += 7 {
		vs = append(vs, 1<<k-1, 1<<k, 1<<k+1)
	}
	return append(vs, 1<<63-1, 1<<63)
}

// appendCases returns slices to append to: nil, empty with room, full
// (the append must grow it), and with a prefix that must be kept.
func appendCases() [][]byte {
	full := make([]byte, 3) // len == cap: appending must grow it
	copy(full, "abc")
	return [][]byte{nil, make([]byte, 0, 64), full, []byte("prefix")}
}

// TestAppendVarintsMatchPut holds every Append function to the Put
// function (or Buffer method) that writes the same form, on values at each
// length boundary, appended to nil, roomy, full and prefixed slices.
func TestAppendVarintsMatchPut(t *testing.T) {
	for _, u := range varintEdges() {
		for _, base := range appendCases() {
			check := func(what string, got []byte, put func([]byte) int) {
				t.Helper()
				want := make([]byte, 16)
				want = append(append([]byte(nil), base...), want[:put(want)]...)
				require.Equal(t, want, got, "%s(%#x) after %q", what, u, base)
			}
			clone := func() []byte { return append(base[:len(base):len(base)], nil...)[:len(base)] }
			check("AppendVaruint64", AppendVaruint64(clone(), u), func(d []byte) int { return PutVaruint64(d, u) })
			check("AppendVarint64", AppendVarint64(clone(), int64(u)), func(d []byte) int { return PutVarint64(d, int64(u)) })
			check("AppendTaggedInt64", AppendTaggedInt64(clone(), int64(u)), func(d []byte) int { return PutTaggedInt64(d, int64(u)) })
			check("AppendTaggedUint64", AppendTaggedUint64(clone(), u), func(d []byte) int { return PutTaggedUint64(d, u) })
			u32 := uint32(u)
			check("AppendVaruint32", AppendVaruint32(clone(), u32), func(d []byte) int { return PutVaruint32(d, u32) })
			check("AppendVarint32", AppendVarint32(clone(), int32(u32)), func(d []byte) int { return PutVarint32(d, int32(u32)) })
		}
	}
	// Golden: 300 is 0xac 0x02; -1 zigzags to 1.
	require.Equal(t, []byte{0xac, 0x02}, AppendVaruint32(nil, 300))
	require.Equal(t, []byte{0x01}, AppendVarint64(nil, -1))
}

// TestAppendString holds AppendString to WriteString's UTF-8 form: the same
// bytes for short (one-byte header) and long strings, ASCII or not.
func TestAppendString(t *testing.T) {
	// Golden: "héllo" is 6 UTF-8 bytes, header 6<<2|2.
	require.Equal(t, []byte{0x1a, 'h', 0xc3, 0xa9, 'l', 'l', 'o'}, AppendString(nil, "héllo"))
	for _, s := range []string{"", "a", strings.Repeat("x", 31), strings.Repeat("y", 32), strings.Repeat("é", 100),
		strings.Repeat("z", 1<<14)} {
		for _, base := range appendCases() {
			var want Buffer
			want.WriteBytes(base)
			want.WriteString(s)
			require.Equal(t, want.Bytes(), AppendString(append([]byte(nil), base...), s), "len %d after %q", len(s), base)
		}
	}
}

// TestAppendTimeAndExtend checks AppendTime against PutTime, and that
// Reserve and Extend keep the bytes they make room after.
func TestAppendTimeAndExtend(t *testing.T) {
	tm := time.Date(2026, 11, 23, 1, 2, 3, 456789, time.UTC)
	want := make([]byte, 12)
	PutTime(want, tm)
	require.Equal(t, append([]byte("ab"), want...), AppendTime([]byte("ab"), tm))
	for _, base := range appendCases() {
		r := Reserve(append([]byte(nil), base...), 100)
		require.Equal(t, string(base), string(r))
		require.GreaterOrEqual(t, cap(r)-len(r), 100)
		b := Extend(append([]byte(nil), base...), 10)
		require.Len(t, b, len(base)+10)
		require.Equal(t, string(base), string(b[:len(base)]))
		binary.LittleEndian.PutUint64(b[len(base):], 1) // the extension is writable
	}
}

// TestCommit checks that generated code's pattern (Bytes, append, Commit)
// leaves the buffer holding what was appended, also when the append grew
// the slice into a new array.
func TestCommit(t *testing.T) {
	var buf Buffer
	buf.WriteBytes([]byte("head"))
	b := buf.Bytes()
	for i := 0; i < 100; i++ {
		b = AppendString(b, "0123456789")
	}
	buf.Commit(b)
	require.Equal(t, 4+100*11, buf.Len())
	require.Equal(t, "head", string(buf.Bytes()[:4]))
	buf.WriteUint8(7) // the buffer writes on after the committed bytes
	require.Equal(t, byte(7), buf.Bytes()[buf.Len()-1])
}
