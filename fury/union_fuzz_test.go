package fury

import (
	"encoding/hex"
	"testing"
)

// FuzzTypes28Decode feeds mutations of the union, half and evolving=false
// golden messages to decoders of those types: errors are fine, panics,
// hangs and silent acceptance of what the writer would not have written
// are not (a value read must marshal again).
func FuzzTypes28Decode(f *testing.F) {
	for _, s := range []string{
		"01ff1bf1e2c7de0c5ac52cd10101ff1ba0b8ecd50a62326ffa060c726578020c02ff15046103ff05d804fd012401046b02ff150476",
		"01001c001550d1155a90ba79c5f1e2c7de0cc805c421cc168401d221d4185484010003ff050200ff02ff15046f00",
		"010022a7b3be6302ff15086869",
		"010022a7b3be6301001b a0b8ecd50a 62326ffa 06 0461",
		"01ff1bad02eacf7459003e00c002003f010704003cff7b020c003400800201ff",
		"01001b85f6b3dd0e020478",
	} {
		b, err := hex.DecodeString(stripSpaces(s))
		if err == nil {
			f.Add(b)
		}
	}
	furys := []*Fury{}
	for _, compatible := range []bool{false, true} {
		for _, ref := range []bool{false, true} {
			g := newUnionFury(f, WithCompatible(compatible), WithRefTracking(ref))
			if err := g.Register(halfMsg{}, 301); err != nil {
				f.Fatal(err)
			}
			if err := g.Register(plainMsg{}, 3953982213); err != nil {
				f.Fatal(err)
			}
			furys = append(furys, g)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, g := range furys {
			var h uHolder
			if g.Unmarshal(data, &h) == nil && h.Pet != nil {
				if _, err := g.Marshal(&h); err != nil {
					t.Fatalf("read %+v, cannot write it back: %v", h, err)
				}
			}
			var a uAnimal
			_ = g.Unmarshal(data, &a)
			var v any
			_ = g.Unmarshal(data, &v)
			var hm halfMsg
			_ = g.Unmarshal(data, &hm)
			var pm plainMsg
			_ = g.Unmarshal(data, &pm)
		}
	})
}

func stripSpaces(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			out = append(out, s[i])
		}
	}
	return string(out)
}
