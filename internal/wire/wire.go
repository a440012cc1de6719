// Package wire holds the facts of the Fory xlang wire format that both the
// fury runtime and the furygen code generator need: type ids, and the rules
// that order struct fields and compute the schema-consistent struct hash.
// Keeping them in one place means generated code and the reflection path
// cannot disagree on a struct's layout.
package wire

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/fury-go/fury/internal/murmur3"
)

// Type ids of the xlang format (written as varuint32).
const (
	Unknown               = 0
	Bool                  = 1
	Int8                  = 2
	Int16                 = 3
	Int32                 = 4
	Varint32              = 5
	Int64                 = 6
	Varint64              = 7
	TaggedInt64           = 8
	Uint8                 = 9
	Uint16                = 10
	Uint32                = 11
	VarUint32             = 12
	Uint64                = 13
	VarUint64             = 14
	TaggedUint64          = 15
	Float8                = 16
	Float16               = 17
	BFloat16              = 18
	Float32               = 19
	Float64               = 20
	String                = 21
	List                  = 22
	Set                   = 23
	Map                   = 24
	Enum                  = 25
	NamedEnum             = 26
	Struct                = 27
	CompatibleStruct      = 28
	NamedStruct           = 29
	NamedCompatibleStruct = 30
	Ext                   = 31
	NamedExt              = 32
	Union                 = 33
	TypedUnion            = 34
	NamedUnion            = 35
	None                  = 36
	Duration              = 37
	Timestamp             = 38
	Date                  = 39
	Decimal               = 40
	Binary                = 41
	Array                 = 42
	BoolArray             = 43
	Int8Array             = 44
	Int16Array            = 45
	Int32Array            = 46
	Int64Array            = 47
	Uint8Array            = 48
	Uint16Array           = 49
	Uint32Array           = 50
	Uint64Array           = 51
	Float8Array           = 52
	Float16Array          = 53
	BFloat16Array         = 54
	Float32Array          = 55
	Float64Array          = 56
	Bound                 = 57
)

// IsPrimitive reports whether id is a scalar number or bool type.
func IsPrimitive(id uint32) bool { return id >= Bool && id <= Float64 }

// IsStruct reports whether id is one of the four struct kinds.
func IsStruct(id uint32) bool { return id >= Struct && id <= NamedCompatibleStruct }

// IsCompressed reports whether id is a variable-length integer encoding.
func IsCompressed(id uint32) bool {
	switch id {
	case Varint32, Varint64, TaggedInt64, VarUint32, VarUint64, TaggedUint64:
		return true
	}
	return false
}

// PrimitiveSize is the (maximum) byte width of a primitive type id.
func PrimitiveSize(id uint32) int {
	switch id {
	case Bool, Int8, Uint8, Float8:
		return 1
	case Int16, Uint16, Float16, BFloat16:
		return 2
	case Int32, Varint32, Uint32, VarUint32, Float32:
		return 4
	case Int64, Varint64, TaggedInt64, Uint64, VarUint64, TaggedUint64, Float64:
		return 8
	}
	return 0
}

// Type is a declared type as TypeDefs and fingerprints describe it.
type Type struct {
	ID       uint32
	Nullable bool
	Ref      bool
	Elem     *Type // list and set
	Key, Val *Type // map
}

// Field is a struct field as the layout rules see it.
type Field struct {
	GoName string // for tie-breaking and diagnostics
	Name   string // wire identifier (snake_case or explicit)
	TagID  int    // -1 when identified by name
	Type   *Type  // Type.Nullable and Type.Ref are the field's flags
}

// SnakeCase converts a Go (or Java camelCase) name to the snake_case
// identifier the wire uses. Words start at an upper-case letter; the
// letter is lower-cased and, except at the start of the name or after an
// underscore, preceded by '_'. An upper-case letter starts a word when:
//
//   - the letter before it is lower-case or a digit ("UserName" is
//     user_name, "I8Min" is i8_min);
//   - it ends a run of upper-case letters and a lower-case letter follows
//     (an acronym, then a word: "HTTPServer" is http_server);
//   - it follows a single upper-case letter and a digit follows it: a
//     one-letter word, then a word with digits, as Java's oI32 and Rust's
//     o_i32 ("OI32" is o_i32, "SF64" is s_f64, "VI8" is v_i8), where an
//     acronym keeps its digits ("URL2" is url2).
//
// Digits and underscores are kept; an acronym stays one word ("ID" is id,
// "UserID" is user_id, "MediaURI" is media_uri). This is pyfory's
// conversion (which Python names, already snake_case, pass unchanged) on a
// Go name whose first letter is capitalized, and gives what fory-core's
// conversion (an '_' before every upper-case letter) gives for the
// lowerCamel Java name a Go name capitalizes (oI32, userName, i8Min).
func SnakeCase(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, c := range rs {
		if !unicode.IsUpper(c) {
			b.WriteRune(c)
			continue
		}
		if i > 0 && rs[i-1] != '_' {
			prev := rs[i-1]
			var next rune
			if i+1 < len(rs) {
				next = rs[i+1]
			}
			singleBefore := unicode.IsUpper(prev) && (i == 1 || !unicode.IsUpper(rs[i-2]))
			switch {
			case unicode.IsLower(prev) || unicode.IsDigit(prev):
				b.WriteByte('_')
			case unicode.IsUpper(prev) && unicode.IsLower(next):
				b.WriteByte('_')
			case singleBefore && unicode.IsDigit(next):
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(c))
	}
	return strings.TrimRight(b.String(), "_")
}

func lessByIdentifier(a, b *Field) bool {
	if (a.TagID >= 0) != (b.TagID >= 0) {
		return a.TagID >= 0
	}
	if a.TagID >= 0 {
		return a.TagID < b.TagID
	}
	if a.Name != b.Name {
		return a.Name < b.Name
	}
	return a.GoName < b.GoName
}

// Sort puts fields in the peers' wire order: non-nullable primitives, then
// nullable primitives (each group: fixed-width before compressed, larger
// first, then by type id and identifier), then all other fields by
// identifier (tag ids first, numerically; then names).
func Sort(fs []*Field) {
	group := func(f *Field) int {
		if IsPrimitive(f.Type.ID) {
			if f.Type.Nullable {
				return 1
			}
			return 0
		}
		return 2
	}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		ga, gb := group(a), group(b)
		if ga != gb {
			return ga < gb
		}
		if ga < 2 {
			ca, cb := IsCompressed(a.Type.ID), IsCompressed(b.Type.ID)
			if ca != cb {
				return !ca
			}
			sa, sb := PrimitiveSize(a.Type.ID), PrimitiveSize(b.Type.ID)
			if sa != sb {
				return sa > sb
			}
			if a.Type.ID != b.Type.ID {
				return a.Type.ID < b.Type.ID
			}
		}
		return lessByIdentifier(a, b)
	})
}

