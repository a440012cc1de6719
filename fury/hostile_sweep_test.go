package fury

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/fury-go/fury/internal/alloctest"
	"github.com/stretchr/testify/require"
)

// Handcrafted hostile messages, each read through every decode path
// (Unmarshal into interface{} and into typed destinations, in both modes,
// with reference tracking, aliased input and shared blocks; Deserialize;
// a Decoder): each must fail with one of its listed sentinels (or
// ErrTypeMismatch, for a destination its data does not fit), never
// panic (recoverPanics is off in these tests), and allocate little.

type sweepW struct {
	Ax int64
	Bx int64
}

type sweepList []sweepList

type sweepCase struct {
	name string
	data []byte
	errs []error // the error wraps one of these
	// anyOK: the message decodes into interface{} and maps (an
	// unregistered struct in compatible mode reads as a map of its fields).
	anyOK bool
}

func sc(name string, data []byte, errs []error) sweepCase {
	return sweepCase{name: name, data: data, errs: errs}
}

// hx decodes hex pieces, joined (spaces ignored).
func hx(parts ...string) []byte {
	b, err := hex.DecodeString(strings.ReplaceAll(strings.Join(parts, ""), " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

// uv is n as a varuint, in hex.
func uv(n uint64) string { return hex.EncodeToString(binary.AppendUvarint(nil, n)) }

func sweepCases() []sweepCase {
	huge := []error{ErrTruncated, ErrTooLarge, ErrInvalidData}
	deep := func(unit string, n int) []byte {
		return hx("01ff", strings.Repeat(unit, n))
	}
	// ax and bx, each a varint64 field of the TypeDef of p.W (compatible
	// mode, registered by name): header 44, type 07, name.
	tdW := func(fields string) string {
		return "1e00" + "0dc0b04be1080709e2053c0758" + fields
	}
	// Enough bytes after a bad type that the reader, which may look no
	// further, is not short of input.
	pad := strings.Repeat("00", 32)
	cases := []sweepCase{
		// Length prefixes far beyond the input.
		sc("string of 2^40 bytes", hx("01ff15", uv(1<<40<<2|2), "6161"), huge),
		sc("string of 2^62 bytes", hx("01ff15", uv(1<<62<<2>>2|2), "61"), huge),
		sc("latin1 string of 2^40 bytes", hx("01ff15", uv(1<<40<<2), "61"), huge),
		sc("utf16 string of 2^40 bytes", hx("01ff15", uv(1<<40<<2|1), "6100"), huge),
		sc("list of 2^32-1 strings", hx("01ff16", uv(1<<32-1), "0c15", "0461"), huge),
		sc("list of 2^32-1 untyped values", hx("01ff16", uv(1<<32-1), "00", "1504 61"), huge),
		sc("list of 2^32-1 lists", hx("01ff16", uv(1<<32-1), "0c16", "00"), huge),
		sc("map of 2^32-1 entries", hx("01ff18", uv(1<<32-1), "ff15 07 0461 02"), huge),
		sc("set of 2^32-1 elements", hx("01ff17", uv(1<<32-1), "0c15 0461"), huge),
		sc("binary of 2^40 bytes", hx("01ff29", uv(1<<40), "61"), huge),
		sc("int64 array of 2^40 bytes", hx("01ff2f", uv(1<<40), "0100000000000000"), huge),
		sc("bool array of 2^32-1", hx("01ff2b", uv(1<<32-1), "01"), huge),
		sc("float64 array not a multiple of 8", hx("01ff38", uv(9), "000000000000000000"), []error{ErrInvalidData, ErrTruncated}),
		sc("TypeDef of 2^32 bytes", hx("01ff1e00", "ff00000000000000", uv(1<<32-1), "00"), huge),
		sc("TypeDef declaring 2^32 fields", hx("01ff1e00", "1000000000000000", "9f", uv(1<<32-1), "00000000000000000000"), huge),
		sc("TypeDef name of 2^32 bytes", hx("01ff1e00", "1000000000000000", "e0fc", uv(1<<32-1), "000000000000000000"), huge),
		sc("meta string namespace of 2^31 bytes", hx("01ff1d", uv(1<<31<<1), "00", "3c"), huge),
		sc("meta string type name of 2^31 bytes", hx("01ff1d", "02013c", uv(1<<31<<1), "0058"), huge),

		// Nesting, 100,000 deep: a depth error, never a stack overflow.
		sc("100k nested lists", deep("160100", 100_000), []error{ErrDepthExceeded}),
		sc("100k nested maps", deep("180101 ff", 100_000), []error{ErrDepthExceeded, ErrInvalidData}),
		sc("100k nested lists of one declared list", hx("01ff", strings.Repeat("160108", 100_000), "1600"), []error{ErrDepthExceeded}),
		sc("100k nested map values", deep("180104 15", 100_000), []error{ErrDepthExceeded, ErrInvalidData}),
		sc("100k nested sets", deep("170100", 100_000), []error{ErrDepthExceeded, ErrTypeMismatch, ErrInvalidData}),

		// References.
		sc("ref id out of range", hx("01001602092f00080100000000000000fe05"), []error{ErrInvalidData}),
		sc("ref id forward", hx("01001602092f00080100000000000000fe02"), []error{ErrInvalidData}),
		sc("ref id 2^32", hx("01fe", uv(1<<32-1)), []error{ErrInvalidData}),
		sc("ref at the root", hx("01fe00"), []error{ErrInvalidData}),
		sc("ref to nothing yet", hx("0100160200fe00fe05"), []error{ErrInvalidData}),

		// Types.
		sc("type id beyond the table", hx("01ff", uv(200), pad), []error{ErrUnknownType, ErrUnsupportedType, ErrInvalidData}),
		sc("type id 2^32", hx("01ff", uv(1<<32-1), pad), []error{ErrUnknownType, ErrUnsupportedType, ErrInvalidData}),
		sc("bad ref flag", hx("01f7 15 0461"), []error{ErrInvalidData}),
		sc("TypeDef naming a field twice", hx("01ff", tdW("440782e0 440782e0"), "0204"), []error{ErrInvalidData}),
		sc("TypeDef naming a tag id twice", hx("01ff1e00", "0bc0b04be1080709", "e2053c0758", "c407c407", "0204"), []error{ErrInvalidData}),
		// Maps and sets with a key twice.
		sc("map with a key twice", hx("01ff180200021507066102066104"), []error{ErrInvalidData}),
		sc("map with a key twice, in two chunks", hx("01ff18020001150706610200011507066104"), []error{ErrInvalidData}),
		sc("map with a null value and its key twice", hx("01ff1802", "11ff150661", "11ff150661"), []error{ErrInvalidData}),
		sc("set with an element twice", hx("01ff1702", "0815 0661 0661"), []error{ErrInvalidData}),
		sc("TypeDef meta reference out of range", hx("01ff1e03", pad), []error{ErrInvalidData, ErrUnknownType}),
		sc("TypeDef index skipping ahead", hx("01ff1e04", pad), []error{ErrInvalidData, ErrUnknownType}),
		sc("header only", hx("01"), []error{ErrTruncated}),
		sc("bad header", hx("ff ff 15 0461"), []error{ErrInvalidData, ErrUnsupportedType}),
	}
	// Types the readers do not have registered: written by a Fury that
	// registers sweepW by id 9999 or under another name, in each mode.
	for _, compatible := range []bool{false, true} {
		for what, reg := range map[string]func(*Fury) error{
			"unregistered user id":      func(f *Fury) error { return f.Register(sweepW{}, 9999) },
			"unregistered named struct": func(f *Fury) error { return f.RegisterTagType("p.Other", sweepW{}) },
		} {
			f := New(WithCompatible(compatible))
			if err := reg(f); err != nil {
				panic(err)
			}
			data, err := f.Marshal(&sweepW{1, 2})
			if err != nil {
				panic(err)
			}
			cases = append(cases, sweepCase{name: fmt.Sprintf("%s, compatible=%v", what, compatible), data: data,
				errs: []error{ErrUnknownType, ErrSchemaMismatch, ErrInvalidData}, anyOK: compatible})
		}
	}
	return cases
}

// sweepDsts are the destinations each case is read into.
func sweepDsts() []func() any {
	return []func() any{
		func() any { var v any; return &v },
		func() any { return new(string) },
		func() any { return new([]string) },
		func() any { return new([]any) },
		func() any { return new(map[string]int64) },
		func() any { return new(map[string]any) },
		func() any { return new([]byte) },
		func() any { return new([]int64) },
		func() any { return new(sweepW) },
		func() any { return new(*sweepW) },
		func() any { return new(sweepList) },
		func() any { return new(Set[string]) },
	}
}

func sweepModes() map[string][]Option {
	return map[string][]Option{
		"consistent":      {WithCompatible(false)},
		"compatible":      {WithCompatible(true)},
		"consistent+refs": {WithCompatible(false), WithRefTracking(true)},
		"compatible+refs": {WithCompatible(true), WithRefTracking(true), WithTrackAllFields(true)},
		"alias":           {WithAliasInput(true)},
		"shared":          {WithSharedBlocks(true), WithRefTracking(true)},
		"nogen":           {WithGeneratedCode(false), WithCompatible(false)},
	}
}

func newSweepFury(t testing.TB, opts ...Option) *Fury {
	f := New(opts...)
	require.NoError(t, f.RegisterTagType("p.W", sweepW{}))
	return f
}

func wrapsOne(err error, sentinels []error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

func TestHostileSweep(t *testing.T) {
	for _, c := range sweepCases() {
		// A destination the data's type does not fit is refused first.
		c.errs = append(c.errs, ErrTypeMismatch)
		t.Run(c.name, func(t *testing.T) {
			for mode, opts := range sweepModes() {
				for _, mk := range sweepDsts() {
					dst := mk()
					what := fmt.Sprintf("%s: %T", mode, dst)
					err := newSweepFury(t, opts...).Unmarshal(c.data, dst)
					k := reflect.TypeOf(dst).Elem().Kind()
					if err == nil && !(c.anyOK && (k == reflect.Interface || k == reflect.Map)) {
						t.Fatalf("%s: Unmarshal decoded %x without error", what, c.data)
					}
					if err != nil {
						require.True(t, wrapsOne(err, c.errs), "%s: Unmarshal: %v", what, err)
					}
					dErr := newSweepFury(t, opts...).Deserialize(NewBuffer(c.data), mk(), nil)
					require.Equal(t, err == nil, dErr == nil, "%s: Deserialize %v, Unmarshal %v", what, dErr, err)
					if dErr != nil {
						require.True(t, wrapsOne(dErr, c.errs), "%s: Deserialize: %v", what, dErr)
					}
					dec := NewDecoder(bytes.NewReader(c.data), opts...)
					require.NoError(t, dec.Fury().RegisterTagType("p.W", sweepW{}))
					sErr := dec.Decode(mk())
					require.Equal(t, err == nil, sErr == nil, "%s: Decoder %v, Unmarshal %v", what, sErr, err)
					if sErr != nil {
						require.True(t, wrapsOne(sErr, c.errs), "%s: Decoder: %v", what, sErr)
					}
				}
			}
		})
	}
}

// TestHostileSweepAllocations: the messages that claim huge lengths
// allocate far less than they claim: under 1 MiB, about the decode
// budget's floor, each.
func TestHostileSweepAllocations(t *testing.T) {
	if alloctest.Isolate(t) {
		return
	}
	for _, c := range sweepCases() {
		for mode, opts := range sweepModes() {
			for _, mk := range sweepDsts() {
				f := newSweepFury(t, opts...)
				dst := mk()
				var err error
				n := alloctest.Bytes(func() { err = f.Unmarshal(c.data, dst) })
				if c.anyOK || strings.HasPrefix(c.name, "100k") {
					continue // not huge: the deep ones are bounded by the depth
				}
				require.Error(t, err)
				require.Less(t, n, uint64(1<<20), "%s: %s: %T: %d bytes allocated (%v)", c.name, mode, dst, n, err)
			}
		}
	}
}

// TestMapKeysOneInGo: keys the wire tells apart (int32 1 and int64 1)
// that are one key of the destination's map are an error, not an entry
// lost; into interface{} they stay two keys.
func TestMapKeysOneInGo(t *testing.T) {
	data := hx("01ff1802", "0001 05 15 02 0661", "0001 07 15 02 0662")
	for mode, opts := range sweepModes() {
		f := newSweepFury(t, opts...)
		var m map[int64]string
		err := f.Unmarshal(data, &m)
		require.ErrorIs(t, err, ErrInvalidData, mode)
		require.ErrorContains(t, err, "map of 2 entries holds 1 distinct keys", mode)
		var ms map[any]string
		require.NoError(t, f.Unmarshal(data, &ms), mode)
		require.Equal(t, map[any]string{int32(1): "a", int64(1): "b"}, ms, mode)
		var v any
		require.NoError(t, f.Unmarshal(data, &v), mode)
		require.Equal(t, map[any]any{int32(1): "a", int64(1): "b"}, v, mode)
	}
}

type sweepAnyKeys struct{ M map[any]string }

type sweepIntKeys struct{ M map[int64]string }

// TestMapKeysOneInGoConverted: the same through a compatible-mode field
// whose declared type changed (map<any, string> written, map[int64]string
// read), which converts the decoded map.
func TestMapKeysOneInGoConverted(t *testing.T) {
	w := New()
	require.NoError(t, w.RegisterTagType("p.K", sweepAnyKeys{}))
	data, err := w.Marshal(&sweepAnyKeys{M: map[any]string{int32(1): "a", int64(1): "b"}})
	require.NoError(t, err)
	r := New()
	require.NoError(t, r.RegisterTagType("p.K", sweepIntKeys{}))
	var got sweepIntKeys
	err = r.Unmarshal(data, &got)
	require.ErrorIs(t, err, ErrInvalidData)
	require.ErrorContains(t, err, "map of 2 entries holds 1 distinct keys")
	data, err = w.Marshal(&sweepAnyKeys{M: map[any]string{int32(1): "a", int64(2): "b"}})
	require.NoError(t, err)
	require.NoError(t, r.Unmarshal(data, &got))
	require.Equal(t, map[int64]string{1: "a", 2: "b"}, got.M)
}

type sweepRefs struct {
	W    sweepW            `fury:"ref"`
	P    *sweepW           `fury:"ref"`
	L    []any             `fury:"ref"`
	M    map[string]sweepW `fury:"ref"`
	Self *sweepRefs        `fury:"ref"`
	A    [2]sweepW
}

// TestHostileRefSplice splices a reference flag and id (to the root, to
// the first value, to one not read yet) at every offset of reference-
// tracked messages, so that references land where values (structs held by
// value, array elements, map values, the root itself) are expected: each
// decodes or fails with a sentinel, never panics or hangs.
func TestHostileRefSplice(t *testing.T) {
	v := &sweepRefs{W: sweepW{1, 2}, L: []any{int64(3), "s", []any{}}, M: map[string]sweepW{"k": {4, 5}}, A: [2]sweepW{{6, 7}, {8, 9}}}
	v.P = &v.W
	v.Self = v
	all := []error{ErrTruncated, ErrInvalidData, ErrUnknownType, ErrUnsupportedType, ErrTypeMismatch,
		ErrSchemaMismatch, ErrDepthExceeded, ErrTooLarge}
	for _, compatible := range []bool{false, true} {
		f := New(WithRefTracking(true), WithCompatible(compatible))
		require.NoError(t, f.RegisterTagType("p.W", sweepW{}))
		require.NoError(t, f.RegisterTagType("p.R", sweepRefs{}))
		data, err := f.Marshal(v)
		require.NoError(t, err)
		for i := 1; i < len(data); i++ {
			for _, ref := range []string{"fe00", "fe01", "fe02", "fe7f", "00", "fd"} {
				b := append(append(append([]byte(nil), data[:i]...), hx(ref)...), data[i+1:]...)
				for _, mk := range []func() any{
					func() any { var x any; return &x },
					func() any { return new(sweepRefs) },
					func() any { return new(*sweepRefs) },
				} {
					dst := mk()
					if err := f.Unmarshal(b, dst); err != nil {
						require.True(t, wrapsOne(err, all), "compatible=%v, %s at %d into %T: %v", compatible, ref, i, dst, err)
					}
				}
			}
		}
	}
}
