package row

import (
	"reflect"
	"sort"
	"strings"
	"time"
	"unsafe"

	"github.com/fury-go/fury/fury"
	"github.com/fury-go/fury/internal/wire"
)

// plan is how one Go type at one position (a field, an element, a map key
// or value) maps to a row-format type.
type plan struct {
	t      *DataType
	typ    reflect.Type // the Go type, pointer included
	base   reflect.Type // typ without the pointer
	ptr    bool         // typ is *base
	fields []fieldPlan  // structs, in wire order
	elem   *plan        // lists
	key    *plan        // maps
	val    *plan        // maps
}

type fieldPlan struct {
	goName string
	offset uintptr // from the start of the outermost struct (embedded structs promoted)
	p      *plan
}

// field returns the field at f.offset of the struct at base, addressable
// and settable even when promoted through an unexported embedded struct.
func (f *fieldPlan) field(base unsafe.Pointer) reflect.Value {
	return reflect.NewAt(f.p.typ, unsafe.Add(base, f.offset)).Elem()
}

// nullable reports whether a Go value of the plan's type can be null.
func (p *plan) nullable() bool {
	if p.ptr {
		return true
	}
	switch p.base.Kind() {
	case reflect.Slice, reflect.Map:
		return true
	}
	return false
}

var (
	dateType     = reflect.TypeOf(fury.Date{})
	timeType     = reflect.TypeOf(time.Time{})
	durationType = reflect.TypeOf(time.Duration(0))
)

// planFor infers the row-format type of Go type t, as pyfory infers one
// from a class's annotations (see the package documentation for the
// mapping). inProgress holds the struct types being inferred, to refuse
// recursive types.
func planFor(t reflect.Type, inProgress map[reflect.Type]bool, depth int) (*plan, error) {
	if depth > maxSchemaDepth {
		return nil, errorf(errUnsupported, "%v nests deeper than %d", t, maxSchemaDepth)
	}
	p := &plan{typ: t, base: t}
	if t.Kind() == reflect.Pointer {
		p.ptr = true
		p.base = t.Elem()
		if p.base.Kind() == reflect.Pointer {
			return nil, errorf(errUnsupported, "%v: pointer to pointer", t)
		}
	}
	b := p.base
	switch b {
	case dateType:
		p.t = Date()
		return p, nil
	case timeType:
		p.t = Timestamp()
		return p, nil
	case durationType:
		p.t = Duration()
		return p, nil
	}
	switch b.Kind() {
	case reflect.Bool:
		p.t = Bool()
	case reflect.Int8:
		p.t = Int8()
	case reflect.Int16:
		p.t = Int16()
	case reflect.Int32:
		p.t = Int32()
	case reflect.Int64, reflect.Int:
		p.t = Int64()
	case reflect.Float32:
		p.t = Float32()
	case reflect.Float64:
		p.t = Float64()
	case reflect.String:
		p.t = String()
	case reflect.Slice:
		if b.Elem().Kind() == reflect.Uint8 {
			p.t = Binary()
			return p, nil
		}
		e, err := planFor(b.Elem(), inProgress, depth+1)
		if err != nil {
			return nil, err
		}
		p.elem = e
		p.t = ListOf(e.t)
	case reflect.Map:
		k, err := planFor(b.Key(), inProgress, depth+1)
		if err != nil {
			return nil, err
		}
		if k.ptr || k.nullable() || !sortableKey(k) {
			return nil, errorf(errUnsupported, "%v: map keys must be bool, integer, float, string or fury.Date", b)
		}
		v, err := planFor(b.Elem(), inProgress, depth+1)
		if err != nil {
			return nil, err
		}
		p.key, p.val = k, v
		p.t = MapOf(k.t, v.t)
	case reflect.Struct:
		if inProgress[b] {
			return nil, errorf(errUnsupported, "%v is recursive; the row format needs a finite schema", b)
		}
		inProgress[b] = true
		defer delete(inProgress, b)
		fs, err := structFields(b, inProgress, depth)
		if err != nil {
			return nil, err
		}
		p.fields = make([]fieldPlan, len(fs))
		fields := make([]Field, len(fs))
		for i, f := range fs {
			p.fields[i] = f.fieldPlan
			fields[i] = Field{Name: f.wire, Type: f.p.t, Nullable: f.p.nullable()}
		}
		p.t = &DataType{id: TypeStruct, fields: NewSchema(fields...)}
	default:
		return nil, errorf(errUnsupported, "%v has no row-format type (unsigned integers, complex numbers, arrays, interfaces, channels and funcs are not supported)", t)
	}
	return p, nil
}

