package furyrt

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decodeStrings reads every string of msg on b as one decode does
// (BeginSlab to EndSlab) and returns them with what the decode was charged.
func decodeStrings(t *testing.T, b *Buffer, msg []byte) ([]string, int64) {
	t.Helper()
	b.SetBytes(msg)
	b.BeginSlab()
	defer b.EndSlab()
	b.SetBudget(1 << 30)
	var out []string
	for b.Remaining() > 0 {
		s, err := b.ReadString()
		require.NoError(t, err)
		out = append(out, s)
	}
	return out, 1<<30 - b.Budget()
}

func stringsMessage(ss ...string) []byte {
	w := NewBuffer(nil)
	for _, s := range ss {
		w.WriteString(s)
	}
	return w.Bytes()
}

// A slab outlives its decode: the next decode carves on from it, never
// over a piece handed out before, and is charged what a decode on a fresh
// buffer is (the charge does not depend on what earlier decodes left).
func TestSlabOutlivesDecode(t *testing.T) {
	msg := stringsMessage("a1b2c3d4e5f6a7b8", "0123456789", "", "x", strings.Repeat("y", 40))
	var fresh Buffer
	want, charge := decodeStrings(t, &fresh, msg)
	require.Equal(t, []string{"a1b2c3d4e5f6a7b8", "0123456789", "", "x", strings.Repeat("y", 40)}, want)

	var b Buffer
	b.SetSharedBlocks(true)
	var kept [][]string
	seen := map[uintptr]bool{}
	for i := range 600 { // past slabMax, so several slabs
		in := append([]byte(nil), msg...)
		got, c := decodeStrings(t, &b, in)
		require.Equal(t, want, got, "decode %d", i)
		require.Equal(t, charge, c, "decode %d: charged as on a fresh buffer", i)
		for _, s := range got {
			if s != "" {
				p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
				require.False(t, seen[p], "decode %d: a piece handed out twice", i)
				seen[p] = true
			}
		}
		kept = append(kept, got)
		for j := range in { // nothing decoded aliases the input
			in[j] = 0xff
		}
	}
	for i, got := range kept {
		require.Equal(t, want, got, "decode %d after the later ones", i)
	}
	assert.LessOrEqual(t, len(b.slab), slabMax)
	assert.Equal(t, slabMax, len(b.slab), "slabs grow to slabMax over a run of decodes")
}

// Restore zeroes what it hands back, so that Alloc's pieces stay zero in
// later decodes too.
func TestRestoreZeroesHandedBack(t *testing.T) {
	msg := stringsMessage("abcdefgh", "ijklmnop", "qrstuvwx")
	var b Buffer
	b.SetSharedBlocks(true)
	decodeStrings(t, &b, msg[:9]) // leaves a slab with room
	b.SetBytes(msg)
	b.BeginSlab()
	m := b.Mark()
	for range 3 {
		_, err := b.ReadString()
		require.NoError(t, err)
	}
	b.Restore(m)
	b.EndSlab()
	b.BeginSlab()
	p := b.Alloc(24)
	require.Equal(t, make([]byte, 24), p)
	b.EndSlab()

	// The same after a fresh slab was taken past the mark.
	var c Buffer
	c.SetSharedBlocks(true)
	decodeStrings(t, &c, msg[:9])
	c.SetBytes(append(msg, stringsMessage(strings.Repeat("z", 900))...))
	c.BeginSlab()
	m = c.Mark()
	for c.Remaining() > 0 {
		_, err := c.ReadString()
		require.NoError(t, err)
	}
	require.NotEqual(t, uintptr(unsafe.Pointer(unsafe.SliceData(m.slab))), uintptr(unsafe.Pointer(unsafe.SliceData(c.slab))))
	c.Restore(m)
	c.EndSlab()
	c.BeginSlab()
	rest := len(c.slab) - c.slabOff
	require.Equal(t, make([]byte, rest), c.Alloc(rest))
}

