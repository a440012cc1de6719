// Package proto reads .proto files (proto3 syntax, as foryc; parsed by
// github.com/bufbuild/protocompile) into a schema.File, mapping them as the
// Fory schema compiler's proto front end does: messages, enums and nested
// types keep their names; a oneof becomes a union nested in its message
// (named after the oneof in PascalCase) and a nullable field named after
// the oneof, with the id of its lowest-numbered case; repeated fields are
// lists, map fields maps; proto3 optional fields are nullable;
// google.protobuf.Timestamp, Duration and Any are timestamp, duration and
// any. Fory options are written as custom options: option (fory).id = 7;
// option (fory).evolving = false; option (fory).alias = "..."; on messages
// and enums, [(fory).ref = true] (or (fory).weak_ref, read as ref),
// [(fory).nullable = true] and [(fory).type = "tagged int64"] on fields,
// option (fory).enable_auto_type_id and the like on the file. They need no
// definition (the file is parsed, not linked).
//
// Integer types map as foryc 1.7.7 maps them, so that Go and the peers'
// code generated from one .proto agree: int32 → uint32 (varint), int64 →
// uint64, sint32 → int32, sint64 → int64, uint32 → uint32, uint64 →
// uint64, fixed32 → fixed uint32, fixed64 → fixed uint64, sfixed32 → fixed
// int32, sfixed64 → fixed int64, in fields, lists and map keys and values
// alike. With Options.SignedInts, int32 and int64 map to int32 and int64
// instead (protobuf's meaning), which the peers' foryc-generated code does
// not read. foryc's own scalar names int8, int16, uint8, uint16 and float16
// are accepted as type names too.
package proto

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/bufbuild/protocompile/ast"
	"github.com/bufbuild/protocompile/parser"
	"github.com/bufbuild/protocompile/reporter"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/fury-go/fury/internal/schema"
)

// IsWellKnown reports whether an import path names one of protobuf's
// well-known type files, which are not read (their types map to Fory
// scalars).
func IsWellKnown(path string) bool { return strings.HasPrefix(path, "google/protobuf/") }

var scalars = map[descriptorpb.FieldDescriptorProto_Type]struct {
	prim schema.Prim
	enc  schema.Encoding
}{
	descriptorpb.FieldDescriptorProto_TYPE_BOOL:     {schema.Bool, ""},
	descriptorpb.FieldDescriptorProto_TYPE_INT32:    {schema.Uint32, ""},
	descriptorpb.FieldDescriptorProto_TYPE_SINT32:   {schema.Int32, ""},
	descriptorpb.FieldDescriptorProto_TYPE_INT64:    {schema.Uint64, ""},
	descriptorpb.FieldDescriptorProto_TYPE_SINT64:   {schema.Int64, ""},
	descriptorpb.FieldDescriptorProto_TYPE_UINT32:   {schema.Uint32, ""},
	descriptorpb.FieldDescriptorProto_TYPE_UINT64:   {schema.Uint64, ""},
	descriptorpb.FieldDescriptorProto_TYPE_FIXED32:  {schema.Uint32, schema.Fixed},
	descriptorpb.FieldDescriptorProto_TYPE_FIXED64:  {schema.Uint64, schema.Fixed},
	descriptorpb.FieldDescriptorProto_TYPE_SFIXED32: {schema.Int32, schema.Fixed},
	descriptorpb.FieldDescriptorProto_TYPE_SFIXED64: {schema.Int64, schema.Fixed},
	descriptorpb.FieldDescriptorProto_TYPE_FLOAT:    {schema.Float32, ""},
	descriptorpb.FieldDescriptorProto_TYPE_DOUBLE:   {schema.Float64, ""},
	descriptorpb.FieldDescriptorProto_TYPE_STRING:   {schema.String, ""},
	descriptorpb.FieldDescriptorProto_TYPE_BYTES:    {schema.Bytes, ""},
}

var namedScalars = map[string]schema.Prim{
	"int8": schema.Int8, "int16": schema.Int16, "uint8": schema.Uint8, "uint16": schema.Uint16,
	"float16":                   schema.Float16,
	"google.protobuf.Timestamp": schema.Timestamp, "google.protobuf.Duration": schema.Duration,
	"google.protobuf.Any": schema.Any,
}

// Options tune the translation.
type Options struct {
	// SignedInts maps proto int32 and int64 to Fory int32 and int64
	// (varint) as protobuf means them, where foryc 1.7.7 maps them to
	// uint32 and uint64. Code generated so does not interoperate with the
	// code foryc generates from the same file.
	SignedInts bool
}

// Parse parses the .proto source src of the file named file, mapping
// types as foryc does. Syntax errors come back as one error listing each
// at its file:line:column.
func Parse(file string, src []byte) (*schema.File, error) {
	return ParseOptions(file, src, Options{})
}

