package rowarrow

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/row"
)

// The Arrow → row direction works in two steps. match compares an Arrow
// type with a row type, field by field and by name, before any value is
// read, and gives a col: how values of that Arrow type become values of
// that row type. bind ties a col to one array of its Arrow type (a column
// of one batch), giving a reader of its elements.

// colKind is how an Arrow array's elements become row values.
type colKind uint8

const (
	kBool colKind = iota
	kInt8
	kInt16
	kInt32
	kInt64
	kFloat32
	kFloat64
	kString    // utf8, large_utf8, string_view
	kBinary    // binary, large_binary, binary_view, fixed_size_binary
	kDate      // date32
	kTimestamp // timestamp, any unit and time zone
	kDuration  // duration, any unit
	kList      // list, large_list, list_view, large_list_view, fixed_size_list
	kMap       // map
	kStruct    // struct
	kDict      // dictionary: the values' col in elem
	kNull      // null: every element null
)

// col is an Arrow type checked against a row type.
type col struct {
	kind     colKind
	at       arrow.DataType
	nullable bool // the row side may hold a null here
	unit     arrow.TimeUnit
	elem     *col // list element; dictionary values
	key, val *col
	fields   []*col   // struct: one per row field, in the row's order
	arrowIdx []int    // struct: the Arrow child each row field reads
	names    []string // struct: the row fields' names
}

