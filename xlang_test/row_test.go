package xlang_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

// The Go mirrors of the dataclasses in peers/python/row_peer.py.

type rowInner struct {
	ID   int32
	Name *string
}

type rowAllTypes struct {
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
	Inner    rowInner
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
	Inners   []rowInner
	M        map[string]int64
	Mi       map[int32]rowInner
	OptI     *int64
	OptS     *string
	OptInner *rowInner
}

type rowEmpty struct{}

type rowEdge struct {
	E    rowEmpty
	S    string
	L    []int64
	M    map[string]string
	Ps   []*int64
	Pi   []*rowInner
	Wide []*int8
}

type rowGroup struct {
	Name    string
	Members []rowInner
	Tags    map[string]string
	Leader  *rowInner
}

type rowOrg struct {
	Groups []rowGroup
	ByID   map[int64]rowGroup
	Scores map[string]float64
	Title  *string
}

type rowLarge struct {
	Ints   []int64
	Strs   []string
	Inners []rowInner
	M      map[int32]string
	Blob   []byte
}

type rowNested struct {
	Ll [][]int8
	Lm []map[string]int64
	Ml map[string][]string
}

func sp(s string) *string { return &s }

func rowAllTypesValue() rowAllTypes {
	i := int64(42)
	return rowAllTypes{
		B: true, I8: -8, I16: -1600, I32: -320000, I64: -(1 << 40), F32: 1.5, F64: -2.25,
		S: "héllo, 世界", Bin: []byte{0, 1, 0xff},
		D:     fury.Date{Year: 2024, Month: time.February, Day: 29},
		Ts:    time.Date(2024, 2, 29, 12, 34, 56, 789012000, time.UTC),
		Inner: rowInner{ID: 7, Name: sp("seven")},
		Ints:  []int64{1, -2, 1 << 62}, I8s: []int8{-128, 0, 127}, I16s: []int16{-32768, 32767}, I32s: []int32{1, 2, 3, 4, 5},
		F32s: []float32{0.5, -0.25}, F64s: []float64{3.125}, Bools: []bool{true, false, true}, Strs: []string{"a", "", "ccc"},
		Dates:  []fury.Date{{Year: 1970, Month: 1, Day: 1}, {Year: 1969, Month: 12, Day: 31}},
		Tss:    []time.Time{time.Unix(0, 0).UTC(), time.Date(2000, 1, 1, 0, 0, 0, 1000, time.UTC)},
		Bins:   [][]byte{{1}, []byte("xyz")},
		Inners: []rowInner{{ID: 1, Name: sp("one")}, {ID: 2}},
		M:      map[string]int64{"a": 1, "bb": 2},
		Mi:     map[int32]rowInner{-1: {ID: 3, Name: sp("three")}, 5: {ID: 4, Name: sp("")}},
		OptI:   &i, OptS: sp("opt"), OptInner: &rowInner{ID: 9, Name: sp("nine")},
	}
}

func rowOrgValue() rowOrg {
	g1 := rowGroup{Name: "g1", Members: []rowInner{{ID: 1, Name: sp("a")}, {ID: 2}}, Tags: map[string]string{"k": "v"}, Leader: &rowInner{ID: 1, Name: sp("a")}}
	g2 := rowGroup{Name: "g2", Members: []rowInner{}, Tags: map[string]string{}}
	return rowOrg{Groups: []rowGroup{g1, g2}, ByID: map[int64]rowGroup{1: g1, 2: g2}, Scores: map[string]float64{"x": 0.5, "y": -1}}
}

func rowLargeValue() rowLarge {
	v := rowLarge{Ints: make([]int64, 100000), Strs: make([]string, 1000), Inners: make([]rowInner, 2000), M: map[int32]string{}}
	for i := range v.Ints {
		v.Ints[i] = int64(i)
	}
	for i := range v.Strs {
		v.Strs[i] = "s" + strconv.Itoa(i)
	}
	for i := range v.Inners {
		v.Inners[i].ID = int32(i)
		if i%3 != 0 {
			v.Inners[i].Name = sp("n" + strconv.Itoa(i))
		}
	}
	for i := 0; i < 500; i++ {
		v.M[int32(i)] = "v" + strconv.Itoa(i)
	}
	for k := 0; k < 64; k++ {
		for b := 0; b < 256; b++ {
			v.Blob = append(v.Blob, byte(b))
		}
	}
	return v
}

// rowCase is one case of row_peer.py: how Go writes it and how Go checks
// what pyfory wrote.
type rowCase struct {
	name  string
	write func() ([]byte, error)
	check func(t *testing.T, data []byte)
}

func newRowCase[T any](name string, v T, noHash bool, access func(t *testing.T, s *row.Schema, r row.Row)) rowCase {
	enc, err := row.NewEncoder[T]()
	if err != nil {
		panic(err)
	}
	return rowCase{
		name: name,
		write: func() ([]byte, error) {
			if noHash {
				r, err := enc.ToRow(&v)
				return r.Bytes(), err
			}
			return enc.Encode(&v)
		},
		check: func(t *testing.T, data []byte) {
			var got *T
			var err error
			body := data
			if noHash {
				var r row.Row
				r, err = row.NewRow(enc.Schema(), data)
				require.NoError(t, err)
				got, err = enc.FromRow(r)
			} else {
				got, err = enc.Decode(data)
				body = data[row.HashSize:]
			}
			require.NoError(t, err)
			require.Empty(t, cmp.Diff(&v, got))
			if access != nil {
				r, err := row.NewRow(enc.Schema(), body)
				require.NoError(t, err)
				access(t, enc.Schema(), r)
			}
		},
	}
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		require.NoError(t, err)
		return v
	}
}

