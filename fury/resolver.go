package fury

import (
	"hash/fnv"
	"reflect"
	"strconv"
	"unsafe"
)

type registration struct {
	byID   bool
	id     uint32
	ns     string
	name   string
	isEnum bool
	union  *unionInfo // a union's interface type (see RegisterUnion)
}

// same reports whether two registrations of one type agree.
func (g *registration) same(o *registration) bool {
	return g.byID == o.byID && g.id == o.id && g.ns == o.ns && g.name == o.name && g.isEnum == o.isEnum &&
		g.union.same(o.union)
}

type nameKey struct{ ns, name string }

// resolver maps Go types to their plans and wire identities to Go types.
// It belongs to one Fury and is not safe for concurrent use.
type resolver struct {
	compatible     bool
	refTracking    bool
	trackAllFields bool // WithTrackAllFields
	noGenerated    bool // ignore furygen output (WithGeneratedCode(false))
	genInUse       bool // some struct's plan has generated code (see Fury.fieldPathError)
	pythonForms    bool // write pyfory's form where it departs from the spec (WithPythonForms)

	reg  *registry                // the registrations the plans were built under
	auto map[nameKey]reflect.Type // auto-named (unregistered) structs

	byType         map[reflect.Type]*typeInfo
	byWord         map[unsafe.Pointer]*typeInfo // same, keyed by runtime type word
	lastW          unsafe.Pointer               // one-entry cache for byWord
	lastTI         *typeInfo
	idCache        [2][]*typeInfo          // lookupByID results (struct, enum) for small ids
	remotes        map[string]*remoteDef   // parsed TypeDefs by their bytes
	remoteByHeader map[uint64]*remoteDef   // the same by header word (one per header)
	metas          map[metaKey]*metaString // interned, so a message can refer back to them
	autoNames      int                     // auto names added to auto so far (see resolveDef)
	remoteBytes    int64                   // what remotes holds (see MaxCachedTypeDefBytes)
}

func newResolver(compatible, refTracking bool) *resolver {
	return &resolver{
		compatible:     compatible,
		refTracking:    refTracking,
		reg:            emptyRegistry,
		auto:           map[nameKey]reflect.Type{},
		byType:         map[reflect.Type]*typeInfo{},
		byWord:         map[unsafe.Pointer]*typeInfo{},
		remotes:        map[string]*remoteDef{},
		remoteByHeader: map[uint64]*remoteDef{},
		metas:          map[metaKey]*metaString{},
	}
}

func idKey(kindID, userID uint32) uint64 { return uint64(kindID)<<32 | uint64(userID) }

func userKind(t reflect.Type) (isEnum bool, err error) {
	switch t.Kind() {
	case reflect.Struct:
		return false, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if t.Name() == "" || t.PkgPath() == "" {
			return false, wrapf(ErrRegistration, "%v: only named integer types can be registered as enums", t)
		}
		return true, nil
	}
	return false, wrapf(ErrRegistration, "%v: only structs and named integer types (enums) can be registered", t)
}

// typeInfoOf returns the cached plan for t, building it on first use.
func (r *resolver) typeInfoOf(t reflect.Type) (*typeInfo, error) {
	if ti, ok := r.byType[t]; ok {
		return ti, nil
	}
	return r.build(t)
}

// typeInfoOfAny is the hot-path lookup for the dynamic type of v (not nil).
func (r *resolver) typeInfoOfAny(v any) (*typeInfo, error) {
	w := efaceOf(&v).typ
	if w == r.lastW && w != nil {
		return r.lastTI, nil
	}
	ti, ok := r.byWord[w]
	if !ok {
		var err error
		if ti, err = r.typeInfoOf(reflect.TypeOf(v)); err != nil {
			return nil, err
		}
	}
	r.lastW, r.lastTI = w, ti
	return ti, nil
}

