package fury

import (
	"testing"
)

// FuzzTypes28WriteBack: whatever a decode of union, half and uint8-array
// data gives (into the holder, interface{}, the union, a list of unions)
// marshals again, and that output decodes into the same destination type.
// (It found that a UnionValue read into interface{} wrote back as an
// unregistered struct, which schema-consistent mode could not read.)
func FuzzTypes28WriteBack(f *testing.F) {
	var furys []*Fury
	for _, opts := range [][]Option{{}, {WithCompatible(false)}, {WithRefTracking(true)},
		{WithCompatible(false), WithRefTracking(true), WithTrackAllFields(true)}} {
		g := newUnionFury(f, opts...)
		if err := g.Register(p28Holder{}, 9201); err != nil {
			f.Fatal(err)
		}
		furys = append(furys, g)
		for _, v := range []any{p28Sample(), []uAnimal{&uAnimalNote{Note: "x"}}, &uAnimalDog{Dog: &uDog{}},
			map[string]any{"u": UnionValue{Case: 2, Value: "v"}}, &uHolder{Pet: &uAnimalCount{Count: 1}}} {
			if data, err := g.Marshal(v); err == nil {
				f.Add(data)
			}
		}
	}
	dests := []func() any{
		func() any { return new(p28Holder) }, func() any { return new(any) }, func() any { return new(uAnimal) },
		func() any { return new([]uAnimal) }, func() any { return new(uHolder) },
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, g := range furys {
			for _, mk := range dests {
				dst := mk()
				if g.Unmarshal(data, dst) != nil {
					continue
				}
				out, err := g.Marshal(dst)
				if err != nil {
					continue // e.g. a nil union read into a field that requires one
				}
				if err := g.Unmarshal(out, mk()); err != nil {
					t.Fatalf("%T: what was read writes bytes that do not read back: %v\nin  %x\nout %x", dst, err, data, out)
				}
			}
		}
	})
}
