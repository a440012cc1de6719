package fury

import (
	"fmt"
	"math/big"
	"reflect"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type directInner struct {
	X int64
	Y string
}

// Structs of zero-size fields and one pointer: pointer-shaped (stored in
// an interface's data word) since Go 1.26.
type (
	directZeroFunc struct {
		_ [0]func()
		P *directInner
	}
	directEmpty struct {
		Tag struct{}
		P   *directInner
	}
	directTrailing struct {
		P   *directInner
		End [0]int
	}
	directBig struct {
		F0 struct{}
		F1 *big.Int
	}
)

func TestIsDirectIface(t *testing.T) {
	for _, c := range []struct {
		v    any
		want bool
	}{
		{(*int)(nil), true},
		{map[string]int(nil), true},
		{(chan int)(nil), true},
		{(func())(nil), true},
		{unsafe.Pointer(nil), true},
		{[1]*int{}, true},
		{struct{ P *int }{}, true},
		{directZeroFunc{}, true},
		{directEmpty{}, true},
		{int64(0), false},
		{uintptr(0), false},
		{[1]int64{}, false},
		{struct{ N int64 }{}, false},
		{"", false},
		{[]int(nil), false},
		{[2]*int{}, false},
		{struct{}{}, false},
	} {
		typ := reflect.TypeOf(c.v)
		var boxed any = c.v
		if typ.Size() == unsafe.Sizeof(uintptr(0)) && c.want {
			// The runtime's own answer for a non-nil value.
			p := reflect.New(typ)
			*(*unsafe.Pointer)(p.UnsafePointer()) = unsafe.Pointer(&directMarker)
			boxed = p.Elem().Interface()
			require.Equal(t, unsafe.Pointer(&directMarker), efaceOf(&boxed).data, "%v", typ)
		}
		assert.Equal(t, c.want, isDirectIface(typ), "%v", typ)
	}
}

// TestDirectStructRoundTrip marshals pointer-shaped structs by value, at
// the root and inside interfaces, in every mode.
func TestDirectStructRoundTrip(t *testing.T) {
	in := &directInner{X: 7, Y: "hello"}
	for _, opts := range allModes() {
		f := New(opts...)
		for i, v := range []any{directInner{}, directZeroFunc{}, directEmpty{}, directTrailing{}, directBig{}} {
			require.NoError(t, f.RegisterTagType(fmt.Sprint("direct.T", i), v))
		}
		for _, v := range []any{
			directZeroFunc{P: in}, directEmpty{P: in}, directTrailing{P: in}, directBig{F1: big.NewInt(-42)},
			directZeroFunc{}, directEmpty{},
		} {
			data, err := f.Marshal(v)
			require.NoError(t, err, "%T", v)
			out := reflect.New(reflect.TypeOf(v))
			require.NoError(t, f.Unmarshal(data, out.Interface()), "%T", v)
			assert.Equal(t, v, out.Elem().Interface(), "%T", v)

			data, err = f.Marshal([]any{v, v})
			require.NoError(t, err, "%T in a list", v)
			var list []any
			require.NoError(t, f.Unmarshal(data, &list), "%T in a list", v)
			require.Len(t, list, 2)
			for _, e := range list {
				assert.Equal(t, v, reflect.ValueOf(e).Elem().Interface(), "%T in a list", v)
			}
		}
	}
}
