package fury

import (
	"reflect"
	"sort"
	"unsafe"
)

// Unions (FDL union, proto oneof) follow protobuf-go's oneof convention: a
// Go interface with an unexported marker method, and one wrapper struct per
// case, whose only exported field holds the case's value and carries the
// case id in its tag:
//
//	type Animal interface{ isAnimal() }
//
//	type Animal_Dog struct {
//		Dog *Dog `fury:"id=1"`
//	}
//	type Animal_Note struct {
//		Note string `fury:"id=2"`
//	}
//
//	func (*Animal_Dog) isAnimal()  {}
//	func (*Animal_Note) isAnimal() {}
//
//	f.RegisterUnion((*Animal)(nil), 100, (*Animal_Dog)(nil), (*Animal_Note)(nil))
//
// On the wire a union value is its case id (varuint32), then the case's
// value as a value of its own type: a null/reference flag, its type info
// and its data. A root union, or one in an interface{}, carries the union's
// type info first (typed_union with the id, or named_union); a union field
// of a struct, list element or map value is declared (type union in
// TypeDefs) and carries none.

// UnionValue is a union read where no Go union type is registered for it:
// a struct field of union type read as a map of fields (an unregistered
// struct in an interface{}), or a skipped field. Marshal writes a
// UnionValue as such a union again (its case id and value, without the
// union's identity), so what was read writes back and reads as it was.
type UnionValue struct {
	Case  uint32 // the case id
	Value any    // the case's value, as an interface{} destination gets it
}

// unionInfo is a registered union: its interface type and cases.
type unionInfo struct {
	typ    reflect.Type // the interface
	cases  []*unionCase // by id
	byID   map[uint32]*unionCase
	byType map[reflect.Type]*unionCase
}

// unionCase is one case of a union.
type unionCase struct {
	id     uint32
	typ    reflect.Type // what the interface holds: *W or W
	wrap   reflect.Type // the wrapper struct W
	ptr    bool         // typ is *W
	field  int          // index of the value field in W
	offset uintptr      // its offset
	vtype  reflect.Type // its type
}

// newUnionInfo validates a union registration: iface must be a non-empty
// interface type (given as a nil pointer to it), every case a wrapper
// struct, or a pointer to one, that implements it, with exactly one
// exported field tagged with a case id unique in the union.
func newUnionInfo(union any, cases []any) (*unionInfo, error) {
	if union == nil {
		return nil, wrapf(ErrRegistration, "nil union: pass a nil pointer to the union's interface type, (*Animal)(nil)")
	}
	t := reflect.TypeOf(union)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Interface || t.NumMethod() == 0 {
		return nil, wrapf(ErrRegistration, "%v is not a union: a union is a non-empty interface type, passed as (*U)(nil)", reflect.TypeOf(union))
	}
	if len(cases) == 0 {
		return nil, wrapf(ErrRegistration, "union %v: no cases", t)
	}
	u := &unionInfo{typ: t, byID: map[uint32]*unionCase{}, byType: map[reflect.Type]*unionCase{}}
	for _, c := range cases {
		if c == nil {
			return nil, wrapf(ErrRegistration, "union %v: nil case: pass a nil pointer to the wrapper type, (*Animal_Dog)(nil)", t)
		}
		ct := reflect.TypeOf(c)
		uc := &unionCase{typ: ct, wrap: ct}
		if ct.Kind() == reflect.Pointer {
			uc.ptr, uc.wrap = true, ct.Elem()
		}
		if uc.wrap.Kind() != reflect.Struct {
			return nil, wrapf(ErrRegistration, "union %v: case %v is not a wrapper struct (or a pointer to one)", t, ct)
		}
		if !ct.Implements(t) {
			if uc.ptr && uc.wrap.Implements(t) {
				// Value receivers: the interface holds W, not *W.
				uc.typ, uc.ptr = uc.wrap, false
			} else {
				return nil, wrapf(ErrRegistration, "union %v: case %v does not implement it", t, ct)
			}
		}
		uc.field = -1
		for i := 0; i < uc.wrap.NumField(); i++ {
			sf := uc.wrap.Field(i)
			if !sf.IsExported() {
				continue
			}
			if uc.field >= 0 {
				return nil, wrapf(ErrRegistration, "union %v: case %v has more than one exported field", t, uc.wrap)
			}
			opts, err := parseFieldTag(sf.Tag.Get("fury"))
			if err != nil || opts.tagID < 0 {
				return nil, wrapf(ErrRegistration, "union %v: field %v.%s needs its case id as `fury:\"id=N\"`", t, uc.wrap, sf.Name)
			}
			uc.id, uc.field, uc.offset, uc.vtype = uint32(opts.tagID), i, sf.Offset, sf.Type
		}
		if uc.field < 0 {
			return nil, wrapf(ErrRegistration, "union %v: case %v has no exported field for its value", t, uc.wrap)
		}
		if o, dup := u.byID[uc.id]; dup {
			return nil, wrapf(ErrRegistration, "union %v: cases %v and %v both have id %d", t, o.typ, uc.typ, uc.id)
		}
		if o, dup := u.byType[uc.typ]; dup && o.typ == uc.typ {
			return nil, wrapf(ErrRegistration, "union %v: case %v given twice", t, uc.typ)
		}
		u.byID[uc.id], u.byType[uc.typ] = uc, uc
		// With value receivers both W and *W implement the union: an
		// interface holding either form travels as the case (and reads
		// back in the form registered).
		for _, alt := range []reflect.Type{uc.wrap, reflect.PointerTo(uc.wrap)} {
			if _, seen := u.byType[alt]; !seen && alt.Implements(t) {
				u.byType[alt] = uc
			}
		}
		u.cases = append(u.cases, uc)
	}
	sort.Slice(u.cases, func(i, j int) bool { return u.cases[i].id < u.cases[j].id })
	return u, nil
}