// NextString locates UTF-8 strings with headers of one and two bytes, and
// nothing else; a failure carries on to the run's last e.
func TestNextString(t *testing.T) {
	for _, n := range []int{0, 1, 31, 32, 33, 127, 128, 4095, 4096} {
		msg := stringsMessage(strings.Repeat("a", n), "b")
		s, e := NextString(msg, 0)
		s2, e2 := NextString(msg, e)
		if n >= 4096 { // a three-byte header
			require.Equal(t, len(msg)+1, e, "len %d", n)
			require.Equal(t, len(msg)+1, e2, "len %d", n)
			continue
		}
		require.Equal(t, strings.Repeat("a", n), string(msg[s:e]), "len %d", n)
		require.Equal(t, "b", string(msg[s2:e2]), "len %d", n)
		require.Equal(t, len(msg), e2)
		for i := 0; i < len(msg); i++ { // truncated: the run's end says so
			_, a := NextString(msg[:i], 0)
			_, b := NextString(msg[:i], a)
			require.Greater(t, b, i, "len %d truncated at %d", n, i)
		}
	}
	for _, h := range [][]byte{{0x00}, {0x01}, {0x03}, {0x04}, {0x82, 0x80}, {0xfe, 0xff, 0x01}} {
		_, e := NextString(append(h, make([]byte, 64)...), 0)
		require.Equal(t, len(h)+65, e, "header % x", h)
	}
}

// twinBuffers decodes msg's strings one by one with a Buffer set up by opt,
// returning them and what they were charged, and a second Buffer set up
// the same way, holding msg inside a slab with a budget of 1<<30, for the
// run reader under test.
func twinBuffers(t *testing.T, msg []byte, opt func(*Buffer)) ([]string, int64, *Buffer) {
	t.Helper()
	var one, run Buffer
	opt(&one)
	opt(&run)
	want, charge := decodeStrings(t, &one, msg)
	run.SetBytes(msg)
	run.BeginSlab()
	run.SetBudget(1 << 30)
	return want, charge, &run
}

// StringRun copies (or with aliasing, aliases) and charges a run as
// ReadString does string by string.
func TestStringRunAsReadString(t *testing.T) {
	cases := [][]string{{"", ""}, {"a"}, {"abcd", ""}, {strings.Repeat("x", 31), strings.Repeat("y", 32)}, {strings.Repeat("z", 900), "q", strings.Repeat("w", 200)}}
	// Runs of every length up to past RunMax, of bytes that differ, in one
	// string and in two (each length's own way to its copy).
	const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for n := 1; n < len(digits); n++ {
		cases = append(cases, []string{digits[:n]}, []string{digits[:n/2], digits[n/2 : n]})
	}
	for _, ss := range cases {
		msg := stringsMessage(ss...)
		for _, alias := range []bool{false, true} {
			want, charge, run := twinBuffers(t, msg, func(b *Buffer) { b.SetAliasing(alias) })
			e := 0
			var got []string
			var bounds [][2]int
			for range ss {
				var s int
				s, e = NextString(msg, e)
				bounds = append(bounds, [2]int{s, e})
			}
			require.Equal(t, len(msg), e)
			all := run.StringRun(msg)
			for _, b := range bounds {
				got = append(got, all[b[0]:b[1]])
			}
			run.EndSlab()
			require.Equal(t, want, got)
			require.Equal(t, charge, 1<<30-run.Budget(), "%q alias %v", ss, alias)
			if alias {
				require.Equal(t, uintptr(unsafe.Pointer(unsafe.SliceData(msg))), uintptr(unsafe.Pointer(unsafe.StringData(all))))
			} else {
				require.NotEqual(t, uintptr(unsafe.Pointer(unsafe.SliceData(msg))), uintptr(unsafe.Pointer(unsafe.StringData(all))), "%q", ss)
			}
		}
	}
}

// Without shared blocks (the default) every decoded string is memory of
// its own: the buffer keeps no slab between decodes, and a later decode
// never hands out memory next to an earlier piece. UnreadRun, where
// generated code locates a run of strings to copy as one piece, is then
// at most RunMax bytes, and all the unread bytes with shared blocks or
// aliasing on.
func TestOwnMemoryByDefault(t *testing.T) {
	long := strings.Repeat("y", 40)
	msg := stringsMessage("a1b2c3d4e5f6a7b8", "0123456789", "", "x", long, "\u4e2d\u6587", "h\u00e9llo")
	var b Buffer
	var kept [][]string
	for range 50 {
		got, _ := decodeStrings(t, &b, msg)
		require.Equal(t, []string{"a1b2c3d4e5f6a7b8", "0123456789", "", "x", long, "\u4e2d\u6587", "h\u00e9llo"}, got)
		require.Nil(t, b.slab, "no slab outlives the decode")
		kept = append(kept, got)
	}
	for i, got := range kept {
		for j, s := range got {
			if len(s) < 2 {
				continue // "" and one-byte strings may be static
			}
			p := unsafe.StringData(s)
			for i2, other := range kept[:i] {
				for _, o := range other {
					if len(o) >= 2 {
						q := unsafe.StringData(o)
						require.False(t, uintptr(unsafe.Pointer(p)) >= uintptr(unsafe.Pointer(q)) &&
							uintptr(unsafe.Pointer(p)) < uintptr(unsafe.Pointer(q))+uintptr(len(o)),
							"decode %d string %d lies in decode %d's memory", i, j, i2)
					}
				}
			}
		}
	}

	in := stringsMessage(long, long)
	b.SetBytes(in)
	require.Len(t, b.UnreadRun(), RunMax)
	b.SetBytes(in[:RunMax-1])
	require.Len(t, b.UnreadRun(), RunMax-1)
	b.SetBytes(in)
	b.SetAliasing(true)
	require.Len(t, b.UnreadRun(), len(in))
	b.SetAliasing(false)
	b.SetSharedBlocks(true)
	require.Len(t, b.UnreadRun(), len(in))
	b.SetSharedBlocks(false)

	// A run, copied as one piece, is its own allocation too.
	run := stringsMessage("ab", "cd")
	b.SetBytes(run)
	b.BeginSlab()
	r := b.StringRun(b.UnreadRun())
	b.EndSlab()
	require.Equal(t, string(run), r)
	require.NotEqual(t, uintptr(unsafe.Pointer(unsafe.SliceData(run))), uintptr(unsafe.Pointer(unsafe.StringData(r))))
	require.Nil(t, b.slab)
}

