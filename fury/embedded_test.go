package fury

import (
	"math/big"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type embeddedValues struct {
	time.Time
	big.Int
	Date
	Decimal
	Name string
}

type embeddedTimeOnly struct{ time.Time }

// TestEmbeddedValueTypes checks that the struct types written as one value
// are not flattened when embedded (time.Time and big.Int have no exported
// fields, so flattening dropped them): each is a field named after its
// type, as in Go.
func TestEmbeddedValueTypes(t *testing.T) {
	v := embeddedValues{
		Time:    time.Date(2024, 5, 6, 7, 8, 9, 10, time.UTC),
		Date:    Date{Year: 2024, Month: time.May, Day: 6},
		Decimal: NewDecimal(-12345, 2),
		Name:    "launch",
	}
	v.Int.SetInt64(1 << 40)
	for _, opts := range allModes() {
		f := New(opts...)
		data, err := f.Marshal(&v)
		require.NoError(t, err)
		var out embeddedValues
		require.NoError(t, f.Unmarshal(data, &out))
		assert.True(t, v.Time.Equal(out.Time), "time: %v", out.Time)
		assert.Equal(t, 0, v.Int.Cmp(&out.Int), "big.Int: %v", &out.Int)
		assert.Equal(t, v.Date, out.Date)
		assert.Equal(t, v.Decimal.String(), out.Decimal.String())
		assert.Equal(t, v.Name, out.Name)

		only := embeddedTimeOnly{v.Time}
		data, err = f.Marshal(only)
		require.NoError(t, err)
		var back embeddedTimeOnly
		require.NoError(t, f.Unmarshal(data, &back))
		assert.True(t, only.Time.Equal(back.Time))
	}
	st, err := New().r.typeInfoOf(reflect.TypeFor[embeddedValues]())
	require.NoError(t, err)
	var names []string
	for _, f := range st.st.fields {
		names = append(names, f.name)
	}
	assert.ElementsMatch(t, []string{"time", "int", "date", "decimal", "name"}, names)
}

type shadowInner struct {
	X    int32
	Y    string
	Deep int64
}

type shadowOuter struct {
	shadowInner
	X string // hides shadowInner.X, as in Go
}

type ambigA struct{ V int32 }
type ambigB struct{ V string }

type ambiguous struct {
	ambigA
	ambigB
}

type tagB struct {
	W int64 `fury:"name=v"`
}

// tagWins: ambigA.V and tagB.W are both "v" at the same depth; the one
// named by a tag wins.
type tagWins struct {
	ambigA
	tagB
}

type ambiguousTagged struct {
	ambigA
	ambigB `fury:"-"`
}

// TestPromotedFieldShadowing follows Go's (and encoding/json's) rule for
// promoted fields: a shallower field hides a deeper one of the same name;
// two at the same depth are ambiguous (refused here, where json drops both).
func TestPromotedFieldShadowing(t *testing.T) {
	for _, opts := range allModes() {
		f := New(opts...)
		v := shadowOuter{shadowInner: shadowInner{X: 5, Y: "y", Deep: 7}, X: "outer"}
		data, err := f.Marshal(&v)
		require.NoError(t, err)
		var out shadowOuter
		require.NoError(t, f.Unmarshal(data, &out))
		want := v
		want.shadowInner.X = 0 // hidden: not serialized
		assert.Equal(t, want, out)

		_, err = f.Marshal(&ambiguous{})
		require.ErrorIs(t, err, ErrUnsupportedType)
		assert.Contains(t, err.Error(), "ambiguous")

		data, err = f.Marshal(&tagWins{ambigA{V: 1}, tagB{W: 2}})
		require.NoError(t, err)
		var tw tagWins
		require.NoError(t, f.Unmarshal(data, &tw))
		assert.Equal(t, tagWins{tagB: tagB{W: 2}}, tw)

		data, err = f.Marshal(&ambiguousTagged{ambigA: ambigA{V: 3}})
		require.NoError(t, err)
		var tagged ambiguousTagged
		require.NoError(t, f.Unmarshal(data, &tagged))
		assert.Equal(t, int32(3), tagged.ambigA.V)
	}
}
