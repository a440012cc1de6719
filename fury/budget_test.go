package fury

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/fury-go/fury/internal/metastring"

	"github.com/stretchr/testify/require"
)

// Mat is a 2 KiB struct: a list of them costs 2 KiB an element whatever
// the wire spends on each.
type Mat struct{ M [16][16]float64 }

func uvarint(v uint64) []byte { return binary.AppendUvarint(nil, v) }

// bombs are small inputs that decode into far more memory than they take,
// each with the destination it is fed to.
func bombs() map[string]struct {
	in  []byte
	new func() any
} {
	type bomb = struct {
		in  []byte
		new func() any
	}
	out := map[string]bomb{}

	// A list of lists, each of 8192 elements of type none (no bytes each).
	nested := func(inner int) []byte {
		var b bytes.Buffer
		b.Write([]byte{0x01, 0xff, 0x16})
		b.Write(uvarint(uint64(inner)))
		b.WriteByte(0x00) // elements carry their own type
		for i := 0; i < inner; i++ {
			b.Write([]byte{0x16})
			b.Write(uvarint(8192))
			b.Write([]byte{0x08, 0x24}) // same type: none
		}
		return b.Bytes()
	}
	out["lists of none into *any"] = bomb{nested(1000), func() any { return new(any) }}
	out["lists of none into *[][]int64"] = bomb{nested(1000), func() any { return new([][]int64) }}

	// 40000 none elements into a []Mat (the 01ff16 c0b802 08 24),
	// padded so the count is backed by the input.
	mats := append([]byte{0x01, 0xff, 0x16, 0xc0, 0xb8, 0x02, 0x08, 0x24}, make([]byte, 40000)...)
	out["nones into *[]Mat"] = bomb{mats, func() any { return new([]Mat) }}

	// One-byte nulls into a list of pointers to big structs.
	var nulls bytes.Buffer
	nulls.Write([]byte{0x01, 0xff, 0x16})
	nulls.Write(uvarint(40000))
	nulls.Write([]byte{0x0a, 0x24}) // same type (none), has nulls
	for i := 0; i < 40000; i++ {
		nulls.WriteByte(0xfd)
	}
	out["null elements into *[]Mat"] = bomb{nulls.Bytes(), func() any { return new([]Mat) }}

	// A set that declares as many elements as it has bytes.
	var set bytes.Buffer
	set.Write([]byte{0x01, 0xff, 0x17})
	set.Write(uvarint(1 << 20))
	set.Write([]byte{0x08, 0x02}) // same type: int8
	set.Write(make([]byte, 1<<20))
	out["set pre-sized to its count"] = bomb{set.Bytes(), func() any { return new(Set[int16]) }}
	out["set into *any"] = bomb{set.Bytes(), func() any { return new(any) }}

	// 1E+10000 decimals into big.Int.
	var dec bytes.Buffer
	dec.Write([]byte{0x01, 0xff, 0x16})
	dec.Write(uvarint(10000))
	dec.Write([]byte{0x08, 0x28})
	for i := 0; i < 10000; i++ {
		dec.Write(binary.AppendVarint(nil, -10000)) // scale -10000 (zigzag)
		dec.WriteByte(0x04)                         // unscaled 1
	}
	out["1E+10000 into []big.Int"] = bomb{dec.Bytes(), func() any { return new([]big.Int) }}
	out["1E+10000 into []*big.Int"] = bomb{dec.Bytes(), func() any { return new([]*big.Int) }}

	// A TypeDef with 500,000 fields (two bytes each: a tag id and a type).
	out["typedef of 500000 fields"] = bomb{typeDefBomb(500000), func() any { return new(any) }}
	return out
}

// typeDefBomb is a compatible struct (by id 1) whose TypeDef declares n
// int32 fields identified by tag ids.
func typeDefBomb(n int) []byte { return typeDefMessage(n, 1) }

// typeDefMessage is a compatible struct of user id id whose TypeDef
// declares n >= 31 int32 fields, without the struct's data.
func typeDefMessage(n int, id uint32) []byte {
	var body bytes.Buffer
	body.WriteByte(tdStructFlag | tdCompatibleFlag | tdSmallFields)
	body.Write(uvarint(uint64(n - tdSmallFields)))
	body.Write(uvarint(uint64(id)))
	for i := 0; i < n; i++ {
		body.WriteByte(byte(tdEncTagID<<6 | (i%tdFieldNameSize)<<2))
		body.WriteByte(byte(tidVarint32))
	}
	var b bytes.Buffer
	b.Write([]byte{0x01, 0xff, byte(tidCompatibleStruct), 0x00})
	header := make([]byte, 8)
	size := body.Len()
	binary.LittleEndian.PutUint64(header, (uint64(n)<<32|uint64(id))<<12|uint64(min(size, tdSizeMask)))
	b.Write(header)
	if size >= tdSizeMask {
		b.Write(uvarint(uint64(size - tdSizeMask)))
	}
	b.Write(body.Bytes())
	return b.Bytes()
}