// pathJoin appends a struct field's name to a column path.
func pathJoin(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func mismatch(path string, at arrow.DataType, rt *row.DataType, nullable bool) error {
	return errorf(fury.ErrSchemaMismatch, "column %s: Arrow type %s, row type %s", path, at, rowTypeString(rt, nullable))
}

// rowTypeString is a row type as Schema.String prints a field's.
func rowTypeString(rt *row.DataType, nullable bool) string {
	if nullable {
		return rt.String()
	}
	return rt.String() + " not null"
}

// leafKinds maps the row type ids of the non-nested types to their kinds.
var leafKinds = map[row.TypeID]colKind{
	row.TypeBool: kBool, row.TypeInt8: kInt8, row.TypeInt16: kInt16, row.TypeInt32: kInt32, row.TypeInt64: kInt64,
	row.TypeFloat32: kFloat32, row.TypeFloat64: kFloat64, row.TypeString: kString, row.TypeBinary: kBinary,
	row.TypeDate: kDate, row.TypeTimestamp: kTimestamp, row.TypeDuration: kDuration,
}

// leafRowTypes maps the kinds of leafKinds back to their row types.
var leafRowTypes = func() map[colKind]*row.DataType {
	m := make(map[colKind]*row.DataType, len(leafKinds))
	for id, k := range leafKinds {
		m[k] = row.Primitive(id)
	}
	return m
}()

// arrowLeafKind is the kind an Arrow type of no children reads as (ok
// false for the other Arrow types).
func arrowLeafKind(at arrow.DataType) (k colKind, unit arrow.TimeUnit, ok bool) {
	switch t := at.(type) {
	case *arrow.BooleanType:
		return kBool, 0, true
	case *arrow.Int8Type:
		return kInt8, 0, true
	case *arrow.Int16Type:
		return kInt16, 0, true
	case *arrow.Int32Type:
		return kInt32, 0, true
	case *arrow.Int64Type:
		return kInt64, 0, true
	case *arrow.Float32Type:
		return kFloat32, 0, true
	case *arrow.Float64Type:
		return kFloat64, 0, true
	case *arrow.StringType, *arrow.LargeStringType, *arrow.StringViewType:
		return kString, 0, true
	case *arrow.BinaryType, *arrow.LargeBinaryType, *arrow.BinaryViewType, *arrow.FixedSizeBinaryType:
		return kBinary, 0, true
	case *arrow.Date32Type:
		return kDate, 0, true
	case *arrow.TimestampType:
		return kTimestamp, t.Unit, true
	case *arrow.DurationType:
		return kDuration, t.Unit, true
	}
	return 0, 0, false
}

// listElem is the element field of an Arrow list type of any layout.
func listElem(at arrow.DataType) (arrow.Field, bool) {
	switch t := at.(type) {
	case *arrow.ListType:
		return t.ElemField(), true
	case *arrow.LargeListType:
		return t.ElemField(), true
	case *arrow.ListViewType:
		return t.ElemField(), true
	case *arrow.LargeListViewType:
		return t.ElemField(), true
	case *arrow.FixedSizeListType:
		return t.ElemField(), true
	}
	return arrow.Field{}, false
}

// match checks Arrow type at against row type rt at a column path (the
// row field's path, nullable: whether the row side may hold null there).
func match(at arrow.DataType, rt *row.DataType, nullable bool, path string, depth int) (*col, error) {
	if depth > maxDepth {
		return nil, errorf(fury.ErrDepthExceeded, "column %s: Arrow type nests deeper than %d", path, maxDepth)
	}
	c := &col{at: at, nullable: nullable}
	switch t := at.(type) {
	case *arrow.NullType:
		if !nullable {
			return nil, errorf(fury.ErrSchemaMismatch, "column %s: Arrow type null (every value null), row type %s", path, rowTypeString(rt, false))
		}
		c.kind = kNull
		return c, nil
	case *arrow.DictionaryType:
		inner, err := match(t.ValueType, rt, nullable, path, depth+1)
		if err != nil {
			if _, _, leaf := arrowLeafKind(t.ValueType); leaf {
				return nil, mismatch(path, at, rt, nullable)
			}
			return nil, err
		}
		c.kind, c.elem = kDict, inner
		return c, nil
	}
	if k, unit, ok := arrowLeafKind(at); ok {
		if want, isLeaf := leafKinds[rt.ID()]; !isLeaf || want != k {
			return nil, mismatch(path, at, rt, nullable)
		}
		c.kind, c.unit = k, unit
		return c, nil
	}
	switch t := at.(type) {
	case *arrow.MapType:
		if rt.ID() != row.TypeMap {
			return nil, mismatch(path, at, rt, nullable)
		}
		k, err := match(t.KeyType(), rt.Key(), false, path+"[].key", depth+1)
		if err != nil {
			return nil, err
		}
		v, err := match(t.ItemType(), rt.Value(), true, path+"[].value", depth+1)
		if err != nil {
			return nil, err
		}
		c.kind, c.key, c.val = kMap, k, v
		return c, nil
	case *arrow.StructType:
		if rt.ID() != row.TypeStruct {
			return nil, mismatch(path, at, rt, nullable)
		}
		if err := c.matchFields(t.Fields(), rt.Schema(), path, depth); err != nil {
			return nil, err
		}
		c.kind = kStruct
		return c, nil
	}
	if ef, ok := listElem(at); ok {
		if rt.ID() != row.TypeList {
			return nil, mismatch(path, at, rt, nullable)
		}
		e, err := match(ef.Type, rt.Elem(), true, path+"[]", depth+1)
		if err != nil {
			return nil, err
		}
		c.kind, c.elem = kList, e
		return c, nil
	}
	return nil, mismatch(path, at, rt, nullable)
}

// maxDepth bounds how deep an Arrow type may nest (a row schema nests at
// most 64 deep; a dictionary adds a level).
const maxDepth = 200

// matchFields matches the fields of row schema s with Arrow fields afs by
// name: every row field needs an Arrow field of its name, every Arrow
// field a row field; the order may differ.
func (c *col) matchFields(afs []arrow.Field, s *row.Schema, path string, depth int) error {
	byName := make(map[string]int, len(afs))
	for i, f := range afs {
		if _, dup := byName[f.Name]; dup {
			return errorf(fury.ErrSchemaMismatch, "column %s: Arrow has two fields of that name", pathJoin(path, f.Name))
		}
		byName[f.Name] = i
	}
	n := s.NumFields()
	c.fields, c.arrowIdx, c.names = make([]*col, n), make([]int, n), make([]string, n)
	used := make([]bool, len(afs))
	for i := range n {
		f := s.Field(i)
		p := pathJoin(path, f.Name)
		ai, ok := byName[f.Name]
		if !ok {
			return errorf(fury.ErrSchemaMismatch, "column %s: no Arrow field of that name for row type %s (Arrow has %s)",
				p, rowTypeString(f.Type, f.Nullable), arrowFieldList(afs))
		}
		if used[ai] {
			return errorf(fury.ErrSchemaMismatch, "column %s: the row schema has two fields of that name", p)
		}
		used[ai] = true
		fc, err := match(afs[ai].Type, f.Type, f.Nullable, p, depth+1)
		if err != nil {
			return err
		}
		c.fields[i], c.arrowIdx[i], c.names[i] = fc, ai, f.Name
	}
	for i, f := range afs {
		if !used[i] {
			return errorf(fury.ErrSchemaMismatch, "column %s: Arrow type %s, not in the row schema (row has %s)",
				pathJoin(path, f.Name), f.Type, rowFieldList(s))
		}
	}
	return nil
}

// maxListed bounds how many fields an error lists.
const maxListed = 16

// fieldList lists n fields as "name: type", the first maxListed of them.
func fieldList(n int, field func(i int) string) string {
	if n == 0 {
		return "no fields"
	}
	var sb strings.Builder
	for i := range min(n, maxListed) {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(field(i))
	}
	if n > maxListed {
		sb.WriteString(", ... " + strconv.Itoa(n-maxListed) + " more")
	}
	return sb.String()
}

func arrowFieldList(afs []arrow.Field) string {
	return fieldList(len(afs), func(i int) string { return afs[i].Name + ": " + afs[i].Type.String() })
}

func rowFieldList(s *row.Schema) string {
	return fieldList(s.NumFields(), func(i int) string {
		f := s.Field(i)
		return f.Name + ": " + rowTypeString(f.Type, f.Nullable)
	})
}

// reader reads element i of an array as a row value in Build's generic
// form (nil for null).
type reader func(i int) (any, error)

// valuePathError is an error at a value inside a column: a null where the
// row schema allows none, or a value the row format cannot hold. Each
// enclosing reader prepends where the value sits (".name", "[3]").
type valuePathError struct {
	path []string // innermost last, built outermost first by prepend
	err  error
}

func (e *valuePathError) Error() string { return strings.Join(e.path, "") + ": " + e.err.Error() }
func (e *valuePathError) Unwrap() error { return e.err }

func atPath(err error, seg string) error {
	if pe, ok := err.(*valuePathError); ok {
		pe.path = append([]string{seg}, pe.path...)
		return pe
	}
	return &valuePathError{path: []string{seg}, err: err}
}

var errNotNullable = errorf(fury.ErrInvalidData, "null, but the row schema says not null")

// bind ties c to arr, an array of c's Arrow type.
func (c *col) bind(arr arrow.Array) (reader, error) {
	if arr == nil || !arrow.TypeEqual(arr.DataType(), c.at) {
		return nil, errorf(fury.ErrSchemaMismatch, "array of Arrow type %v where the schema says %s", typeOf(arr), c.at)
	}
	if c.kind == kNull {
		return func(int) (any, error) { return nil, nil }, nil
	}
	read, err := c.bindValue(arr)
	if err != nil {
		return nil, err
	}
	if arr.NullN() == 0 {
		return read, nil
	}
	nullable := c.nullable
	return func(i int) (any, error) {
		if arr.IsNull(i) {
			if !nullable {
				return nil, errNotNullable
			}
			return nil, nil
		}
		return read(i)
	}, nil
}

func typeOf(arr arrow.Array) any {
	if arr == nil {
		return "<none>"
	}
	return arr.DataType()
}

// bindValue returns a reader of arr's non-null elements.
func (c *col) bindValue(arr arrow.Array) (reader, error) {
	bad := errorf(fury.ErrSchemaMismatch, "Arrow array of type %s is not in the layout of its type", c.at)
	switch c.kind {
	case kBool:
		a, ok := arr.(*array.Boolean)
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return a.Value(i), nil }, nil
	case kInt8:
		a, ok := arr.(*array.Int8)
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return a.Value(i), nil }, nil
	case kInt16:
		a, ok := arr.(*array.Int16)
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return a.Value(i), nil }, nil
	case kInt32:
		a, ok := arr.(*array.Int32)
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return a.Value(i), nil }, nil
	case kInt64:
		a, ok := arr.(*array.Int64)
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return a.Value(i), nil }, nil
	case kFloat32:
		a, ok := arr.(*array.Float32)
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return a.Value(i), nil }, nil
	case kFloat64:
		a, ok := arr.(*array.Float64)
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return a.Value(i), nil }, nil
	case kString:
		a, ok := arr.(interface{ Value(int) string })
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return a.Value(i), nil }, nil
	case kBinary:
		a, ok := arr.(interface{ Value(int) []byte })
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return append([]byte{}, a.Value(i)...), nil }, nil
	case kDate:
		a, ok := arr.(*array.Date32)
		if !ok {
			return nil, bad
		}
		return func(i int) (any, error) { return fury.DateOf(a.Value(i).ToTime()), nil }, nil
	case kTimestamp:
		a, ok := arr.(*array.Timestamp)
		if !ok {
			return nil, bad
		}
		unit := c.unit
		return func(i int) (any, error) {
			us, err := unitMicros(unit, int64(a.Value(i)), true)
			if err != nil {
				return nil, err
			}
			return time.UnixMicro(us).UTC(), nil
		}, nil
	case kDuration:
		a, ok := arr.(*array.Duration)
		if !ok {
			return nil, bad
		}
		unit := c.unit
		return func(i int) (any, error) {
			us, err := unitMicros(unit, int64(a.Value(i)), false)
			if err != nil {
				return nil, err
			}
			if us > math.MaxInt64/1_000 || us < math.MinInt64/1_000 {
				return nil, errorf(fury.ErrInvalidData, "duration of %d microseconds overflows time.Duration", us)
			}
			return time.Duration(us) * time.Microsecond, nil
		}, nil
	case kDict:
		a, ok := arr.(*array.Dictionary)
		if !ok {
			return nil, bad
		}
		values, err := c.elem.bind(a.Dictionary())
		if err != nil {
			return nil, err
		}
		n := a.Dictionary().Len()
		return func(i int) (any, error) {
			j := a.GetValueIndex(i)
			if j < 0 || j >= n {
				return nil, errorf(fury.ErrInvalidData, "dictionary index %d out of range [0, %d)", j, n)
			}
			return values(j)
		}, nil
	case kList:
		a, ok := arr.(array.ListLike)
		if !ok {
			return nil, bad
		}
		elems, err := c.elem.bind(a.ListValues())
		if err != nil {
			return nil, err
		}
		n := int64(a.ListValues().Len())
		return func(i int) (any, error) {
			start, end := a.ValueOffsets(i)
			if start < 0 || end < start || end > n {
				return nil, errorf(fury.ErrInvalidData, "list elements [%d, %d) out of range [0, %d)", start, end, n)
			}
			xs := make([]any, 0, end-start)
			for j := start; j < end; j++ {
				x, err := elems(int(j))
				if err != nil {
					return nil, atPath(err, "["+strconv.FormatInt(j-start, 10)+"]")
				}
				xs = append(xs, x)
			}
			return xs, nil
		}, nil
	case kMap:
		a, ok := arr.(*array.Map)
		if !ok {
			return nil, bad
		}
		keys, err := c.key.bind(a.Keys())
		if err != nil {
			return nil, err
		}
		items, err := c.val.bind(a.Items())
		if err != nil {
			return nil, err
		}
		n := int64(min(a.Keys().Len(), a.Items().Len()))
		return func(i int) (any, error) {
			start, end := a.ValueOffsets(i)
			if start < 0 || end < start || end > n {
				return nil, errorf(fury.ErrInvalidData, "map entries [%d, %d) out of range [0, %d)", start, end, n)
			}
			m := row.MapValue{Keys: make([]any, 0, end-start), Values: make([]any, 0, end-start)}
			for j := start; j < end; j++ {
				k, err := keys(int(j))
				if err != nil {
					return nil, atPath(err, "["+strconv.FormatInt(j-start, 10)+"].key")
				}
				v, err := items(int(j))
				if err != nil {
					return nil, atPath(err, "["+strconv.FormatInt(j-start, 10)+"].value")
				}
				m.Keys = append(m.Keys, k)
				m.Values = append(m.Values, v)
			}
			return m, nil
		}, nil
	case kStruct:
		a, ok := arr.(*array.Struct)
		if !ok {
			return nil, bad
		}
		fields := make([]reader, len(c.fields))
		for f, fc := range c.fields {
			r, err := fc.bind(a.Field(c.arrowIdx[f]))
			if err != nil {
				return nil, err
			}
			fields[f] = r
		}
		names := c.names
		return func(i int) (any, error) {
			xs := make([]any, len(fields))
			for f, r := range fields {
				x, err := r(i)
				if err != nil {
					return nil, atPath(err, "."+names[f])
				}
				xs[f] = x
			}
			return xs, nil
		}, nil
	}
	return nil, bad
}