// Hash is the schema-consistent struct hash: the low 32 bits of
// MurmurHash3_x64_128 (seed 47) of the fingerprint, or 47 without fields.
func Hash(fs []*Field) int32 {
	fp := Fingerprint(fs)
	if fp == "" {
		return 47
	}
	h1, _ := murmur3.Sum128([]byte(fp), 47)
	return int32(uint32(h1))
}

// Fingerprint is "<id>,<type>,<ref>,<nullable>;" per field in identifier
// order, lists and sets adding "[elem]" and maps "[key|value]"; user types
// count as type 0.
func Fingerprint(fs []*Field) string {
	sorted := append([]*Field(nil), fs...)
	sort.SliceStable(sorted, func(i, j int) bool { return lessByIdentifier(sorted[i], sorted[j]) })
	var b strings.Builder
	for _, f := range sorted {
		if f.TagID >= 0 {
			b.WriteString(strconv.Itoa(f.TagID))
		} else {
			b.WriteString(f.Name)
		}
		b.WriteByte(',')
		writeTypeFingerprint(&b, f.Type, true)
		b.WriteByte(';')
	}
	return b.String()
}

func writeTypeFingerprint(b *strings.Builder, t *Type, top bool) {
	id := t.ID
	switch id {
	case Enum, NamedEnum, Struct, CompatibleStruct, NamedStruct, NamedCompatibleStruct,
		Ext, NamedExt, Union, TypedUnion, NamedUnion:
		id = Unknown
	}
	b.WriteString(strconv.Itoa(int(id)))
	if top && t.Ref {
		b.WriteString(",1")
	} else {
		b.WriteString(",0")
	}
	if top && t.Nullable {
		b.WriteString(",1")
	} else {
		b.WriteString(",0")
	}
	switch t.ID {
	case List, Set:
		b.WriteByte('[')
		writeTypeFingerprint(b, t.Elem, false)
		b.WriteByte(']')
	case Map:
		b.WriteByte('[')
		writeTypeFingerprint(b, t.Key, false)
		b.WriteByte('|')
		writeTypeFingerprint(b, t.Val, false)
		b.WriteByte(']')
	}
}

// Promoted is a field as Visible sees it: its wire name, its depth (the
// length of its Go field path: 1 for the struct's own fields, more for
// promoted ones), whether a name= tag gave the name, and whether a tag id
// identifies it instead (then the name plays no part).
type Promoted struct {
	Name  string
	Depth int
	Named bool
	ByID  bool
}

// Visible applies Go's rule for promoted fields, by wire name, as
// encoding/json does, for the runtime and the generator alike: of the
// fields with the same wire name, the shallowest is serialized and the
// deeper ones are hidden; at the same depth one named by a name= tag wins.
// It reports which fields are serialized, or, when Go's rule leaves a name
// ambiguous (two untagged or two tagged fields at the same depth), that
// name (encoding/json drops both fields; the callers refuse the struct).
func Visible(fs []Promoted) (keep []bool, ambiguous string) {
	best := map[string]int{}
	amb := map[string]bool{}
	for i, f := range fs {
		if f.ByID {
			continue
		}
		b, seen := best[f.Name]
		if !seen || f.Depth < fs[b].Depth {
			best[f.Name], amb[f.Name] = i, false
			continue
		}
		if f.Depth == fs[b].Depth {
			switch {
			case f.Named == fs[b].Named:
				amb[f.Name] = true
			case f.Named:
				best[f.Name], amb[f.Name] = i, false
			}
		}
	}
	keep = make([]bool, len(fs))
	for i, f := range fs {
		if f.ByID {
			keep[i] = true
			continue
		}
		if amb[f.Name] {
			return nil, f.Name
		}
		keep[i] = best[f.Name] == i
	}
	return keep, ""
}
