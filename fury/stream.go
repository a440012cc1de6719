package fury

import (
	"fmt"
	"io"
	"reflect"
)

// DefaultMaxMessageSize is the largest message an Encoder writes and a
// Decoder reads unless WithMaxMessageSize says otherwise: 64 MiB.
const DefaultMaxMessageSize = 64 << 20

// streamConfig holds the options only Encoder and Decoder use.
type streamConfig struct {
	maxMessage    int
	maxMessageSet bool
}

// WithMaxMessageSize bounds the size of one message in a stream, in bytes
// (default DefaultMaxMessageSize). A Decoder buffers at most this much
// input for one message and fails with ErrTooLarge past it, so a hostile
// stream cannot make it hold more memory; an Encoder refuses to write a
// larger message (ErrTooLarge) so that what it writes can be read back
// with the same setting. Values below 1 make every Encode and Decode fail
// with ErrInvalidArgument. Fury's own calls ignore this option.
func WithMaxMessageSize(n int) Option {
	return func(c *config) { c.stream.maxMessage, c.stream.maxMessageSet = n, true }
}

// streamSetup builds the Fury of an Encoder or Decoder and reads the
// stream options.
func streamSetup(opts []Option) (*Fury, int, error) {
	var c config
	for _, o := range opts {
		o(&c)
	}
	limit := DefaultMaxMessageSize
	var err error
	if c.stream.maxMessageSet {
		limit = c.stream.maxMessage
		if limit < 1 {
			err = wrapf(ErrInvalidArgument, "WithMaxMessageSize(%d): the size must be at least 1", limit)
		}
	}
	return New(opts...), limit, err
}

// ---- Encoder ---------------------------------------------------------------

// An Encoder writes values to an io.Writer, one serialized message after
// another with nothing in between: the same bytes as Marshal of each value,
// back to back, so any Fory reader that reads one value at a time (a
// Decoder, or a peer's deserialize on a buffer) can read them. Each Encode
// makes a single Write call. An Encoder is not safe for concurrent use.
type Encoder struct {
	w     io.Writer
	f     *Fury
	limit int
	buf   []byte
	err   error // sticky: an option error, or a failed or short Write
}

// NewEncoder returns an Encoder writing to w with a Fury configured by opts
// (the options of New, and WithMaxMessageSize).
func NewEncoder(w io.Writer, opts ...Option) *Encoder {
	f, limit, err := streamSetup(opts)
	if err == nil && w == nil {
		err = wrapf(ErrInvalidArgument, "NewEncoder: nil writer")
	}
	return &Encoder{w: w, f: f, limit: limit, err: err}
}

// Fury returns the Fury the Encoder serializes with, to register types on
// (before the first Encode), or nil for a nil Encoder. Do not use it
// concurrently with the Encoder.
func (e *Encoder) Fury() *Fury {
	if e == nil {
		return nil
	}
	return e.f
}

// Encode writes the serialized form of v. An error from serializing v
// (ErrUnsupportedType, ErrTooLarge, ...) writes nothing and leaves the
// Encoder usable; an error from the writer is returned by every later call,
// since the stream may then hold part of a message.
func (e *Encoder) Encode(v any) error {
	if e == nil || e.f == nil {
		return wrapf(ErrInvalidArgument, "an Encoder must be made by fury.NewEncoder (got a nil or zero Encoder)")
	}
	if e.err != nil {
		return e.err
	}
	out, err := e.f.MarshalAppend(e.buf[:0], v)
	if cap(out) <= 1<<20 {
		e.buf = out[:0] // reuse the buffer, up to a bound
	}
	if err != nil {
		return err
	}
	if len(out) > e.limit {
		return wrapf(ErrTooLarge, "message of %d bytes exceeds the stream limit of %d (WithMaxMessageSize)", len(out), e.limit)
	}
	n, err := e.w.Write(out)
	if err == nil && n != len(out) {
		err = io.ErrShortWrite
	}
	if err != nil {
		e.err = fmt.Errorf("fury: writing a message to the stream: %w", err)
		return e.err
	}
	return nil
}

// ---- Decoder ---------------------------------------------------------------