// allocated returns the bytes allocated by fn; only in a test run alone
// (alloctest.Isolate).
func allocated(fn func()) uint64 { return alloctest.Bytes(fn) }

func TestDecodeBudgetBombs(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	for name, b := range bombs() {
		t.Run(name, func(t *testing.T) {
			// A tight budget: the bomb fails early, having allocated
			// little more than the budget (plus its input).
			const limit = 1 << 20
			f := New(WithMaxDecodedBytes(limit))
			var err error
			start := time.Now()
			n := allocated(func() { err = f.Unmarshal(b.in, b.new()) })
			t.Logf("%d input bytes, %d allocated in %v: %v", len(b.in), n, time.Since(start), err)
			require.ErrorIs(t, err, ErrTooLarge)
			require.Less(t, n, uint64(limit+2*len(b.in)+1<<20))

			if raceEnabled {
				return
			}
			// The default budget: 256 KiB + 96 × input.
			g := New()
			n = allocated(func() { err = g.Unmarshal(b.in, b.new()) })
			t.Logf("default budget: %d allocated: %v", n, err)
			require.Less(t, n, uint64(decodeBudget(0, len(b.in)))+uint64(2*len(b.in)+1<<20))
		})
	}
}

func TestDecodeBudgetAllows(t *testing.T) {
	// Real data within the budget decodes, and the budget counts by what
	// the destination costs.
	f := New()
	mats := make([]Mat, 100)
	mats[3].M[1][2] = 7
	data, err := f.Marshal(mats)
	require.NoError(t, err)
	var got []Mat
	require.NoError(t, f.Unmarshal(data, &got))
	require.Equal(t, mats, got)

	small := New(WithMaxDecodedBytes(100 * 2048))
	require.ErrorIs(t, small.Unmarshal(data, &got), ErrTooLarge)
	require.NoError(t, New(WithMaxDecodedBytes(110*2048)).Unmarshal(data, &got))

	// Strings count too.
	s, err := f.Marshal([]string{string(make([]byte, 5000))})
	require.NoError(t, err)
	var ss []string
	require.ErrorIs(t, New(WithMaxDecodedBytes(4000)).Unmarshal(s, &ss), ErrTooLarge)
	require.NoError(t, New(WithMaxDecodedBytes(12000)).Unmarshal(s, &ss))

	require.Equal(t, int64(256<<10+96*10), decodeBudget(0, 10))
	require.Equal(t, int64(256<<10+96*(2<<20)), decodeBudget(0, 2<<20))
	require.Equal(t, int64(256<<10), decodeBudget(0, 0))
	require.Equal(t, int64(5), decodeBudget(5, 2<<20))
}

func TestBigIntDecimalTime(t *testing.T) {
	// A list of 1E+10000 read into big.Int computes the power once.
	var dec bytes.Buffer
	dec.Write([]byte{0x01, 0xff, 0x16})
	dec.Write(uvarint(100))
	dec.Write([]byte{0x08, 0x28})
	for i := 0; i < 100; i++ {
		dec.Write(binary.AppendVarint(nil, -10000))
		dec.WriteByte(0x04)
	}
	var got []big.Int
	// 100 big.Ints of 4 KiB each from 300 bytes: over the default budget
	// (a decimal with a large exponent is far larger as a big.Int).
	require.ErrorIs(t, New().Unmarshal(dec.Bytes(), &got), ErrTooLarge)
	require.NoError(t, New(WithMaxDecodedBytes(8<<20)).Unmarshal(dec.Bytes(), &got))
	want := new(big.Int).Exp(big.NewInt(10), big.NewInt(10000), nil)
	require.Len(t, got, 100)
	require.Zero(t, want.Cmp(&got[99]))
}

// heapAfter returns the live heap after fn, collected.
func liveHeap() uint64 { return alloctest.HeapInUse() }

