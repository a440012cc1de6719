package fury_test

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest"
)

// A generated reader's error has the reflection path's text, the field the
// input broke in included ("in Image.Height: ..."): every type of the
// generated-code corpus, cut at every byte and with bytes that make a
// varint overflow inserted at every byte, fails alike on both paths.
func TestGeneratedErrorsNameTheField(t *testing.T) {
	configs := []genConfig{{}, {compatible: true}, {byName: true, javaForms: true, enums: true}, {refs: true, compact: true}}
	bad := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	for _, c := range configs {
		gen, twin := newGenFury(t, c, false), newGenFury(t, c, true)
		for i, p := range genCorpus {
			v := reflect.New(p.gen).Elem()
			fillRandom(rand.New(rand.NewPCG(uint64(i), 3)), v, 0, "")
			data, err := gen.Marshal(v.Interface())
			require.NoError(t, err)
			for n := 0; n < len(data); n++ {
				inserted := append(append(append([]byte(nil), data[:n]...), bad...), data[n:]...)
				for _, in := range [][]byte{data[:n], inserted} {
					gv, tv := reflect.New(p.gen), reflect.New(p.twin)
					errGen, errTwin := gen.Unmarshal(in, gv.Interface()), twin.Unmarshal(in, tv.Interface())
					if errGen != nil && errTwin != nil {
						require.Equal(t, twinless(errTwin.Error()), errGen.Error(), "%v %v at %d", c, p.gen, n)
					}
				}
			}
		}
	}
	// The case that was reported: a varint field of a nested Image.
	f := newGenFury(t, genConfig{}, false)
	img := gentest.Image{URI: "u", Height: 1 << 20}
	data, err := f.Marshal(&img)
	require.NoError(t, err)
	require.True(t, f.GeneratedInUse(&img))
	named := false
	for n := range data {
		var back gentest.Image
		err := f.Unmarshal(data[:n], &back)
		require.ErrorIs(t, err, fury.ErrTruncated)
		named = named || strings.Contains(err.Error(), "in Image.Height: ")
	}
	require.True(t, named, "no cut of % x names Image.Height", data)
}