// same reports whether two registrations of one union agree.
func (u *unionInfo) same(o *unionInfo) bool {
	if u == nil || o == nil {
		return u == o
	}
	if u.typ != o.typ || len(u.cases) != len(o.cases) {
		return false
	}
	for i, c := range u.cases {
		if c.id != o.cases[i].id || c.typ != o.cases[i].typ {
			return false
		}
	}
	return true
}

// RegisterUnion registers a union type under a numeric id (the peers'
// register_union(cls, type_id=...)): union is a nil pointer to the union's
// interface type, cases nil pointers to its wrapper types (values, for
// wrappers whose methods have value receivers). See "Unions" in the
// package documentation.
func (f *Fury) RegisterUnion(union any, id uint32, cases ...any) error {
	if err := f.check(); err != nil {
		return err
	}
	return f.regs.registerUnion(union, cases, &registration{byID: true, id: id})
}

// RegisterNamedUnion registers a union type under a namespace and type
// name (see RegisterUnion).
func (f *Fury) RegisterNamedUnion(union any, namespace, name string, cases ...any) error {
	if err := f.check(); err != nil {
		return err
	}
	return f.regs.registerUnion(union, cases, &registration{ns: namespace, name: name})
}

// RegisterUnion registers a union type under a numeric id for the
// package-level Marshal and Unmarshal (see Fury.RegisterUnion).
func RegisterUnion(union any, id uint32, cases ...any) error {
	return defaultRegs.registerUnion(union, cases, &registration{byID: true, id: id})
}

// RegisterNamedUnion registers a union type under a namespace and type name
// for the package-level Marshal and Unmarshal (see Fury.RegisterUnion).
func RegisterNamedUnion(union any, namespace, name string, cases ...any) error {
	return defaultRegs.registerUnion(union, cases, &registration{ns: namespace, name: name})
}

func (h *registryRef) registerUnion(union any, cases []any, reg *registration) error {
	u, err := newUnionInfo(union, cases)
	if err != nil {
		return err
	}
	reg.union = u
	for {
		old := h.p.Load()
		next, err := old.with(u.typ, reg)
		if err != nil || next == old {
			return err
		}
		if h.p.CompareAndSwap(old, next) {
			return nil
		}
	}
}

// fillUnion fills the type info of a registered union's interface type
// (c nil) or of one of its case types (a value of which travels as the
// union, in an interface{} for example).
func (r *resolver) fillUnion(ti *typeInfo, reg *registration, c *unionCase) error {
	u := reg.union
	ti.named = !reg.byID
	ti.userID = reg.id
	ti.id = tidTypedUnion
	if ti.named {
		ti.id = tidNamedUnion
		if err := r.setNames(ti, reg.ns, reg.name); err != nil {
			return err
		}
	}
	ti.nilable, ti.refable = true, true
	ti.iface = c == nil
	if c != nil && c.ptr {
		// A *W is the wrapper the union interface holds: one identity.
		ti.refWord = typeWord(u.typ)
	}
	uc := &unionCodec{u: u, self: c, ti: ti}
	ti.codec = uc
	if r.compatible && ti.named {
		ti.typeDef = encodeTypeDef(ti)
	}
	return nil
}