// A Decoder reads values from an io.Reader that holds serialized messages
// back to back, with no framing of any kind (as an Encoder, or a peer
// calling serialize repeatedly on one buffer or file, writes them). It
// reads from r in chunks and keeps the bytes past the current message for
// the next Decode (see Buffered), so it may read ahead of the message it
// returns, but never waits for input beyond the message it decodes.
//
// The wire format does not record a message's length, so Decode first
// finds where the message ends: it walks the message's structure (flags,
// type infos, counts and lengths) without building anything, calling Read
// whenever the bytes at hand end inside the message, and only then decodes
// the message's bytes, exactly as Unmarshal decodes them. So a message
// decodes the same whatever follows it in the stream: its decode memory
// budget (WithMaxDecodedBytes) is computed from its own length, and a
// message that arrives whole is decoded at once, however it was split
// into writes and however slowly it trickled in. The walk reads each byte
// once (an item cut by the end of the input, a few bytes, is read again
// when more arrives) and allocates nothing per value.
//
// A message may not exceed the limit set by WithMaxMessageSize (64 MiB by
// default): past it Decode fails with ErrTooLarge, having buffered no more
// than the limit.
//
// Decode reads from r only in the calling goroutine and only while it
// runs: no goroutine outlives it, there is nothing to close, and every
// byte it has taken from r and not decoded is in Buffered.
//
// A Decoder is not safe for concurrent use.
type Decoder struct {
	r          io.Reader
	f          *Fury
	limit      int
	buf        []byte // buf[start:end] is read but not yet decoded
	start, end int
	in         buffer
	rerr       error // the reader's error, once it returned one
	err        error // sticky: the stream cannot be read further
	examined   int   // bytes examined by all scans and decodes (tests)
	empties    int   // reads in a row that returned nothing
}

// NewDecoder returns a Decoder reading from r with a Fury configured by
// opts (the options of New, and WithMaxMessageSize). Decode copies strings
// and []byte even with WithAliasInput(true), since the Decoder reuses its
// buffer for the messages that follow.
func NewDecoder(r io.Reader, opts ...Option) *Decoder {
	f, limit, err := streamSetup(opts)
	if err == nil && r == nil {
		err = wrapf(ErrInvalidArgument, "NewDecoder: nil reader")
	}
	// Decode unmarshals slices of the Decoder's buffer, which later
	// messages overwrite: its Fury never aliases its input.
	f.in.SetAliasing(false)
	return &Decoder{r: r, f: f, limit: limit, err: err}
}

// Fury returns the Fury the Decoder deserializes with, to register types on
// (before the first Decode), or nil for a nil Decoder. Do not use it
// concurrently with the Decoder.
func (d *Decoder) Fury() *Fury {
	if d == nil {
		return nil
	}
	return d.f
}

// Buffered returns the bytes read from the reader but not yet decoded (nil
// for a nil Decoder): the rest of the stream starts with them. They are
// valid until the next Decode.
func (d *Decoder) Buffered() []byte {
	if d == nil {
		return nil
	}
	return d.buf[d.start:d.end]
}

// minRead is the least a Decoder asks the reader for.
const minRead = 4 << 10

// Decode reads the next message into the value v points to, as Unmarshal
// does (v is a non-nil pointer; the destination is replaced, not merged).
//
// At the end of the stream, when no byte of a next message was read, it
// returns io.EOF. When the stream ends inside a message, it returns an
// error matching both io.ErrUnexpectedEOF and ErrTruncated: the only
// errors that say the input is not complete. Errors from the reader are
// returned wrapped (errors.Is finds them). A v that is not a non-nil
// pointer gives ErrInvalidArgument, and a v whose type Fury cannot decode
// into ErrUnsupportedType (such as a *chan int); both consume nothing.
//
// Once the message's end is found, the message is consumed, whatever
// decoding it gives: an error then (ErrTypeMismatch, ErrSchemaMismatch,
// ErrTooLarge for the decode memory budget, ErrInvalidData for a value out
// of range, ...) is the error Unmarshal gives for the same bytes, and the
// next Decode reads the next message. When the end cannot be found (the
// structure itself is malformed, a struct is not registered, the message
// is over the stream limit, the reader failed), the Decoder cannot find
// the next message either and returns the same error from every later
// call.
func (d *Decoder) Decode(v any) error {
	if d == nil || d.f == nil {
		return wrapf(ErrInvalidArgument, "a Decoder must be made by fury.NewDecoder (got a nil or zero Decoder)")
	}
	if d.err != nil {
		return d.err
	}
	if err := d.f.check(); err != nil {
		return err
	}
	ti, err := d.f.destination(v)
	if err != nil {
		return err // nothing read
	}
	n, err := d.scan(ti)
	if err != nil {
		d.err = err
		return err
	}
	msg := d.buf[d.start : d.start+n]
	d.start += n
	d.examined += n
	return d.f.Unmarshal(msg, v)
}

