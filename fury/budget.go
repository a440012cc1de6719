package fury

import (
	"math"
	"reflect"

	"github.com/fury-go/fury/fury/furyrt"
)

// The decode memory budget.
//
// Every allocation a decode makes for the value it builds is charged
// against a budget before it is made, by what the destination costs (a
// slice of n elements costs n × the element size, a map its entries and
// buckets, a big.Int its words, an interface{} its box, a TypeDef its
// fields), not by the bytes the input spends on it: a list can declare a
// million elements that take no bytes each. Pieces whose size the input
// itself bounds (strings and primitive arrays, at most two bytes a wire
// byte) are counted piece by piece as they are taken (rounded up to 8
// bytes, whether it is memory of its own or, with WithSharedBlocks(true),
// a piece of the shared block; that block's room not yet carved, under
// 8 KiB, is carried over to the next decode and counted there as it is
// carved), and an overrun fails the
// decode at the next charge or at its end. A decode that would go over the
// budget fails with ErrTooLarge naming what it was asked to allocate.
//
// The default budget is DecodeBudgetFloor + DecodedBytesPerInputByte ×
// the input length (out-of-band buffers count as input); WithMaxDecodedBytes
// replaces it with a fixed number. So by default what a decode allocates is
// bounded by its input, whatever the input holds and whatever the
// destination: a 2.6 KB message can make a decode allocate at most 256 KiB
// + 96 × 2.6 KB ≈ 500 KB, and a server decoding untrusted messages holds
// at most that much per message in flight.
//
// The constant is chosen from the legitimate values (what Marshal writes
// from a Go value) whose decoding is charged the most per input byte,
// measured by TestDecodeBudgetWorstCases in every mode (the package
// documentation has the table): the worst is a list of pointers to empty
// maps, or to structs holding an empty map, at 88 bytes a byte (one input
// byte, the map's length, buys a list slot, a pointee and a map header).
// Every such value fits the default budget, unless it holds more than
// about 8,000 elements that take no input bytes at all (a []struct{}, a
// list of nil interface values of type none), or values whose Go type is
// far larger than what they write (a struct with a large array field
// tagged fury:"-", a decimal with a large exponent read into a big.Int);
// those need WithMaxDecodedBytes.
const (
	// DecodeBudgetFloor is the part of the default decode memory budget
	// that does not depend on the input (256 KiB): room for 8192
	// elements that take no input bytes (the most a list may declare
	// beyond the bytes left to back them), and for the TypeDefs and
	// tables of a small message.
	DecodeBudgetFloor = 256 << 10
	// DecodedBytesPerInputByte is what each input byte adds to the
	// default decode memory budget: a decode of n bytes may allocate up
	// to DecodeBudgetFloor + 96 × n bytes.
	DecodedBytesPerInputByte = 96
)

// WithMaxDecodedBytes sets the decode memory budget: how many bytes one
// Unmarshal or Deserialize may allocate for the value it builds, whatever
// the input's length. Input that needs more fails with ErrTooLarge. The
// default (n == 0 selects it) is DecodeBudgetFloor +
// DecodedBytesPerInputByte × the input length (256 KiB + 96 × the input);
// a negative n is an invalid option (see New). Raise it to read messages
// whose Go values are much larger than their bytes (see the package
// documentation's table); a service reading untrusted input should keep
// the default, or a fixed bound it can afford per message in flight.
func WithMaxDecodedBytes(n int64) Option {
	return func(c *config) {
		if n < 0 {
			c.invalid("WithMaxDecodedBytes", "%d bytes (must be 0, for the default, or more)", n)
			return
		}
		c.maxDecoded = n
	}
}

// Costs charged for values whose size the Go type does not state.
const (
	boxCost = 24 // an interface{} holding a value that is not pointer-shaped (a slice's box is 24 bytes)
	refCost = 32 // an entry of the reference table, with growth slack (see refTable)

	// Elements and fields that take no memory can take no input either (a
	// list of struct{} elements of type none, a TypeDef field of type
	// none), yet each costs time to read: each is charged at least this,
	// which bounds a decode to a few million of them.
	minElemCharge = furyrt.MinElemCharge // generated code charges the same (furyrt.ChargeSlice)
	stepCharge    = 32
)

