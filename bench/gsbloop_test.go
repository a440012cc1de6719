package bench

import (
	"testing"

	"github.com/fury-go/fury/fury"
)

// BenchmarkGSBLoop is the loop of go_serialization_benchmarks' fury entries
// (bench/gsb) on this module's SmallStruct, the same shape: MarshalAppend
// into one reused buffer, and Unmarshal into one reused destination, with
// the strings copied (fury's default) or aliasing the input
// (WithAliasInput(true), the harness's unsafe_reuse). It is the benchmark to
// count instructions of (bench/irperop.sh) when working on that entry; the
// harness itself runs in its own repository (bench/gsb/passes.sh). It needs
// the generated code (go test -tags furygen), and is skipped without it.
func BenchmarkGSBLoop(b *testing.B) {
	newFury := func(b *testing.B, alias bool) *fury.Fury {
		f := fury.New(fury.WithCompatible(false), fury.WithAliasInput(alias))
		if err := f.Register(SmallStruct{}, 1); err != nil {
			b.Fatal(err)
		}
		if !f.GeneratedInUse(SmallStruct{}) {
			b.Skip("no generated code for SmallStruct: build with -tags furygen")
		}
		return f
	}
	s := NewSmallStruct()
	b.Run("marshal-append", func(b *testing.B) {
		f := newFury(b, false)
		var buf []byte
		var err error
		b.ReportAllocs()
		for b.Loop() {
			if buf, err = f.MarshalAppend(buf[:0], &s); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, alias := range []bool{false, true} {
		name := "unmarshal"
		if alias {
			name = "unmarshal-alias"
		}
		b.Run(name, func(b *testing.B) {
			f := newFury(b, alias)
			data, err := f.Marshal(&s)
			if err != nil {
				b.Fatal(err)
			}
			var o SmallStruct
			b.ReportAllocs()
			for b.Loop() {
				if err := f.Unmarshal(data, &o); err != nil {
					b.Fatal(err)
				}
			}
			if o != s {
				b.Fatalf("decoded %+v, want %+v", o, s)
			}
		})
	}
}
