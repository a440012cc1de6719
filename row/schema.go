package row

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// TypeID identifies a row-format data type. The values are the Fory type
// ids that pyfory's format module (and the schema hash) uses.
type TypeID int8

// The row-format types. Float16 and Decimal exist in the specification but
// are not written by any peer's row encoder, so this package does not
// support them either.
const (
	TypeBool      TypeID = 1
	TypeInt8      TypeID = 2
	TypeInt16     TypeID = 3
	TypeInt32     TypeID = 4
	TypeInt64     TypeID = 6
	TypeFloat32   TypeID = 19
	TypeFloat64   TypeID = 20
	TypeString    TypeID = 21
	TypeList      TypeID = 22
	TypeMap       TypeID = 24
	TypeStruct    TypeID = 27
	TypeDuration  TypeID = 37
	TypeTimestamp TypeID = 38
	TypeDate      TypeID = 39
	TypeBinary    TypeID = 41
)

var typeNames = map[TypeID]string{
	TypeBool: "bool", TypeInt8: "int8", TypeInt16: "int16", TypeInt32: "int32", TypeInt64: "int64",
	TypeFloat32: "float32", TypeFloat64: "float64", TypeString: "string", TypeList: "list",
	TypeMap: "map", TypeStruct: "struct", TypeDuration: "duration", TypeTimestamp: "timestamp",
	TypeDate: "date32", TypeBinary: "binary",
}

// String returns the type's name as the peers print it.
func (id TypeID) String() string {
	if s, ok := typeNames[id]; ok {
		return s
	}
	return fmt.Sprintf("TypeID(%d)", int8(id))
}

// width is the size of a value of the type in an array element slot (its
// natural width for fixed-width types, 8 for an offset-and-size word).
func (id TypeID) width() int {
	switch id {
	case TypeBool, TypeInt8:
		return 1
	case TypeInt16:
		return 2
	case TypeInt32, TypeFloat32, TypeDate:
		return 4
	default:
		return 8
	}
}

// DataType is an immutable row-format type: a primitive, or a list, map or
// struct built from other types. Build one with the constructors (Int32,
// ListOf, StructOf, ...) or let NewEncoder infer it from a Go type.
type DataType struct {
	id       TypeID
	elem     *DataType // list element
	key, val *DataType // map key and value
	fields   *Schema   // struct fields
}

var primitives = map[TypeID]*DataType{}

func init() {
	for _, id := range []TypeID{TypeBool, TypeInt8, TypeInt16, TypeInt32, TypeInt64, TypeFloat32, TypeFloat64,
		TypeString, TypeBinary, TypeDate, TypeTimestamp, TypeDuration} {
		primitives[id] = &DataType{id: id}
	}
}

// Primitive returns the type with the given id for the non-nested types
// (bool, integers, floats, string, binary, date32, timestamp, duration),
// or nil for list, map, struct and unknown ids.
func Primitive(id TypeID) *DataType { return primitives[id] }

// Convenience constructors for the primitive types.
func Bool() *DataType      { return primitives[TypeBool] }
func Int8() *DataType      { return primitives[TypeInt8] }
func Int16() *DataType     { return primitives[TypeInt16] }
func Int32() *DataType     { return primitives[TypeInt32] }
func Int64() *DataType     { return primitives[TypeInt64] }
func Float32() *DataType   { return primitives[TypeFloat32] }
func Float64() *DataType   { return primitives[TypeFloat64] }
func String() *DataType    { return primitives[TypeString] }
func Binary() *DataType    { return primitives[TypeBinary] }
func Date() *DataType      { return primitives[TypeDate] }
func Timestamp() *DataType { return primitives[TypeTimestamp] }
func Duration() *DataType  { return primitives[TypeDuration] }

// ListOf returns the list type with the given element type.
func ListOf(elem *DataType) *DataType { return &DataType{id: TypeList, elem: elem} }

// MapOf returns the map type with the given key and value types.
func MapOf(key, value *DataType) *DataType { return &DataType{id: TypeMap, key: key, val: value} }

// StructOf returns a struct type with the given fields, in that order
// (nested rows use the field order given; see NewSchema).
func StructOf(fields ...Field) *DataType {
	return &DataType{id: TypeStruct, fields: NewSchema(fields...)}
}