// decodeBudget returns the budget of a decode of n input bytes with the
// configured limit (0: the default). Every decode (Unmarshal,
// Deserialize, the stream Decoder) computes its budget here.
func decodeBudget(limit int64, n int) int64 {
	if limit > 0 {
		return limit
	}
	if n < 0 {
		n = 0
	}
	if int64(n) > (math.MaxInt64-DecodeBudgetFloor)/DecodedBytesPerInputByte {
		return math.MaxInt64
	}
	return DecodeBudgetFloor + int64(n)*DecodedBytesPerInputByte
}

// charge takes count × size bytes from the decode's budget before they are
// allocated for what (a reflect.Type or a string naming it).
// Counts come from varuint32s or lengths (below 2^32), so with a size
// below 2^31 the product cannot overflow; larger sizes take the slow path.
func (d *decoder) charge(count int, size uintptr, what any) error {
	if d.take(count, size) {
		return nil
	}
	return d.chargeSlow(count, size, what)
}

// take is charge's fast path, small enough to inline into hot codecs,
// which call chargeSlow (for the exact check and the error) when it fails.
func (d *decoder) take(count int, size uintptr) bool {
	if b, need := d.buf, int64(count)*int64(size); count >= 0 && size < 1<<31 && need <= b.Budget() {
		b.Spend(need)
		return true
	}
	return false
}

func (d *decoder) chargeSlow(count int, size uintptr, what any) error {
	if size != 0 && uint64(count) > uint64(math.MaxInt64)/uint64(size) {
		return d.overBudget(math.MaxInt64, what)
	}
	need := int64(count) * int64(size)
	if need > d.buf.Budget() {
		return d.overBudget(need, what)
	}
	d.buf.Spend(need)
	return nil
}

// chargeMap charges a map of n entries of key and value types kt and vt.
func (d *decoder) chargeMap(n int, kt, vt reflect.Type) error {
	if d.take(1, furyrt.MapHeaderCost) && d.take(n, mapEntryCost(kt.Size(), vt.Size())) {
		return nil
	}
	return d.chargeSlow(n, mapEntryCost(kt.Size(), vt.Size()), reflect.MapOf(kt, vt))
}

// mapEntryCost is what an entry of a map with keys of k bytes and values of
// v bytes costs (generated code charges the same: furyrt.ChargeMap).
func mapEntryCost(k, v uintptr) uintptr { return furyrt.MapEntryCost(k, v) }

func (d *decoder) overBudget(need int64, what any) error {
	used := d.limit - d.buf.Budget()
	// Spent: the budget stays negative from here, which tells a stream
	// Decoder that more input would not help (unless it raises the budget).
	d.buf.SetBudget(-1)
	switch w := what.(type) {
	case reflect.Type:
		return wrapf(ErrTooLarge, "decoding a %v would allocate %d bytes, over the decode memory budget of %d (%d used; see WithMaxDecodedBytes)", w, need, d.limit, used)
	default:
		return wrapf(ErrTooLarge, "decoding %v would allocate %d bytes, over the decode memory budget of %d (%d used; see WithMaxDecodedBytes)", w, need, d.limit, used)
	}
}

// checkBudget reports a budget overrun by pieces counted as they were
// carved (strings, arrays).
func (d *decoder) checkBudget() error {
	if d.buf.Budget() < 0 {
		return wrapf(ErrTooLarge, "decoded strings and arrays need more than the decode memory budget of %d bytes (see WithMaxDecodedBytes)", d.limit)
	}
	return nil
}

// presize is how many entries a map or set may be made with in advance:
// no more than the remaining input could fill at one byte an entry.
func (d *decoder) presize(n uint32) int {
	return int(min(uint64(n), uint64(d.buf.Remaining()), maxUnbackedItems))
}
