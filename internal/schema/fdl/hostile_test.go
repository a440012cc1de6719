package fdl

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/internal/schema"
)

// TestNestingLimit: declarations and types nest at most MaxNesting levels;
// deeper text (100,000 levels here, which the checks would otherwise walk
// in cubic time) is a positioned error, not a hang or a stack overflow.
func TestNestingLimit(t *testing.T) {
	msgs := func(n int) string {
		return "package x;\n" + strings.Repeat("message M { ", n) + strings.Repeat("}", n)
	}
	lists := func(n int) string {
		return "package x;\nmessage M { " + strings.Repeat("list<", n) + "int32" + strings.Repeat(">", n) + " a = 1; }"
	}
	maps := func(n int) string {
		return "package x;\nmessage M { " + strings.Repeat("map<int32, ", n) + "int32" + strings.Repeat(">", n) + " a = 1; }"
	}
	unions := func(n int) string {
		return "package x;\n" + strings.Repeat("message M { ", n-1) + "union U { int32 a = 1; }" + strings.Repeat("}", n-1)
	}
	for name, src := range map[string]func(int) string{"messages": msgs, "lists": lists, "maps": maps, "unions": unions} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse("x.fdl", []byte(src(MaxNesting)))
			require.NoError(t, err, "%d levels are fine", MaxNesting)
			for _, n := range []int{MaxNesting + 1, 100_000} {
				_, err := Parse("x.fdl", []byte(src(n)))
				var se *schema.Error
				require.True(t, errors.As(err, &se), "%d levels: %v", n, err)
				assert.Contains(t, se.Msg, "nested more than 32 levels deep")
				assert.Equal(t, 2, se.Pos.Line)
			}
		})
	}
}

// TestLongQualifiedName: a field type naming a 100,000-part qualified name
// parses (to an unresolved name) in linear time.
func TestLongQualifiedName(t *testing.T) {
	name := "a" + strings.Repeat(".a", 100_000)
	f, err := Parse("x.fdl", []byte("package x; message M { "+name+" a = 1; }"))
	require.NoError(t, err)
	assert.Equal(t, name, f.Decls[0].Fields[0].Type.Name)
}