// Without shared blocks the small pieces of one decode (pointees, arrays
// of up to smallPiece bytes) share blocks of at most smallBlock bytes that
// hold nothing of another decode; a decode's first block is sized for what
// the decode before took.
func TestSmallPiecesShareADecodeBlock(t *testing.T) {
	var b Buffer
	sizes := []int{4, 8, 4, 8, 2, 2, 1} // seven pointees, 29 bytes
	decode := func(sizes []int) map[*byte]int {
		blocks := map[*byte]int{}
		b.BeginSlab()
		for _, n := range sizes {
			p := b.Alloc(n)
			require.Len(t, p, n)
			require.Equal(t, n, cap(p))
			require.Equal(t, make([]byte, n), p)
			require.Zero(t, uintptr(unsafe.Pointer(&p[0]))%uintptr(min(n&-n, 8)))
			for i := range p {
				p[i] = 0xff // a later piece overlapping it would not be zero
			}
			blocks[unsafe.SliceData(b.small)] = len(b.small)
		}
		b.EndSlab()
		require.Nil(t, b.small, "no block outlives its decode")
		return blocks
	}
	first := decode(sizes)
	for _, n := range first {
		require.Equal(t, 8, n, "the first decode has no size to go by: blocks of a piece, rounded up to 8 bytes")
	}
	second := decode(sizes)
	require.LessOrEqual(t, len(second), 3) // 29 bytes and alignment in blocks of 16
	for p, n := range second {
		require.LessOrEqual(t, n, smallBlock)
		_, seen := first[p]
		require.False(t, seen, "a block of an earlier decode")
	}
	// One piece a decode: blocks of that piece.
	decode([]int{8})
	for _, n := range decode([]int{8}) {
		require.Equal(t, 8, n)
	}
	// A decode begun after one that did not end takes a block of its own.
	b.BeginSlab()
	b.Alloc(4)
	last := unsafe.SliceData(b.small)
	b.BeginSlab()
	b.Alloc(4)
	require.NotEqual(t, uintptr(unsafe.Pointer(last)), uintptr(unsafe.Pointer(unsafe.SliceData(b.small))))
	b.EndSlab()
	b.BeginDecode(nil, 0, 1<<20)
	b.Alloc(4)
	last = unsafe.SliceData(b.small)
	b.BeginDecode(nil, 0, 1<<20)
	b.Alloc(4)
	require.NotEqual(t, uintptr(unsafe.Pointer(last)), uintptr(unsafe.Pointer(unsafe.SliceData(b.small))))
	b.EndDecode()
	require.Nil(t, b.small)

	// Larger pieces are allocations of their own.
	b.BeginSlab()
	p := b.Alloc(smallPiece + 1)
	require.Nil(t, b.small)
	require.Len(t, p, smallPiece+1)
	b.EndSlab()
}

// ReadRunString reads what ReadString reads, charged alike, copying the
// strings UnreadRun holds whole in runs: no run is longer than RunMax
// (with its headers) by default, and one string that fits alone, or a
// string in another form, is ReadString's. StringRuns.Next first, and
// the first run located by LocateStrings (NewStringRunsAt), as generated
// code calls them, read the same.
func TestReadRunStringAsReadString(t *testing.T) {
	for _, next := range []bool{false, true} {
		t.Run(fmt.Sprint("next=", next), func(t *testing.T) { testReadRunString(t, next) })
	}
}

