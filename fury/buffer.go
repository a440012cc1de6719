package fury

import "github.com/fury-go/fury/fury/furyrt"

// buffer is the runtime's byte buffer, which the codecs and generated code
// write to and read from.
type buffer = furyrt.Buffer

func newBuffer(b []byte) *buffer { return furyrt.NewBuffer(b) }

// A Buffer holds messages for Serialize and Deserialize: Serialize appends
// a message to it, Deserialize reads one from its unread portion, as a
// bytes.Buffer's Write and Read do. The zero Buffer is an empty buffer
// ready to use. A Buffer must not be copied after first use.
//
// Unmarshal and MarshalAppend cover single messages in a []byte; a Buffer
// is for out-of-band buffers (Serialize with a callback) and for reading
// several messages written back to back (Deserialize leaves what follows
// the message it read).
type Buffer struct {
	b buffer
}

// NewBuffer returns a Buffer holding data, to read messages from (and to
// append after them). The Buffer takes ownership of data: the caller
// should not use it afterwards.
func NewBuffer(data []byte) *Buffer {
	b := new(Buffer)
	b.b.SetBytes(data)
	return b
}

// Bytes returns the unread portion of the buffer: the messages written and
// not yet read. The slice aliases the buffer's memory until its next
// change (Serialize, Write or Reset).
func (b *Buffer) Bytes() []byte { return b.b.Unread() }

// Len returns the number of unread bytes: len(b.Bytes()).
func (b *Buffer) Len() int { return b.b.Remaining() }

// Reset empties the buffer, keeping its memory for later writes.
func (b *Buffer) Reset() { b.b.Reset() }

// Write appends p to the buffer (bytes received from a peer, say, for
// Deserialize to read) and returns len(p), nil. It implements io.Writer.
func (b *Buffer) Write(p []byte) (int, error) {
	b.compact()
	b.b.WriteBytes(p)
	return len(p), nil
}

// compact empties a buffer whose bytes have all been read, before a
// write, so that alternating writes and reads reuse its memory (as
// bytes.Buffer does).
func (b *Buffer) compact() {
	if b.b.Remaining() == 0 && b.b.Len() > 0 {
		b.b.Reset()
	}
}
