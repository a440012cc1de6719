package fury

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A tag that gives one option both ways is refused, not read as whichever
// comes last.
func TestFieldTagContradictions(t *testing.T) {
	for _, tag := range []string{"nullable,notnull", "notnull,nullable", "ref,noref", "noref,ref", "elemref,noref",
		"noref,elemref", "id=1,ref,nullable,noref"} {
		_, err := parseFieldTag(tag)
		assert.ErrorIs(t, err, ErrInvalidArgument, tag)
	}
	for _, tag := range []string{"nullable,nullable", "ref,elemref", "elemref,ref", "notnull,ref", "noref,notnull"} {
		_, err := parseFieldTag(tag)
		assert.NoError(t, err, tag)
	}
	type bad struct {
		P *int `fury:"ref,noref"`
	}
	_, err := New().Marshal(&bad{})
	require.ErrorIs(t, err, ErrInvalidArgument)
	assert.Contains(t, err.Error(), `"ref,noref"`)
}
