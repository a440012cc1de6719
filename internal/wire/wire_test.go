package wire

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSnakeCase(t *testing.T) {
	for _, c := range []struct{ in, want, why string }{
		{"F1", "f1", "digits stay with their word"},
		{"A", "a", "one letter"},
		{"x", "x", "already lower"},
		{"UserName", "user_name", "words"},
		{"userName", "user_name", "Java lowerCamel"},
		{"IntValue", "int_value", "words"},
		{"intArray", "int_array", "Java lowerCamel"},
		{"HasBitrate", "has_bitrate", "words"},
		{"HTTPServer", "http_server", "acronym, then a word"},
		{"ID", "id", "acronym"},
		{"UserID", "user_id", "word, then an acronym"},
		{"MediaURI", "media_uri", "word, then an acronym"},
		{"URL2", "url2", "acronym with a digit"},
		{"HTTP2Server", "http2_server", "acronym with a digit, then a word"},
		{"F_1", "f_1", "underscore kept"},
		{"Snake_Case", "snake_case", "no doubled underscore"},
		{"I8Min", "i8_min", "a word after a digit"},
		{"F32Val", "f32_val", "a word after a digit"},
		{"OI32", "o_i32", "one letter, then a word with digits (Java oI32, Rust o_i32)"},
		{"SF64", "s_f64", "one letter, then a word with digits (Java sF64)"},
		{"VI8", "v_i8", "one letter, then a word with digits"},
		{"POptI32", "p_opt_i32", "one letter, words"},
		{"FI16Arr", "f_i16_arr", "one letter, a word with digits, a word"},
		{"GTaggedI64", "g_tagged_i64", "one letter, words"},
		{"XBool", "x_bool", "one letter, then a word"},
		{"TU64Small", "t_u64_small", "one letter, a word with digits, a word"},
		{"FU32", "f_u32", "one letter, then a word with digits"},
		{"U8", "u8", "a letter with digits"},
		{"Abcdefghijklmnop", "abcdefghijklmnop", "one word"},
		{"UserNameWithManyCharactersHere", "user_name_with_many_characters_here", "Java userNameWith..."},
		{"Élan", "élan", "non-ASCII letters"},
	} {
		require.Equal(t, c.want, SnakeCase(c.in), "%s (%s)", c.in, c.why)
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
