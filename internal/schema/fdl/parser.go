package fdl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fury-go/fury/internal/schema"
)

// Parse parses the FDL source src of the file named file (used in
// positions). The first syntax error stops it; the error is a
// *schema.Error naming the file, line and column.
func Parse(file string, src []byte) (f *schema.File, err error) {
	toks, err := lex(file, src)
	if err != nil {
		return nil, err
	}
	p := &parser{file: file, toks: toks}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*schema.Error)
			if !ok {
				panic(r)
			}
			f, err = nil, e
		}
	}()
	return p.parseFile(), nil
}

type parser struct {
	file  string
	toks  []token
	i     int
	f     *schema.File
	decls int // nesting of the declaration being parsed
	types int // collection types (list, map, array) around the type being parsed
}

// MaxNesting bounds how deep declarations (a message in a message ...) and
// types (list<map<...>>) nest, as the .proto front end's parser bounds
// message nesting (below 32), so that hostile schema text costs stack and
// time in proportion to its length: the checks and the emitter walk a
// declaration's path for each nested one.
const MaxNesting = 32

// enter counts one more level of nesting in *depth at t; leave it with
// (*depth)--.
func (p *parser) enter(depth *int, t token, what string) {
	*depth++
	if *depth > MaxNesting {
		p.fail(t, "%s nested more than %d levels deep", what, MaxNesting)
	}
}

func (p *parser) cur() token { return p.toks[p.i] }

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tEOF {
		p.i++
	}
	return t
}

func (p *parser) pos(t token) schema.Pos { return schema.Pos{File: p.file, Line: t.line, Col: t.col} }

func (p *parser) fail(t token, format string, args ...any) {
	panic(schema.Errorf(p.pos(t), format, args...))
}

func (p *parser) isPunct(s string) bool   { return p.cur().is(tPunct, s) }
func (p *parser) isKeyword(s string) bool { return p.cur().is(tKeyword, s) }

func (p *parser) accept(kind tokKind, s string) bool {
	if p.cur().is(kind, s) {
		p.next()
		return true
	}
	return false
}

func (p *parser) expect(kind tokKind, s, context string) token {
	t := p.cur()
	if !t.is(kind, s) {
		p.fail(t, "expected '%s' %s, got %s", s, context, t.describe())
	}
	return p.next()
}

func (p *parser) ident(what string) token {
	t := p.cur()
	if t.kind != tIdent {
		p.fail(t, "expected %s, got %s", what, t.describe())
	}
	return p.next()
}

func (p *parser) integer(what string) (int, token) {
	n, t := p.integer64(what)
	if n != int64(int(n)) {
		p.fail(t, "%s %s is out of range", what, t.text)
	}
	return int(n), t
}

// integer64 is integer for a value that may exceed int on 32-bit
// platforms (an enum value, checked against int32 by furygen, with the
// same message everywhere).
func (p *parser) integer64(what string) (int64, token) {
	t := p.cur()
	if t.kind != tInt {
		p.fail(t, "expected %s, got %s", what, t.describe())
	}
	p.next()
	n, err := strconv.ParseInt(t.text, 10, 64)
	if err != nil {
		p.fail(t, "%s %s is out of range", what, t.text)
	}
	return n, t
}