func TestTypeDefCacheBytes(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	cases := []struct{ msgs, fields int }{{10000, 40}, {256, 16000}}
	if raceEnabled {
		cases = []struct{ msgs, fields int }{{1000, 40}, {16, 16000}}
	}
	for _, c := range cases {
		f := New()
		var v any
		_ = f.Unmarshal([]byte{0x01, 0xff, 0x05, 0x02}, &v)
		before := liveHeap()
		for i := 0; i < c.msgs; i++ {
			err := f.Unmarshal(typeDefMessage(c.fields, uint32(i+1)), &v)
			require.Error(t, err) // the struct's data is missing
		}
		held := int64(liveHeap()) - int64(before)
		t.Logf("%d TypeDefs of %d fields: %d bytes held (cache %d)", c.msgs, c.fields, held, f.r.remoteBytes)
		require.LessOrEqual(t, f.r.remoteBytes, int64(MaxCachedTypeDefBytes))
		require.Less(t, held, int64(MaxCachedTypeDefBytes+MaxCachedMetaStringBytes))
		runtime.KeepAlive(f)
	}
}

func TestMetaStringCacheBytes(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	f := New(WithCompatible(false))
	var v any
	name := func(i int) []byte {
		b := newBuffer(nil)
		b.WriteUint8(headerXlang)
		b.WriteInt8(flagNotNullValue)
		b.WriteVaruint32(tidNamedStruct)
		s := bytes.Repeat([]byte{'a' + byte(i%26)}, 200)
		s = append(s, []byte(time.Duration(i).String())...)
		b.WriteVaruint32(uint32(len(s)) << 1)
		b.WriteUint64(metastring.PythonHash(s, metastring.UTF8))
		b.WriteBytes(s)
		return b.Bytes()
	}
	_ = f.Unmarshal([]byte{0x01, 0xff, 0x05, 0x02}, &v)
	before := liveHeap()
	for i := 0; i < 10000; i++ {
		_ = f.Unmarshal(name(i), &v)
	}
	held := int64(liveHeap()) - int64(before)
	t.Logf("held %d, cache %d", held, f.dec.metaBytes)
	require.LessOrEqual(t, f.dec.metaBytes, int64(MaxCachedMetaStringBytes))
	require.Less(t, held, int64(MaxCachedTypeDefBytes+MaxCachedMetaStringBytes))
}

func TestRefTableNotKept(t *testing.T) {
	f := New(WithRefTracking(true))
	var b bytes.Buffer
	b.Write([]byte{0x01, 0xff, 0x16})
	b.Write(uvarint(200000))
	b.Write([]byte{0x09, 0x15}) // same type string, tracked
	for i := 0; i < 200000; i++ {
		b.Write([]byte{0x00, 0x02}) // ref value: "" (latin1, empty)
	}
	var v []string
	require.NoError(t, f.Unmarshal(b.Bytes(), &v))
	require.Len(t, v, 200000)
	require.NoError(t, f.Unmarshal([]byte{0x01, 0xff, 0x05, 0x02}, new(any)))
	require.Len(t, f.dec.refs.chunks, 1)
	require.LessOrEqual(t, cap(f.dec.refs.chunks[0]), refChunk)
}

type emptyT struct{}

// Elements and fields that take neither input nor memory still cost time:
// each is charged, so such a decode stops early.
func TestDecodeBudgetTime(t *testing.T) {
	// 250,000 lists of 8192 none elements into [][]struct{}.
	var b bytes.Buffer
	b.Write([]byte{0x01, 0xff, 0x16})
	b.Write(uvarint(250000))
	b.Write([]byte{0x08, 0x16}) // same type: list
	for i := 0; i < 250000; i++ {
		b.Write(uvarint(8192))
		b.Write([]byte{0x08, 0x24}) // same type: none
	}
	var v [][]emptyT
	start := time.Now()
	require.ErrorIs(t, New().Unmarshal(b.Bytes(), &v), ErrTooLarge)
	t.Logf("lists of empty structs: %v", time.Since(start))

	// 8192 structs whose TypeDef declares 100,000 fields of type none.
	f := New()
	require.NoError(t, f.Register(emptyT{}, 7))
	var body bytes.Buffer
	const nf = 100000
	body.WriteByte(tdStructFlag | tdCompatibleFlag | tdSmallFields)
	body.Write(uvarint(nf - tdSmallFields))
	body.Write(uvarint(7))
	for i := 0; i < nf; i++ {
		body.WriteByte(byte(tdEncTagID<<6 | (i%tdFieldNameSize)<<2))
		body.WriteByte(byte(tidNone))
	}
	var in bytes.Buffer
	in.Write([]byte{0x01, 0xff, 0x16})
	in.Write(uvarint(8192))
	in.Write([]byte{0x08, byte(tidCompatibleStruct), 0x00})
	header := make([]byte, 8)
	binary.LittleEndian.PutUint64(header, 1<<20|tdSizeMask)
	in.Write(header)
	in.Write(uvarint(uint64(body.Len() - tdSizeMask)))
	in.Write(body.Bytes())
	var got []emptyT
	start = time.Now()
	require.ErrorIs(t, f.Unmarshal(in.Bytes(), &got), ErrTooLarge)
	t.Logf("structs of a TypeDef of none fields: %v", time.Since(start))
}

