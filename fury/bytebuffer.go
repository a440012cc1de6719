package fury

import "github.com/fury-go/fury/fury/furyrt"

// ByteBuffer is the byte buffer that Serialize writes to and Deserialize
// reads from (and that out-of-band buffers travel in). Writes append at the
// end; reads consume from a separate read offset, so one buffer can be
// written and then read back. Generated code shares it with the runtime,
// so its implementation lives in package furyrt; NewByteBuffer, Bytes, Len,
// Remaining, Reset and SetBytes are what a user needs.
type ByteBuffer = furyrt.Buffer

// NewByteBuffer returns a buffer holding b. Reads start at b[0]; writes
// append after len(b), reusing b's spare capacity.
func NewByteBuffer(b []byte) *ByteBuffer { return furyrt.NewBuffer(b) }
