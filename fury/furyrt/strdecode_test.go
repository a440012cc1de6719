package furyrt

import (
	"strings"
	"testing"
)

// BenchmarkDecodeStrings times the latin1 and UTF-16 decoders on about
// 1 KiB of text written the peers' way (WithCompactStrings).
func BenchmarkDecodeStrings(b *testing.B) {
	for _, c := range []struct{ name, text string }{
		{"latin1", strings.Repeat("Façade café, naïve résumé; Zürich, São Paulo. ", 22)},
		{"utf16-cjk", strings.Repeat("漢字仮名交じり文は日本語の表記に用いられる。", 16)},
		{"utf16-mixed", strings.Repeat("Привет, мир! Hello, world. Γειά σου κόσμε. ", 16)},
	} {
		w := NewBuffer(nil)
		w.compactStrings = true
		w.WriteString(c.text)
		data := w.Bytes()
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			r := NewBuffer(data)
			for b.Loop() {
				r.SetReaderIndex(0)
				s, err := r.ReadString()
				if err != nil || len(s) != len(c.text) {
					b.Fatal(err, len(s))
				}
			}
		})
	}
}

// TestThreeByteUnits holds the word test to the unit-by-unit definition on
// every unit value, in every lane.
func TestThreeByteUnits(t *testing.T) {
	three := func(u uint64) bool { return u >= 0x800 && (u < 0xd800 || u > 0xdfff) }
	for u := uint64(0); u <= 0xffff; u++ {
		for lane := 0; lane < 4; lane++ {
			w := uint64(0x4e2d4e2d4e2d4e2d)&^(0xffff<<(16*lane)) | u<<(16*lane)
			if got := threeByteUnits(w); got != three(u) {
				t.Fatalf("unit %#x in lane %d: got %v", u, lane, got)
			}
		}
	}
}