func (p *parser) parseFile() *schema.File {
	p.f = &schema.File{Path: p.file, Format: "fdl", Options: map[string]any{}}
	f := p.f
	sawPackage := false
	for p.cur().kind != tEOF {
		t := p.cur()
		switch {
		case t.is(tKeyword, "package"):
			if sawPackage {
				p.fail(t, "duplicate package declaration")
			}
			sawPackage = true
			p.next()
			f.PackagePos = p.pos(t)
			f.Package = p.dotted("package name")
			if p.cur().is(tIdent, "alias") {
				p.next()
				f.PackageAlias = p.dotted("package alias")
			}
			p.expect(tPunct, ";", "after the package declaration")
		case t.is(tKeyword, "import"):
			p.next()
			if p.isKeyword("public") || p.isKeyword("weak") {
				p.fail(t, "'import %s' is not supported in FDL; import each file with import \"path\";", p.cur().text)
			}
			s := p.cur()
			if s.kind != tString {
				p.fail(s, "expected an import path string, got %s", s.describe())
			}
			p.next()
			p.expect(tPunct, ";", "after the import statement")
			f.Imports = append(f.Imports, &schema.Import{Path: s.text, Pos: p.pos(t)})
		case t.is(tKeyword, "option"):
			p.next()
			name := p.ident("option name")
			p.expect(tPunct, "=", "after the option name")
			f.Options[name.text] = p.optionValue()
			p.expect(tPunct, ";", "after the option statement")
		case t.is(tKeyword, "enum"):
			f.Decls = append(f.Decls, p.parseEnum(nil))
		case t.is(tKeyword, "union"):
			f.Decls = append(f.Decls, p.parseUnion(nil))
		case t.is(tKeyword, "message"):
			f.Decls = append(f.Decls, p.parseMessage(nil))
		case t.is(tKeyword, "service"):
			f.Services = append(f.Services, p.parseService(f))
		default:
			p.fail(t, "unexpected %s: expected package, import, option, message, enum, union or service", t.describe())
		}
	}
	return f
}

func (p *parser) dotted(what string) string {
	parts := []string{p.ident(what).text}
	for p.accept(tPunct, ".") {
		parts = append(parts, p.ident("identifier after '.'").text)
	}
	return strings.Join(parts, ".")
}

func (p *parser) optionValue() any {
	t := p.next()
	switch t.kind {
	case tString, tIdent:
		return t.text
	case tInt:
		n, err := strconv.ParseInt(t.text, 10, 64)
		if err != nil {
			p.fail(t, "option value %s is out of range", t.text)
		}
		return int(n)
	case tKeyword:
		switch t.text {
		case "true":
			return true
		case "false":
			return false
		}
	}
	p.fail(t, "expected an option value, got %s", t.describe())
	return nil
}

// typeOptions parses [name = value, ...] after a type name. The id option
// must be a positive integer (a union's may be 0).
func (p *parser) typeOptions(d *schema.Decl, allowZero bool) {
	p.expect(tPunct, "[", "")
	for {
		name := p.ident("option name")
		p.expect(tPunct, "=", "after the option name")
		vt := p.cur()
		v := p.optionValue()
		if name.text == "id" {
			n, ok := v.(int)
			switch {
			case !ok:
				p.fail(vt, "type option 'id' must be an integer, got %s", vt.describe())
			case n < 0 || n == 0 && !allowZero:
				kind := "positive"
				if allowZero {
					kind = "non-negative"
				}
				p.fail(vt, "type option 'id' must be a %s integer, got %d", kind, n)
			case int64(n) > 1<<32-1:
				p.fail(vt, "type option 'id' %d does not fit in 32 bits", n)
			}
			d.ID, d.HasID = uint32(n), true
		}
		d.Options[name.text] = v
		if p.accept(tPunct, ",") {
			continue
		}
		p.expect(tPunct, "]", "after the type options")
		return
	}
}

func (p *parser) newDecl(kind schema.DeclKind, parent *schema.Decl) *schema.Decl {
	start := p.next()
	name := p.ident(kind.String() + " name")
	return &schema.Decl{Kind: kind, Name: name.text, Parent: parent, File: p.f, Pos: p.pos(start), Options: map[string]any{}}
}

func (p *parser) parseEnum(parent *schema.Decl) *schema.Decl {
	p.enter(&p.decls, p.cur(), "enum")
	defer func() { p.decls-- }()
	d := p.newDecl(schema.Enum, parent)
	if p.isPunct("[") {
		p.typeOptions(d, false)
	}
	p.expect(tPunct, "{", "after the enum name")
	for !p.isPunct("}") {
		switch {
		case p.isKeyword("option"):
			p.fail(p.cur(), "option statements inside enum are not supported")
		case p.isKeyword("reserved"):
			p.reserved()
		default:
			name := p.ident("enum value name")
			p.expect(tPunct, "=", "after the enum value name")
			v, _ := p.integer64("enum value")
			p.expect(tPunct, ";", "after the enum value")
			d.Values = append(d.Values, &schema.EnumValue{Name: name.text, Value: v, Pos: p.pos(name)})
		}
	}
	p.next()
	return d
}

