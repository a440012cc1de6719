package fury

import (
	"reflect"
	"sync/atomic"
)

// Registrations live in an immutable registry behind an atomic pointer.
// Registering copies the registry, adds to the copy and swaps it in, so it
// is safe at any time, from any goroutine, while the registry is in use. A
// Fury loads the pointer once per call (one atomic load, a plain read on
// most machines) and, when it changed, drops the plans it built under the
// old registrations before going on.
type registry struct {
	regs   map[reflect.Type]*registration
	byID   map[uint64]reflect.Type       // (kind<<32 | user id) -> type
	byName map[nameKey]reflect.Type      // types registered by name
	cases  map[reflect.Type]reflect.Type // union case (wrapper) types -> their union's interface type
}

var emptyRegistry = &registry{
	regs:   map[reflect.Type]*registration{},
	byID:   map[uint64]reflect.Type{},
	byName: map[nameKey]reflect.Type{},
	cases:  map[reflect.Type]reflect.Type{},
}

// registryRef is where a registry is published: one per Fury made by New,
// and one shared by the pooled Furys of the package-level API.
type registryRef struct{ p atomic.Pointer[registry] }

func newRegistryRef() *registryRef {
	h := &registryRef{}
	h.p.Store(emptyRegistry)
	return h
}

// load returns the current registry.
func (h *registryRef) load() *registry { return h.p.Load() }

// register adds the registration of t, copying the registry.
func (h *registryRef) register(t reflect.Type, reg *registration) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	isEnum, err := userKind(t)
	if err != nil {
		return err
	}
	reg.isEnum = isEnum
	for {
		old := h.p.Load()
		next, err := old.with(t, reg)
		if err != nil || next == old {
			return err
		}
		if h.p.CompareAndSwap(old, next) {
			return nil
		}
	}
}

// with returns a registry that adds t's registration to g (g itself when
// it already holds the same registration).
func (g *registry) with(t reflect.Type, reg *registration) (*registry, error) {
	if old, ok := g.regs[t]; ok {
		if old.same(reg) {
			return g, nil
		}
		return nil, wrapf(ErrRegistration, "%v is already registered", t)
	}
	kindID := uint32(tidStruct)
	if reg.isEnum {
		kindID = tidEnum
	}
	if reg.union != nil {
		kindID = tidUnion
		for _, c := range reg.union.cases {
			if other, ok := g.cases[c.typ]; ok {
				return nil, wrapf(ErrRegistration, "%v is already a case of union %v", c.typ, other)
			}
			if _, ok := g.regs[c.wrap]; ok {
				return nil, wrapf(ErrRegistration, "union case %v is registered as a type of its own", c.wrap)
			}
		}
	} else if other, ok := g.cases[t]; ok {
		return nil, wrapf(ErrRegistration, "%v is a case of union %v", t, other)
	}
	var idk uint64
	var nk nameKey
	if reg.byID {
		idk = idKey(kindID, reg.id)
		if other, ok := g.byID[idk]; ok && other != t {
			return nil, wrapf(ErrRegistration, "id %d is already taken by %v", reg.id, other)
		}
	} else {
		if reg.name == "" {
			return nil, wrapf(ErrRegistration, "%v: empty type name", t)
		}
		nk = nameKey{reg.ns, reg.name}
		if other, ok := g.byName[nk]; ok && other != t {
			return nil, wrapf(ErrRegistration, "name %q is already taken by %v", joinName(reg.ns, reg.name), other)
		}
	}
	n := &registry{
		regs:   make(map[reflect.Type]*registration, len(g.regs)+1),
		byID:   make(map[uint64]reflect.Type, len(g.byID)+1),
		byName: make(map[nameKey]reflect.Type, len(g.byName)+1),
		cases:  make(map[reflect.Type]reflect.Type, len(g.cases)),
	}
	for k, v := range g.cases {
		n.cases[k] = v
	}
	if reg.union != nil {
		for _, c := range reg.union.cases {
			n.cases[c.wrap] = t // so that it is not registered as a type of its own
			n.cases[reflect.PointerTo(c.wrap)] = t
		}
	}
	for k, v := range g.regs {
		n.regs[k] = v
	}
	for k, v := range g.byID {
		n.byID[k] = v
	}
	for k, v := range g.byName {
		n.byName[k] = v
	}
	r := *reg
	n.regs[t] = &r
	if reg.byID {
		n.byID[idk] = t
	} else {
		n.byName[nk] = t
	}
	return n, nil
}

// sync makes f's plans agree with its registry: when a registration was
// added since the last call, the plans (which embed the wire identities
// of the types they reach) and the caches built from them are dropped.
func (f *Fury) sync() {
	if g := f.regs.load(); g != f.r.reg {
		f.r.useRegistry(g)
		f.lastOutW, f.lastOutTI, f.lastOutRF, f.lastOutReg = nil, nil, nil, nil
		f.lastInW, f.lastInRF, f.lastInReg = nil, nil, nil
	}
}

func (r *resolver) useRegistry(g *registry) {
	r.reg = g
	clear(r.byType)
	clear(r.byWord)
	clear(r.auto)
	r.clearRemotes()
	r.idCache = [2][]*typeInfo{}
	r.lastW, r.lastTI = nil, nil
}

// The package-level registry, used by the pooled Furys of Marshal and
// Unmarshal.
var defaultRegs = newRegistryRef()

// Register registers the type of v under a numeric id for the
// package-level Marshal and Unmarshal (see Fury.Register). It is safe at
// any time, also while other goroutines marshal. A Fury made with New
// keeps its own registrations and does not see these.
func Register(v any, id uint32) error {
	if v == nil {
		return wrapf(ErrRegistration, "nil value")
	}
	return defaultRegs.register(reflect.TypeOf(v), &registration{byID: true, id: id})
}

// RegisterTagType registers the type of v under a name ("example.Foo")
// for the package-level Marshal and Unmarshal (see Fury.RegisterTagType).
func RegisterTagType(tag string, v any) error {
	if v == nil {
		return wrapf(ErrRegistration, "nil value")
	}
	ns, name := splitTag(tag)
	return defaultRegs.register(reflect.TypeOf(v), &registration{ns: ns, name: name})
}

// RegisterNamed registers the type of v under a namespace and type name
// for the package-level Marshal and Unmarshal (see Fury.RegisterNamed).
func RegisterNamed(v any, namespace, name string) error {
	if v == nil {
		return wrapf(ErrRegistration, "nil value")
	}
	return defaultRegs.register(reflect.TypeOf(v), &registration{ns: namespace, name: name})
}
