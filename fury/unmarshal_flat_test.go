package fury_test

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/furyrt"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// Unmarshal's short way for flat roots (furyrt.Codec.Flat): no clearing
// of the destination before the generated code, no panic net around it,
// the decoder reset only when something else used it.

// TestFlatCodecs: furygen marks flat exactly the structs whose fields are
// all their own and read whole, and the runtime agrees.
func TestFlatCodecs(t *testing.T) {
	flat := func(v any) bool {
		t.Helper()
		cs := furyrt.Codecs(reflect.TypeOf(v))
		require.NotEmpty(t, cs, "%T", v)
		for _, c := range cs[1:] {
			require.Equal(t, cs[0].Flat, c.Flat, "%T: its variants", v)
		}
		return cs[0].Flat
	}
	require.True(t, flat(gentest.Flat{}))
	require.True(t, flat(gentest.Address{}))
	require.True(t, flat(gentest.Empty{}))
	require.False(t, flat(gentest.Scalars{}), "an unexported field it does not read")
	require.False(t, flat(gentest.Pointers{}), "nullable pointers")
	require.False(t, flat(gentest.Times{}), "durations and dates read by the runtime")
	require.False(t, flat(gentest.Embeds{}), "promoted fields")
	require.False(t, flat(gentest.Media{}), "lists")
	require.False(t, flat(gentest.Tagged{}), "fields tagged for the runtime")
	for _, c := range []genConfig{{}, {enums: true}, {compatible: true}} {
		f := newGenFury(t, c, false)
		require.True(t, fury.FlatStructInUse(f, reflect.TypeFor[gentest.Flat]()), "%v", c)
		require.False(t, fury.FlatStructInUse(f, reflect.TypeFor[gentest.Scalars]()), "%v", c)
	}
}

// hiddenPair has a field no codec reads; flatLiar claims its codec is
// flat. The runtime must not take it as flat: a used destination's hidden
// field is cleared.
type hiddenPair struct {
	A int32
	B string
	c int
}

var flatLiar = &furyrt.Codec{
	Fields: []string{"A", "B"},
	Write: func(w *furyrt.Writer, p unsafe.Pointer) error {
		x := (*hiddenPair)(p)
		if err := w.WriteField(0, unsafe.Pointer(&x.A)); err != nil {
			return err
		}
		return w.WriteField(1, unsafe.Pointer(&x.B))
	},
	Read: func(r *furyrt.Reader, p unsafe.Pointer) error {
		x := (*hiddenPair)(p)
		if err := r.ReadField(0, unsafe.Pointer(&x.A)); err != nil {
			return err
		}
		return r.ReadField(1, unsafe.Pointer(&x.B))
	},
	Flat: true,
}

func init() { furyrt.Register(hiddenPair{}, flatLiar) }

func TestFlatClaimCheckedByRuntime(t *testing.T) {
	f := fury.New(fury.WithCompatible(false))
	require.NoError(t, f.Register(hiddenPair{}, 300))
	require.True(t, f.GeneratedInUse(hiddenPair{}))
	require.False(t, fury.FlatStructInUse(f, reflect.TypeFor[hiddenPair]()))
	data, err := f.Marshal(hiddenPair{A: 1, B: "b", c: 9})
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		out := hiddenPair{A: 5, B: "old", c: 7}
		require.NoError(t, f.Unmarshal(data, &out))
		require.Equal(t, hiddenPair{A: 1, B: "b"}, out, "call %d", i)
	}
	require.True(t, fury.ShortWayReady(f))
	require.False(t, fury.FlatShortWay(f))
}

func flatSample() gentest.Flat {
	return gentest.Flat{ID: -7, Score: 2.5, OK: true, Name: "name", When: time.Unix(1_700_000_000, 123).UTC(),
		Color: 2, Label: "label", Small: -3, Count: 1 << 30, Ratio: 0.25, Note: "ünïcode"}
}

var flatConfigs = []genConfig{{}, {enums: true}, {compatible: true}, {compatible: true, byName: true}, {alias: true},
	{compact: true, enums: true}}

// TestUnmarshalFlatReplaces: on the flat short way a used destination is
// replaced, field by field, with what a fresh one receives, and values
// that are all zero on the wire make all of it zero.
func TestUnmarshalFlatReplaces(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, c := range flatConfigs {
		t.Run(c.String(), func(t *testing.T) {
			f := newGenFury(t, c, false)
			addr, err := f.Marshal(gentest.Address{Street: "s", City: "c", Zip: 1})
			require.NoError(t, err)
			for _, in := range []gentest.Flat{flatSample(), {}, {Name: "only"}} {
				data, err := f.Marshal(in)
				require.NoError(t, err)
				var want gentest.Flat // what a fresh destination receives, the general way
				require.NoError(t, newGenFury(t, c, false).Unmarshal(data, &want))
				var out gentest.Flat
				require.NoError(t, f.Unmarshal(data, &out))
				require.NoError(t, f.Unmarshal(data, &out))
				require.True(t, fury.FlatShortWay(f))
				// Schema-consistent, Flat's prefix fits in 16 bytes:
				// the way Unmarshal has in line (the others take readFlat).
				require.Equal(t, !c.compatible, fury.PlainFlatShortWay(f))
				for i := 0; i < 30; i++ {
					fillRandom(r, reflect.ValueOf(&out).Elem(), 0, "")
					require.NoError(t, f.Unmarshal(data, &out))
					require.Equal(t, want, out)
				}
				// After the general way used the decoder, on another
				// buffer (Deserialize, into the same type) and on
				// Unmarshal's (another destination type): the same.
				var other gentest.Address
				var viaBuf gentest.Flat
				require.NoError(t, f.Deserialize(fury.NewBuffer(append([]byte(nil), data...)), &viaBuf, nil))
				require.Equal(t, want, viaBuf)
				require.True(t, fury.FlatShortWay(f))
				fillRandom(r, reflect.ValueOf(&out).Elem(), 0, "")
				require.NoError(t, f.Unmarshal(data, &out))
				require.Equal(t, want, out)
				require.NoError(t, f.Unmarshal(addr, &other))
				fillRandom(r, reflect.ValueOf(&out).Elem(), 0, "")
				require.NoError(t, f.Unmarshal(data, &out))
				require.Equal(t, want, out)
			}
		})
	}
}