// ParseOptions is Parse with options.
func ParseOptions(file string, src []byte, opt Options) (*schema.File, error) {
	var errs []string
	h := reporter.NewHandler(reporter.NewReporter(func(e reporter.ErrorWithPos) error {
		errs = append(errs, e.Error())
		return nil
	}, nil))
	node, err := parser.Parse(file, bytes.NewReader(src), h)
	if err == nil {
		var res parser.Result
		res, err = parser.ResultFromAST(node, true, h)
		if err == nil && len(errs) == 0 {
			t := &translator{res: res, node: node, opt: opt}
			return t.file(file)
		}
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "\n"))
	}
	return nil, err
}

type translator struct {
	opt  Options
	res  parser.Result
	node *ast.FileNode
	f    *schema.File
}

func (t *translator) pos(n ast.Node) schema.Pos {
	if n == nil {
		return schema.Pos{File: t.f.Path}
	}
	p := t.node.NodeInfo(n).Start()
	return schema.Pos{File: t.f.Path, Line: p.Line, Col: p.Col}
}

func (t *translator) file(path string) (*schema.File, error) {
	fd := t.res.FileDescriptorProto()
	t.f = &schema.File{Path: path, Format: "proto", Package: fd.GetPackage(), Options: map[string]any{}}
	if syn := fd.GetSyntax(); syn != "proto3" {
		if syn == "" {
			syn = "proto2"
		}
		pos := schema.Pos{File: path, Line: 1, Col: 1}
		if t.node.Syntax != nil {
			pos = t.pos(t.node.Syntax)
		} else if t.node.Edition != nil {
			pos, syn = t.pos(t.node.Edition), "editions"
		}
		return nil, schema.Errorf(pos, "unsupported syntax %q: only proto3 is supported (as in foryc)", syn)
	}
	if len(fd.GetExtension()) > 0 {
		return nil, schema.Errorf(t.pos(t.res.Node(fd.GetExtension()[0])), "extensions are not supported")
	}
	for _, o := range fd.GetOptions().GetUninterpretedOption() {
		name, v := optionNameValue(o)
		t.f.Options[strings.TrimPrefix(name, "fory.")] = v
	}
	for _, dep := range fd.GetDependency() {
		t.f.Imports = append(t.f.Imports, &schema.Import{Path: dep, Pos: schema.Pos{File: path}})
	}
	// Positions of imports: the import nodes, in order.
	i := 0
	for _, d := range t.node.Decls {
		if im, ok := d.(*ast.ImportNode); ok && i < len(t.f.Imports) {
			t.f.Imports[i].Pos = t.pos(im)
			i++
		}
	}
	for _, e := range fd.GetEnumType() {
		t.f.Decls = append(t.f.Decls, t.enum(e, nil))
	}
	for _, m := range fd.GetMessageType() {
		d, err := t.message(m, nil)
		if err != nil {
			return nil, err
		}
		t.f.Decls = append(t.f.Decls, d)
	}
	for _, sd := range fd.GetService() {
		t.f.Services = append(t.f.Services, t.service(sd))
	}
	return t.f, nil
}

// service translates a service: its methods' request and response types
// (names as written, resolved later) and streaming.
func (t *translator) service(sd *descriptorpb.ServiceDescriptorProto) *schema.Service {
	svc := &schema.Service{Name: sd.GetName(), File: t.f, Pos: t.pos(t.res.Node(sd)), Options: map[string]any{}}
	for _, o := range sd.GetOptions().GetUninterpretedOption() {
		name, v := optionNameValue(o)
		svc.Options[strings.TrimPrefix(name, "fory.")] = v
	}
	for _, md := range sd.GetMethod() {
		node := t.res.Node(md)
		m := &schema.Method{Name: md.GetName(), Pos: t.pos(node), Options: map[string]any{},
			ClientStreaming: md.GetClientStreaming(), ServerStreaming: md.GetServerStreaming()}
		reqPos, respPos := m.Pos, m.Pos
		if mn, ok := node.(*ast.RPCNode); ok {
			reqPos, respPos = t.pos(mn.Input.MessageType), t.pos(mn.Output.MessageType)
		}
		m.Request = &schema.TypeRef{Kind: schema.NamedType, Pos: reqPos, Name: md.GetInputType()}
		m.Response = &schema.TypeRef{Kind: schema.NamedType, Pos: respPos, Name: md.GetOutputType()}
		for _, o := range md.GetOptions().GetUninterpretedOption() {
			name, v := optionNameValue(o)
			m.Options[strings.TrimPrefix(name, "fory.")] = v
		}
		svc.Methods = append(svc.Methods, m)
	}
	return svc
}

