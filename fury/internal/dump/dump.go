// Package dump holds the model of an inspected Fory xlang message (what
// fury's structural reader saw, item by item, with byte offsets) and its
// text form. The fury package fills it (Walk); package furydump is its
// public face.
package dump

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Mode is the mode a message is read in.
type Mode int

const (
	// Auto tries compatible mode, then schema-consistent mode, and keeps
	// the reading that gets further (all of the message, preferably).
	Auto Mode = iota
	Compatible
	Consistent
)

// Walk inspects data, read in mode (Compatible or Consistent) with the
// registered types of fury (a *fury.Fury, or nil for none). The fury
// package sets it.
var Walk func(data []byte, fury any, mode Mode) (*Dump, error)

// A Dump is what an inspection found in a message.
type Dump struct {
	Size        int        `json:"size"`
	Mode        string     `json:"mode"` // "compatible" or "schema-consistent"
	Header      *Header    `json:"header,omitempty"`
	Root        *Node      `json:"root,omitempty"`
	TypeDefs    []*TypeDef `json:"type_defs,omitempty"`
	MetaStrings []string   `json:"meta_strings,omitempty"`
	Error       *Error     `json:"error,omitempty"`
}

// Header is the message's first byte.
type Header struct {
	Offset    int  `json:"offset"`
	Byte      byte `json:"byte"`
	Xlang     bool `json:"xlang"`
	OutOfBand bool `json:"out_of_band"`
}

// A Node is a value (or a map entry) of the message: the bytes
// [Offset, End), its reference flag, the type info it carries, and its
// data: a scalar's Value, or a container's or struct's Items.
type Node struct {
	Offset int    `json:"offset"`
	End    int    `json:"end"`
	Label  string `json:"label,omitempty"` // field name, "key" or "value"
	// Flag is the null/reference flag: "null", "ref" (a back reference
	// to the value of id Ref), "ref_value" (a value that takes id RefID)
	// or "not_null"; empty where the position has none.
	Flag  string    `json:"flag,omitempty"`
	RefID *int      `json:"ref_id,omitempty"`
	Ref   *int      `json:"ref,omitempty"`
	Type  *TypeInfo `json:"type,omitempty"`
	// Kind is the wire type of the data ("string", "list", "struct",
	// ...), or "entry" for a map entry.
	Kind  string `json:"kind,omitempty"`
	Name  string `json:"name,omitempty"` // a struct's, enum's or union's type name
	Hash  string `json:"hash,omitempty"` // a schema-consistent struct's hash
	Count *int   `json:"count,omitempty"`
	// Elements is a list's or set's header ("same_type|has_null", ...),
	// Chunk a map entry's chunk header, for the first entry of a chunk.
	Elements string `json:"elements,omitempty"`
	Chunk    string `json:"chunk,omitempty"`
	// ElemTypes is the type info a list's or set's header gives all its
	// elements, or a map chunk's header its keys and values (on the
	// chunk's first entry), where the header gives it.
	ElemTypes []*TypeInfo `json:"elem_types,omitempty"`
	Case      *uint32     `json:"case,omitempty"` // a union's case id
	Value     any         `json:"value,omitempty"`
	Items     []*Node     `json:"items,omitempty"`
}

// TypeInfo is the type info a value carries.
type TypeInfo struct {
	Offset  int     `json:"offset"`
	End     int     `json:"end"`
	ID      uint32  `json:"id"`
	Kind    string  `json:"kind"`
	Name    string  `json:"name,omitempty"`
	UserID  *uint32 `json:"user_id,omitempty"`
	TypeDef *int    `json:"type_def,omitempty"` // index in Dump.TypeDefs
}

// A TypeDef is a type's shared meta as the message carries it.
type TypeDef struct {
	Index      int     `json:"index"`
	Offset     int     `json:"offset"`
	Kind       string  `json:"kind"` // "struct", "enum" or "union"
	Name       string  `json:"name,omitempty"`
	UserID     *uint32 `json:"user_id,omitempty"`
	Compatible bool    `json:"compatible,omitempty"`
	Fields     []Field `json:"fields,omitempty"`
}

// A Field is a field of a struct's TypeDef.
type Field struct {
	Name     string `json:"name"`
	TagID    *int   `json:"tag_id,omitempty"`
	Type     string `json:"type"`
	Nullable bool   `json:"nullable,omitempty"`
	Ref      bool   `json:"ref,omitempty"`
}

// Error says where and why a message does not read.
type Error struct {
	Offset int    `json:"offset"`
	Path   string `json:"path,omitempty"` // the values it is inside of
	Reason string `json:"reason"`
}

var typeNames = [...]string{
	"unknown", "bool", "int8", "int16", "int32", "varint32", "int64", "varint64", "tagged_int64",
	"uint8", "uint16", "uint32", "var_uint32", "uint64", "var_uint64", "tagged_uint64",
	"float8", "float16", "bfloat16", "float32", "float64", "string", "list", "set", "map",
	"enum", "named_enum", "struct", "compatible_struct", "named_struct", "named_compatible_struct",
	"ext", "named_ext", "union", "typed_union", "named_union", "none", "duration", "timestamp",
	"date", "decimal", "binary", "array", "bool_array", "int8_array", "int16_array", "int32_array",
	"int64_array", "uint8_array", "uint16_array", "uint32_array", "uint64_array", "float8_array",
	"float16_array", "bfloat16_array", "float32_array", "float64_array",
}

