package xlang_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestArticleWithPython exchanges the values of the Fury design article's
// three Go programs (custom types, a circular reference, zero copy) with
// pyfory 1.7.7 both ways, each Go side set up as its program is (its types
// declared inside the function and registered with RegisterTagType under
// the article's names, fury.NewFury(false) or NewFury(true), the zero-copy
// bytes out of band through Serialize and Deserialize with ByteBuffers).
// peers/python/article_peer.py declares what pyfory needs to read and write
// the same bytes (pyfory.field(ref=True) on the circular type's fields,
// compatible mode). Go writes go_<case>.bin, Python checks it; Python writes
// py_<case>.bin, Go checks it.
func TestArticleWithPython(t *testing.T) {
	root, p := pythonPeer(t)
	py := &peer{name: "python", argv: []string{p.argv[0], filepath.Join(root, "xlang_test", "peers", "python", "article_peer.py")}, env: p.env}
	dir := t.TempDir()
	if keep := os.Getenv("XLANG_KEEP"); keep != "" {
		dir = keep
		require.NoError(t, os.MkdirAll(dir, 0o755))
	}

	// The custom types program.
	type SomeClass1 struct {
		F1  interface{}
		F2  string
		F3  []interface{}
		F4  map[int8]int32
		F5  int8
		F6  int16
		F7  int32
		F8  int64
		F9  float32
		F10 float64
		F11 []int16
		F12 fury.Int16Slice
	}
	type SomeClass2 struct {
		F1 interface{}
		F2 map[int8]int32
	}
	custom := fury.NewFury(false)
	require.NoError(t, custom.RegisterTagType("example.SomeClass1", SomeClass1{}))
	require.NoError(t, custom.RegisterTagType("example.SomeClass2", SomeClass2{}))
	obj := &SomeClass1{
		F1: &SomeClass2{F1: true, F2: map[int8]int32{-1: 2}},
		F2: "abc", F3: []interface{}{"abc", "abc"}, F4: map[int8]int32{1: 2},
		F5: math.MaxInt8, F6: math.MaxInt16, F7: math.MaxInt32, F8: math.MaxInt64,
		F9: 1.0 / 2, F10: 1 / 3.0, F11: []int16{1, 2}, F12: []int16{-1, 4},
	}

	// The circular program.
	type SomeClass struct {
		F1 *SomeClass
		F2 map[string]string
		F3 map[string]string
	}
	circular := fury.NewFury(true)
	require.NoError(t, circular.RegisterTagType("example.SomeClass", SomeClass{}))
	value := &SomeClass{F2: map[string]string{"k1": "v1", "k2": "v2"}}
	value.F3 = value.F2
	value.F1 = value

	// The zero-copy program.
	zeroCopy := fury.NewFury(true)
	list := []interface{}{"str", make([]byte, 1000)}

	write := func(name string, data []byte, bufs ...[]byte) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "go_"+name+".bin"), data, 0o644))
		for i, b := range bufs {
			require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("go_%s.buf%d", name, i)), b, 0o644))
		}
	}
	data, err := custom.Marshal(obj)
	require.NoError(t, err)
	write("customtypes", data)
	data, err = circular.Marshal(value)
	require.NoError(t, err)
	write("circular", data)
	buf := fury.NewByteBuffer(nil)
	var serializedObjects []fury.SerializedObject
	require.NoError(t, zeroCopy.Serialize(buf, list, func(o fury.SerializedObject) bool {
		serializedObjects = append(serializedObjects, o)
		return false
	}))
	require.Len(t, serializedObjects, 1)
	write("zerocopy", buf.Bytes(), serializedObjects[0].Bytes())

	cases := []string{"customtypes", "circular", "zerocopy"}
	t.Run("go-to-python", func(t *testing.T) {
		r := py.run("verify", dir, nil)
		require.NoError(t, r.err)
		for _, c := range cases {
			reason, ok := r.results[c]
			if assert.True(t, ok, "python printed no result for %s\n%s", c, r.stderr) {
				assert.Empty(t, reason, "python reading Go's %s", c)
			}
		}
	})

	t.Run("python-to-go", func(t *testing.T) {
		r := py.run("write", dir, nil)
		require.NoError(t, r.err)
		read := func(name string) []byte {
			t.Helper()
			data, err := os.ReadFile(filepath.Join(dir, "py_"+name+".bin"))
			require.NoError(t, err, "python wrote no %s\n%s", name, r.stderr)
			return data
		}

		t.Run("customtypes", func(t *testing.T) {
			var newValue interface{}
			require.NoError(t, custom.Unmarshal(read("customtypes"), &newValue))
			require.Empty(t, cmp.Diff(obj, newValue))
			var typed SomeClass1
			require.NoError(t, custom.Unmarshal(read("customtypes"), &typed))
			require.Empty(t, cmp.Diff(*obj, typed))
		})

		t.Run("circular", func(t *testing.T) {
			var newValue interface{}
			require.NoError(t, circular.Unmarshal(read("circular"), &newValue))
			got, ok := newValue.(*SomeClass)
			require.True(t, ok, "read %T", newValue)
			assert.Same(t, got, got.F1, "F1 is the value itself")
			assert.Equal(t, reflect.ValueOf(got.F2).UnsafePointer(), reflect.ValueOf(got.F3).UnsafePointer(), "F3 is F2's map")
			assert.Equal(t, map[string]string{"k1": "v1", "k2": "v2"}, got.F2)
		})

		t.Run("zerocopy", func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(dir, "py_zerocopy.buf0"))
			require.NoError(t, err, "python sent no out-of-band buffer")
			_, err = os.Stat(filepath.Join(dir, "py_zerocopy.buf1"))
			require.True(t, os.IsNotExist(err), "python sent more than one out-of-band buffer")
			var newList []interface{}
			buffers := []*fury.ByteBuffer{fury.NewByteBuffer(b)}
			require.NoError(t, zeroCopy.Deserialize(fury.NewByteBuffer(read("zerocopy")), &newList, buffers))
			require.Empty(t, cmp.Diff(list, newList))
		})
	})
}
