package fury

import (
	"errors"
	"fmt"
	"io"
	"math/bits"
	"reflect"
	"sync/atomic"
	"time"
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
// the next Decode, so it may read ahead of the message it returns.
//
// The wire format does not record a message's length, so a Decoder finds
// the end of a message by decoding it: when the bytes at hand end inside
// the message, it reads more and decodes again. It asks for enough to at
// least double what it has, but retries sooner when a read comes back
// short (the peer may be waiting for an answer), within a budget that keeps
// the total decoding work for a message of n bytes within O(n log n) however
// the input is split; what an attempt allocates counts as work too, at the
// default budget's rate (DecodedBytesPerInputByte). A message over the
// decode memory budget (WithMaxDecodedBytes) is tried again only once the
// input at hand doubles the budget, and not at all when the budget is
// fixed. So the attempts at a message allocate at most one budget for each
// doubling of the input. A message may not exceed the limit set by
// WithMaxMessageSize (64 MiB by default): past it Decode fails with
// ErrTooLarge, having buffered no more than the limit.
//
// Once the retries have used their budget, a Decoder waits for the input
// to double before it decodes again, unless the input pauses: when no Read
// returns within 5 ms (or twice the time the last attempt took), it
// decodes what it has, since a peer may have sent a whole message, in many
// small writes, and be waiting for an answer. That Read stays in flight:
// its bytes go to the next read, by this Decode or a later one (Buffered
// does not show them meanwhile). A peer that trickles a message in at just
// that pace keeps the Decoder busy at most a third of the time. The end of
// the stream (io.EOF) always ends the wait.
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
	examined   int   // bytes examined by all decoding attempts (tests)
	idle       int   // attempts made because the input paused (tests)
	spent      int64 // bytes the attempts at the current message charged to the decode budget
	lastSize   int   // size of the last message decoded

	pump     *pump         // reads in flight (see readOrIdle), or nil
	timer    *time.Timer   // the idle wait's, once made
	empties  int           // reads in a row that returned nothing
	lastTook time.Duration // how long the last failed attempt took
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
// for a nil Decoder). They are valid until the next Decode. The bytes of a
// Read still in flight (see Decoder) are not among them.
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
// error matching both io.ErrUnexpectedEOF and ErrTruncated. A message
// larger than the limit gives ErrTooLarge. Errors from the reader are
// returned wrapped (errors.Is finds them). A v that is not a non-nil
// pointer gives ErrInvalidArgument and consumes nothing; a well-formed
// message that does not convert into v (ErrTypeMismatch, ErrSchemaMismatch,
// or ErrUnknownType for a struct that v's type does not mention but that
// this Decoder's Fury knows) is skipped. A v whose type Fury cannot decode
// into (ErrUnsupportedType, such as a *chan int) consumes nothing either,
// and the stream stays usable. After any other error the Decoder cannot
// find the next message and returns the same error from every later call.
func (d *Decoder) Decode(v any) error {
	if d == nil || d.f == nil {
		return wrapf(ErrInvalidArgument, "a Decoder must be made by fury.NewDecoder (got a nil or zero Decoder)")
	}
	if d.err != nil {
		return d.err
	}
	var (
		target    int // next attempt once this many bytes are buffered
		floor     int // no attempt before this many (after a budget overrun)
		work      int // bytes examined by the failed attempts so far
		lastTried int // buffered size at the last attempt
		last      error
		over      bool // last went over the decode memory budget
		paused    bool // the input paused with an attempt owed
	)
	for {
		n := d.end - d.start
		owed := n > lastTried && n >= floor
		if owed && (paused || n >= target || d.rerr != nil || work+n <= retryBudget(n)) {
			if paused {
				d.idle++
			}
			paused = false
			d.spent = 0
			began := time.Now()
			used, err := d.attempt(v, n)
			if err == nil {
				d.start += used
				d.lastSize = used
				return nil
			}
			if !needsMoreInput(err) && (errors.Is(err, ErrTypeMismatch) || errors.Is(err, ErrSchemaMismatch) ||
				errors.Is(err, ErrUnknownType)) {
				// Perhaps a well-formed message that does not fit v (or
				// v's layout, or holds a struct v's type does not
				// mention): skip it, and the stream stays usable.
				serr := d.skipMessage()
				if serr == nil {
					return err
				}
				if needsMoreInput(serr) {
					err = serr
				}
			}
			if !needsMoreInput(err) {
				if errors.Is(err, ErrInvalidArgument) {
					return err // v itself was wrong: nothing read
				}
				if derr := d.f.destinationError(v); derr != nil {
					return derr // v's type cannot be decoded into: nothing read
				}
				d.err = err
				return err
			}
			if over = d.in.Budget() < 0; over {
				// Over the decode memory budget, not short of input:
				// more input helps only by raising the budget, which
				// the next attempt must at least double.
				if floor = d.budgetRetry(n); floor == 0 {
					d.err = err
					return err
				}
			}
			if n >= d.limit {
				d.err = wrapf(ErrTooLarge, "a message exceeds the stream limit of %d bytes (WithMaxMessageSize)", d.limit)
				return d.err
			}
			// An attempt's work is the input it examined and what it
			// allocated, at the default budget's rate (64 bytes count
			// as one byte examined): a short message that allocates
			// much is not decoded again for every byte that trickles
			// in, only when the input doubles.
			last, lastTried = err, n
			work += n + int(min(d.spent/DecodedBytesPerInputByte, int64(d.limit)))
			target = max(min(2*n, d.limit), floor)
			d.lastTook = time.Since(began)
			owed = false
		}
		if d.rerr != nil {
			switch {
			case over:
				d.err = last // the input at hand is over the budget; there is no more
			case d.rerr != io.EOF:
				d.err = fmt.Errorf("fury: reading the stream: %w", d.rerr)
			case n == 0:
				d.err = io.EOF
			default:
				d.err = &unexpectedEOF{n: n, cause: last}
			}
			return d.err
		}
		if owed {
			// An attempt is owed to the bytes at hand, but the retry
			// budget holds it back: make it anyway if the input pauses
			// (a peer may have sent the whole message and be waiting
			// for an answer).
			paused = !d.readOrIdle(max(target-n, minRead))
		} else {
			d.read(max(target-n, minRead))
		}
	}
}

// attempt decodes one message from the n buffered bytes into v and returns
// its size. When much more than the previous message's size is buffered it
// first offers the decoder only a window of about twice that size: what the
// decoder sets aside for the decoded value's strings and slices is sized
// after the input it is given, so the window keeps a stream of small messages
// from reserving memory for the messages behind them. A message that does not
// fit the window is decoded again from the whole buffer.
func (d *Decoder) attempt(v any, n int) (int, error) {
	if w := 2*d.lastSize + 256; d.lastSize > 0 && w < n {
		used, err := d.deserialize(v, w)
		if err == nil || !needsMoreInput(err) || d.in.Budget() < 0 && !d.budgetGrows(w, n) {
			return used, err
		}
	}
	return d.deserialize(v, n)
}

// budgetGrows reports whether decoding from more input, to bytes instead of
// from, gives a larger decode memory budget (see WithMaxDecodedBytes).
func (d *Decoder) budgetGrows(from, to int) bool {
	m := d.f.dec.maxDecoded
	return decodeBudget(m, to) > decodeBudget(m, from)
}

// budgetRetry returns how many bytes must be buffered before a message that
// went over the decode memory budget with n bytes is tried again: enough to
// double the budget, or the stream limit if that raises it less. It returns
// 0 when no input up to the limit raises the budget.
func (d *Decoder) budgetRetry(n int) int {
	next := min(2*max(n, DefaultMaxDecodedBytes/DecodedBytesPerInputByte), d.limit)
	if next <= n || !d.budgetGrows(n, next) {
		return 0
	}
	return next
}

func (d *Decoder) deserialize(v any, n int) (int, error) {
	d.examined += n
	return d.decodeAt(v, n)
}

// decodeAt decodes the first n buffered bytes into v and returns how many
// it used. A decode that may need more input adds what it charged to the
// decode memory budget to d.spent.
func (d *Decoder) decodeAt(v any, n int) (int, error) {
	d.in.SetBytes(d.buf[d.start : d.start+n])
	err := d.f.deserializeOne(&d.in, v)
	used := d.in.ReaderIndex()
	d.in.SetBytes(nil)
	if err != nil && needsMoreInput(err) {
		d.spent += d.f.dec.limit - d.in.Budget()
	}
	return used, err
}

// retryBudget is how many bytes the attempts at decoding one message may
// examine in all, when n bytes are buffered, before the Decoder waits for
// the buffered input to double: 2·n·log2(n).
func retryBudget(n int) int { return 2 * n * bits.Len(uint(n)) }

// destinationError returns the error decoding into v fails with before
// reading anything, whatever the input: v is not a non-nil pointer, or its
// type is one f cannot decode into.
func (f *Fury) destinationError(v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return wrapf(ErrInvalidArgument, "Decode needs a non-nil pointer, got %T", v)
	}
	f.sync()
	_, err := f.r.typeInfoOf(rv.Type().Elem())
	return err
}

