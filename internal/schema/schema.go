// Package schema is furygen's model of a cross-language schema: the types
// a .fdl or .proto file declares (messages, enums, unions, nested in one
// another), their fields, and the type ids the Fory schema compiler (foryc)
// gives them. The front ends (packages fdl and proto) build a File;
// Resolve links a set of files and checks them by foryc's rules; package
// gogen turns the result into Go.
package schema

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a schema file (1-based line and column).
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is a problem with a schema, at a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Errorf returns an *Error at pos.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// ErrorList is every problem found in a schema, in file order.
type ErrorList []*Error

func (l ErrorList) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// Err returns l as an error, or nil when l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return l
}

// Prim is a scalar type of the schema language.
type Prim int

// The scalar types, in the order foryc lists them.
const (
	Bool Prim = iota + 1
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float16
	BFloat16
	Float32
	Float64
	String
	Bytes
	Date
	Timestamp
	Duration
	Decimal
	Any
)

var primNames = [...]string{Bool: "bool", Int8: "int8", Int16: "int16", Int32: "int32", Int64: "int64",
	Uint8: "uint8", Uint16: "uint16", Uint32: "uint32", Uint64: "uint64", Float16: "float16",
	BFloat16: "bfloat16", Float32: "float32", Float64: "float64", String: "string", Bytes: "bytes",
	Date: "date", Timestamp: "timestamp", Duration: "duration", Decimal: "decimal", Any: "any"}

func (p Prim) String() string {
	if p > 0 && int(p) < len(primNames) {
		return primNames[p]
	}
	return fmt.Sprintf("Prim(%d)", int(p))
}

// PrimByName returns the scalar type a schema spells name, if any.
func PrimByName(name string) (Prim, bool) {
	for i, n := range primNames {
		if n == name && n != "" {
			return Prim(i), true
		}
	}
	return 0, false
}

// IsArrayElem reports whether p may be the element of an array<T>
// (numbers and bool).
func (p Prim) IsArrayElem() bool { return p >= Bool && p <= Float64 }

// Encoding is an integer encoding modifier.
type Encoding string

// The encodings a schema can ask for; "" is the type's default (varint for
// 32- and 64-bit integers).
const (
	Default Encoding = ""
	Fixed   Encoding = "fixed"
	Varint  Encoding = "varint"
	Tagged  Encoding = "tagged"
)

// TypeKind says what a TypeRef is.
type TypeKind int

// The kinds of field type.
const (
	PrimType TypeKind = iota + 1
	NamedType
	ListType
	ArrayType
	MapType
)

// TypeRef is the type of a field, element, key or value.
type TypeRef struct {
	Kind     TypeKind
	Pos      Pos
	Prim     Prim     // PrimType, and the element of ArrayType
	Encoding Encoding // PrimType
	Name     string   // NamedType, as written
	Decl     *Decl    // NamedType, once resolved

	Elem         *TypeRef // ListType, ArrayType
	ElemOptional bool     // ListType
	ElemRef      bool     // ListType

	Key, Value    *TypeRef // MapType
	ValueOptional bool
	ValueRef      bool
}

// String spells t as a schema would.
func (t *TypeRef) String() string {
	switch t.Kind {
	case PrimType:
		if t.Encoding != Default {
			return string(t.Encoding) + " " + t.Prim.String()
		}
		return t.Prim.String()
	case NamedType:
		return t.Name
	case ListType:
		return "list<" + mods(t.ElemOptional, t.ElemRef) + t.Elem.String() + ">"
	case ArrayType:
		return "array<" + t.Elem.String() + ">"
	case MapType:
		return "map<" + t.Key.String() + ", " + mods(t.ValueOptional, t.ValueRef) + t.Value.String() + ">"
	}
	return "?"
}

func mods(opt, ref bool) string {
	s := ""
	if opt {
		s += "optional "
	}
	if ref {
		s += "ref "
	}
	return s
}

// DeclKind says what a Decl declares.
type DeclKind int

// The kinds of declaration.
const (
	Message DeclKind = iota + 1
	Enum
	Union
)

func (k DeclKind) String() string {
	switch k {
	case Message:
		return "message"
	case Enum:
		return "enum"
	case Union:
		return "union"
	}
	return "?"
}

// Field is a message field or a union case.
type Field struct {
	Name     string
	Number   int // the field id (tag id) or union case id
	Type     *TypeRef
	Optional bool // nullable
	Ref      bool // reference tracked
	Pos      Pos
	Options  map[string]any
}

// EnumValue is one enum constant.
type EnumValue struct {
	Name  string
	Value int64 // as written; furygen checks that it fits an int32
	Pos   Pos
}

// Decl is a declared type: a message, enum or union, top-level or nested.
type Decl struct {
	Kind    DeclKind
	Name    string // simple name
	Parent  *Decl  // enclosing message, or nil
	File    *File  // declaring file
	Pos     Pos
	Options map[string]any

	ID          uint32 // the registered type id (when HasID)
	HasID       bool
	IDGenerated bool   // hashed from IDSource
	IDSource    string // the qualified name the id was hashed from

	Fields []*Field     // message fields, union cases
	Values []*EnumValue // enum values
	Nested []*Decl      // nested types, in declaration order (messages only)
}

// Path is the dotted name of d inside its file (Outer.Inner).
func (d *Decl) Path() string {
	if d.Parent == nil {
		return d.Name
	}
	return d.Parent.Path() + "." + d.Name
}

// QualifiedName is d's name qualified by its file's package (the name
// types are registered under when not by id).
func (d *Decl) QualifiedName() string {
	if p := d.File.Package; p != "" {
		return p + "." + d.Path()
	}
	return d.Path()
}

// Evolving reports whether d's struct layout may evolve (compatible
// struct): the type's evolving option, else the file's, else true.
func (d *Decl) Evolving() bool {
	if v, ok := d.Options["evolving"].(bool); ok {
		return v
	}
	if v, ok := d.File.Options["evolving"].(bool); ok {
		return v
	}
	return true
}

// Import is an import statement.
type Import struct {
	Path string
	Pos  Pos
	File *File // once resolved
}

// File is one parsed schema file.
type File struct {
	Path         string // as given (used in positions)
	Format       string // "fdl" or "proto"
	Package      string
	PackageAlias string
	PackagePos   Pos
	Options      map[string]any
	Imports      []*Import
	Decls        []*Decl    // top-level declarations, in order
	Services     []*Service // gRPC services, in order
}

// Service is a service block: gRPC methods whose messages are Fory
// serialized roots.
type Service struct {
	Name    string
	File    *File
	Pos     Pos
	Options map[string]any
	Methods []*Method
}

// QualifiedName is the service's name qualified by its file's package,
// as gRPC names it in a method path (/pkg.Service/Method).
func (s *Service) QualifiedName() string {
	if p := s.File.Package; p != "" {
		return p + "." + s.Name
	}
	return s.Name
}

// Method is an rpc of a service.
type Method struct {
	Name            string
	Pos             Pos
	Request         *TypeRef // a NamedType
	Response        *TypeRef // a NamedType
	ClientStreaming bool     // stream request
	ServerStreaming bool     // stream response
	Options         map[string]any
}

// Walk calls fn for every declaration of f, parents before their nested
// types, in declaration order.
func (f *File) Walk(fn func(*Decl)) {
	var walk func(ds []*Decl)
	walk = func(ds []*Decl) {
		for _, d := range ds {
			fn(d)
			walk(d.Nested)
		}
	}
	walk(f.Decls)
}