// batchPlan is a record batch's Arrow schema checked against a row schema.
type batchPlan struct {
	as   *arrow.Schema
	s    *row.Schema
	root *col // a struct col over the batch's columns
}

// planFor checks Arrow schema as against row schema s (nil: the schema
// FromArrowSchema gives for as).
func planFor(s *row.Schema, as *arrow.Schema) (*batchPlan, error) {
	if as == nil {
		return nil, errorf(fury.ErrInvalidArgument, "nil Arrow schema")
	}
	if s == nil {
		var err error
		if s, err = FromArrowSchema(as); err != nil {
			return nil, err
		}
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	root := &col{kind: kStruct}
	if err := root.matchFields(as.Fields(), s, "", 0); err != nil {
		return nil, err
	}
	return &batchPlan{as: as, s: s, root: root}, nil
}

// appendRows converts the rows of rec (of p's Arrow schema) and appends
// them to buf, each row's end offset to ends.
func (p *batchPlan) appendRows(buf []byte, ends []int, rec arrow.RecordBatch) ([]byte, []int, error) {
	if int(rec.NumCols()) != len(p.as.Fields()) {
		return nil, nil, errorf(fury.ErrSchemaMismatch, "record batch has %d columns, its schema %d fields", rec.NumCols(), len(p.as.Fields()))
	}
	readers := make([]reader, len(p.root.fields))
	for f, fc := range p.root.fields {
		arr := rec.Column(p.root.arrowIdx[f])
		if err := validate(arr); err != nil {
			return nil, nil, errorf(fury.ErrInvalidData, "column %s: malformed Arrow array: %s", p.root.names[f],
				strings.ReplaceAll(err.Error(), "arrow/array: ", ""))
		}
		if arr.Len() != int(rec.NumRows()) {
			return nil, nil, errorf(fury.ErrInvalidData, "column %s has %d values, the batch %d rows", p.root.names[f], arr.Len(), rec.NumRows())
		}
		r, err := fc.bind(arr)
		if err != nil {
			return nil, nil, err
		}
		readers[f] = r
	}
	vals := make([]any, len(readers))
	for ri := range int(rec.NumRows()) {
		for f, r := range readers {
			v, err := r(ri)
			if err != nil {
				return nil, nil, rowValueError(ri, p.root.names[f], err)
			}
			vals[f] = v
		}
		var err error
		if buf, err = row.AppendBuild(buf, p.s, vals); err != nil {
			return nil, nil, wrapCtx(err, "row %d", ri)
		}
		ends = append(ends, len(buf))
	}
	return buf, ends, nil
}

// validate checks arr with array.ValidateFull. arrow-go's validator wants
// a buffer slot in an array of the null type, which arrays read by its
// own IPC reader lack: such arrays, at any depth, are given one first.
func validate(arr arrow.Array) error {
	d, patched := withNullSlots(arr.Data())
	if !patched {
		return array.ValidateFull(arr)
	}
	defer d.Release()
	a := array.MakeFromData(d)
	defer a.Release()
	return array.ValidateFull(a)
}

// withNullSlots returns d with a nil buffer slot in every null-type array
// that has none (a new ArrayData for the caller to release), or d itself
// and false when nothing needed one.
func withNullSlots(d arrow.ArrayData) (arrow.ArrayData, bool) {
	if isNilData(d) {
		return d, false
	}
	if d.DataType().ID() == arrow.NULL {
		if len(d.Buffers()) > 0 {
			return d, false
		}
		return array.NewData(d.DataType(), d.Len(), []*memory.Buffer{nil}, nil, d.NullN(), d.Offset()), true
	}
	children := d.Children()
	var out []arrow.ArrayData
	for i, c := range children {
		if pc, ok := withNullSlots(c); ok {
			if out == nil {
				out = append([]arrow.ArrayData(nil), children...)
			}
			out[i] = pc
			defer pc.Release()
		}
	}
	if dict := d.Dictionary(); !isNilData(dict) {
		pd, ok := withNullSlots(dict)
		if !ok {
			return d, false
		}
		defer pd.Release()
		if pdd, isData := pd.(*array.Data); isData {
			return array.NewDataWithDictionary(d.DataType(), d.Len(), d.Buffers(), d.NullN(), d.Offset(), pdd), true
		}
		return d, false
	}
	if out == nil {
		return d, false
	}
	return array.NewData(d.DataType(), d.Len(), d.Buffers(), out, d.NullN(), d.Offset()), true
}

// isNilData reports whether d is nil or a nil *array.Data (what
// Dictionary returns for an array without one).
func isNilData(d arrow.ArrayData) bool {
	ad, ok := d.(*array.Data)
	return d == nil || (ok && ad == nil)
}

// rowValueError puts the row and field path before a reader's error,
// keeping the sentinel it wraps.
func rowValueError(ri int, name string, err error) error {
	path := name
	if pe, ok := err.(*valuePathError); ok {
		path += strings.Join(pe.path, "")
		err = pe.err
	}
	return wrapCtx(err, "row %d, field %s", ri, path)
}

// rowsOf wraps the rows appended to buf (their end offsets in ends) as
// rows of schema s.
func rowsOf(s *row.Schema, buf []byte, ends []int) ([]row.Row, error) {
	rows := make([]row.Row, len(ends))
	start := 0
	for i, end := range ends {
		r, err := row.NewRow(s, buf[start:end:end])
		if err != nil {
			return nil, err
		}
		rows[i] = r
		start = end
	}
	return rows, nil
}
