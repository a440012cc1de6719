package gentest

import (
	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/fury/internal/gentest/v"
)

// Types that once made furygen emit code that did not compile, or that
// behaved differently from the reflection path. Their twins are in
// regress_twins.go.

// Small is an enum (when registered) narrower than the ordinals the wire
// holds: an ordinal above 255 is an error, not a wrapped value.
type Small uint8

// Status is an enum (when registered) of the Order types.
type Status int32

// SmallEnums holds Small at every position generated code reads enums
// from itself.
//
//fury:generate
type SmallEnums struct {
	S    Small
	P    *Small
	M    map[string]Small
	L    []Small
	Keys map[Small]int32
}

// Budgets has the containers generated code allocates itself, to check
// that it charges the decode budget as the runtime does.
//
//fury:generate
type Budgets struct {
	L   [][]string
	M   map[int32]bool
	LM  []map[int32]bool
	S   []string
	Set map[int32]struct{}
	FS  fury.Set[string]
	PL  *[]string
	ML  map[string][]int64
	Opt []string `fury:"nullable"`
	PM  *map[string][]int32
}

// IntSized holds ints and uints in the forms whose encoding depends on
// the platform's int size: slices of them are primitive arrays of 64-bit
// elements where int has 64 bits, lists of varints elsewhere, and a
// varint beyond 32 bits does not fit where int has 32.
//
//fury:generate
type IntSized struct {
	I      int
	U      uint
	I1     int
	I2     int
	I3     int
	I4     int
	PI     *int
	Is     []int
	Us     []uint
	A      [2]int
	MI     map[string][]int
	LU     [][]uint
	KI     map[int]uint
	Counts map[string]int
}

// Event is nested in Line, so it has dispatch functions, and EventWith is
// a name such functions once had.
//
//fury:generate
type Event struct {
	Name string
}

// EventWith's generated names once were Event's.
//
//fury:generate
type EventWith struct {
	Name  string
	Files []string
}

// Line nests Event and EventWith.
//
//fury:generate
type Line struct {
	E  Event
	EW EventWith
	PE *Event
	Es []Event
}

// Cell is embedded by Grid: its field C is promoted as Cell.C.
type Cell struct {
	C map[string]int32
}

// Grid has a promoted field Cell.C and a field Cell_C, whose helpers
// once had the same name.
//
//fury:generate
type Grid struct {
	Cell
	Cell_C map[string]int32
}

// Order has a named integer field, so two layouts (Status an enum or
// not), whose names once were those of OrderE1's.
//
//fury:generate
type Order struct {
	S     Status
	Items map[string]Status
}

// OrderE1 is named as Order's second layout once was.
//
//fury:generate
type OrderE1 struct {
	N int64
}

// Order_1 is named as Order's second layout is now, escaped.
//
//fury:generate
type Order_1 struct {
	N int64
}

// x and buf are named as generated code's locals.
//
//fury:generate
type x struct {
	V    int32
	Next *x
}

//fury:generate
type buf struct {
	Data []byte
}

// v1 is named as a numbered local of generated container code.
type v1 uint16

// Locals holds types named as generated code's locals, by value, by
// pointer, in lists and maps.
//
//fury:generate
type Locals struct {
	X    x
	PX   *x
	Xs   []x
	Bufs []*buf
	V    map[string]v1
	PV   *v1
	Vs   [][]v1
}

// PStatus and PLabel are named pointer types to named scalars.
type (
	PStatus *Status
	Label   string
	PLabel  *Label
	PInner  *Inner
)

// NamedPtrs has fields of named pointer types. A pointee over the decode
// budget once named *Inner in generated code's error, where the runtime
// names PInner.
//
//fury:generate
type NamedPtrs struct {
	S   PStatus
	L   PLabel
	In  PInner
	Ins []PInner
}

// Foreign holds types of package v, whose name generated code uses for
// locals.
//
//fury:generate
type Foreign struct {
	P  *v.Pt
	Ps []*v.Pt
	L  map[string]v.Level
	PL *v.Level
	Pt v.Pt
}
