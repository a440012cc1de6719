package fury

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
)

// boxedFields has pointers to bools and numbers, which the reflection
// reader reads in place when their flag is null or not-null, and through
// the general path otherwise.
type boxedFields struct {
	A *int32
	B *float64
	C *bool
	D *uint8
	E *int64
	S string
}

// TestBoxedFieldFlags writes pointer-to-number fields with and without
// reference tracking, in both modes, and reads them with and without it:
// every pairing the format allows gives the value back (a tracking writer
// puts a reference flag where a plain one puts not-null), into a zero and
// into a used destination.
func TestBoxedFieldFlags(t *testing.T) {
	i32, f64, yes, u8 := int32(-7), 2.5, true, uint8(200)
	want := boxedFields{A: &i32, B: &f64, C: &yes, D: &u8, S: "x"}
	for _, compatible := range []bool{false, true} {
		for _, wref := range []bool{false, true} {
			data, err := New(WithCompatible(compatible), WithRefTracking(wref), WithTrackAllFields(wref)).Marshal(&want)
			require.NoError(t, err)
			for _, rref := range []bool{false, true} {
				r := New(WithCompatible(compatible), WithRefTracking(rref), WithTrackAllFields(rref))
				var got boxedFields
				err := r.Unmarshal(data, &got)
				if !compatible && wref != rref {
					// The struct hash covers the fields' tracking.
					require.ErrorIs(t, err, ErrSchemaMismatch, "compatible=%v write ref=%v read ref=%v", compatible, wref, rref)
					continue
				}
				require.NoError(t, err, "compatible=%v write ref=%v read ref=%v", compatible, wref, rref)
				require.Equal(t, want, got)

				old := int64(99)
				used := boxedFields{A: new(int32), E: &old, S: "used"}
				require.NoError(t, r.Unmarshal(data, &used))
				require.Equal(t, want, used)
				require.Equal(t, int64(99), old, "the old pointee is not written through")
			}
		}
	}
}

// TestPrimitivePrefixChunks reads structs whose leading primitive fields
// encode to far less than their maximum size, so the reflection reader
// takes them in several chunks: the values come back for any mix of short
// and long varints, and every truncation is an error.
func TestPrimitivePrefixChunks(t *testing.T) {
	fields := make([]reflect.StructField, 40)
	for i := range fields {
		typ := reflect.TypeFor[int64]()
		if i%3 == 1 {
			typ = reflect.TypeFor[int32]()
		}
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: typ}
	}
	st := reflect.StructOf(fields)
	r := rand.New(rand.NewPCG(3, 4))
	for _, compatible := range []bool{false, true} {
		f := New(WithCompatible(compatible))
		for n := 0; n < 50; n++ {
			v := reflect.New(st).Elem()
			for i := range fields {
				// Mostly one-byte varints, some of the maximum length.
				x := int64(r.IntN(60))
				if r.IntN(8) == 0 {
					x = math.MinInt64 + int64(r.IntN(3))
				}
				if v.Field(i).Kind() == reflect.Int32 {
					x = int64(int32(x))
				}
				v.Field(i).SetInt(x)
			}
			data, err := f.Marshal(v.Interface())
			require.NoError(t, err)
			got := reflect.New(st)
			require.NoError(t, f.Unmarshal(data, got.Interface()))
			require.Equal(t, v.Interface(), got.Elem().Interface())
			for cut := 0; cut < len(data); cut++ {
				require.Error(t, f.Unmarshal(data[:cut], reflect.New(st).Interface()), "cut %d of %d", cut, len(data))
			}
		}
	}
}