// The accessors of DataType and Schema accept a nil receiver (what
// Primitive returns for an unknown id, Row.Schema for the zero Row, or an
// incomplete hand-built type holds), reporting it as empty rather than
// panicking.

// ID returns the type's id (0 for a nil type).
func (t *DataType) ID() TypeID {
	if t == nil {
		return 0
	}
	return t.id
}

// Elem returns a list type's element type (nil for other types).
func (t *DataType) Elem() *DataType {
	if t == nil {
		return nil
	}
	return t.elem
}

// Key returns a map type's key type (nil for other types).
func (t *DataType) Key() *DataType {
	if t == nil {
		return nil
	}
	return t.key
}

// Value returns a map type's value type (nil for other types).
func (t *DataType) Value() *DataType {
	if t == nil {
		return nil
	}
	return t.val
}

// Schema returns a struct type's fields as a schema (nil for other types).
func (t *DataType) Schema() *Schema {
	if t == nil {
		return nil
	}
	return t.fields
}

// String formats the type as pyfory prints it ("list<int8>",
// "struct<a: utf8, b: int64 not null>": a struct field that is not
// nullable says so, at every level).
func (t *DataType) String() string {
	var sb strings.Builder
	t.format(&sb)
	return sb.String()
}

func (t *DataType) format(sb *strings.Builder) {
	if t == nil {
		// A hand-built schema may be incomplete (Validate says so); it
		// still prints.
		sb.WriteString("<nil>")
		return
	}
	switch t.id {
	case TypeList:
		sb.WriteString("list<")
		t.elem.format(sb)
		sb.WriteByte('>')
	case TypeMap:
		sb.WriteString("map<")
		t.key.format(sb)
		sb.WriteString(", ")
		t.val.format(sb)
		sb.WriteByte('>')
	case TypeStruct:
		sb.WriteString("struct<")
		for i, f := range t.fields.fields {
			if i > 0 {
				sb.WriteString(", ")
			}
			f.format(sb)
		}
		sb.WriteByte('>')
	case TypeString:
		sb.WriteString("utf8")
	case TypeFloat32:
		sb.WriteString("float")
	case TypeFloat64:
		sb.WriteString("double")
	default:
		sb.WriteString(t.id.String())
	}
}

// Equal reports whether t and u describe the same type (field names and
// nullability included).
func (t *DataType) Equal(u *DataType) bool {
	if t == u {
		return true
	}
	if t == nil || u == nil || t.id != u.id {
		return false
	}
	switch t.id {
	case TypeList:
		return t.elem.Equal(u.elem)
	case TypeMap:
		return t.key.Equal(u.key) && t.val.Equal(u.val)
	case TypeStruct:
		return t.fields.Equal(u.fields)
	}
	return true
}

// validate checks that a hand-built type is complete.
func (t *DataType) validate(depth int) error {
	if t == nil {
		return errorf(errInvalidArgument, "nil data type")
	}
	if depth > maxSchemaDepth {
		return errorf(errInvalidArgument, "schema nests deeper than %d", maxSchemaDepth)
	}
	switch t.id {
	case TypeList:
		return t.elem.validate(depth + 1)
	case TypeMap:
		if err := t.key.validate(depth + 1); err != nil {
			return err
		}
		return t.val.validate(depth + 1)
	case TypeStruct:
		if t.fields == nil {
			return errorf(errInvalidArgument, "struct type without fields")
		}
		for _, f := range t.fields.fields {
			if err := f.Type.validate(depth + 1); err != nil {
				return err
			}
		}
		return nil
	}
	if primitives[t.id] == nil {
		return errorf(errInvalidArgument, "unsupported type id %d", int8(t.id))
	}
	return nil
}

// maxSchemaDepth bounds how deep a schema may nest.
const maxSchemaDepth = 64

// Field is one named, typed column of a schema.
type Field struct {
	Name     string
	Type     *DataType
	Nullable bool
}

// Schema is an ordered list of fields: the layout of a row. It is
// immutable once built and safe for concurrent use.
type Schema struct {
	fields []Field
	index  map[string]int
	hash   int64
	err    error // from Validate, so NewRow refuses an incomplete schema cheaply
}