func optionNameValue(o *descriptorpb.UninterpretedOption) (string, any) {
	var parts []string
	for _, p := range o.GetName() {
		parts = append(parts, strings.TrimPrefix(p.GetNamePart(), "."))
	}
	name := strings.Join(parts, ".")
	var v any
	switch {
	case o.IdentifierValue != nil:
		switch id := o.GetIdentifierValue(); id {
		case "true":
			v = true
		case "false":
			v = false
		default:
			v = id
		}
	case o.PositiveIntValue != nil:
		v = int(o.GetPositiveIntValue())
	case o.NegativeIntValue != nil:
		v = int(o.GetNegativeIntValue())
	case o.StringValue != nil:
		v = string(o.GetStringValue())
	case o.DoubleValue != nil:
		v = o.GetDoubleValue()
	default:
		v = o.GetAggregateValue()
	}
	return name, v
}

// typeOptions applies a message's or enum's options: fory.id gives the
// type id, other fory.X options become option X.
func (t *translator) typeOptions(d *schema.Decl, opts []*descriptorpb.UninterpretedOption) error {
	for _, o := range opts {
		name, v := optionNameValue(o)
		if name == "fory.id" {
			n, ok := v.(int)
			if !ok || n <= 0 || int64(n) > 1<<32-1 {
				return schema.Errorf(t.pos(t.res.OptionNode(o)), "option (fory).id must be a positive 32-bit integer, got %v", v)
			}
			d.ID, d.HasID = uint32(n), true
			continue
		}
		d.Options[strings.TrimPrefix(name, "fory.")] = v
	}
	return nil
}

func (t *translator) enum(e *descriptorpb.EnumDescriptorProto, parent *schema.Decl) *schema.Decl {
	d := &schema.Decl{Kind: schema.Enum, Name: e.GetName(), Parent: parent, File: t.f, Pos: t.pos(t.res.Node(e)), Options: map[string]any{}}
	_ = t.typeOptions(d, e.GetOptions().GetUninterpretedOption())
	for _, v := range e.GetValue() {
		d.Values = append(d.Values, &schema.EnumValue{Name: v.GetName(), Value: int64(v.GetNumber()), Pos: t.pos(t.res.Node(v))})
	}
	return d
}

func (t *translator) message(m *descriptorpb.DescriptorProto, parent *schema.Decl) (*schema.Decl, error) {
	d := &schema.Decl{Kind: schema.Message, Name: m.GetName(), Parent: parent, File: t.f, Pos: t.pos(t.res.Node(m)), Options: map[string]any{}}
	if err := t.typeOptions(d, m.GetOptions().GetUninterpretedOption()); err != nil {
		return nil, err
	}
	entries := map[string]*descriptorpb.DescriptorProto{}
	for _, n := range m.GetNestedType() {
		if n.GetOptions().GetMapEntry() {
			entries[n.GetName()] = n
		}
	}
	// Real oneofs (not the synthetic ones of proto3 optional fields).
	oneofCases := map[int32][]*descriptorpb.FieldDescriptorProto{}
	for _, fd := range m.GetField() {
		if fd.OneofIndex != nil && !fd.GetProto3Optional() {
			oneofCases[fd.GetOneofIndex()] = append(oneofCases[fd.GetOneofIndex()], fd)
			continue
		}
		fl, err := t.field(fd, entries, false)
		if err != nil {
			return nil, err
		}
		d.Fields = append(d.Fields, fl)
	}
	for i, od := range m.GetOneofDecl() {
		cases := oneofCases[int32(i)]
		if len(cases) == 0 {
			continue // a synthetic oneof, or an empty one
		}
		u := &schema.Decl{Kind: schema.Union, Name: pascal(od.GetName()), Parent: d, File: t.f, Pos: t.pos(t.res.Node(od)), Options: map[string]any{}}
		low := cases[0]
		for _, c := range cases {
			fl, err := t.field(c, entries, true)
			if err != nil {
				return nil, err
			}
			fl.Optional = false
			u.Fields = append(u.Fields, fl)
			if c.GetNumber() < low.GetNumber() {
				low = c
			}
		}
		d.Nested = append(d.Nested, u)
		d.Fields = append(d.Fields, &schema.Field{
			Name: od.GetName(), Number: int(low.GetNumber()), Optional: true, Pos: u.Pos, Options: map[string]any{},
			Type: &schema.TypeRef{Kind: schema.NamedType, Name: u.Name, Pos: u.Pos},
		})
	}
	for _, n := range m.GetNestedType() {
		if n.GetOptions().GetMapEntry() {
			continue
		}
		nd, err := t.message(n, d)
		if err != nil {
			return nil, err
		}
		d.Nested = append(d.Nested, nd)
	}
	for _, e := range m.GetEnumType() {
		d.Nested = append(d.Nested, t.enum(e, d))
	}
	return d, nil
}