// destination returns the type info of what v points to, or the error
// decoding into v fails with before reading anything, whatever the input:
// v is not a non-nil pointer, or its type is one f cannot decode into.
func (f *Fury) destination(v any) (*typeInfo, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil, wrapf(ErrInvalidArgument, "Decode needs a non-nil pointer, got %T", v)
	}
	f.sync()
	return f.r.typeInfoOf(rv.Type().Elem())
}

// read makes Read calls into the buffer, for at least want more bytes (as
// many as the buffer has room for, but no more than the message limit
// allows), until one brings bytes or fails, and records the reader's error.
func (d *Decoder) read(want int) {
	p := d.room(want)
	for {
		m, err := d.r.Read(p)
		if d.took(m, err, len(p)) {
			return
		}
	}
}

// readError is the error for a reader that failed.
func (d *Decoder) readError() error {
	return fmt.Errorf("fury: reading the stream: %w", d.rerr)
}

// took records a Read of m bytes into buf[end:end+size] that returned err,
// and reports whether it ends the read: bytes arrived, or the reader
// failed (after 100 empty reads in a row, with io.ErrNoProgress).
func (d *Decoder) took(m int, err error, size int) bool {
	if m < 0 || m > size {
		d.rerr = wrapf(ErrInvalidArgument, "reader returned %d bytes for a %d-byte read", m, size)
		return true
	}
	d.end += m
	if err != nil {
		d.rerr = err
		return true
	}
	if m > 0 {
		d.empties = 0
		return true
	}
	if d.empties++; d.empties > 100 {
		d.rerr = io.ErrNoProgress
		return true
	}
	return false
}

// room makes room in buf for a read of about want more bytes (within the
// limit) and returns the slice to read into.
func (d *Decoder) room(want int) []byte {
	n := d.end - d.start
	room := d.limit - n
	if room <= 0 {
		room = 1 // at the limit: one more byte tells a full buffer from EOF
	}
	want = min(want, room)
	if c := cap(d.buf); c-d.end < want {
		if need := n + want; need <= c && (c <= 1<<20 || need >= c/4) {
			copy(d.buf[:c], d.buf[d.start:d.end]) // room at the front: compact
		} else {
			// Grow geometrically, or shrink after a large message.
			size := need
			if need > c {
				size = max(need, min(2*c, d.limit+minRead))
			}
			nb := make([]byte, size)
			copy(nb, d.buf[d.start:d.end])
			d.buf = nb
		}
		d.start, d.end = 0, n
	}
	d.buf = d.buf[:cap(d.buf)]
	return d.buf[d.end : d.end+min(cap(d.buf)-d.end, room)]
}

// unexpectedEOF is the error for a stream that ends inside a message.
type unexpectedEOF struct {
	n     int
	cause error
}

func (e *unexpectedEOF) Error() string {
	msg := fmt.Sprintf("fury: the stream ends inside a message (%d bytes of it read)", e.n)
	if e.cause != nil {
		msg += ": " + e.cause.Error()
	}
	return msg
}

func (e *unexpectedEOF) Unwrap() []error {
	if e.cause == nil {
		return []error{io.ErrUnexpectedEOF, ErrTruncated}
	}
	return []error{io.ErrUnexpectedEOF, ErrTruncated, e.cause}
}
