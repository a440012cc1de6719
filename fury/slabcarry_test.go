package fury_test

import (
	"fmt"
	"testing"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

// Values kept from earlier decodes stay as they were, whatever later
// decodes on the same Fury read, and read the same with generated code and
// the reflection path, in both modes and with WithAliasInput; also with
// WithSharedBlocks(true), where decoded strings and arrays are carved from
// a block that outlives the decode (the next one carves on from it).
func TestDecodedValuesSurviveLaterDecodes(t *testing.T) {
	sample := func(i int) gentest.Sample {
		s := gentest.NewSample()
		s.String = fmt.Sprintf("sample %d %s", i, s.String)
		s.IntArray = append([]int32{int32(i)}, s.IntArray...)
		s.LongArray = append(s.LongArray, int64(i))
		return s
	}
	media := func(i int) gentest.MediaContent {
		return gentest.MediaContent{
			Media:  gentest.Media{URI: fmt.Sprintf("uri %d", i), Persons: []string{"a", fmt.Sprint(i), ""}},
			Images: []gentest.Image{{URI: fmt.Sprint("image ", i), Title: "t"}, {Media: &gentest.Media{Title: fmt.Sprint(i)}}},
		}
	}
	for _, c := range []struct {
		name string
		opts []fury.Option
	}{
		{"generated", nil},
		{"reflection", []fury.Option{fury.WithGeneratedCode(false)}},
		{"compatible", []fury.Option{fury.WithCompatible(true)}},
		{"alias", []fury.Option{fury.WithAliasInput(true)}},
		{"shared", []fury.Option{fury.WithSharedBlocks(true)}},
		{"shared/reflection", []fury.Option{fury.WithSharedBlocks(true), fury.WithGeneratedCode(false)}},
		{"shared/compatible", []fury.Option{fury.WithSharedBlocks(true), fury.WithCompatible(true)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := fury.New(c.opts...)
			var samples []gentest.Sample
			var medias []gentest.MediaContent
			for i := range 400 { // several blocks' worth
				data, err := f.Marshal(sample(i))
				require.NoError(t, err)
				var s gentest.Sample
				require.NoError(t, f.Unmarshal(data, &s))
				samples = append(samples, s)
				if data, err = f.Marshal(media(i)); err != nil {
					t.Fatal(err)
				}
				var m gentest.MediaContent
				require.NoError(t, f.Unmarshal(data, &m))
				medias = append(medias, m)
				// A decode that fails half way leaves the block usable.
				require.Error(t, f.Unmarshal(data[:len(data)-3], &m))
			}
			for i := range samples {
				if d := cmp.Diff(sample(i), samples[i]); d != "" {
					t.Fatalf("sample %d changed (-want +got):\n%s", i, d)
				}
				if d := cmp.Diff(media(i), medias[i]); d != "" {
					t.Fatalf("media %d changed (-want +got):\n%s", i, d)
				}
			}
		})
	}
}
