package fury

import (
	"errors"
	"io"
	"math"
	"reflect"
)

// Deserialize reads a message from a Buffer that may hold more messages
// after it. A message does not record its length, and its decode budget
// (DecodeBudgetFloor + DecodedBytesPerInputByte per input byte) must come
// from its own bytes, not from the rest of the Buffer: otherwise a hostile
// message followed by many others would build a value sized by all of
// them. Finding the message's end first (with the stream scanner,
// stream_scan.go) costs about as much as decoding it, so Deserialize does
// that only when it must:
//
//   - It decodes with the budget of the Buffer's first wholeBufferBudget
//     bytes at most (twice the floor), and once decoded holds the message
//     to the budget of the bytes it took (ownBudget): so it succeeds or
//     fails as Unmarshal of those bytes does, and builds no more than
//     twice the floor beyond what its own budget allows.
//   - Only a message over that first budget, in a Buffer longer than
//     wholeBufferBudget, is decoded again: its end found by the scanner,
//     with the budget of its own bytes (deserializeAlone).

// wholeBufferBudget is the number of input bytes whose budget a first
// decode may use: their budget is at most twice the floor.
const wholeBufferBudget = DecodeBudgetFloor / DecodedBytesPerInputByte

// ownBudget is the error for a message of n input bytes (and the
// out-of-band buffers) that spent more of the decode budget than its own
// bytes give it; preset is the budget the decode was started without.
func (d *decoder) ownBudget(n int, buffers [][]byte, preset int64) error {
	if d.maxDecoded != 0 {
		return nil
	}
	for _, b := range buffers {
		n += len(b)
	}
	if own := decodeBudget(0, n); d.limit-preset-d.buf.Budget() > own {
		return wrapf(ErrTooLarge, "decoded strings and arrays need more than the decode memory budget of %d bytes (see WithMaxDecodedBytes)", own)
	}
	return nil
}

// deserializeAlone decodes the message at start in buf, which took more
// than the first budget, with the budget of its own bytes: it finds the
// message's end, then decodes those bytes only.
func (f *Fury) deserializeAlone(buf *Buffer, v any, buffers [][]byte, start int) error {
	all := buf.b.Bytes()
	n, err := f.messageLen(v, all[start:])
	if err != nil {
		return err
	}
	if n <= wholeBufferBudget {
		// The first decode had more than this message's budget.
		return wrapf(ErrTooLarge, "decoded strings and arrays need more than the decode memory budget of %d bytes (see WithMaxDecodedBytes)", decodeBudget(0, n))
	}
	buf.b.SetBytes(all[: start+n : start+n])
	buf.b.SetReaderIndex(start)
	err = f.deserialize(&buf.b, v, buffers)
	end := buf.b.ReaderIndex()
	buf.b.SetBytes(all)
	buf.b.SetReaderIndex(end)
	return err
}

// messageLen returns the length of the message at the start of data, read
// into what v points to, or the error that ends the scan: ErrTruncated
// when data ends inside the message.
func (f *Fury) messageLen(v any, data []byte) (int, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return 0, wrapf(ErrInvalidArgument, "Deserialize needs a non-nil pointer, got %T", v)
	}
	f.sync()
	ti, err := f.r.typeInfoOf(rv.Type().Elem())
	if err != nil {
		return 0, err
	}
	d := f.scan
	if d == nil {
		d = &Decoder{f: f}
		f.scan = d
	}
	// The whole input is at hand: the scanner reads nothing more.
	d.buf, d.start, d.end, d.limit, d.rerr = data, 0, len(data), math.MaxInt, io.EOF
	n, err := d.scan(ti)
	d.buf = nil
	if errors.Is(err, io.EOF) {
		err = wrapf(ErrTruncated, "empty input: no message to read")
	}
	return n, err
}
