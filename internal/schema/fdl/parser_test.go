package fdl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/schema"
)

const everything = `/* A file using every piece of the grammar. */
package a.b alias ab;
import "other.fdl";
option java_package = "com.example";
option evolving = false;
option enable_auto_type_id = true;

enum Color [id = 3, deprecated = true] {
    reserved 2, 9 to 11, 40 to max;
    reserved "OLD";
    RED = 0;
    GREEN = 1;
}

union Choice [id = 0] {
    reserved 7;
    string text = 1;
    repeated int32 numbers = 2 [deprecated = true];
}

message Msg [id = 7, alias = "Legacy", evolving = true] {
    reserved 100 to 200;
    message Inner { int32 x = 1; }
    enum Kind { A = 0; }
    union U { Inner inner = 1; }
    optional string name = 1 [json_name = "n"];
    ref(weak = true, thread_safe = false) Msg parent = 2;
    repeated optional ref Inner inners = 3;
    list<optional int64> maybe = 4;
    map<string, optional ref Inner> by_name = 5;
    fixed uint32 f = 6;
    tagged int64 t = 7;
    varint int64 v = 8;
    array<float16> halves = 9;
    list<Inner> reffed = 10 [ref = true];
    map<int32, Inner> reffed_map = 11 [ref = true, nullable = true];
    int32 to = 12;
    a.b.Msg.Inner qualified = 13;
    int32 nullable = 14 [nullable = true];
}

service Svc {
    option deprecated = true;
    rpc Get (Msg) returns (stream Msg);
    rpc Put (stream Msg) returns (Msg) { option deprecated = true; }
}
`

func TestParseEverything(t *testing.T) {
	f, err := Parse("x.fdl", []byte(everything))
	require.NoError(t, err)
	assert.Equal(t, "a.b", f.Package)
	assert.Equal(t, "ab", f.PackageAlias)
	require.Len(t, f.Imports, 1)
	assert.Equal(t, "other.fdl", f.Imports[0].Path)
	assert.Equal(t, schema.Pos{File: "x.fdl", Line: 3, Col: 1}, f.Imports[0].Pos)
	assert.Equal(t, map[string]any{"java_package": "com.example", "evolving": false, "enable_auto_type_id": true}, f.Options)
	require.Len(t, f.Decls, 3)

	color := f.Decls[0]
	assert.Equal(t, schema.Enum, color.Kind)
	assert.True(t, color.HasID)
	assert.Equal(t, uint32(3), color.ID)
	require.Len(t, color.Values, 2)
	assert.Equal(t, "GREEN", color.Values[1].Name)
	assert.Equal(t, int64(1), color.Values[1].Value)

	choice := f.Decls[1]
	assert.Equal(t, schema.Union, choice.Kind)
	assert.True(t, choice.HasID)
	assert.Equal(t, uint32(0), choice.ID)
	require.Len(t, choice.Fields, 2)
	assert.Equal(t, "list<int32>", choice.Fields[1].Type.String())

	m := f.Decls[2]
	assert.Equal(t, "Legacy", m.Options["alias"])
	assert.Equal(t, true, m.Options["evolving"])
	require.Len(t, m.Nested, 3)
	assert.Equal(t, "Msg.U", m.Nested[2].Path())
	types := map[string]string{}
	flags := map[string][2]bool{}
	for _, fl := range m.Fields {
		types[fl.Name] = fl.Type.String()
		flags[fl.Name] = [2]bool{fl.Optional, fl.Ref}
	}
	assert.Equal(t, map[string]string{
		"name": "string", "parent": "Msg", "inners": "list<optional ref Inner>", "maybe": "list<optional int64>",
		"by_name": "map<string, optional ref Inner>", "f": "fixed uint32", "t": "tagged int64", "v": "varint int64",
		"halves": "array<float16>", "reffed": "list<ref Inner>", "reffed_map": "map<int32, ref Inner>", "to": "int32",
		"qualified": "a.b.Msg.Inner", "nullable": "int32",
	}, types)
	assert.Equal(t, [2]bool{true, false}, flags["name"])
	assert.Equal(t, [2]bool{false, true}, flags["parent"])
	assert.Equal(t, [2]bool{false, false}, flags["inners"], "modifiers after repeated are the elements'")
	assert.Equal(t, [2]bool{true, false}, flags["reffed_map"])
	assert.Equal(t, [2]bool{true, false}, flags["nullable"])
	assert.Equal(t, schema.Pos{File: "x.fdl", Line: 27, Col: 5}, m.Fields[1].Pos)

	require.Len(t, f.Services, 1)
	svc := f.Services[0]
	assert.Equal(t, "Svc", svc.Name)
	assert.Equal(t, "a.b.Svc", svc.QualifiedName())
	assert.Equal(t, map[string]any{"deprecated": true}, svc.Options)
	require.Len(t, svc.Methods, 2)
	get, put := svc.Methods[0], svc.Methods[1]
	assert.Equal(t, "Get", get.Name)
	assert.Equal(t, "Msg", get.Request.Name)
	assert.False(t, get.ClientStreaming)
	assert.True(t, get.ServerStreaming)
	assert.Equal(t, "Put", put.Name)
	assert.True(t, put.ClientStreaming)
	assert.False(t, put.ServerStreaming)
	assert.Equal(t, map[string]any{"deprecated": true}, put.Options)
	assert.Equal(t, schema.Pos{File: "x.fdl", Line: 45, Col: 5}, put.Pos)
}

// FuzzParse: any input parses or fails with an error, never a panic.
func FuzzParse(f *testing.F) {
	f.Add(everything)
	f.Add("package x; message A { list<map<string, int32>> a = 1; }")
	f.Add("message A { optional ref repeated optional ref A a = 1 [ref = true]; }")
	f.Add("enum E { A = -9999999999999999999999; }")
	f.Add("/* unterminated")
	f.Fuzz(func(t *testing.T, src string) {
		_, _ = Parse("f.fdl", []byte(src))
	})
}