// needsMoreInput reports whether a decoding error may be due to the input
// ending early: a truncated value, or a count or length larger than the
// input buffered so far.
func needsMoreInput(err error) bool {
	return errors.Is(err, ErrTruncated) || errors.Is(err, ErrTooLarge)
}

// skipMessage moves past a message that decoded into the wrong type, by
// decoding it again into an interface{}.
func (d *Decoder) skipMessage() error {
	var skipped any
	d.f.dec.skipping = true
	used, err := d.decodeAt(&skipped, d.end-d.start)
	d.f.dec.skipping = false
	if err == nil {
		d.start += used
	}
	return err
}

// read makes one Read call for at least want more bytes (as many as the
// buffer has room for, but no more than the message limit allows) and
// records the reader's error.
func (d *Decoder) read(want int) {
	if d.pump != nil {
		d.waitPump(false)
		return
	}
	p := d.room(want)
	for {
		m, err := d.r.Read(p)
		if d.took(m, err, len(p)) {
			return
		}
	}
}

// Idle waits: how long the input must pause before a Decoder makes an
// attempt that its retry budget holds back, at least idleWait, and at least
// idleFactor times the last failed attempt, so that a peer that trickles a
// message in at that pace keeps at most a third of the Decoder's time busy.
const (
	idleWait   = 5 * time.Millisecond
	idleFactor = 2
)

