package row_test

import (
	"strconv"
	"time"

	"github.com/fury-go/fury/fury"
)

// The Go mirrors of the dataclasses in testdata/gen_golden.py.

type Inner struct {
	ID   int32
	Name *string
}

type AllTypes struct {
	B        bool
	I8       int8
	I16      int16
	I32      int32
	I64      int64
	F32      float32
	F64      float64
	S        string
	Bin      []byte
	D        fury.Date
	Ts       time.Time
	Inner    Inner
	Ints     []int64
	I8s      []int8
	I16s     []int16
	I32s     []int32
	F32s     []float32
	F64s     []float64
	Bools    []bool
	Strs     []string
	Dates    []fury.Date
	Tss      []time.Time
	Bins     [][]byte
	Inners   []Inner
	M        map[string]int64
	Mi       map[int32]Inner
	OptI     *int64
	OptS     *string
	OptInner *Inner
}

type Empty struct{}

type Edge struct {
	E    Empty
	S    string
	L    []int64
	M    map[string]string
	Ps   []*int64
	Pi   []*Inner
	Wide []*int8
}

type Nested struct {
	Ll [][]int8
	Lm []map[string]int64
	Ml map[string][]string
}

func ptr[T any](v T) *T { return &v }

func allTypes() AllTypes {
	return AllTypes{
		B: true, I8: -8, I16: -1600, I32: -320000, I64: -(1 << 40), F32: 1.5, F64: -2.25,
		S:        "héllo, 世界",
		Bin:      []byte{0, 1, 0xff},
		D:        fury.Date{Year: 2024, Month: time.February, Day: 29},
		Ts:       time.Date(2024, 2, 29, 12, 34, 56, 789012000, time.UTC),
		Inner:    Inner{ID: 7, Name: ptr("seven")},
		Ints:     []int64{1, -2, 1 << 62},
		I8s:      []int8{-128, 0, 127},
		I16s:     []int16{-32768, 32767},
		I32s:     []int32{1, 2, 3, 4, 5},
		F32s:     []float32{0.5, -0.25},
		F64s:     []float64{3.125},
		Bools:    []bool{true, false, true},
		Strs:     []string{"a", "", "ccc"},
		Dates:    []fury.Date{{Year: 1970, Month: 1, Day: 1}, {Year: 1969, Month: 12, Day: 31}},
		Tss:      []time.Time{time.Unix(0, 0).UTC(), time.Date(2000, 1, 1, 0, 0, 0, 1000, time.UTC)},
		Bins:     [][]byte{{1}, []byte("xyz")},
		Inners:   []Inner{{ID: 1, Name: ptr("one")}, {ID: 2}},
		M:        map[string]int64{"a": 1, "bb": 2},
		Mi:       map[int32]Inner{-1: {ID: 3, Name: ptr("three")}, 5: {ID: 4, Name: ptr("")}},
		OptI:     ptr(int64(42)),
		OptS:     ptr("opt"),
		OptInner: &Inner{ID: 9, Name: ptr("nine")},
	}
}

func allTypesNulls() AllTypes {
	v := allTypes()
	v.OptI, v.OptS, v.OptInner = nil, nil, nil
	return v
}

func edge() Edge {
	wide := make([]*int8, 71)
	wide[70] = ptr(int8(1))
	return Edge{
		S: "", L: []int64{}, M: map[string]string{},
		Ps:   []*int64{ptr(int64(1)), nil, ptr(int64(3))},
		Pi:   []*Inner{nil, {ID: 1}},
		Wide: wide,
	}
}

func large() Edge {
	l := make([]int64, 5000)
	for i := range l {
		l[i] = int64(i)
	}
	m := map[string]string{}
	for i := 0; i < 50; i++ {
		s := strconv.Itoa(i)
		m[s] = s
	}
	s := make([]byte, 1000)
	for i := range s {
		s[i] = 'x'
	}
	return Edge{S: string(s), L: l, M: m, Ps: []*int64{}, Pi: []*Inner{}, Wide: []*int8{}}
}

func nested() Nested {
	return Nested{
		Ll: [][]int8{{1}, {}, nil, {2, 3}},
		Lm: []map[string]int64{{"a": 1}, {}},
		Ml: map[string][]string{"k": {"x", "yy"}, "z": {}},
	}
}