func testReadRunString(t *testing.T, next bool) {
	for _, ss := range [][]string{
		{"team", "core", "level", "senior", "office", "north"},
		{"a", "b"},
		{"x"},
		{strings.Repeat("x", 31), "y", "z"},
		{"ab", strings.Repeat("w", 200), "cd", "ef", "h\u00e9llo", "gh", "ij"},
		{"", "", "", ""},
	} {
		msg := stringsMessage(ss...)
		for _, shared := range []bool{false, true} {
			want, charge, runs := twinBuffers(t, msg, func(b *Buffer) { b.SetSharedBlocks(shared) })
			rs := NewStringRuns(len(ss))
			if next {
				e, k := LocateStrings(runs.UnreadRun(), len(ss))
				if end := StringsEnd(runs.UnreadRun(), len(ss)); end <= len(runs.UnreadRun()) {
					require.Equal(t, [2]int{end, len(ss)}, [2]int{e, k}, "%q", ss)
				} else {
					require.Less(t, k, len(ss), "%q", ss)
				}
				rs = NewStringRunsAt(len(ss), k, e)
			}
			var got []string
			for range ss {
				s, ok := "", false
				if next {
					s, ok = rs.Next()
				}
				if !ok {
					var err error
					s, err = runs.ReadRunString(&rs)
					require.NoError(t, err)
				}
				got = append(got, s)
			}
			runs.EndSlab()
			require.Equal(t, want, got)
			require.Equal(t, len(msg), runs.ReaderIndex(), "%q", ss)
			require.Equal(t, charge, 1<<30-runs.Budget(), "%q shared %v", ss, shared)
			if !shared {
				// Strings that share memory are neighbours of one run
				// of at most RunMax bytes.
				for i := 1; i < len(got); i++ {
					a, b := got[i-1], got[i]
					if len(a) == 0 || len(b) == 0 {
						continue
					}
					pa, pb := uintptr(unsafe.Pointer(unsafe.StringData(a))), uintptr(unsafe.Pointer(unsafe.StringData(b)))
					if pb > pa && pb-pa <= RunMax {
						assert.LessOrEqual(t, pb+uintptr(len(b))-pa, uintptr(RunMax), "%q", ss)
					}
				}
			}
		}
	}
	_, err := (&Buffer{data: []byte{0x41}}).ReadRunString(&StringRuns{n: 1})
	require.Error(t, err, "truncated: ReadString's error")
}

// StringRunNew returns StringRun's run, charged alike, and a new string
// for a pointer: without shared blocks or aliasing, one allocation with
// the run's bytes after it for runs of up to RunMax-16 bytes (so that
// keeping either keeps at most RunMax bytes), else StringRun's run and a
// string of its own.
func TestStringRunNew(t *testing.T) {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for n := 1; n < len(digits); n++ {
		msg := append(stringsMessage(digits[:n/2]), 0xff)
		msg = append(msg, stringsMessage(digits[n/2:n])...)
		for _, mode := range []string{"default", "alias", "shared"} {
			var b Buffer
			b.SetAliasing(mode == "alias")
			b.SetSharedBlocks(mode == "shared")
			b.SetBytes(msg)
			b.BeginSlab()
			b.SetBudget(1 << 30)
			run, q := StringRunNew[string](&b, msg)
			require.Equal(t, string(msg), run, "%d %s", n, mode)
			require.NotNil(t, q)
			require.Empty(t, *q)
			sp, ep := NextString(msg, 2+n/2) // past the first string and the flag
			require.Equal(t, len(msg), ep)
			*q = RunPart(run, sp, ep)
			require.Equal(t, digits[n/2:n], *q)
			require.Equal(t, string(msg), run, "setting the pointee leaves the run")
			oneAlloc := uintptr(unsafe.Pointer(q))+unsafe.Sizeof("") == uintptr(unsafe.Pointer(unsafe.StringData(run)))
			require.Equal(t, mode == "default" && len(msg) <= RunMax-16, oneAlloc, "%d %s", n, mode)
			if mode == "alias" {
				require.Equal(t, int64(1<<30), b.Budget(), "aliased, as StringRun: not charged")
				require.Equal(t, uintptr(unsafe.Pointer(unsafe.SliceData(msg))), uintptr(unsafe.Pointer(unsafe.StringData(run))))
			} else {
				require.Equal(t, int64(1<<30-len(msg)), b.Budget(), "charged as StringRun")
			}
			b.EndSlab()
		}
	}
}
