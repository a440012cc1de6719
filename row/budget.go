package row

import (
	"math"

	"github.com/fury-go/fury/fury"
)

// Option configures an Encoder (see NewEncoder).
type Option func(*options)

// options are what Options set.
type options struct {
	maxDecoded int64
	err        error
}

// WithMaxDecodedBytes sets the most Go memory decoding one row may
// allocate for the value it builds (slices, maps, pointees, strings),
// whatever the row's length; a row that needs more fails with an error
// wrapping fury.ErrTooLarge. The default (n == 0) is fury's decode memory
// budget for the row's length, fury.DecodeBudgetFloor +
// fury.DecodedBytesPerInputByte × its bytes (256 KiB + 96 bytes a byte),
// or less for a destination type whose Go values take few bytes per row
// byte: by default what decoding a row allocates is bounded by its length,
// whatever it holds. Raise it for a destination whose Go values are far
// larger than their rows (a struct with a large array field tagged
// fury:"-"). A negative n makes NewEncoder fail with an error wrapping
// fury.ErrInvalidArgument.
func WithMaxDecodedBytes(n int64) Option {
	return func(o *options) {
		if n < 0 {
			o.err = errorf(errInvalidArgument, "WithMaxDecodedBytes(%d): must be 0, for the default, or more", n)
			return
		}
		o.maxDecoded = n
	}
}

// goLimit returns the Go memory decoding a row of n bytes may allocate,
// with destination ratio factor (see memFactor) and the configured budget
// (0: the default).
func goLimit(n, factor int, configured int64) uint64 {
	if configured > 0 {
		return uint64(configured)
	}
	own := mulSat(uint64(factor), uint64(n)) + 4096
	def := uint64(math.MaxInt64)
	if int64(n) <= (math.MaxInt64-fury.DecodeBudgetFloor)/fury.DecodedBytesPerInputByte {
		def = uint64(fury.DecodeBudgetFloor + fury.DecodedBytesPerInputByte*int64(n))
	}
	return min(own, def)
}
