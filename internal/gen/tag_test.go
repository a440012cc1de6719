package gen

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// furygen refuses the contradictory tags the runtime refuses.
func TestParseTagContradictions(t *testing.T) {
	for _, tag := range []string{"nullable,notnull", "notnull,nullable", "ref,noref", "noref,ref", "elemref,noref",
		"noref,elemref"} {
		_, err := parseTag(tag)
		assert.Error(t, err, tag)
	}
	for _, tag := range []string{"nullable,nullable", "ref,elemref", "elemref,ref", "notnull,ref", "noref,notnull"} {
		_, err := parseTag(tag)
		assert.NoError(t, err, tag)
	}
}
