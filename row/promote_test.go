package row_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

type AmbA struct{ X int32 }
type AmbB struct{ X int32 }

type shadowInner struct {
	ID   int64
	Note string
}

type Shadowing struct {
	shadowInner
	ID string // hides shadowInner.ID, as in Go
}

type taggedWins struct {
	A int32 `fury:"name=x"`
	X int32
}

type EmbeddedTimes struct {
	time.Time
	fury.Date
	N int32
}

func fieldNames(s *row.Schema) []string {
	var out []string
	for _, f := range s.Fields() {
		out = append(out, f.Name+": "+f.Type.String())
	}
	return out
}

// TestRowPromotedFields: fields promoted from embedded structs follow Go's
// rule, as package fury applies it: a shallower field hides a deeper one of
// the same wire name (the struct used to be refused), and a name= tag wins
// at the same depth.
func TestRowPromotedFields(t *testing.T) {
	enc, err := row.NewEncoder[Shadowing]()
	require.NoError(t, err)
	require.Equal(t, []string{"id: utf8", "note: utf8"}, fieldNames(enc.Schema()))
	v := Shadowing{shadowInner: shadowInner{ID: 7, Note: "n"}, ID: "outer"}
	data, err := enc.Encode(&v)
	require.NoError(t, err)
	got, err := enc.Decode(data)
	require.NoError(t, err)
	want := Shadowing{shadowInner: shadowInner{Note: "n"}, ID: "outer"} // the hidden field is not written
	require.Empty(t, cmp.Diff(want, *got, cmp.AllowUnexported(Shadowing{})))

	s, err := row.SchemaOf(reflect.TypeFor[taggedWins]())
	require.NoError(t, err)
	require.Equal(t, []string{"x: int32"}, fieldNames(s))
}

// TestRowEmbeddedTimeAndDate: an embedded time.Time or fury.Date is a field
// named after its type (as in Go and package fury), not a struct whose
// fields are promoted: time.Time has no exported fields, so it used to
// vanish from the row without an error.
func TestRowEmbeddedTimeAndDate(t *testing.T) {
	enc, err := row.NewEncoder[EmbeddedTimes]()
	require.NoError(t, err)
	require.Equal(t, []string{"date: date32", "n: int32", "time: timestamp"}, fieldNames(enc.Schema()))
	v := EmbeddedTimes{Time: time.UnixMicro(1_700_000_000_123_456).UTC(), Date: fury.Date{Year: 2024, Month: 2, Day: 29}, N: 3}
	data, err := enc.Encode(&v)
	require.NoError(t, err)
	got, err := enc.Decode(data)
	require.NoError(t, err)
	require.Empty(t, cmp.Diff(v, *got))
}