// NewSchema returns a schema with the given fields in the given order.
// Rows written by the peers from a class order its fields by name (pyfory
// sorts them); NewEncoder does the same.
func NewSchema(fields ...Field) *Schema {
	s := &Schema{fields: append([]Field(nil), fields...), index: make(map[string]int, len(fields))}
	for i, f := range s.fields {
		if _, dup := s.index[f.Name]; !dup {
			s.index[f.Name] = i
		}
	}
	s.hash = s.computeHash()
	s.err = s.validate()
	return s
}

// NumFields returns the number of fields (0 for a nil schema).
func (s *Schema) NumFields() int {
	if s == nil {
		return 0
	}
	return len(s.fields)
}

// Field returns field i. It returns the zero Field when i is out of range.
func (s *Schema) Field(i int) Field {
	if s == nil || i < 0 || i >= len(s.fields) {
		return Field{}
	}
	return s.fields[i]
}

// Fields returns a copy of the fields.
func (s *Schema) Fields() []Field {
	if s == nil {
		return nil
	}
	return append([]Field(nil), s.fields...)
}

// FieldIndex returns the index of the field with the given wire name, or
// -1 if there is none. A schema inferred from a Go struct names its fields
// as they travel, in snake_case: FieldIndex("unit_price") finds the field
// UnitPrice (FieldIndex("UnitPrice") is -1, which a getter refuses with
// an error listing the schema's fields).
func (s *Schema) FieldIndex(name string) int {
	if s == nil {
		return -1
	}
	if i, ok := s.index[name]; ok {
		return i
	}
	return -1
}

// Hash returns the schema hash that frames an encoded row (see Encoder.Encode):
// h = 17, then h = h*31 + type id over every field's type tree in
// depth-first order, where a step that would exceed the int64 range first
// divides h by 4 until it fits (pyfory's compute_schema_hash). A nil
// schema's hash is 0.
func (s *Schema) Hash() int64 {
	if s == nil {
		return 0
	}
	return s.hash
}

func (s *Schema) computeHash() int64 {
	h := uint64(17)
	for _, f := range s.fields {
		h = hashType(h, f.Type)
	}
	return int64(h)
}

func hashType(h uint64, t *DataType) uint64 {
	if t == nil {
		return h
	}
	for {
		hi, lo := bits.Mul64(h, 31)
		var carry uint64
		lo, carry = bits.Add64(lo, uint64(t.id), 0)
		hi += carry
		if hi == 0 && lo <= math.MaxInt64 {
			h = lo
			break
		}
		h >>= 2
	}
	switch t.id {
	case TypeList:
		h = hashType(h, t.elem)
	case TypeMap:
		h = hashType(h, t.key)
		h = hashType(h, t.val)
	case TypeStruct:
		if t.fields != nil {
			for _, f := range t.fields.fields {
				h = hashType(h, f.Type)
			}
		}
	}
	return h
}

// Equal reports whether two schemas have the same fields (names, types and
// nullability) in the same order.
func (s *Schema) Equal(o *Schema) bool {
	if s == o {
		return true
	}
	if s == nil || o == nil || len(s.fields) != len(o.fields) {
		return false
	}
	for i, f := range s.fields {
		g := o.fields[i]
		if f.Name != g.Name || f.Nullable != g.Nullable || !f.Type.Equal(g.Type) {
			return false
		}
	}
	return true
}

// String lists the fields one per line as "name: type" (followed by
// " not null" for a field that is not nullable, nested struct fields
// included), as pyfory prints a schema ("" for a nil schema).
func (s *Schema) String() string {
	if s == nil {
		return ""
	}
	var sb strings.Builder
	for i, f := range s.fields {
		if i > 0 {
			sb.WriteByte('\n')
		}
		f.format(&sb)
	}
	return sb.String()
}

// format writes the field as "name: type", with " not null" when it is
// not nullable.
func (f Field) format(sb *strings.Builder) {
	sb.WriteString(f.Name)
	sb.WriteString(": ")
	f.Type.format(sb)
	if !f.Nullable {
		sb.WriteString(" not null")
	}
}

// Validate checks a hand-built schema: every type complete, nesting bounded.
func (s *Schema) Validate() error {
	if s == nil {
		return errorf(errInvalidArgument, "nil schema")
	}
	return s.err
}

func (s *Schema) validate() error {
	for _, f := range s.fields {
		if err := f.Type.validate(1); err != nil {
			return wrapCtx(err, "field %q", f.Name)
		}
	}
	return nil
}
