package gentest

import "github.com/fury-go/fury/fury"

// Types of issue #28's wire types, to hold their generated code to the
// reflection path (fury/gen_types28_test.go).

// HalfHolder has the half-precision and uint8 array forms.
//
//fury:generate
type HalfHolder struct {
	H   fury.Float16
	B   fury.BFloat16
	PH  *fury.Float16
	Ha  []fury.Float16
	Ba  []fury.BFloat16
	Hs  fury.Float16Slice
	Bs  fury.BFloat16Slice
	U8  fury.Uint8Array
	U8s fury.Uint8Slice // list<uint8>, not binary
	Bin []byte
	Arr [2]fury.Float16
}

// Shape is a union (registered with fury.RegisterUnion).
type Shape interface{ isShape() }

// ShapeCircle is Shape's case 1.
type ShapeCircle struct {
	R float64 `fury:"id=1"`
}

// ShapeName is Shape's case 2.
type ShapeName struct {
	Name string `fury:"id=2"`
}

// ShapeInner is Shape's case 3.
type ShapeInner struct {
	In *Inner `fury:"id=3"`
}

func (*ShapeCircle) isShape() {}
func (*ShapeName) isShape()   {}
func (*ShapeInner) isShape()  {}

// UnionHolder has union fields in every position.
//
//fury:generate
type UnionHolder struct {
	S    Shape            `fury:"id=1"`
	Opt  Shape            `fury:"id=2,nullable"`
	List []Shape          `fury:"id=3"`
	M    map[string]Shape `fury:"id=4"`
	N    int32            `fury:"id=5"`
	Half fury.Float16     `fury:"id=6"`
}

// FixedPoint does not evolve: a plain struct in compatible mode too.
//
//fury:generate
type FixedPoint struct {
	_ struct{} `fury:"evolving=false"`
	X int32
	Y int32
	L []FixedPoint
}