// The budget counts at least what a decode really allocates.
func TestDecodeBudgetAccounting(t *testing.T) {
	if alloctest.Isolate(t) { // counts bytes allocated: run alone in a child process
		return
	}
	if raceEnabled {
		t.Skip("the race detector changes what maps allocate")
	}
	keys := func(n int) map[int32]int64 {
		m := make(map[int32]int64, n)
		for i := 0; i < n; i++ {
			m[int32(i)] = int64(i)
		}
		return m
	}
	strs := make(map[string]string, 20000)
	for i := 0; i < 20000; i++ {
		strs[time.Duration(i).String()] = "v"
	}
	set := NewSet[int32]()
	for i := int32(0); i < 50000; i++ {
		set[i] = struct{}{}
	}
	ptrs := make([]*Mat, 2000)
	for i := range ptrs {
		ptrs[i] = &Mat{}
	}
	for name, v := range map[string]any{
		"map[int32]int64":   keys(100000),
		"map[string]string": strs,
		"set":               set,
		"[]*Mat":            ptrs,
		"[]any":             []any{int64(1 << 40), "s", 2.5, []any{"x"}, map[any]any{"k": int64(1 << 40)}},
		"[]string":          []string{"a", "bb", string(make([]byte, 3000))},
	} {
		t.Run(name, func(t *testing.T) {
			f := New()
			data, err := f.Marshal(v)
			require.NoError(t, err)
			p := reflect.New(reflect.TypeOf(v))
			require.NoError(t, f.Unmarshal(data, p.Interface())) // plans built
			n := allocated(func() { err = f.Unmarshal(data, reflect.New(reflect.TypeOf(v)).Interface()) })
			require.NoError(t, err)
			charged := f.dec.limit - f.in.Budget()
			t.Logf("%d input bytes, %d allocated, %d charged", len(data), n, charged)
			require.LessOrEqual(t, int64(n), charged+4<<10)
		})
	}
}

type budgetHistInner struct {
	A, B, C int32
	Name    string
}

type budgetHistOuter struct {
	ID    int64
	Items []budgetHistInner
	Tags  map[string]int32
}

// TestDecodeBudgetIndependentOfHistory: whether a message fits a decode
// budget does not depend on what the Fury decoded before. A TypeDef found in
// the Fury's cache is charged what parsing it is charged; it used to be free,
// so a message over the budget failed on the first decode and passed on the
// next ones. (TestDecodeBudgetIndependentOfHistoryGenerated: the same with
// generated code, whose root TypeDef is found another way.)
func TestDecodeBudgetIndependentOfHistory(t *testing.T) {
	in := &budgetHistOuter{ID: 7, Items: []budgetHistInner{{1, 2, 3, "x"}, {4, 5, 6, "y"}}, Tags: map[string]int32{"a": 1}}
	data, err := New(WithCompatible(true)).Marshal(in)
	require.NoError(t, err)
	checkBudgetHistory(t, data, func(limit int64) *Fury {
		return New(WithCompatible(true), WithMaxDecodedBytes(limit))
	}, func() any { return new(budgetHistOuter) })
}

// checkBudgetHistory decodes data twice with one Fury (newFury(limit)) for
// a range of limits and requires the same outcome both times.
func checkBudgetHistory(t *testing.T, data []byte, newFury func(limit int64) *Fury, dst func() any) {
	t.Helper()
	var sawFail, sawPass bool
	for limit := int64(1); limit < 8192; limit += 8 {
		f := newFury(limit)
		first, again := dst(), dst()
		errFirst := f.Unmarshal(data, first)
		errAgain := f.Unmarshal(data, again)
		if errFirst == nil {
			sawPass = true
			require.NoError(t, errAgain, "limit %d: passed first, failed again", limit)
			require.Equal(t, first, again)
			continue
		}
		sawFail = true
		require.ErrorIs(t, errFirst, ErrTooLarge, "limit %d", limit)
		require.Error(t, errAgain, "limit %d: failed first (%v), passed again", limit, errFirst)
		require.Equal(t, errFirst.Error(), errAgain.Error(), "limit %d", limit)
	}
	require.True(t, sawFail && sawPass, "the limits tried must straddle the message's cost")
}
