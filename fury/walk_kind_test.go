package fury_test

import (
	"bytes"
	"encoding/hex"
	"reflect"
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
	// The message's struct ids: Locals 236, its field X's type 237.
	reg := func(f *fury.Fury) {
		require.NoError(t, f.Register(gentest.Locals{}, 236))
		require.NoError(t, f.Register(reflect.New(reflect.TypeFor[gentest.Locals]().Field(0).Type).Elem().Interface(), 237))
	}
	opts := []fury.Option{fury.WithCompatible(true), fury.WithRefTracking(true)}
	f := fury.New(opts...)
	reg(f)
	var v gentest.Locals
	uerr := f.Unmarshal(data, &v)
	require.ErrorIs(t, uerr, fury.ErrInvalidData)
	require.Contains(t, uerr.Error(), "named enum with the type meta of another kind")

	dec := fury.NewDecoder(bytes.NewReader(data), opts...)
	reg(dec.Fury())
	derr := dec.Decode(&v)
	require.ErrorIs(t, derr, fury.ErrInvalidData)
	require.Contains(t, derr.Error(), "named enum with the type meta of another kind")
}