func sortableKey(k *plan) bool {
	switch k.t.id {
	case TypeBool, TypeInt8, TypeInt16, TypeInt32, TypeInt64, TypeFloat32, TypeFloat64, TypeString, TypeDate:
		return true
	}
	return false
}

type namedField struct {
	fieldPlan
	wire  string
	depth int  // length of the Go field path (1 for the struct's own fields)
	named bool // a name= tag gave the wire name
}

// structFields collects t's serialized fields (exported, not tagged
// `fury:"-"`, embedded structs promoted by Go's rule) and sorts them by wire
// name, as pyfory sorts a dataclass's fields.
func structFields(t reflect.Type, inProgress map[reflect.Type]bool, depth int) ([]namedField, error) {
	var out []namedField
	if err := collect(t, 0, 1, inProgress, depth, &out); err != nil {
		return nil, err
	}
	// Go's rule for promoted fields, by wire name, as package fury applies
	// it: a shallower field hides deeper ones of the same name.
	ps := make([]wire.Promoted, len(out))
	for i, f := range out {
		ps[i] = wire.Promoted{Name: f.wire, Depth: f.depth, Named: f.named}
	}
	keep, amb := wire.Visible(ps)
	if amb != "" {
		return nil, errorf(errUnsupported, "%v: two fields named %q on the wire at the same depth (ambiguous in Go); tag one with fury:\"-\" or fury:\"name=...\"", t, amb)
	}
	visible := out[:0]
	for i, f := range out {
		if keep[i] {
			visible = append(visible, f)
		}
	}
	out = visible
	sort.SliceStable(out, func(i, j int) bool { return out[i].wire < out[j].wire })
	for i := 1; i < len(out); i++ {
		if out[i].wire == out[i-1].wire {
			return nil, errorf(errUnsupported, "%v: fields %s and %s share the wire name %q", t, out[i-1].goName, out[i].goName, out[i].wire)
		}
	}
	return out, nil
}

// promoted reports whether the fields of embedded field sf are promoted:
// sf is an untagged embedded struct that is not one of the struct types
// with a row type of their own (time.Time, fury.Date), which are a field
// named after their type, as in Go and package fury.
func promoted(sf reflect.StructField, hasTag bool) bool {
	if !sf.Anonymous || sf.Type.Kind() != reflect.Struct || hasTag {
		return false
	}
	return sf.Type != timeType && sf.Type != dateType
}

func collect(t reflect.Type, base uintptr, level int, inProgress map[reflect.Type]bool, depth int, out *[]namedField) error {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, hasTag := sf.Tag.Lookup("fury")
		if tag == "-" {
			continue
		}
		name := ""
		for _, part := range strings.Split(tag, ",") {
			part = strings.TrimSpace(part)
			if strings.HasPrefix(part, "name=") {
				name = part[len("name="):]
			}
		}
		if promoted(sf, hasTag) {
			if err := collect(sf.Type, base+sf.Offset, level+1, inProgress, depth, out); err != nil {
				return err
			}
			continue
		}
		if !sf.IsExported() {
			continue
		}
		p, err := planFor(sf.Type, inProgress, depth+1)
		if err != nil {
			return errorf(errUnsupported, "field %v.%s: %v", t, sf.Name, err)
		}
		named := name != ""
		if !named {
			name = wire.SnakeCase(sf.Name)
		}
		*out = append(*out, namedField{fieldPlan: fieldPlan{goName: sf.Name, offset: base + sf.Offset, p: p}, wire: name, depth: level, named: named})
	}
	return nil
}
