// Package trunctest checks that a cut message is an error: every strict
// prefix of a message that decodes fails with fury.ErrTruncated, through
// every reading API, or decodes to the value the whole message gives (a
// prefix that is itself a complete message).
//
// A message is read through Unmarshal, Deserialize (from a Buffer holding
// just the prefix, with the message's out-of-band buffers) and a Decoder (a
// stream that ends after the prefix), into each typed destination given and
// into interface{}. A path whose whole message does not decode (a
// destination that cannot hold it) is left out for that message. A Decoder
// reports a stream cut inside a message with an error matching both
// fury.ErrTruncated and io.ErrUnexpectedEOF, and the empty stream with
// io.EOF, as its Decode documents; the check holds it to that.
package trunctest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/big"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/fury-go/fury/fury"
)

// Reader says how a reader of a message is made: New's options and the
// type registrations (applied to a Decoder's Fury too).
type Reader struct {
	Opts     []fury.Option
	Register func(*fury.Fury) error // nil for none
	// NewDecoder, when set, returns the Decoder that reads the stream r
	// (by default a new one, with Opts and Register). A test may hand out
	// one Decoder reset to read r, to spare building its types anew for
	// every cut.
	NewDecoder func(r io.Reader) (*fury.Decoder, error)
	// Fury, when set, is the Fury that reads for Unmarshal and
	// Deserialize (made with Opts and Register), instead of a new one for
	// each message.
	Fury *fury.Fury
}

// decoder returns a Decoder reading the stream r as r says.
func (r Reader) decoder(in io.Reader) (*fury.Decoder, error) {
	if r.NewDecoder != nil {
		return r.NewDecoder(in)
	}
	d := fury.NewDecoder(in, r.Opts...)
	if r.Register != nil {
		if err := r.Register(d.Fury()); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// New returns a Fury configured and registered as r says (r.Fury when
// set).
func (r Reader) New() (*fury.Fury, error) {
	if r.Fury != nil {
		return r.Fury, nil
	}
	f := fury.New(r.Opts...)
	if r.Register != nil {
		if err := r.Register(f); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// Message is one message to cut.
type Message struct {
	Name string
	Data []byte
	// Buffers are the out-of-band buffers the message refers to; only
	// Deserialize reads such a message.
	Buffers [][]byte
	// Types are the typed destinations to read into, besides interface{}.
	Types []reflect.Type
}

// path is one way of reading a message into a new destination.
type path struct {
	name   string
	stream bool // a Decoder: the empty prefix gives io.EOF
	read   func(data []byte, dst any) error
}

// Deserialize reads one message from data with f.Deserialize, taking the
// out-of-band buffers bufs (each in a new Buffer), and reports how many
// bytes it consumed.
func Deserialize(f *fury.Fury, data []byte, bufs [][]byte, dst any) (int, error) {
	var oob []*fury.Buffer
	for _, b := range bufs {
		oob = append(oob, fury.NewBuffer(b))
	}
	b := fury.NewBuffer(data)
	err := f.Deserialize(b, dst, oob)
	return len(data) - b.Len(), err
}

func (r Reader) paths(f *fury.Fury, m Message) []path {
	deserialize := path{"Deserialize", false, func(data []byte, dst any) error {
		n, err := Deserialize(f, data, m.Buffers, dst)
		if err == nil && n != len(data) {
			return fmt.Errorf("Deserialize consumed %d of %d bytes", n, len(data))
		}
		return err
	}}
	if m.Buffers != nil {
		return []path{deserialize}
	}
	return []path{
		{"Unmarshal", false, f.Unmarshal},
		deserialize,
		{"Decoder", true, func(data []byte, dst any) error {
			d, err := r.decoder(bytes.NewReader(data))
			if err != nil {
				return err
			}
			if err := d.Decode(dst); err != nil {
				return err
			}
			if err := d.Decode(reflect.New(reflect.TypeOf(dst).Elem()).Interface()); err != io.EOF {
				return fmt.Errorf("after the message: %v, want io.EOF", err)
			}
			return nil
		}},
	}
}

// Cuts returns the prefix lengths of an n-byte message to check: all of
// them, or with sample a spread of at most about 48 (the first and last
// 16 and every k-th between).
func Cuts(n int, sample bool) []int {
	var cuts []int
	step := 1
	if sample && n > 48 {
		step = (n - 32 + 15) / 16
	}
	for i := 0; i < n; i++ {
		if step == 1 || i < 16 || i >= n-16 || (i-16)%step == 0 {
			cuts = append(cuts, i)
		}
	}
	return cuts
}

var anyType = reflect.TypeFor[any]()

// Check cuts m at every length Cuts gives and reads each prefix through
// every path and destination whose whole message decodes, failing t where
// a prefix does not fail with ErrTruncated and does not decode to the
// whole message's value. It returns the number of paths and destinations
// the whole message decoded through (0: nothing was checked), and the
// error of the first that it did not decode through.
func Check(t testing.TB, r Reader, m Message, sample bool) (checked int, failed error) {
	t.Helper()
	f, err := r.New()
	if err != nil {
		t.Fatalf("%s: %v", m.Name, err)
	}
	for _, typ := range append(m.Types[:len(m.Types):len(m.Types)], anyType) {
		for _, p := range r.paths(f, m) {
			whole := reflect.New(typ)
			if err := p.read(m.Data, whole.Interface()); err != nil {
				if failed == nil {
					failed = fmt.Errorf("%s into %v: %w", p.name, typ, err)
				}
				continue
			}
			checked++
			for _, n := range Cuts(len(m.Data), sample) {
				got := reflect.New(typ)
				err := p.read(m.Data[:n:n], got.Interface())
				if msg := verdict(p, n, err, whole, got); msg != "" {
					t.Errorf("%s: %s into %v, cut to %d of %d bytes: %s\nmessage % x", m.Name, p.name, typ, n, len(m.Data), msg, m.Data)
					return checked, failed
				}
			}
		}
	}
	return checked, failed
}

// verdict returns what is wrong with reading an n-byte prefix (err, the
// value got) on path p, whose whole message gave whole, or "".
func verdict(p path, n int, err error, whole, got reflect.Value) string {
	switch {
	case err == nil:
		if d := Diff(whole.Elem().Interface(), got.Elem().Interface()); d != "" {
			return "decoded without error to a value that is not the whole message's (-whole +prefix):\n" + d
		}
		return ""
	case p.stream && n == 0:
		if err != io.EOF {
			return fmt.Sprintf("the empty stream gave %v, want io.EOF", err)
		}
		return ""
	case !errors.Is(err, fury.ErrTruncated):
		return fmt.Sprintf("%v (does not match ErrTruncated)", err)
	case p.stream && !errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Sprintf("%v (does not match io.ErrUnexpectedEOF)", err)
	}
	return ""
}

// Diff compares two decoded values: NaNs equal, big.Ints by value,
// unexported fields included.
func Diff(a, b any) string {
	return cmp.Diff(a, b, cmpopts.EquateNaNs(), cmp.Comparer(func(x, y *big.Int) bool { return x.Cmp(y) == 0 }),
		cmp.Exporter(func(reflect.Type) bool { return true }))
}