func rowCases() []rowCase {
	nulls := rowAllTypesValue()
	nulls.OptI, nulls.OptS, nulls.OptInner = nil, nil, nil
	wide := make([]*int8, 71)
	one, three := int64(1), int64(3)
	w := int8(1)
	wide[70] = &w
	return []rowCase{
		newRowCase("row_all_types", rowAllTypesValue(), false, func(t *testing.T, s *row.Schema, r row.Row) {
			assert.Equal(t, "héllo, 世界", must[string](t)(r.String(s.FieldIndex("s"))))
			assert.Equal(t, int64(42), must[int64](t)(r.Int64(s.FieldIndex("opt_i"))))
			mi := must[row.Map](t)(r.Map(s.FieldIndex("mi")))
			assert.Equal(t, int32(5), must[int32](t)(mi.Keys().Int32(1)))
			assert.Equal(t, "", must[string](t)(must[row.Row](t)(mi.Values().Struct(1)).String(1)))
			assert.Equal(t, time.Date(2024, 2, 29, 12, 34, 56, 789012000, time.UTC), must[time.Time](t)(r.Timestamp(s.FieldIndex("ts"))))
		}),
		newRowCase("row_all_types_nulls", nulls, false, func(t *testing.T, s *row.Schema, r row.Row) {
			assert.True(t, r.IsNullAt(s.FieldIndex("opt_inner")))
			assert.False(t, r.IsNullAt(s.FieldIndex("inner")))
		}),
		newRowCase("row_edge", rowEdge{S: "", L: []int64{}, M: map[string]string{}, Ps: []*int64{&one, nil, &three},
			Pi: []*rowInner{nil, {ID: 1}}, Wide: wide}, false, func(t *testing.T, s *row.Schema, r row.Row) {
			wa := must[row.Array](t)(r.Array(s.FieldIndex("wide")))
			assert.Equal(t, 71, wa.Len())
			assert.True(t, wa.IsNullAt(69))
			assert.Equal(t, int8(1), must[int8](t)(wa.Int8(70)))
			assert.Equal(t, 0, must[row.Row](t)(r.Struct(s.FieldIndex("e"))).NumFields())
		}),
		newRowCase("row_org", rowOrgValue(), false, func(t *testing.T, s *row.Schema, r row.Row) {
			g := must[row.Row](t)(must[row.Array](t)(r.Array(s.FieldIndex("groups"))).Struct(0))
			gs := g.Schema()
			m := must[row.Row](t)(must[row.Array](t)(g.Array(gs.FieldIndex("members"))).Struct(1))
			assert.Equal(t, int32(2), must[int32](t)(m.Int32(0)))
			assert.True(t, m.IsNullAt(1))
		}),
		newRowCase("row_large", rowLargeValue(), false, func(t *testing.T, s *row.Schema, r row.Row) {
			ints := must[row.Array](t)(r.Array(s.FieldIndex("ints")))
			assert.Equal(t, int64(99999), must[int64](t)(ints.Int64(99999)))
			assert.Equal(t, int64(54321), must[int64](t)(ints.Int64(54321)))
			in := must[row.Row](t)(must[row.Array](t)(r.Array(s.FieldIndex("inners"))).Struct(1999))
			assert.Equal(t, "n1999", must[string](t)(in.String(1)))
			assert.Equal(t, "s999", must[string](t)(must[row.Array](t)(r.Array(s.FieldIndex("strs"))).String(999)))
		}),
		newRowCase("row_nested", rowNested{Ll: [][]int8{{1}, {}, nil, {2, 3}}, Lm: []map[string]int64{{"a": 1}, {}},
			Ml: map[string][]string{"k": {"x", "yy"}, "z": {}}}, true, func(t *testing.T, s *row.Schema, r row.Row) {
			ll := must[row.Array](t)(r.Array(s.FieldIndex("ll")))
			assert.True(t, ll.IsNullAt(2))
			assert.Equal(t, int8(3), must[int8](t)(must[row.Array](t)(ll.Array(3)).Int8(1)))
		}),
	}
}

// TestRowPython runs the row-format cases against pyfory 1.7.7 both ways:
// pyfory writes and Go decodes (and reads single fields in place), Go
// writes and pyfory decodes and compares.
func TestRowPython(t *testing.T) {
	root, p := pythonPeer(t)
	script := filepath.Join(root, "xlang_test", "peers", "python", "row_peer.py")
	run := func(sub, dir string) (string, error) {
		cmd := exec.Command(p.argv[0], script, sub, dir)
		cmd.Env = append(os.Environ(), p.env...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		if err != nil {
			err = fmt.Errorf("row_peer.py %s: %v\n%s", sub, err, tail(errb.String(), 3000))
		}
		return out.String(), err
	}
	cases := rowCases()

	pyDir := filepath.Join(t.TempDir(), "python")
	_, err := run("write", pyDir)
	require.NoError(t, err)
	for _, c := range cases {
		t.Run("python_to_go/"+c.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(pyDir, c.name+".bin"))
			require.NoError(t, err)
			c.check(t, data)
		})
	}

	goDir := filepath.Join(t.TempDir(), "go")
	require.NoError(t, os.MkdirAll(goDir, 0o755))
	for _, c := range cases {
		data, err := c.write()
		require.NoError(t, err, c.name)
		require.NoError(t, os.WriteFile(filepath.Join(goDir, c.name+".bin"), data, 0o644))
	}
	out, verr := run("verify", goDir)
	results := verdicts(out)
	for _, c := range cases {
		t.Run("go_to_python/"+c.name, func(t *testing.T) {
			reason, ok := results[c.name]
			require.True(t, ok, "pyfory gave no verdict: %v\n%s", verr, out)
			require.Empty(t, reason, "pyfory: %s", reason)
		})
	}
}
