package furydump_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/furydump"
	"github.com/stretchr/testify/require"
)

type node struct {
	Name string
	Next *node `fury:"ref"`
	Kids []*node
	Tags map[string]int32
}

func TestInspectModes(t *testing.T) {
	for _, compatible := range []bool{true, false} {
		f := fury.New(fury.WithCompatible(compatible), fury.WithRefTracking(true))
		require.NoError(t, f.RegisterTagType("example.Node", node{}))
		n := &node{Name: "root", Tags: map[string]int32{"a": 1}}
		n.Next = n
		n.Kids = []*node{{Name: "kid"}}
		data, err := f.Marshal(n)
		require.NoError(t, err)

		// With the types: every mode reads whole.
		d, err := furydump.Inspect(data, furydump.Options{Fury: f})
		require.NoError(t, err)
		require.Nil(t, d.Error)
		require.Equal(t, len(data), d.Root.End)
		require.Equal(t, "struct", d.Root.Kind)
		require.NotNil(t, d.Root.RefID)
		fields := map[string]*furydump.Node{}
		for _, c := range d.Root.Items {
			fields[c.Label] = c
		}
		require.Equal(t, "root", fields["name"].Value)
		require.Equal(t, "ref", fields["next"].Flag, "the cycle is a back reference")
		require.Equal(t, *d.Root.RefID, *fields["next"].Ref)
		require.Equal(t, 1, *fields["kids"].Count)

		// Without them: compatible mode reads whole by its TypeDefs,
		// schema-consistent mode stops at the struct, saying why.
		d, err = furydump.Inspect(data, furydump.Options{})
		if compatible {
			require.NoError(t, err)
			require.Equal(t, "compatible", d.Mode)
			require.Len(t, d.TypeDefs, 1)
			require.Equal(t, "example.Node", d.TypeDefs[0].Name)
		} else {
			require.ErrorIs(t, err, fury.ErrUnknownType)
			require.Contains(t, d.Error.Reason, "schema-consistent")
			require.Equal(t, []string{"example", "Node"}, d.MetaStrings)
		}

		// Cut: the offset and the reason, and the dump up to there.
		d, err = furydump.Inspect(data[:len(data)-1], furydump.Options{Fury: f})
		require.ErrorIs(t, err, fury.ErrTruncated)
		require.Equal(t, len(data)-1, d.Error.Offset)
		require.Equal(t, -1, d.Root.End)

		var text, js bytes.Buffer
		require.NoError(t, furydump.WriteText(&text, d))
		require.Contains(t, text.String(), "error at offset")
		require.NoError(t, furydump.WriteJSON(&js, d))
		var back map[string]any
		require.NoError(t, json.Unmarshal(js.Bytes(), &back))
		require.Contains(t, back, "error")
	}
}

func TestInspectUnknownMode(t *testing.T) {
	_, err := furydump.Inspect([]byte{1}, furydump.Options{Mode: 7})
	require.Error(t, err)
}
