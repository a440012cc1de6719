package fury

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

type declaredW struct {
	L  []string
	LI []int32
	M  map[string]string
	MS map[string][]int32
	S  map[string]struct{}
	LC []Circle
}

type declaredR struct {
	L  []any
	LI []any
	M  map[string]any
	MS map[any][]any
	S  map[any]struct{}
	LC []Shape
}

// TestDeclaredElementsIntoInterfaces: in compatible mode a field whose
// elements, keys or values are interfaces reads a remote field that
// declares them (list<string>, map<string, string>: written without type
// info), as a peer's List[str] field into a Go []any, rather than failing
// with "list with a declared element type read into interface {}".
func TestDeclaredElementsIntoInterfaces(t *testing.T) {
	in := declaredW{L: []string{"a", "b"}, LI: []int32{1}, M: map[string]string{"k": "v"},
		MS: map[string][]int32{"k": {1, 2}}, S: map[string]struct{}{"s": {}}, LC: []Circle{{R: 1}}}
	want := declaredR{L: []any{"a", "b"}, LI: []any{int32(1)}, M: map[string]any{"k": "v"},
		MS: map[any][]any{"k": {int32(1), int32(2)}}, S: map[any]struct{}{"s": {}}, LC: []Shape{Circle{R: 1}}}
	for _, ref := range []bool{false, true} {
		w := newShapeFury(t, true, ref)
		require.NoError(t, w.RegisterTagType("test.Declared", declaredW{}))
		r := newShapeFury(t, true, ref)
		require.NoError(t, r.RegisterTagType("test.Declared", declaredR{}))
		data, err := w.Marshal(&in)
		require.NoError(t, err)
		var out declaredR
		require.NoError(t, r.Unmarshal(data, &out), "ref=%v", ref)
		require.Empty(t, cmp.Diff(want, out), "ref=%v", ref)
	}
}