// unionCodec writes and reads the data of a union value: the case id and
// the case's value. self is nil for the union's interface type, else the
// case whose wrapper type the codec is for.
type unionCodec struct {
	u    *unionInfo
	self *unionCase
	ti   *typeInfo
}

// valueInfo returns the type info of case c's value.
func (c *unionCodec) valueInfo(r *resolver, uc *unionCase) (*typeInfo, error) {
	vti, err := r.typeInfoOf(uc.vtype)
	if err != nil {
		return nil, wrapf(ErrUnsupportedType, "union %v, case %v: %v", c.u.typ, uc.typ, err)
	}
	return vti, nil
}

func (c *unionCodec) write(e *encoder, p unsafe.Pointer) error {
	var v reflect.Value
	if c.self != nil {
		v = reflect.NewAt(c.ti.typ, p).Elem()
	} else {
		v = reflect.NewAt(c.u.typ, p).Elem()
		if v.IsNil() {
			return wrapf(ErrInvalidArgument, "nil union %v where a value is required: set a case, or tag the field nullable", c.u.typ)
		}
		v = v.Elem()
	}
	uc := c.u.byType[v.Type()]
	if uc == nil {
		return wrapf(ErrInvalidArgument, "%v is not a registered case of union %v", v.Type(), c.u.typ)
	}
	var wp unsafe.Pointer
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return wrapf(ErrInvalidArgument, "union %v holds a nil %v", c.u.typ, uc.typ)
		}
		wp = v.UnsafePointer()
	} else {
		// The interface holds its own copy of the wrapper; reading it
		// through a fresh one keeps the copy untouched.
		w := reflect.New(uc.wrap)
		w.Elem().Set(v)
		wp = w.UnsafePointer()
	}
	vti, err := c.valueInfo(e.r, uc)
	if err != nil {
		return err
	}
	if err := e.enter(); err != nil {
		return err
	}
	e.buf.WriteVaruint32(uc.id)
	// The case's type is known to the reader: a list or map case has its
	// elements declared, as pyfory writes them.
	err = e.writeFullC(vti, declaredCodec(vti), unsafe.Add(wp, uc.offset), true, true, true)
	e.depth--
	return err
}

func (c *unionCodec) read(d *decoder, p unsafe.Pointer) error {
	id, err := d.buf.ReadVaruint32()
	if err != nil {
		return err
	}
	uc := c.u.byID[id]
	if uc == nil {
		return wrapf(ErrInvalidData, "union %v has no case %d", c.u.typ, id)
	}
	if c.self != nil && uc != c.self {
		// c.self is the case of the destination's wrapper type.
		return wrapf(ErrTypeMismatch, "union %v: case %d (%v) cannot fill %v", c.u.typ, id, uc.typ, c.self.typ)
	}
	vti, err := c.valueInfo(d.r, uc)
	if err != nil {
		return err
	}
	if err := d.charge(1, uc.wrap.Size(), uc.wrap); err != nil {
		return err
	}
	if err := d.enter(); err != nil {
		return err
	}
	w := reflect.New(uc.wrap)
	if uc.ptr && d.pending >= 0 {
		// The union's identity is its wrapper's: claim it before the
		// case's value, which may refer back to it (w := &U_Self{};
		// w.U = w), as a struct pointer is claimed before its fields.
		d.claim(w.Interface())
	}
	err = d.readFull(vti, unsafe.Add(w.UnsafePointer(), uc.offset), true, true, true)
	d.depth--
	if err != nil {
		return wrapf(sentinelOf(err), "union %v, case %d (%v): %v", c.u.typ, id, uc.typ, err)
	}
	if c.self != nil {
		// A destination of the wrapper's own type (or a pointer to it).
		if c.ti.typ.Kind() == reflect.Pointer {
			reflect.NewAt(c.ti.typ, p).Elem().Set(w)
		} else {
			reflect.NewAt(c.ti.typ, p).Elem().Set(w.Elem())
		}
		return nil
	}
	val := w
	if !uc.ptr {
		val = w.Elem()
	}
	reflect.NewAt(c.u.typ, p).Elem().Set(val)
	return nil
}

// readUnionValue reads the data of a union no Go type is registered for
// (or that is skipped) as a UnionValue.
func (d *decoder) readUnionValue() (any, error) {
	id, err := d.buf.ReadVaruint32()
	if err != nil {
		return nil, err
	}
	if err := d.enter(); err != nil {
		return nil, err
	}
	v, err := d.readValueByFT(unknownFT, true, true, true)
	d.depth--
	if err != nil {
		return nil, err
	}
	return UnionValue{Case: id, Value: v}, nil
}
