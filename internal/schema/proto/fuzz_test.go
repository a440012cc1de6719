package proto

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParse: any input parses or fails with an error, never a panic; a
// file that parses translates into declarations with names.
func FuzzParse(f *testing.F) {
	f.Add(src)
	f.Add(`syntax = "proto3"; message M { map<string, M> m = 1; oneof o { int32 a = 2; M b = 3; } }`)
	f.Add(`syntax = "proto3"; message M { oneof ___ { string a = 1; } }`)
	f.Add(`syntax = "proto3"; message M { option (fory).id = 4294967296; }`)
	f.Add(`syntax = "proto3"; enum E { option (fory).id = -1; A = 0; }`)
	f.Add(`syntax = "proto3"; service S { rpc A (stream M) returns (stream M) { option (fory).x = {a: 1}; } } message M {}`)
	f.Add(`syntax = "proto2"; message M { optional int32 a = 1; }`)
	f.Add(`edition = "2023"; message M {}`)
	f.Add(`syntax = "proto3"; message M { uint64 t = 1 [(fory).type = "tagged int64", (fory).ref = 3]; }`)
	f.Fuzz(func(t *testing.T, text string) {
		for _, opt := range []Options{{}, {SignedInts: true}} {
			file, err := ParseOptions("f.proto", []byte(text), opt)
			if err != nil {
				require.Nil(t, file)
				require.NotEmpty(t, err.Error())
				return // the option changes only how a parsed file translates
			}
			for _, d := range file.Decls {
				require.NotEmpty(t, d.Name)
			}
		}
	})
}
