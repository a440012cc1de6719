package fury

import (
	"unsafe"
)

// Hooks for generated code that writes and reads maps, nested lists and
// time values inline.
//
// Generated code handles the wire shapes the runtime writes for declared
// key, value and element types without reference tracking, and gives
// anything else back to the runtime: a writer checks up front (RefTracking,
// CanNest, DirectArrays), or drops what it wrote (Rewind: an enum value that
// is no ordinal), and calls WriteField; a reader moves back to where the
// field began (furyrt.Buffer.SetReaderIndex) and calls ReadField, which then
// reads the field, or reports the error, exactly as the reflection path
// does.

// WriteDuration writes a time.Duration as the runtime does.
func (w *genWriter) WriteDuration(p unsafe.Pointer) {
	_ = durationCodec{}.write((*encoder)(w), p)
}

// ReadDuration reads time.Duration field i as the runtime does.
func (r *genReader) ReadDuration(i int, p unsafe.Pointer) error {
	return r.check(i, durationCodec{}.read((*decoder)(r), p))
}

// WriteDate writes Date field i as the runtime does.
func (w *genWriter) WriteDate(i int, p unsafe.Pointer) error {
	if err := (dateCodec{}).write((*encoder)(w), p); err != nil {
		return w.wrap(i, err)
	}
	return nil
}

// ReadDate reads Date field i as the runtime does.
func (r *genReader) ReadDate(i int, p unsafe.Pointer) error {
	return r.check(i, dateCodec{}.read((*decoder)(r), p))
}

// WriteDecimal writes Decimal field i as the runtime does.
func (w *genWriter) WriteDecimal(i int, p unsafe.Pointer) (err error) {
	if !w.netted {
		defer w.catch(&err, w.gw.Plan(), w.depth)
	}
	if err := (decimalCodec{}).write((*encoder)(w), p); err != nil {
		return w.wrap(i, err)
	}
	return nil
}

// ReadDecimal reads Decimal field i as the runtime does.
func (r *genReader) ReadDecimal(i int, p unsafe.Pointer) error {
	return r.check(i, decimalCodec{}.read((*decoder)(r), p))
}

func (r *genReader) check(i int, err error) error {
	if err != nil {
		return r.wrap(i, err)
	}
	return nil
}