func (r *resolver) build(t reflect.Type) (*typeInfo, error) {
	if t.Kind() == reflect.Pointer {
		if t.Elem().Kind() == reflect.Pointer {
			// Refused below too, but decided here: type P *P would
			// otherwise resolve its pointee forever.
			return nil, wrapf(ErrUnsupportedType, "%v: pointers to pointers", t)
		}
		// Resolve the pointee first: a recursive struct then finds a
		// complete plan for pointers to itself.
		if _, err := r.typeInfoOf(t.Elem()); err != nil {
			return nil, err
		}
		if ti, ok := r.byType[t]; ok {
			return ti, nil
		}
	}
	if k := t.Kind(); k == reflect.Slice || k == reflect.Array || k == reflect.Map {
		// Resolve the structs of its elements first, for the same reason:
		// a struct reaching this container (a field []*T of T) would
		// otherwise find it published and not yet filled in, and take its
		// declared type (in the struct hash and TypeDef) without elements.
		if err := r.resolveStructsOf(t, nil); err != nil {
			return nil, err
		}
		if ti, ok := r.byType[t]; ok {
			return ti, nil
		}
	}
	ti := newTypeInfo(t)
	// Publish before filling in, so recursive types find themselves.
	r.byType[t] = ti
	r.byWord[ti.tword] = ti
	if err := r.fill(ti); err != nil {
		delete(r.byType, t)
		delete(r.byWord, ti.tword)
		return nil, err
	}
	return ti, nil
}

