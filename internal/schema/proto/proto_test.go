package proto

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/schema"
)

const src = `syntax = "proto3";
package demo.v1;
import "google/protobuf/duration.proto";
option (fory).enable_auto_type_id = false;
option go_package = "example.com/demo;demov1";

message Event {
  option (fory).id = 12;
  option (fory).alias = "Evt";
  option (fory).evolving = false;
  message Meta { string k = 1; }
  enum Level { LEVEL_LOW = 0; LEVEL_HIGH = 1; }
  int32 a = 1;
  optional string note = 2;
  repeated Meta metas = 3 [(fory).ref = true];
  map<string, Meta> by_key = 4;
  google.protobuf.Duration took = 5;
  Level level = 6;
  oneof payload_data {
    string text = 8;
    int64 number = 7;
  }
  int8 small = 9;
  uint64 t = 10 [(fory).type = "tagged uint64"];
  Meta m = 11 [(fory).nullable = true];
}
`

func TestTranslate(t *testing.T) {
	f, err := Parse("e.proto", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, "demo.v1", f.Package)
	assert.Equal(t, false, f.Options["enable_auto_type_id"])
	assert.Equal(t, "example.com/demo;demov1", f.Options["go_package"])
	require.Len(t, f.Decls, 1)
	ev := f.Decls[0]
	assert.True(t, ev.HasID)
	assert.Equal(t, uint32(12), ev.ID)
	assert.Equal(t, "Evt", ev.Options["alias"])
	assert.Equal(t, false, ev.Options["evolving"])
	assert.Equal(t, schema.Pos{File: "e.proto", Line: 7, Col: 1}, ev.Pos)

	types := map[string]string{}
	var byName = map[string]*schema.Field{}
	for _, fl := range ev.Fields {
		types[fl.Name] = fl.Type.String()
		byName[fl.Name] = fl
	}
	assert.Equal(t, map[string]string{
		"a": "uint32", "note": "string", "metas": "list<ref Meta>", "by_key": "map<string, Meta>", "took": "duration",
		"level": "Level", "payload_data": "PayloadData", "small": "int8", "t": "tagged uint64", "m": "Meta",
	}, types)
	assert.True(t, byName["note"].Optional)
	assert.False(t, byName["a"].Optional)
	assert.True(t, byName["m"].Optional)
	assert.True(t, byName["payload_data"].Optional, "a oneof's field is nullable")
	assert.Equal(t, 7, byName["payload_data"].Number, "the lowest case id")
	assert.Equal(t, schema.Pos{File: "e.proto", Line: 13, Col: 3}, byName["a"].Pos)

	var union *schema.Decl
	for _, n := range ev.Nested {
		if n.Kind == schema.Union {
			union = n
		}
	}
	require.NotNil(t, union)
	assert.Equal(t, "PayloadData", union.Name)
	require.Len(t, union.Fields, 2)
	assert.Equal(t, "text", union.Fields[0].Name)
	assert.Equal(t, 8, union.Fields[0].Number)
}

// TestIntegerMapping: every proto integer type maps as foryc 1.7.7 maps it
// (its --emit-fdl output for the same message, recorded in
// docs/schema-mapping.md), in fields, lists and maps; SignedInts keeps
// int32 and int64 signed.
func TestIntegerMapping(t *testing.T) {
	const ints = `syntax = "proto3";
package ev.scalars;
message S {
  int32 i32 = 1;
  int64 i64 = 2;
  sint32 si32 = 3;
  sint64 si64 = 4;
  uint32 u32 = 5;
  uint64 u64 = 6;
  fixed32 f32 = 7;
  fixed64 f64 = 8;
  sfixed32 sf32 = 9;
  sfixed64 sf64 = 10;
  repeated int32 ri32 = 11;
  repeated int64 ri64 = 12;
  repeated sint32 rsi32 = 13;
  repeated fixed32 rf32 = 17;
  map<int32, int64> m = 21;
  map<sint32, sint64> ms = 22;
  optional int32 oi32 = 23;
}
`
	foryc := map[string]string{
		"i32": "uint32", "i64": "uint64", "si32": "int32", "si64": "int64", "u32": "uint32", "u64": "uint64",
		"f32": "fixed uint32", "f64": "fixed uint64", "sf32": "fixed int32", "sf64": "fixed int64",
		"ri32": "list<uint32>", "ri64": "list<uint64>", "rsi32": "list<int32>", "rf32": "list<fixed uint32>",
		"m": "map<uint32, uint64>", "ms": "map<int32, int64>", "oi32": "uint32",
	}
	signed := map[string]string{}
	for k, v := range foryc {
		signed[k] = v
	}
	signed["i32"], signed["i64"], signed["ri32"], signed["ri64"] = "int32", "int64", "list<int32>", "list<int64>"
	signed["m"], signed["oi32"] = "map<int32, int64>", "int32"
	for _, c := range []struct {
		opt  Options
		want map[string]string
	}{{Options{}, foryc}, {Options{SignedInts: true}, signed}} {
		f, err := ParseOptions("s.proto", []byte(ints), c.opt)
		require.NoError(t, err)
		got := map[string]string{}
		for _, fl := range f.Decls[0].Fields {
			got[fl.Name] = fl.Type.String()
		}
		assert.Equal(t, c.want, got, "SignedInts %v", c.opt.SignedInts)
	}
}

func TestSyntaxError(t *testing.T) {
	_, err := Parse("bad.proto", []byte("syntax = \"proto3\";\nmessage A {\n  int32 = 1;\n}\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.proto:3:")
}

// TestWeakRef: [(fory).weak_ref = true] tracks references as foryc's proto
// front end reads it: the field is ref (a list's elements, a map's values),
// which foryc's Python declares ref=True; a oneof case keeps no ref from
// it. It used to be dropped, so Go and pyfory disagreed on the field's
// schema-consistent hash and Go lost the sharing compatible mode carried.
func TestWeakRef(t *testing.T) {
	const weak = `syntax = "proto3";
package ev.weak;
message Leaf { string n = 1; }
message W {
  Leaf one = 1 [(fory).weak_ref = true];
  repeated Leaf many = 2 [(fory).weak_ref = true];
  map<string, Leaf> by = 3 [(fory).weak_ref = true];
  Leaf off = 4 [(fory).weak_ref = false];
  oneof pick {
    Leaf leaf = 5 [(fory).weak_ref = true];
    string s = 6;
  }
}
`
	f, err := Parse("w.proto", []byte(weak))
	require.NoError(t, err)
	w := f.Decls[1]
	got := map[string]string{}
	refs := map[string]bool{}
	for _, fl := range w.Fields {
		got[fl.Name] = fl.Type.String()
		refs[fl.Name] = fl.Ref
	}
	assert.Equal(t, map[string]string{"one": "Leaf", "many": "list<ref Leaf>", "by": "map<string, ref Leaf>", "off": "Leaf",
		"pick": "Pick"}, got)
	assert.Equal(t, map[string]bool{"one": true, "many": false, "by": false, "off": false, "pick": false}, refs)
	require.Len(t, w.Nested, 1)
	require.Len(t, w.Nested[0].Fields, 2)
	assert.False(t, w.Nested[0].Fields[0].Ref, "a oneof case: foryc reads (fory).weak_ref there as no ref")
}
