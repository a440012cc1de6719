// Package bad holds struct types furygen must reject, each with a clear
// error naming the type and the field.
package bad

import "github.com/fury-go/fury/internal/gen/testdata/bad/other"

type Chan struct {
	OK int32
	C  chan int
}

type Func struct {
	F func()
}

type Complex struct {
	C complex128
}

type PtrPtr struct {
	P **int
}

type Anon struct {
	A struct{ X int }
}

type BadTag struct {
	X int `fury:"bogus"`
}

type Dup struct {
	A int `fury:"name=x"`
	B int `fury:"name=x"`
}

type DupID struct {
	A int `fury:"id=1"`
	B int `fury:"id=1"`
}

type Generic[T any] struct {
	V T
}

type NotStruct int

type Nested struct {
	In Inner
}

type Inner struct {
	Ch chan bool
}

type MapOfFuncs struct {
	M map[string]func()
}

type Reach struct {
	other.Outer
}

// FiveEnums mentions five named integer types: 2^5 layouts, more than
// furygen generates.
type FiveEnums struct {
	A E1
	B E2
	C []E3
	D map[string]E4
	E *E5
}

type (
	E1 int32
	E2 int32
	E3 uint8
	E4 int64
	E5 int16
)