// resolveStructsOf resolves the struct types that the container or
// pointer type t holds: its elements, keys and pointees, and theirs, down
// to the first struct (or other type) on each path; seen holds the
// container types met on the way (type L []L holds itself).
func (r *resolver) resolveStructsOf(t reflect.Type, seen map[reflect.Type]bool) error {
	var parts []reflect.Type
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		parts = []reflect.Type{t.Elem()}
	case reflect.Map:
		parts = []reflect.Type{t.Key(), t.Elem()}
	}
	for _, c := range parts {
		switch c.Kind() {
		case reflect.Struct:
			if _, err := r.typeInfoOf(c); err != nil {
				return err
			}
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			if _, done := r.byType[c]; done || seen[c] {
				continue
			}
			if seen == nil {
				seen = map[reflect.Type]bool{}
			}
			seen[c] = true
			if err := r.resolveStructsOf(c, seen); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *resolver) fill(ti *typeInfo) error {
	t := ti.typ
	if reg, ok := r.reg.regs[t]; ok && reg.union != nil {
		return r.fillUnion(ti, reg, nil)
	}
	if u, ok := r.reg.cases[t]; ok {
		reg := r.reg.regs[u]
		if c := reg.union.byType[t]; c != nil {
			return r.fillUnion(ti, reg, c)
		}
	}
	if reg, ok := r.reg.regs[t]; ok && reg.isEnum {
		ti.isEnum = true
		ti.named = !reg.byID
		ti.userID = reg.id
		if reg.byID {
			ti.id = tidEnum
		} else {
			ti.id = tidNamedEnum
			if err := r.setNames(ti, reg.ns, reg.name); err != nil {
				return err
			}
		}
		ti.codec = newEnumCodec(t)
		if r.compatible && ti.named {
			ti.typeDef = encodeTypeDef(ti)
		}
		return nil
	}
	switch t {
	case timeType:
		ti.id, ti.codec = tidTimestamp, timestampCodec{}
		return nil
	case durationType:
		ti.id, ti.codec = tidDuration, durationCodec{}
		return nil
	case dateType:
		ti.id, ti.codec = tidDate, dateCodec{}
		return nil
	case decimalType:
		ti.id, ti.codec = tidDecimal, decimalCodec{}
		return nil
	case bigIntType:
		ti.id, ti.codec = tidDecimal, bigIntCodec{}
		return nil
	case unionValueType:
		ti.id, ti.codec = tidUnion, unionValueCodec{}
		return nil
	}
	if k, id := scalarKind(t); k != kOther {
		ti.kind, ti.id, ti.codec = k, id, scalarCodecs[k]
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		elem, err := r.typeInfoOf(t.Elem())
		if err != nil {
			return err
		}
		if elem.ptrElem != nil {
			return wrapf(ErrUnsupportedType, "%v: pointers to pointers", t)
		}
		ti.ptrElem = elem
		ti.ptrAny = elem.isAny
		ti.nilable, ti.refable = true, true
		ti.id = elem.id
		ti.codec = &ptrCodec{elem: elem, ptrType: t, scalar: isScalarKind(t.Elem().Kind())}
		return nil
	case reflect.Interface:
		ti.isAny, ti.nilable, ti.refable = true, true, true
		ti.iface = t.NumMethod() > 0
		ti.id = tidUnknown
		ti.codec = &anyCodec{ti: ti}
		return nil
	case reflect.Slice:
		ti.nilable = true
		if t == uint8ArrayType {
			ti.id, ti.codec = tidUint8Array, newArrayCodec(t, tidUint8Array)
			return nil
		}
		if t.Elem().Kind() == reflect.Uint8 && t.Elem().PkgPath() == "" && !listTypes[t] {
			ti.id, ti.codec = tidBinary, bytesCodec{}
			return nil
		}
		if !listTypes[t] {
			if id := primitiveArrayID(t.Elem()); id != 0 {
				ti.id, ti.codec = id, newArrayCodec(t, id)
				return nil
			}
		}
		elem, err := r.typeInfoOf(t.Elem())
		if err != nil {
			return err
		}
		if elem.ptrAny {
			return wrapf(ErrUnsupportedType, "%v: lists of pointers to interfaces", t)
		}
		ti.id, ti.refable = tidList, true
		ti.codec = newListCodec(r, t, elem)
		return nil
	case reflect.Array:
		if id := primitiveArrayID(t.Elem()); id != 0 {
			if id == tidBinary {
				id = tidBinary
			}
			ti.id, ti.codec = id, newArrayCodec(t, id)
			return nil
		}
		elem, err := r.typeInfoOf(t.Elem())
		if err != nil {
			return err
		}
		if elem.ptrAny {
			return wrapf(ErrUnsupportedType, "%v: arrays of pointers to interfaces", t)
		}
		ti.id = tidList
		ti.codec = newListCodec(r, t, elem)
		return nil
	case reflect.Map:
		ti.nilable, ti.refable = true, true
		key, err := r.typeInfoOf(t.Key())
		if err != nil {
			return err
		}
		if t.Elem() == emptyStruct || t.Implements(setMarker) && t.Elem().Size() == 0 {
			ti.id = tidSet
			ti.codec = newSetCodec(r, t, key)
			return nil
		}
		val, err := r.typeInfoOf(t.Elem())
		if err != nil {
			return err
		}
		if key.ptrAny || val.ptrAny {
			return wrapf(ErrUnsupportedType, "%v: maps of pointers to interfaces", t)
		}
		ti.id = tidMap
		ti.codec = newMapCodec(r, t, key, val)
		return nil
	case reflect.Struct:
		return r.fillStruct(ti)
	}
	return wrapf(ErrUnsupportedType, "%v (kind %v)", t, t.Kind())
}

type metaKey struct {
	s  string
	me *metaEncoder
}

func (r *resolver) metaString(s string, me *metaEncoder) (*metaString, error) {
	k := metaKey{s, me}
	if ms, ok := r.metas[k]; ok {
		return ms, nil
	}
	ms, err := newMetaString(s, me)
	if err != nil {
		return nil, err
	}
	r.metas[k] = ms
	return ms, nil
}

func (r *resolver) setNames(ti *typeInfo, ns, name string) error {
	var err error
	if ti.nsMeta, err = r.metaString(ns, nsEncoder); err != nil {
		return wrapf(sentinelOf(err), "namespace of %v: %v", ti.typ, err)
	}
	if ti.nameMeta, err = r.metaString(name, typeNameEncoder); err != nil {
		return wrapf(sentinelOf(err), "type name of %v: %v", ti.typ, err)
	}
	ti.ns, ti.name = ns, name
	return nil
}

func (r *resolver) fillStruct(ti *typeInfo) error {
	t := ti.typ
	reg := r.reg.regs[t]
	if reg == nil {
		// Unregistered structs are named after their Go package and type,
		// which is enough for Go-to-Go use; cross-language use needs
		// Register or RegisterTagType.
		reg = autoRegistration(t)
		k := nameKey{reg.ns, reg.name}
		if other, ok := r.reg.byName[k]; ok && other != t {
			return wrapf(ErrRegistration, "%v: auto name %s.%s clashes with %v, registered under it; register %v too", t, reg.ns, reg.name, other, t)
		}
		// Two unregistered types can share an auto name (types declared
		// inside functions): both are written under it, and a decode
		// reads it as the one its destination's type mentions (see
		// decoder.sameAutoName); the name lookup finds the first.
		if other, ok := r.auto[k]; !ok {
			r.auto[k] = t
			r.autoNames++
		} else if other != t {
			ti.twin = true
			if o := r.byType[other]; o != nil {
				o.twin = true
			}
		}
		ti.auto = true
	}
	ti.named = !reg.byID
	ti.userID = reg.id
	opts, err := structOptionsOf(t)
	if err != nil {
		return err
	}
	// A type that does not evolve (evolving=false) is a plain struct in
	// compatible mode too, as the peers write it: no schema hash there,
	// and by name a TypeDef only for the name.
	switch {
	case reg.byID && r.compatible && !opts.fixed:
		ti.id = tidCompatibleStruct
	case reg.byID:
		ti.id = tidStruct
	case r.compatible && !opts.fixed:
		ti.id = tidNamedCompatibleStruct
	default:
		ti.id = tidNamedStruct
	}
	if ti.named {
		if err := r.setNames(ti, reg.ns, reg.name); err != nil {
			return err
		}
	}
	st, err := r.buildStruct(ti)
	if err != nil {
		return err
	}
	ti.st = st
	ti.codec = st
	if r.compatible {
		ti.typeDef = encodeTypeDef(ti)
	}
	return nil
}

// anonStructNS is the namespace of struct types without a name.
const anonStructNS = "go.struct"

// autoRegistration names an unregistered struct type: by its package path
// and name, or, for a struct type without a name (struct{ X int } in a
// declaration, or one made by reflect.StructOf), by a hash of its type as
// Go spells it, under the namespace "go.struct". Two unnamed struct types
// that print the same (fields of same-named types from different
// packages) clash, which registration resolves.
func autoRegistration(t reflect.Type) *registration {
	if t.Name() != "" {
		return &registration{ns: t.PkgPath(), name: t.Name()}
	}
	h := fnv.New64a()
	h.Write([]byte(t.String()))
	return &registration{ns: anonStructNS, name: "S" + strconv.FormatUint(h.Sum64(), 36)}
}

// lookupByID finds the Go type registered under a user id.
func (r *resolver) lookupByID(kindID, userID uint32) (*typeInfo, error) {
	k, c := tidStruct, 0
	if kindID == tidEnum {
		k, c = tidEnum, 1
	}
	if kindID == tidTypedUnion || kindID == tidUnion {
		t, ok := r.reg.byID[idKey(tidUnion, userID)]
		if !ok {
			return nil, wrapf(ErrUnknownType, "no union registered with id %d", userID)
		}
		return r.typeInfoOf(t)
	}
	if cache := r.idCache[c]; userID < uint32(len(cache)) && cache[userID] != nil {
		return cache[userID], nil
	}
	t, ok := r.reg.byID[idKey(uint32(k), userID)]
	if !ok {
		return nil, wrapf(ErrUnknownType, "no type registered with id %d (wire type %d)", userID, kindID)
	}
	ti, err := r.typeInfoOf(t)
	if err == nil && userID < idCacheMax {
		if int(userID) >= len(r.idCache[c]) {
			r.idCache[c] = append(r.idCache[c], make([]*typeInfo, int(userID)+1-len(r.idCache[c]))...)
		}
		r.idCache[c][userID] = ti
	}
	return ti, err
}

// idCacheMax bounds the ids whose lookups are cached in a slice.
const idCacheMax = 4096

// lookupByName finds the Go type registered under a namespace and name.
func (r *resolver) lookupByName(ns, name string) (*typeInfo, error) {
	t, ok := r.lookupName(nameKey{ns, name})
	if !ok {
		return nil, wrapf(ErrUnknownType, "no type registered as %q", joinName(ns, name))
	}
	return r.typeInfoOf(t)
}

func joinName(ns, name string) string {
	if ns == "" {
		return name
	}
	return ns + "." + name
}

// lookupName finds the type registered, or auto-named, as k.
func (r *resolver) lookupName(k nameKey) (reflect.Type, bool) {
	if t, ok := r.reg.byName[k]; ok {
		return t, true
	}
	t, ok := r.auto[k]
	return t, ok
}