// A pump reads from a Decoder's reader in a goroutine of its own, into p
// (buf[base:base+len(p)]), which nothing else touches beyond base+got while
// it runs.
type pump struct {
	p        []byte
	base     int
	got      atomic.Int64  // bytes read into p so far, published after they are written
	progress chan struct{} // signalled (if empty) after each Read that brought bytes
	done     chan struct{} // closed when the goroutine ends; err is final then
	err      error
	bad      int // the count a Read returned out of range (err is errBadCount)
}

func (pm *pump) run(r io.Reader) {
	defer close(pm.done)
	for k, empties := 0, 0; k < len(pm.p); {
		m, err := r.Read(pm.p[k:])
		if m < 0 || m > len(pm.p)-k {
			pm.bad, pm.err = m, errBadCount
			return
		}
		k += m
		if m > 0 {
			empties = 0
			pm.got.Store(int64(k))
			select {
			case pm.progress <- struct{}{}:
			default:
			}
		}
		if err != nil {
			pm.err = err
			return
		}
		if m == 0 {
			if empties++; empties > 100 {
				pm.err = io.ErrNoProgress
				return
			}
		}
	}
}

// errBadCount marks a Read that returned a count out of range.
var errBadCount = errors.New("bad count")

// readOrIdle is read for a Decoder that owes an attempt to the bytes at
// hand. It reads in a goroutine (a pump) and reports false when the input
// pauses: no bytes for the idle wait. The pump goes on reading meanwhile,
// and later reads, by this Decode or a later one, take what it brings.
func (d *Decoder) readOrIdle(want int) bool {
	if d.pump == nil {
		pm := &pump{p: d.room(want), base: d.end, progress: make(chan struct{}, 1), done: make(chan struct{})}
		d.pump = pm
		go pm.run(d.r)
	}
	return !d.waitPump(true)
}

// waitPump waits until the pump ends or brings bytes, or, with idle, until
// it ends or its input pauses for the idle wait; it takes the bytes read so
// far into buf[start:end] and reports whether it returned for a pause.
func (d *Decoder) waitPump(idle bool) bool {
	pm := d.pump
	var tick <-chan time.Time
	if idle {
		wait := max(idleWait, idleFactor*d.lastTook)
		if d.timer == nil {
			d.timer = time.NewTimer(wait)
		} else {
			d.timer.Reset(wait)
		}
		defer d.timer.Stop()
		tick = d.timer.C
	}
	for {
		select {
		case <-pm.done:
			d.pump = nil
			d.end = pm.base + int(pm.got.Load())
			switch {
			case pm.err == errBadCount:
				d.rerr = wrapf(ErrInvalidArgument, "reader returned %d bytes for a %d-byte read", pm.bad, len(pm.p))
			case pm.err != nil:
				d.rerr = pm.err
			}
			return false
		case <-pm.progress:
			if !idle {
				d.end = pm.base + int(pm.got.Load())
				return false
			}
			d.timer.Reset(max(idleWait, idleFactor*d.lastTook))
		case <-tick:
			d.end = pm.base + int(pm.got.Load())
			return true
		}
	}
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
	return []error{io.ErrUnexpectedEOF, ErrTruncated, e.cause}
}