// flatBadTime returns data, Flat's message, with the timestamp's
// nanoseconds set out of range (the generated code hands it to the
// runtime, which reports the error).
func flatBadTime(t *testing.T, data []byte, in gentest.Flat) []byte {
	t.Helper()
	var ts [12]byte
	binary.LittleEndian.PutUint64(ts[:], uint64(in.When.Unix()))
	binary.LittleEndian.PutUint32(ts[8:], uint32(in.When.Nanosecond()))
	i := bytes.Index(data, ts[:])
	require.GreaterOrEqual(t, i, 0)
	require.Equal(t, -1, bytes.Index(data[i+1:], ts[:]))
	bad := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(bad[i+8:], 1e9)
	return bad
}

// TestUnmarshalFlatErrors: an error on the flat short way (truncated input,
// trailing bytes, corrupted bytes, a timestamp the runtime refuses, the
// decode budget) leaves the used destination zero, gives the general way's
// error, and the next message reads as before.
func TestUnmarshalFlatErrors(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range append(flatConfigs, genConfig{maxDecoded: 200}) {
		t.Run(c.String(), func(t *testing.T) {
			f := newGenFury(t, c, false)
			in := flatSample()
			data, err := f.Marshal(in)
			require.NoError(t, err)
			var out gentest.Flat
			require.NoError(t, f.Unmarshal(data, &out))
			require.NoError(t, f.Unmarshal(data, &out))
			require.True(t, fury.FlatShortWay(f))
			require.Equal(t, !c.compatible, fury.PlainFlatShortWay(f))
			pre := fury.ShortWayPrefixLen(f)
			require.Greater(t, pre, 0)
			general := func(in []byte) error {
				var v gentest.Flat
				return newGenFury(t, c, false).Unmarshal(in, &v)
			}
			check := func(what string, bad []byte) {
				t.Helper()
				fillRandom(r, reflect.ValueOf(&out).Elem(), 0, "")
				err := f.Unmarshal(bad, &out)
				errG := general(bad)
				if errG == nil {
					require.NoError(t, err, what)
				} else {
					require.Error(t, err, what)
					require.Equal(t, errG.Error(), err.Error(), what)
					if len(bad) >= pre && bytes.Equal(bad[:pre], data[:pre]) { // the short way's error
						require.Equal(t, gentest.Flat{}, out, "%s: the destination after an error", what)
					}
				}
				out = gentest.Flat{Name: "used"}
				require.NoError(t, f.Unmarshal(data, &out), what)
				require.Equal(t, in, out, what)
				require.True(t, fury.FlatShortWay(f))
			}
			for cut := pre; cut < len(data); cut++ {
				check("truncated", data[:cut])
			}
			check("trailing byte", append(append([]byte(nil), data...), 0))
			check("bad timestamp", flatBadTime(t, data, in))
			for m := 0; m < 300; m++ {
				bad := append([]byte(nil), data...)
				bad[pre+r.IntN(len(bad)-pre)] = byte(r.Uint32())
				check("corrupted", bad)
			}
			if c.maxDecoded != 0 {
				big := in
				big.Name = string(make([]byte, 300))
				bigData, err := f.Marshal(big)
				require.NoError(t, err)
				check("over the budget", bigData)
				require.ErrorIs(t, f.Unmarshal(bigData, &out), fury.ErrTooLarge)
			}
		})
	}
}

// TestUnmarshalFlatRuntimePanic: the flat short way has no panic net; a
// panic in the runtime it enters (here for a timestamp it cannot read
// itself) is still ErrInvalidData, the destination is left zero, and the
// Fury reads the next messages as before.
func TestUnmarshalFlatRuntimePanic(t *testing.T) {
	for _, c := range flatConfigs {
		t.Run(c.String(), func(t *testing.T) {
			f := newGenFury(t, c, false)
			in := flatSample()
			data, err := f.Marshal(in)
			require.NoError(t, err)
			bad := flatBadTime(t, data, in)
			var out gentest.Flat
			require.NoError(t, f.Unmarshal(data, &out))
			require.NoError(t, f.Unmarshal(data, &out))
			require.True(t, fury.FlatShortWay(f))
			restore, ok := fury.PanicInField(f, reflect.TypeFor[gentest.Flat](), "When")
			require.True(t, ok)
			out = flatSample()
			err = f.Unmarshal(bad, &out)
			restore()
			require.ErrorIs(t, err, fury.ErrInvalidData)
			require.ErrorContains(t, err, "injected read panic")
			require.Equal(t, gentest.Flat{}, out)
			for i := 0; i < 2; i++ {
				out = gentest.Flat{Note: "used"}
				require.NoError(t, f.Unmarshal(data, &out))
				require.Equal(t, in, out)
				require.True(t, fury.FlatShortWay(f))
				err = f.Unmarshal(bad, &out) // now the runtime's own error
				require.ErrorIs(t, err, fury.ErrInvalidData)
				require.NotContains(t, err.Error(), "injected")
			}
		})
	}
}