func (p *parser) reserved() {
	p.next()
	for {
		t := p.cur()
		switch t.kind {
		case tString:
			p.next()
		case tInt:
			p.next()
			if p.accept(tKeyword, "to") {
				if !p.accept(tKeyword, "max") {
					p.integer("integer or 'max' after 'to'")
				}
			}
		default:
			p.fail(t, "expected a reserved number or name, got %s", t.describe())
		}
		if p.accept(tPunct, ",") {
			continue
		}
		p.expect(tPunct, ";", "after the reserved statement")
		return
	}
}

func (p *parser) parseMessage(parent *schema.Decl) *schema.Decl {
	p.enter(&p.decls, p.cur(), "message")
	defer func() { p.decls-- }()
	d := p.newDecl(schema.Message, parent)
	if p.isPunct("[") {
		p.typeOptions(d, false)
	}
	p.expect(tPunct, "{", "after the message name")
	for !p.isPunct("}") {
		switch {
		case p.isKeyword("reserved"):
			p.reserved()
		case p.isKeyword("option"):
			p.fail(p.cur(), "option statements inside message are not supported")
		case p.isKeyword("message"):
			d.Nested = append(d.Nested, p.parseMessage(d))
		case p.isKeyword("enum"):
			d.Nested = append(d.Nested, p.parseEnum(d))
		case p.isKeyword("union"):
			d.Nested = append(d.Nested, p.parseUnion(d))
		case p.cur().kind == tEOF:
			p.fail(p.cur(), "expected '}' after the fields of %s, got end of file", d.Name)
		default:
			d.Fields = append(d.Fields, p.parseField())
		}
	}
	p.next()
	return d
}

func (p *parser) parseUnion(parent *schema.Decl) *schema.Decl {
	p.enter(&p.decls, p.cur(), "union")
	defer func() { p.decls-- }()
	d := p.newDecl(schema.Union, parent)
	if p.isPunct("[") {
		p.typeOptions(d, true)
	}
	p.expect(tPunct, "{", "after the union name")
	for !p.isPunct("}") {
		if p.isKeyword("reserved") {
			p.reserved()
			continue
		}
		start := p.cur()
		if p.isKeyword("optional") || p.isKeyword("ref") {
			p.fail(start, "union cases do not support optional/ref modifiers")
		}
		if start.kind == tEOF {
			p.fail(start, "expected '}' after the cases of %s, got end of file", d.Name)
		}
		repeated := p.accept(tKeyword, "repeated")
		t := p.parseType()
		if repeated {
			t = &schema.TypeRef{Kind: schema.ListType, Pos: p.pos(start), Elem: t}
		}
		name := p.ident("union case name")
		p.expect(tPunct, "=", "after the union case name")
		n, _ := p.integer("union case id")
		c := &schema.Field{Name: name.text, Number: n, Type: t, Pos: p.pos(start), Options: map[string]any{}}
		if p.isPunct("[") {
			p.fieldOptions(c)
		}
		p.expect(tPunct, ";", "after the union case")
		d.Fields = append(d.Fields, c)
	}
	p.next()
	return d
}

