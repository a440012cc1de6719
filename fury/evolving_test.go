package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// plainMsg mirrors FDL `message Plain [evolving=false] { int32 a = 1; string s = 2; }`.
type plainMsg struct {
	_ struct{} `fury:"evolving=false"`
	A int32    `fury:"id=1"`
	S string   `fury:"id=2"`
}

// evolvingHolder holds a non-evolving struct in a compatible struct.
type evolvingHolder struct {
	P    *plainMsg
	List []plainMsg
}

// TestEvolvingFalseGolden: pyfory 1.7.7's bytes for foryc's Plain
// (@pyfory.dataclass(evolving=False)), Plain(a=1, s="x"), ref=True, by id
// 3953982213 and by name demo.Plain: a plain struct (27/29) in both modes,
// without the schema hash in compatible mode.
func TestEvolvingFalseGolden(t *testing.T) {
	want := plainMsg{A: 1, S: "x"}
	for _, c := range []struct {
		compatible, byName bool
		hex                string
	}{
		{false, false, "01001b85f6b3dd0e9f72932402 0478"},
		{true, false, "01001b85f6b3dd0e020478"},
		{false, true, "01001d06010c8c70080 3bd6043409f7293240 20478"},
		{true, true, "01001d000e20f45fb1b5ad0ba20d0c8c7013bd604340c405c815020478"},
	} {
		f := New(WithCompatible(c.compatible), WithRefTracking(true), WithCompactStrings(true))
		if c.byName {
			require.NoError(t, f.RegisterNamed(plainMsg{}, "demo", "Plain"))
		} else {
			require.NoError(t, f.Register(plainMsg{}, 3953982213))
		}
		golden := unhex(t, c.hex)
		data, err := f.Marshal(&want)
		require.NoError(t, err)
		assert.Equal(t, hexOf(golden), hexOf(data), "compatible=%v byName=%v", c.compatible, c.byName)
		var got plainMsg
		require.NoError(t, f.Unmarshal(golden, &got), "compatible=%v byName=%v", c.compatible, c.byName)
		assert.Equal(t, want, got)
	}
}

func TestEvolvingFalseNested(t *testing.T) {
	for _, compatible := range []bool{false, true} {
		f := New(WithCompatible(compatible))
		require.NoError(t, f.Register(plainMsg{}, 7))
		require.NoError(t, f.Register(evolvingHolder{}, 8))
		in := evolvingHolder{P: &plainMsg{A: -3, S: "p"}, List: []plainMsg{{A: 1}, {S: "z"}}}
		data, err := f.Marshal(&in)
		require.NoError(t, err)
		var out evolvingHolder
		require.NoError(t, f.Unmarshal(data, &out))
		assert.Equal(t, in, out)
		var v any
		require.NoError(t, f.Unmarshal(data, &v))
		assert.Equal(t, &in, v)
	}
	type bad struct {
		_ struct{} `fury:"evolving=maybe"`
		A int32
	}
	_, err := New().Marshal(bad{})
	require.ErrorIs(t, err, ErrInvalidArgument)
}