// pascal turns a oneof name into its union's name as foryc does: the
// underscore-separated segments with their first letters upper-cased.
func pascal(s string) string {
	var b strings.Builder
	for _, seg := range strings.Split(s, "_") {
		if seg != "" {
			b.WriteString(strings.ToUpper(seg[:1]) + seg[1:])
		}
	}
	if b.Len() == 0 {
		return strings.ToUpper(s[:1]) + s[1:]
	}
	return b.String()
}

func (t *translator) scalarOrNamed(fd *descriptorpb.FieldDescriptorProto, pos schema.Pos) *schema.TypeRef {
	if fd.Type != nil {
		if s, ok := scalars[fd.GetType()]; ok {
			if t.opt.SignedInts {
				switch fd.GetType() {
				case descriptorpb.FieldDescriptorProto_TYPE_INT32:
					s.prim = schema.Int32
				case descriptorpb.FieldDescriptorProto_TYPE_INT64:
					s.prim = schema.Int64
				}
			}
			return &schema.TypeRef{Kind: schema.PrimType, Pos: pos, Prim: s.prim, Encoding: s.enc}
		}
	}
	name := fd.GetTypeName()
	if p, ok := namedScalars[strings.TrimPrefix(name, ".")]; ok {
		return &schema.TypeRef{Kind: schema.PrimType, Pos: pos, Prim: p}
	}
	return &schema.TypeRef{Kind: schema.NamedType, Pos: pos, Name: name}
}

// field translates a field of a message, or a case of a oneof (oneofCase).
func (t *translator) field(fd *descriptorpb.FieldDescriptorProto, entries map[string]*descriptorpb.DescriptorProto, oneofCase bool) (*schema.Field, error) {
	pos := t.pos(t.res.Node(fd))
	fl := &schema.Field{Name: fd.GetName(), Number: int(fd.GetNumber()), Pos: pos, Options: map[string]any{}}
	var ty *schema.TypeRef
	if e, ok := entries[fd.GetTypeName()]; ok && fd.GetLabel() == descriptorpb.FieldDescriptorProto_LABEL_REPEATED {
		var k, v *descriptorpb.FieldDescriptorProto
		for _, x := range e.GetField() {
			if x.GetNumber() == 1 {
				k = x
			} else {
				v = x
			}
		}
		ty = &schema.TypeRef{Kind: schema.MapType, Pos: pos, Key: t.scalarOrNamed(k, pos), Value: t.scalarOrNamed(v, pos)}
	} else {
		ty = t.scalarOrNamed(fd, pos)
	}
	for _, o := range fd.GetOptions().GetUninterpretedOption() {
		name, v := optionNameValue(o)
		switch name {
		case "fory.ref":
			fl.Ref, _ = v.(bool)
		case "fory.nullable":
			if b, _ := v.(bool); b {
				fl.Optional = true
			}
		case "fory.type":
			s, _ := v.(string)
			switch {
			case ty.Kind != schema.PrimType:
				return nil, schema.Errorf(t.pos(t.res.OptionNode(o)), "(fory).type overrides are only supported for scalar fields")
			case s == "tagged int64":
				ty.Prim, ty.Encoding = schema.Int64, schema.Tagged
			case s == "tagged uint64":
				ty.Prim, ty.Encoding = schema.Uint64, schema.Tagged
			default:
				return nil, schema.Errorf(t.pos(t.res.OptionNode(o)), "unsupported (fory).type override %q (want \"tagged int64\" or \"tagged uint64\")", fmt.Sprint(v))
			}
		default:
			fl.Options[strings.TrimPrefix(name, "fory.")] = v
		}
	}
	if fd.GetLabel() == descriptorpb.FieldDescriptorProto_LABEL_REPEATED && ty.Kind != schema.MapType {
		ty = &schema.TypeRef{Kind: schema.ListType, Pos: pos, Elem: ty}
	}
	if fd.GetProto3Optional() { // written "optional"

		fl.Optional = true
	}
	// [(fory).weak_ref = true] tracks references as (fory).ref does (on a
	// list's elements, a map's values), as foryc's proto front end reads
	// it on a field (not on a oneof case): weak pointers are other
	// languages' carriers, the wire form is the reference-tracked one.
	if v, _ := fl.Options["weak_ref"].(bool); v && !oneofCase {
		fl.Ref = true
	}
	if fl.Ref {
		switch ty.Kind {
		case schema.ListType:
			ty.ElemRef, fl.Ref = true, false
		case schema.MapType:
			ty.ValueRef, fl.Ref = true, false
		}
	}
	fl.Type = ty
	return fl, nil
}
