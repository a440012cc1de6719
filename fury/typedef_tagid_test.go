package fury

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTagIDsBeyondSixteen round-trips structs whose only field has a tag id
// from 1 to 2^29-1 in compatible mode: ids of 17 and more, which take a
// varint after the field header, once failed to read back as "truncated"
// (the reader bounded the id by the bytes left, as it bounds a name's
// length), so schemas numbering fields past 16 could not be read.
func TestTagIDsBeyondSixteen(t *testing.T) {
	for _, id := range []int{1, 15, 16, 17, 18, 20, 100, 1000, 1 << 20, 1<<29 - 1} {
		typ := reflect.StructOf([]reflect.StructField{{Name: "A", Type: reflect.TypeOf(int32(0)),
			Tag: reflect.StructTag(`fury:"id=` + strconv.Itoa(id) + `"`)}})
		v := reflect.New(typ)
		v.Elem().Field(0).SetInt(5)
		f := New()
		require.NoError(t, f.Register(v.Interface(), 600))
		b, err := f.Marshal(v.Interface())
		require.NoError(t, err)
		back := reflect.New(typ)
		require.NoError(t, f.Unmarshal(b, back.Interface()), "id %d", id)
		require.Equal(t, int64(5), back.Elem().Field(0).Int(), "id %d", id)
	}
}
