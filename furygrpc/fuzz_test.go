package furygrpc_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/mem"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/furygrpc"
)

// FuzzUnmarshal feeds arbitrary frames to the codec, whole and split in
// two pieces at split: it never panics, fails only with one of fury's
// errors, and decodes a split frame as it decodes the whole one.
func FuzzUnmarshal(f *testing.F) {
	c := furygrpc.Default()
	for _, v := range []any{makeOrder(1, "ann"), &Query{Customer: "gus", Count: 7, Blob: []byte("xyz")}, "s", nil} {
		frame, err := c.Marshal(v)
		require.NoError(f, err)
		f.Add(frame.Materialize(), uint16(3))
		frame.Free()
	}
	f.Fuzz(func(t *testing.T, data []byte, split uint16) {
		at := int(split) % (len(data) + 1)
		whole := func() mem.BufferSlice { return mem.BufferSlice{mem.SliceBuffer(append([]byte(nil), data...))} }
		pieces := func() mem.BufferSlice {
			return mem.BufferSlice{mem.SliceBuffer(append([]byte(nil), data[:at]...)), mem.SliceBuffer(append([]byte(nil), data[at:]...))}
		}
		for k, fresh := range []func() any{
			func() any { return new(Order) },
			func() any { return new(Query) },
			func() any { return new(any) },
		} {
			a, b := fresh(), fresh()
			errA := c.Unmarshal(whole(), a)
			errB := c.Unmarshal(pieces(), b)
			if errA != nil {
				require.Error(t, errB)
				for _, s := range []error{fury.ErrInvalidData, fury.ErrTruncated, fury.ErrTypeMismatch, fury.ErrSchemaMismatch,
					fury.ErrUnknownType, fury.ErrTooLarge, fury.ErrUnsupportedType, fury.ErrInvalidArgument} {
					if errors.Is(errA, s) {
						return
					}
				}
				t.Fatalf("error wraps no sentinel: %v", errA)
			}
			require.NoError(t, errB)
			if k < 2 { // an interface{} may hold NaN map keys, which no comparison finds equal
				require.Empty(t, cmp.Diff(a, b, cmpopts.EquateNaNs()), "split frame decodes differently")
			}
		}
	})
}
