package furyrt

import (
	"math"
	"reflect"
	"unsafe"
)

// The decode memory budget, as generated code charges it.
//
// Package fury charges every allocation a decode makes against a budget
// (see fury.WithMaxDecodedBytes) before making it. Generated readers that
// allocate themselves charge the same amounts at the same points through
// the functions below. Those of the containers they read inline report
// whether the charge fit; when it does not, the reader leaves the field to
// the runtime (returning to a Mark taken at its start), which charges
// again and reports the ErrTooLarge of the reflection path. NewPointee, for
// the structs that list elements point to, returns that error itself.

// Charges for memory whose size the Go type does not state; package fury
// charges the same.
const (
	// MinElemCharge is the least a list element is charged (elements that
	// take no memory can take no input, yet cost time to read).
	MinElemCharge = 32
	// MapSlotCost is the per-entry overhead of a Go map (control bytes,
	// growth slack).
	MapSlotCost = 8
	// MapHeaderCost is what a Go map costs before its first entry (the
	// runtime's map header, 48 bytes on 64-bit platforms): an empty map
	// is charged this much.
	MapHeaderCost = 48
)

// MapEntryCost is what one entry of a map with keys of k bytes and values
// of v bytes is charged. A Go map's groups hold 8 slots (and a control
// byte each) at a load of at most 7/8, and tables double as the map
// grows: the tables allocated while n entries go in hold about 4.6 n
// slots in all. A cost that does not fit in a uintptr (keys and values of
// hundreds of megabytes on a 32-bit platform) is the largest uintptr, which
// no budget holds.
func MapEntryCost(k, v uintptr) uintptr {
	const limit = (^uintptr(0) - MapSlotCost) / 5
	if k >= limit || v >= limit-k {
		return ^uintptr(0)
	}
	return 5*(k+v+1) + MapSlotCost
}

// charge takes count × size bytes from the decode budget, before they are
// allocated, when they fit in what is left of it (as the runtime's charge
// does), and reports whether they did; when they do not, it takes nothing.
func (b *Buffer) charge(count uint64, size uintptr) bool {
	if size != 0 && count > uint64(math.MaxInt64)/uint64(size) {
		return false
	}
	if need := int64(count * uint64(size)); need <= b.budget {
		b.budget -= need
		return true
	}
	return false
}

// ChargeSlice charges a slice of n elements of type E, as the runtime
// charges a list it decodes into a slice.
func ChargeSlice[E any](b *Buffer, n uint32) bool {
	return b.charge(uint64(n), max(unsafe.Sizeof(*new(E)), MinElemCharge))
}

// ChargeMap charges a map of n entries with keys K and values V, as the
// runtime charges a map (or a set, with V its element type, struct{}) it
// decodes.
func ChargeMap[K comparable, V any](b *Buffer, n uint32) bool {
	// The header and the entries in one step: both fit, or neither is
	// charged.
	e := MapEntryCost(unsafe.Sizeof(*new(K)), unsafe.Sizeof(*new(V)))
	if uint64(n) > uint64(math.MaxInt64)/uint64(e) {
		return false
	}
	if need := int64(uint64(n) * uint64(e)); b.budget >= MapHeaderCost && need <= b.budget-MapHeaderCost {
		b.budget -= MapHeaderCost + need
		return true
	}
	return false
}

// ChargeSet charges a set of n elements K with values V (struct{} or the
// value type of a named set type): the map and the element slice the
// runtime reads the elements into first.
func ChargeSet[K comparable, V any](b *Buffer, n uint32) bool {
	return ChargeMap[K, V](b, n) && b.charge(uint64(n), unsafe.Sizeof(*new(K)))
}

// ChargeNew charges a new T that a pointer will point to.
func ChargeNew[T any](b *Buffer) bool { return b.charge(1, unsafe.Sizeof(*new(T))) }

// ChargeNewInRun charges a new T (a *string's pointee) whose string
// generated code reads in one run with the strings before it: StringRun
// over those strings' n bytes, the pointer's one-byte not-null flag and
// the pointee's string. The runtime charges the n bytes, then the new T
// if it fits in what is left, then the pointee's string; StringRun
// charges all the bytes at once, the flag's with them. ChargeNewInRun
// reports whether the T would fit after the n bytes, as the runtime
// checks it, and when it does takes its size less the flag's byte, so
// that with StringRun's charge the run is charged what the runtime
// charges; when it does not, it takes nothing.
func ChargeNewInRun[T any](b *Buffer, n int) bool {
	if size := int64(unsafe.Sizeof(*new(T))); size <= b.budget-int64(n) {
		b.budget -= size - 1
		return true
	}
	return false
}

// NewPointee returns a new T for a pointer of type P (*T, or a named
// pointer type such as type PT *T) that generated code fills (a struct
// that a list element points to; Reader.BeginStructPtr makes those of
// fields), charged to the decode budget
// first, as the runtime charges it; over the budget, it returns the
// runtime's ErrTooLarge, which names P as the runtime names the pointer
// type it decodes.
func NewPointee[P ~*T, T any](r *Reader) (P, error) {
	size := unsafe.Sizeof(*new(T))
	if !r.buf.charge(1, size) {
		return nil, r.eng.Charge(1, size, reflect.TypeFor[P]())
	}
	return new(T), nil
}

// A Mark is a point of a decode that generated code can return to (see
// Buffer.Mark).
type Mark struct {
	off               int
	budget            int64
	slab              []byte
	slabOff, slabLast int
}

// Mark returns the state of the decode in progress: the read offset, the
// budget and the block strings and arrays are carved from. Generated code
// takes a Mark before reading a field inline and returns to it (Restore)
// when it leaves the field to the runtime, which then reads the field from
// its start exactly as the reflection path would have: with the budget it
// had there, taking memory from the block at the same points.
func (b *Buffer) Mark() Mark { return Mark{b.off, b.budget, b.slab, b.slabOff, b.slabLast} }

// Restore returns the decode to m. What was read since m must be dropped:
// the memory strings and arrays took from the block since m is handed
// back, to be reused, zeroed again (Alloc's pieces are zero, and the block
// outlives the decode).
func (b *Buffer) Restore(m Mark) {
	if m.slabOff < len(m.slab) {
		if unsafe.SliceData(m.slab) == unsafe.SliceData(b.slab) {
			clear(m.slab[m.slabOff:max(b.slabOff, m.slabOff)])
		} else {
			clear(m.slab[m.slabOff:]) // carved on, then left for a fresh one
		}
	}
	b.off, b.budget, b.slab, b.slabOff, b.slabLast = m.off, m.budget, m.slab, m.slabOff, m.slabLast
}