// TypeName names a wire type id as the xlang specification does (in
// snake case), or "type_N" for an id it does not define.
func TypeName(id uint32) string {
	if int(id) < len(typeNames) {
		return typeNames[id]
	}
	return "type_" + strconv.FormatUint(uint64(id), 10)
}

// WriteText writes d as text: one line per item, starting with its byte
// offset, nested items indented.
func (d *Dump) WriteText(w io.Writer) error {
	p := &printer{w: w}
	p.f("message of %d bytes, read in %s mode\n", d.Size, d.Mode)
	if h := d.Header; h != nil {
		flags := []string{}
		if h.Xlang {
			flags = append(flags, "xlang")
		}
		if h.OutOfBand {
			flags = append(flags, "out-of-band buffers")
		}
		p.f("%04d  header %#02x (%s)\n", h.Offset, h.Byte, strings.Join(flags, ", "))
	}
	if d.Root != nil {
		p.node(d.Root, 0, "root")
	}
	if len(d.TypeDefs) > 0 {
		p.f("type defs:\n")
		for _, td := range d.TypeDefs {
			p.typeDef(td)
		}
	}
	if len(d.MetaStrings) > 0 {
		p.f("meta strings: %s\n", strings.Join(quoteAll(d.MetaStrings), ", "))
	}
	if e := d.Error; e != nil {
		in := ""
		if e.Path != "" {
			in = " in " + e.Path
		}
		p.f("error at offset %d%s: %s\n", e.Offset, in, e.Reason)
	}
	return p.err
}

type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func (p *printer) node(n *Node, depth int, label string) {
	if n.Label != "" {
		label = n.Label
	}
	var b strings.Builder
	if label != "" {
		b.WriteString(label + ": ")
	}
	switch n.Flag {
	case "null":
		b.WriteString("null")
	case "ref":
		fmt.Fprintf(&b, "ref to #%d", *n.Ref)
	case "ref_value":
		fmt.Fprintf(&b, "#%d ", *n.RefID)
	}
	if t := n.Type; t != nil {
		b.WriteString(typeText(t) + " ")
	}
	if n.Kind != "" && (n.Type == nil || n.Type.Kind != n.Kind) {
		b.WriteString(n.Kind + " ")
	}
	if n.Name != "" && (n.Type == nil || n.Type.Name != n.Name) {
		b.WriteString(n.Name + " ")
	}
	if n.Hash != "" {
		b.WriteString("hash " + n.Hash + " ")
	}
	if n.Case != nil {
		fmt.Fprintf(&b, "case %d ", *n.Case)
	}
	if n.Count != nil {
		fmt.Fprintf(&b, "len %d ", *n.Count)
	}
	if n.Elements != "" {
		b.WriteString("[" + n.Elements + "] ")
	}
	if n.Chunk != "" {
		b.WriteString("chunk [" + n.Chunk + "] ")
	}
	for _, t := range n.ElemTypes {
		b.WriteString("of " + typeText(t) + " ")
	}
	if n.Value != nil {
		b.WriteString(valueText(n.Value))
	}
	end := strconv.Itoa(n.End)
	if n.End < 0 {
		end = "?"
	}
	p.f("%04d  %s%s  (..%s)\n", n.Offset, strings.Repeat("  ", depth), strings.TrimSpace(b.String()), end)
	for i, c := range n.Items {
		p.node(c, depth+1, itemLabel(n, i))
	}
}

func typeText(t *TypeInfo) string {
	s := "<" + t.Kind
	if t.Name != "" {
		s += " " + t.Name
	}
	if t.UserID != nil {
		s += fmt.Sprintf(" id=%d", *t.UserID)
	}
	if t.TypeDef != nil {
		s += fmt.Sprintf(" def#%d", *t.TypeDef)
	}
	return s + ">"
}

func itemLabel(n *Node, i int) string {
	if n.Kind == "union" {
		return "value"
	}
	if n.Kind == "entry" {
		if i == 0 {
			return "key"
		}
		return "value"
	}
	return "[" + strconv.Itoa(i) + "]"
}

func valueText(v any) string {
	switch v := v.(type) {
	case string:
		if len(v) > 200 {
			return strconv.Quote(v[:200]) + fmt.Sprintf("... (%d bytes)", len(v))
		}
		return strconv.Quote(v)
	case []any:
		var parts []string
		for i, e := range v {
			if i == 32 {
				parts = append(parts, fmt.Sprintf("... (%d elements)", len(v)))
				break
			}
			parts = append(parts, valueText(e))
		}
		return "[" + strings.Join(parts, " ") + "]"
	}
	return fmt.Sprint(v)
}

func (p *printer) typeDef(td *TypeDef) {
	name := td.Name
	if td.UserID != nil {
		name = fmt.Sprintf("id=%d", *td.UserID)
	}
	comp := ""
	if td.Compatible {
		comp = " (compatible)"
	}
	p.f("  def#%d at %04d: %s %s%s\n", td.Index, td.Offset, td.Kind, name, comp)
	for _, f := range td.Fields {
		var extra []string
		if f.TagID != nil {
			extra = append(extra, "tag "+strconv.Itoa(*f.TagID))
		}
		if f.Nullable {
			extra = append(extra, "nullable")
		}
		if f.Ref {
			extra = append(extra, "ref")
		}
		s := ""
		if len(extra) > 0 {
			s = " (" + strings.Join(extra, ", ") + ")"
		}
		p.f("    %s: %s%s\n", f.Name, f.Type, s)
	}
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}
