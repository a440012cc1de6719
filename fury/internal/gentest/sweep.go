package gentest

import (
	"time"
)

// Types of the type sweep (fury/sweep_gen_test.go): named types of every
// kind, composite map keys, nested generics, nested containers, zero-length
// arrays, embedded structs of every sort, interfaces and times, to
// hold their generated code to the reflection path.

// Named types of every kind.
type (
	SwStrs   []string
	SwMap    map[string]int64
	SwArr    [3]int16
	SwStrArr [2]string
	SwBool   bool
	SwF32    float32
	SwBytes  []byte
	SwStr    string
	SwU64    uint64
)

// SwNamed has fields of named types.
//
//fury:generate
type SwNamed struct {
	NS  SwStrs
	NM  SwMap
	NA  SwArr
	NSA SwStrArr
	NB  SwBool
	NF  SwF32
	NBy SwBytes
	PNS *SwStrs
	SNM []SwMap
	MNA map[SwStr]SwArr
	U   SwU64
	PU  *SwU64
	AB  [2]SwBool
	SB  []SwF32
}

// SwKeys has maps with keys of every comparable kind.
//
//fury:generate
type SwKeys struct {
	BK   map[bool]string
	FK   map[float64]int32
	F32K map[float32]string
	AK   map[[2]int32]string
	I8K  map[int8]uint64
	UK   map[uint]int
	SK   map[SwStr]SwStr
	U16K map[uint16][]string
	TK   map[time.Time]int32
	DK   map[time.Duration]bool
}

// SwNest nests containers, pointers and arrays.
//
//fury:generate
type SwNest struct {
	SSS [][][]string
	MMS map[string]map[string][]int64
	PA  *[3]int32
	SP  []*int32
	MP  map[int32]*Inner
	AP  [3]*Inner
	AS  [2]Inner
	SM  []map[string]int32
	Z0  [0]int32
	Z0S [0]string
	ES  []Empty
	PS  *[]string
	PM  *map[string]int32
	AA  [2][2]string
	SA  [][2]int64
	MS  map[string][]Inner
	SPS []*string
	Big [40]uint8
}

// SwGen is a nested generic instantiation.
//
//fury:generate
type SwGen = Pair[Pair[int32, string], []string]

// SwGenMap is a generic instantiation with a map and pointer arguments.
//
//fury:generate
type SwGenMap = Pair[string, map[string]*Pair[int64, bool]]

// SwEmbed embeds structs by pointer (often nil; one of an unexported
// type, one of an unexported type without exported fields, skipped),
// an unexported struct by value with a tag (a field), a struct
// by value and an exported named slice.
//
//fury:generate
type SwEmbed struct {
	*Inner
	*swHidden
	*swOpaque
	swTagged `fury:"name=tagged"`
	Base
	SwStrs
	Z string
}

// swHidden is embedded by pointer though unexported: a field named
// sw_hidden, as for an exported type.
type swHidden struct {
	N int32
	S string
}

// swOpaque has no exported fields: embedded, it is skipped.
type swOpaque struct {
	//lint:ignore U1000 unexported on purpose: fury skips a type without exported fields
	n int
}

// swTagged is embedded with a tag, so its fields are not promoted: a
// field named tagged.
type swTagged struct {
	A int64
}

// SwAny has interfaces and times.
//
//fury:generate
type SwAny struct {
	A  any
	L  []any
	M  map[string]any
	T  time.Time
	D  time.Duration
	PT *time.Time
	PD *time.Duration
	ST []time.Time
	MD map[string]time.Duration
}
