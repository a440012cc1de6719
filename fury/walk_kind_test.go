package fury_test

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/stretchr/testify/require"
)

// A named enum whose shared TypeDef is a struct's (a mutated
// gentest.Locals, found by running the suite with every Unmarshal also
// scanned): Unmarshal read the enum's data as the struct's, where the
// Decoder's scan read an ordinal, and the two disagreed on the message's
// end. Both now refuse it as the same bad data.
func TestNamedEnumWithStructTypeDef(t *testing.T) {
	data, err := hex.DecodeString(strings.ReplaceAll("01ff1c0024706ee9ff5b680ac7ec01460abea048167006859046"+
		"1cbee04018542854441658 28d640401c5c441670de40fd00ff1c020be00851770db70ac2ed014005544a1c34979800ff1a032afd"+
		"00020c030cfffff84effff030ce4ff7800ffff1c0300ff1c0301fd00", " ", ""))
	require.NoError(t, err)
	c := genConfig{compatible: true, refs: true}
	var v gentest.Locals
	uerr := newGenFury(t, c, false).Unmarshal(data, &v)
	require.ErrorIs(t, uerr, fury.ErrInvalidData)
	require.Contains(t, uerr.Error(), "named enum with the type meta of another kind")

	dec := fury.NewDecoder(bytes.NewReader(data), fury.WithCompatible(true), fury.WithRefTracking(true), fury.WithPythonForms(true))
	require.NoError(t, registerGen(dec.Fury(), c, false))
	derr := dec.Decode(&v)
	require.ErrorIs(t, derr, fury.ErrInvalidData)
	require.Contains(t, derr.Error(), "named enum with the type meta of another kind")
}