// parseField parses [optional] [ref[(...)]] [repeated [optional] [ref]] Type
// name = N [options];. optional and ref before repeated apply to the field,
// after it to the elements.
func (p *parser) parseField() *schema.Field {
	start := p.cur()
	fl := &schema.Field{Pos: p.pos(start), Options: map[string]any{}}
	var repeated, elemOpt, elemRef bool
	for {
		switch {
		case p.accept(tKeyword, "optional"):
			if repeated {
				elemOpt = true
			} else {
				fl.Optional = true
			}
			continue
		case p.accept(tKeyword, "ref"):
			p.refOptions()
			if repeated {
				elemRef = true
			} else {
				fl.Ref = true
			}
			continue
		case p.isKeyword("repeated"):
			if repeated {
				p.fail(p.cur(), "repeated modifier specified more than once")
			}
			p.next()
			repeated = true
			continue
		}
		break
	}
	t := p.parseType()
	if repeated {
		t = &schema.TypeRef{Kind: schema.ListType, Pos: p.pos(start), Elem: t, ElemOptional: elemOpt, ElemRef: elemRef}
	}
	fl.Type = t
	nt := p.cur()
	if nt.kind == tIdent || nt.is(tKeyword, "to") {
		p.next()
		fl.Name = nt.text
	} else {
		p.fail(nt, "expected a field name, got %s", nt.describe())
	}
	p.expect(tPunct, "=", "after the field name")
	fl.Number, _ = p.integer("field number")
	if p.isPunct("[") {
		p.fieldOptions(fl)
		if v, _ := fl.Options["ref"].(bool); v {
			switch t.Kind {
			case schema.ListType:
				t.ElemRef = true
			case schema.MapType:
				t.ValueRef = true
			default:
				fl.Ref = true
			}
		}
		if v, _ := fl.Options["nullable"].(bool); v {
			fl.Optional = true
		}
		// [weak = true] is foryc's other spelling of [weak_ref = true].
		if v, ok := fl.Options["weak"]; ok {
			if _, ok := fl.Options["weak_ref"]; !ok {
				fl.Options["weak_ref"] = v
			}
		}
	}
	p.expect(tPunct, ";", "after the field declaration")
	return fl
}

func (p *parser) fieldOptions(fl *schema.Field) {
	p.expect(tPunct, "[", "")
	for {
		t := p.cur()
		switch {
		case t.kind == tIdent,
			t.is(tKeyword, "ref"), t.is(tKeyword, "optional"), t.is(tKeyword, "repeated"),
			t.is(tKeyword, "list"), t.is(tKeyword, "weak"):
			p.next()
		default:
			p.fail(t, "expected an option name, got %s", t.describe())
		}
		p.expect(tPunct, "=", "after the option name")
		fl.Options[t.text] = p.optionValue()
		if p.accept(tPunct, ",") {
			continue
		}
		p.expect(tPunct, "]", "after the field options")
		return
	}
}

// refOptions parses the optional (name = value, ...) after ref; Go has no
// use for them (weak and thread-safe pointers are other languages'
// carriers), so they are checked for syntax only.
func (p *parser) refOptions() {
	if !p.accept(tPunct, "(") {
		return
	}
	for {
		t := p.cur()
		if t.kind != tIdent && !t.is(tKeyword, "weak") {
			p.fail(t, "expected a ref option name, got %s", t.describe())
		}
		p.next()
		p.expect(tPunct, "=", "after the ref option name")
		p.optionValue()
		if p.accept(tPunct, ",") {
			continue
		}
		p.expect(tPunct, ")", "after the ref options")
		return
	}
}

