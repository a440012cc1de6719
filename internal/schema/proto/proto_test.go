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
		"a": "int32", "note": "string", "metas": "list<ref Meta>", "by_key": "map<string, Meta>", "took": "duration",
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

func TestSyntaxError(t *testing.T) {
	_, err := Parse("bad.proto", []byte("syntax = \"proto3\";\nmessage A {\n  int32 = 1;\n}\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.proto:3:")
}
