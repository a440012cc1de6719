package fury_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
)

// A sweep of Go types and API uses, reflection path (generated code:
// sweep_gen_test.go). Values are compared with cmp, exporting unexported
// fields, so that nothing that should travel is lost unnoticed.

var sweepCmp = cmp.Exporter(func(reflect.Type) bool { return true })

type (
	swIn      struct{ ID int64 }
	swTg      struct{ A, B string }
	swEmbPtrs struct {
		*swIn
		swTg `fury:"name=tg"`
		Z    string
	}
	swImpl    struct{ n int }
	swService struct {
		*swImpl // nothing exported: skipped, as json skips it
		Name    string
	}
)

// TestSweepEmbeddedUnexportedStruct: an embedded pointer to a struct is a
// field named after the struct type, and so is an embedded struct with a
// fury tag; an unexported type's ones once were dropped silently (Go and
// encoding/json promote the exported fields through them).
func TestSweepEmbeddedUnexportedStruct(t *testing.T) {
	for _, m := range probeModes() {
		f := fury.New(m.opts...)
		for _, v := range []swEmbPtrs{
			{swIn: &swIn{ID: 5}, swTg: swTg{"a", "b"}, Z: "z"},
			{Z: "z"},
		} {
			data, err := f.Marshal(v)
			require.NoError(t, err, m.name)
			var got swEmbPtrs
			require.NoError(t, f.Unmarshal(data, &got), m.name)
			if d := cmp.Diff(v, got, sweepCmp); d != "" {
				t.Errorf("%s (-want +got):\n%s", m.name, d)
			}
		}
		data, err := f.Marshal(swService{swImpl: &swImpl{n: 3}, Name: "s"})
		require.NoError(t, err, m.name)
		var got swService
		require.NoError(t, f.Unmarshal(data, &got), m.name)
		require.Equal(t, swService{Name: "s"}, got, m.name)
	}
}