func (p *parser) parseType() *schema.TypeRef {
	t := p.cur()
	if t.is(tKeyword, "map") || t.is(tKeyword, "list") || t.is(tKeyword, "array") {
		p.enter(&p.types, t, "type")
		defer func() { p.types-- }()
	}
	switch {
	case t.is(tKeyword, "map"):
		p.next()
		p.expect(tPunct, "<", "after 'map'")
		if p.isKeyword("ref") {
			p.fail(p.cur(), "map keys do not support the ref modifier")
		}
		m := &schema.TypeRef{Kind: schema.MapType, Pos: p.pos(t)}
		m.Key = p.parseType()
		p.expect(tPunct, ",", "between the map key and value types")
		m.ValueOptional, m.ValueRef = p.elemModifiers()
		m.Value = p.parseType()
		p.expect(tPunct, ">", "after the map value type")
		return m
	case t.is(tKeyword, "list"):
		p.next()
		p.expect(tPunct, "<", "after 'list'")
		l := &schema.TypeRef{Kind: schema.ListType, Pos: p.pos(t)}
		l.ElemOptional, l.ElemRef = p.elemModifiers()
		l.Elem = p.parseType()
		p.expect(tPunct, ">", "after the list element type")
		return l
	case t.is(tKeyword, "array"):
		p.next()
		p.expect(tPunct, "<", "after 'array'")
		if p.isKeyword("optional") || p.isKeyword("ref") {
			p.fail(p.cur(), "array elements do not support optional/ref modifiers")
		}
		a := &schema.TypeRef{Kind: schema.ArrayType, Pos: p.pos(t)}
		a.Elem = p.parseType()
		p.expect(tPunct, ">", "after the array element type")
		return a
	}
	if t.kind != tIdent {
		p.fail(t, "expected a type, got %s", t.describe())
	}
	if t.text == "fixed" || t.text == "varint" || t.text == "tagged" {
		p.next()
		nt := p.cur()
		if nt.kind != tIdent {
			p.fail(nt, "expected an integer type after '%s'", t.text)
		}
		p.next()
		ok := nt.text == "int32" || nt.text == "int64" || nt.text == "uint32" || nt.text == "uint64"
		if t.text == "tagged" {
			ok = nt.text == "int64" || nt.text == "uint64"
		}
		if !ok {
			p.fail(nt, "'%s' encoding is only valid for %s", t.text, map[bool]string{true: "int64/uint64", false: "int32/int64/uint32/uint64"}[t.text == "tagged"])
		}
		prim, _ := schema.PrimByName(nt.text)
		return &schema.TypeRef{Kind: schema.PrimType, Pos: p.pos(nt), Prim: prim, Encoding: schema.Encoding(t.text)}
	}
	p.next()
	if prim, ok := schema.PrimByName(t.text); ok {
		return &schema.TypeRef{Kind: schema.PrimType, Pos: p.pos(t), Prim: prim}
	}
	var name strings.Builder
	name.WriteString(t.text)
	for p.accept(tPunct, ".") {
		name.WriteString(".")
		name.WriteString(p.ident("identifier after '.'").text)
	}
	return &schema.TypeRef{Kind: schema.NamedType, Pos: p.pos(t), Name: name.String()}
}

func (p *parser) elemModifiers() (opt, ref bool) {
	for {
		switch {
		case p.accept(tKeyword, "optional"):
			opt = true
		case p.accept(tKeyword, "ref"):
			p.refOptions()
			ref = true
		default:
			return
		}
	}
}

// parseService parses a service block: its rpc methods, their request
// and response types (resolved later) and streaming, and options.
func (p *parser) parseService(f *schema.File) *schema.Service {
	start := p.cur()
	p.next()
	name := p.ident("service name")
	svc := &schema.Service{Name: name.text, File: f, Pos: p.pos(start), Options: map[string]any{}}
	p.expect(tPunct, "{", "after the service name")
	for !p.isPunct("}") {
		t := p.cur()
		switch {
		case t.is(tKeyword, "option"):
			p.next()
			opt := p.ident("option name")
			p.expect(tPunct, "=", "after the option name")
			svc.Options[opt.text] = p.optionValue()
			p.expect(tPunct, ";", "after the option statement")
		case t.is(tKeyword, "rpc"):
			p.next()
			m := &schema.Method{Name: p.ident("method name").text, Pos: p.pos(t), Options: map[string]any{}}
			for _, what := range []string{"request", "response"} {
				if what == "response" {
					p.expect(tKeyword, "returns", "after the request type")
				}
				p.expect(tPunct, "(", fmt.Sprintf("before the %s type", what))
				stream := p.accept(tKeyword, "stream")
				tpos := p.pos(p.cur())
				ref := &schema.TypeRef{Kind: schema.NamedType, Pos: tpos, Name: p.dotted(what + " message type")}
				if what == "request" {
					m.Request, m.ClientStreaming = ref, stream
				} else {
					m.Response, m.ServerStreaming = ref, stream
				}
				p.expect(tPunct, ")", fmt.Sprintf("after the %s type", what))
			}
			if p.accept(tPunct, "{") {
				for !p.accept(tPunct, "}") {
					if p.accept(tPunct, ";") {
						continue
					}
					p.expect(tKeyword, "option", "inside the method block")
					opt := p.ident("option name")
					p.expect(tPunct, "=", "after the option name")
					m.Options[opt.text] = p.optionValue()
					p.expect(tPunct, ";", "after the option statement")
				}
			} else {
				p.expect(tPunct, ";", "after the method definition")
			}
			svc.Methods = append(svc.Methods, m)
		default:
			p.fail(t, "expected 'rpc' or 'option' inside the service block, got %s", t.describe())
		}
	}
	p.next()
	return svc
}
