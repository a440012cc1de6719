package row

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"
	"time"
)

// Format prints the row's fields by name and value, in schema order:
//
//	{id: 7, name: "Ann", tags: ["a", "b"], scores: {"x": 1.5}, note: null}
//
// for the verbs %v, %+v and %s. Strings are quoted, binary values are
// hexadecimal (0x0aff), dates print as 2024-05-01, timestamps in RFC 3339
// (UTC), durations as time.Duration does; a nested struct prints as a row,
// a list in brackets, a map in braces, a null as null. A value the bytes do
// not hold (a corrupt offset) prints as the getter's error in angle
// brackets. %#v adds the row's type:
//
//	row.Row(struct<id: int64 not null, name: utf8, ...>){id: 7, name: "Ann", ...}
//
// Row has no String method (String(i) reads field i); fmt.Sprint(r) gives
// the %v form.
func (r Row) Format(f fmt.State, verb rune) {
	format(f, verb, "row.Row", func(p *printer) { p.row(&r.v) }, func() string {
		return StructOf(r.v.fields...).String()
	})
}

// Format prints the list's elements in brackets, as Row's Format prints a
// list field: [1, 2, 3], ["a", null]. %#v adds the type:
// row.Array(list<int32>)[1, 2, 3].
func (a Array) Format(f fmt.State, verb rune) {
	format(f, verb, "row.Array", func(p *printer) { p.list(&a.v) }, func() string {
		if a.v.elem == nil {
			return "list<>"
		}
		return ListOf(a.v.elem).String()
	})
}

// Format prints the map's entries in braces, in wire order, as Row's
// Format prints a map field: {"a": 1, "b": 2}. %#v adds the type:
// row.Map(map<utf8, int64>){"a": 1, "b": 2}.
func (m Map) Format(f fmt.State, verb rune) {
	format(f, verb, "row.Map", func(p *printer) { p.mapEntries(m) }, func() string {
		if m.keys.v.elem == nil || m.values.v.elem == nil {
			return "map<>"
		}
		return MapOf(m.keys.v.elem, m.values.v.elem).String()
	})
}

// format writes the value for verb: body's text for %v, %+v and %s, with
// the type name and typ() before it for %#v, and fmt's %!verb(...) form
// for other verbs.
func format(f fmt.State, verb rune, name string, body func(*printer), typ func() string) {
	var p printer
	switch verb {
	case 'v', 's':
		if verb == 'v' && f.Flag('#') {
			p.WriteString(name)
			p.WriteByte('(')
			p.WriteString(typ())
			p.WriteByte(')')
		}
		body(&p)
	default:
		p.WriteString("%!")
		p.WriteRune(verb)
		p.WriteByte('(')
		p.WriteString(name)
		p.WriteByte('=')
		body(&p)
		p.WriteByte(')')
	}
	_, _ = f.Write(p.Bytes())
}

// printer builds the text of a row, list or map.
type printer struct {
	bytes.Buffer
}

func (p *printer) row(v *view) {
	p.WriteByte('{')
	for i := 0; i < v.n; i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(v.fields[i].Name)
		p.WriteString(": ")
		p.value(v, i)
	}
	p.WriteByte('}')
}

func (p *printer) list(v *view) {
	p.WriteByte('[')
	for i := 0; i < v.n; i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		p.value(v, i)
	}
	p.WriteByte(']')
}

func (p *printer) mapEntries(m Map) {
	p.WriteByte('{')
	for i := 0; i < m.keys.v.n; i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		p.value(&m.keys.v, i)
		p.WriteString(": ")
		p.value(&m.values.v, i)
	}
	p.WriteByte('}')
}

// value prints entry i of v.
func (p *printer) value(v *view, i int) {
	if v.isNull(i) {
		p.WriteString("null")
		return
	}
	var err error
	b := p.AvailableBuffer()
	switch t := v.typeAt(i); t.id {
	case TypeBool:
		var x bool
		if x, err = v.bool_(i); err == nil {
			b = strconv.AppendBool(b, x)
		}
	case TypeInt8:
		var x int8
		if x, err = v.int8_(i); err == nil {
			b = strconv.AppendInt(b, int64(x), 10)
		}
	case TypeInt16:
		var x int16
		if x, err = v.int16_(i); err == nil {
			b = strconv.AppendInt(b, int64(x), 10)
		}
	case TypeInt32:
		var x int32
		if x, err = v.int32_(i, TypeInt32); err == nil {
			b = strconv.AppendInt(b, int64(x), 10)
		}
	case TypeInt64:
		var x int64
		if x, err = v.int64_(i, TypeInt64); err == nil {
			b = strconv.AppendInt(b, x, 10)
		}
	case TypeFloat32:
		var x float32
		if x, err = v.float32_(i); err == nil {
			b = strconv.AppendFloat(b, float64(x), 'g', -1, 32)
		}
	case TypeFloat64:
		var x float64
		if x, err = v.float64_(i); err == nil {
			b = strconv.AppendFloat(b, x, 'g', -1, 64)
		}
	case TypeString:
		var x []byte
		if x, err = v.varBytes(i, TypeString); err == nil {
			b = strconv.AppendQuote(b, string(x))
		}
	case TypeBinary:
		var x []byte
		if x, err = v.varBytes(i, TypeBinary); err == nil {
			b = append(b, "0x"...)
			b = hex.AppendEncode(b, x)
		}
	case TypeDate:
		if x, e := v.date(i); e == nil {
			b = append(b, x.String()...)
		} else {
			err = e
		}
	case TypeTimestamp:
		if x, e := v.timestamp(i); e == nil {
			b = x.AppendFormat(b, time.RFC3339Nano)
		} else {
			err = e
		}
	case TypeDuration:
		if x, e := v.duration(i); e == nil {
			b = append(b, x.String()...)
		} else {
			err = e
		}
	case TypeStruct:
		if r, e := v.strct(i); e == nil {
			p.row(&r.v)
		} else {
			err = e
		}
	case TypeList:
		if a, e := v.array(i); e == nil {
			p.list(&a.v)
		} else {
			err = e
		}
	case TypeMap:
		if m, e := v.mapAt(i); e == nil {
			p.mapEntries(m)
		} else {
			err = e
		}
	default:
		err = errorf(errUnsupported, "type %v", t)
	}
	if err != nil {
		p.WriteByte('<')
		p.WriteString(err.Error())
		p.WriteByte('>')
		return
	}
	_, _ = p.Write(b)
}
