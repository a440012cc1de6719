package wire

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSnakeCase(t *testing.T) {
	for in, want := range map[string]string{
		"F1": "f1", "UserName": "user_name", "HTTPServer": "http_server", "userName": "user_name",
		"A": "a", "IntValue": "int_value", "intArray": "int_array", "F_1": "f_1", "ID": "id",
		"MediaURI": "media_uri", "x": "x", "HasBitrate": "has_bitrate",
	} {
		require.Equal(t, want, SnakeCase(in), in)
	}
}

func TestHashGolden(t *testing.T) {
	// Observed from pyfory 1.7.7: Foo(f1: Int32, f2: str) -> 6b cf 37 8a.
	fs := []*Field{
		{GoName: "F2", Name: "f2", TagID: -1, Type: &Type{ID: String}},
		{GoName: "F1", Name: "f1", TagID: -1, Type: &Type{ID: Varint32}},
	}
	require.Equal(t, "f1,5,0,0;f2,21,0,0;", Fingerprint(fs))
	require.Equal(t, uint32(0x8a37cf6b), uint32(Hash(fs)))
	require.Equal(t, int32(47), Hash(nil))
}

func TestSortOrder(t *testing.T) {
	fs := []*Field{
		{GoName: "S", Name: "s", TagID: -1, Type: &Type{ID: String}},
		{GoName: "V", Name: "v", TagID: -1, Type: &Type{ID: Varint64}},
		{GoName: "D", Name: "d", TagID: -1, Type: &Type{ID: Float64}},
		{GoName: "B", Name: "b", TagID: -1, Type: &Type{ID: Bool}},
		{GoName: "N", Name: "n", TagID: -1, Type: &Type{ID: Varint32, Nullable: true}},
		{GoName: "I", Name: "i", TagID: -1, Type: &Type{ID: Int32}},
		{GoName: "T", Name: "t", TagID: 3, Type: &Type{ID: List, Elem: &Type{ID: String}}},
	}
	Sort(fs)
	var got []string
	for _, f := range fs {
		got = append(got, f.GoName)
	}
	require.Equal(t, []string{"D", "I", "B", "V", "N", "T", "S"}, got)
}

func TestVisible(t *testing.T) {
	p := func(name string, depth int, named bool) Promoted {
		return Promoted{Name: name, Depth: depth, Named: named}
	}
	for _, c := range []struct {
		name string
		in   []Promoted
		keep []bool
		amb  string
	}{
		{"distinct", []Promoted{p("a", 1, false), p("b", 2, false)}, []bool{true, true}, ""},
		{"shallower wins", []Promoted{p("x", 2, false), p("x", 1, false)}, []bool{false, true}, ""},
		{"shallower wins over a tag", []Promoted{p("x", 2, true), p("x", 1, false)}, []bool{false, true}, ""},
		{"tag wins at a depth", []Promoted{p("v", 2, false), p("v", 2, true)}, []bool{false, true}, ""},
		{"tag wins after a tie", []Promoted{p("v", 2, false), p("v", 2, false), p("v", 2, true)}, []bool{false, false, true}, ""},
		{"ambiguous", []Promoted{p("v", 2, false), p("v", 2, false)}, nil, "v"},
		{"ambiguous tags", []Promoted{p("v", 2, true), p("v", 2, true)}, nil, "v"},
		{"hidden ambiguity", []Promoted{p("v", 2, false), p("v", 2, false), p("v", 1, false)}, []bool{false, false, true}, ""},
		{"ids apart", []Promoted{{Name: "x", Depth: 1, ByID: true}, p("x", 1, false)}, []bool{true, true}, ""},
	} {
		keep, amb := Visible(c.in)
		if amb != c.amb || fmt.Sprint(keep) != fmt.Sprint(c.keep) {
			t.Errorf("%s: got %v %q, want %v %q", c.name, keep, amb, c.keep, c.amb)
		}
	}
}
