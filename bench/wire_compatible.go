package bench

import (
	"encoding/binary"
	"fmt"

	"github.com/fury-go/fury/fury"
)

// fury's wire in compatible mode, hand-written ("handwire-compatible" in the
// benchmarks): the twin of wire.go for the bytes fury writes with
// WithCompatible(true). The field values are the same as in
// schema-consistent mode (the same functions write and read them); what
// differs is the framing:
//   - a struct's type info is the kind compatible_struct (0x1c) and a
//     shared-meta marker, varuint32 index<<1 (a TypeDef follows: the field
//     names and types) or index<<1|1 (the TypeDef written earlier in the
//     message at that index), where the indices count the TypeDefs in the
//     order the message first needs them; there are no struct hashes;
//   - the root is the message header, the not-null flag, the type info and
//     the root's TypeDef (index 0);
//   - a struct field (MediaContent.Media, the nullable Image.Media) carries
//     its type info, and the Images list, its element type info once after
//     the list header (same type, not declared).
//
// The TypeDefs are constants of the registered types: a hand coder takes
// them once (newWireCompatConsts) and appends them as byte runs. The only
// state of a message is which TypeDefs it has written: the root's (0),
// Image's (1 when the list is not empty), and Media's, at the next index
// the first time a Media is written (inside the first Image that has one,
// or for MediaContent.Media), a reference to it afterwards. Every index here
// is below 64, so a marker is one byte.
//
// The decoder reads what fury writes for these types: it checks each TypeDef
// byte for byte against its own (a peer with another version of a type
// would need a field-by-field reader; this one reads the limit, a peer with
// the same schema) and every marker against the index it expects.

// wireCompatStruct is the kind of a struct in compatible mode, registered by
// id.
const wireCompatStruct = 0x1c

// wireCompatConsts holds the compatible-mode framing of the benchmark
// types, taken once from a Fury in compatible mode with them registered.
type wireCompatConsts struct {
	// root is what precedes the fields of a root value: the message
	// header, the not-null flag, the kind, the marker 00 and the TypeDef.
	smallRoot, sampleRoot, mediaContentRoot, structRoot []byte
	// imagesHead follows a non-empty Images list's count: the list header,
	// the elements' kind, the marker 02 and Image's TypeDef.
	imagesHead []byte
	mediaDef   []byte // Media's TypeDef
}

// wireCompatRoot returns the framing fury writes in compatible mode before
// the fields of a root v, and the TypeDef in it.
func wireCompatRoot(f *fury.Fury, v any) (root, typeDef []byte, err error) {
	b, err := f.Marshal(v)
	if err != nil {
		return nil, nil, err
	}
	// header byte, not-null flag, kind, marker 00, then the TypeDef: an
	// 8-byte header whose low byte is the body's size (0xff: plus a
	// varuint32), bit 8 compression (off), then the body.
	if len(b) < 12 || b[1] != wireNotNull || b[2] != wireCompatStruct || b[3] != 0 {
		return nil, nil, fmt.Errorf("%T: unexpected compatible root %x", v, b)
	}
	h := binary.LittleEndian.Uint64(b[4:])
	size, end := int(h&0xff), 12
	if size == 0xff {
		extra, k := binary.Uvarint(b[end:])
		if k <= 0 {
			return nil, nil, fmt.Errorf("%T: unexpected TypeDef size %x", v, b)
		}
		size, end = size+int(extra), end+k
	}
	end += size
	if h&0x100 != 0 || end > len(b) {
		return nil, nil, fmt.Errorf("%T: unexpected TypeDef %x", v, b)
	}
	return b[:end:end], b[4:end:end], nil
}

// newWireCompatConsts takes the framing from the types registered with f,
// a Fury in compatible mode.
func newWireCompatConsts(f *fury.Fury) (*wireCompatConsts, error) {
	var c wireCompatConsts
	var err error
	if c.smallRoot, _, err = wireCompatRoot(f, &SmallStruct{}); err != nil {
		return nil, err
	}
	if c.sampleRoot, _, err = wireCompatRoot(f, &Sample{}); err != nil {
		return nil, err
	}
	if c.mediaContentRoot, _, err = wireCompatRoot(f, &MediaContent{}); err != nil {
		return nil, err
	}
	if c.structRoot, _, err = wireCompatRoot(f, &Struct{}); err != nil {
		return nil, err
	}
	_, imageDef, err := wireCompatRoot(f, &Image{})
	if err != nil {
		return nil, err
	}
	c.imagesHead = append([]byte{wireListDecl, wireCompatStruct, 1 << 1}, imageDef...)
	if _, c.mediaDef, err = wireCompatRoot(f, &Media{}); err != nil {
		return nil, err
	}
	return &c, nil
}

// wireDefs is the shared-meta state of one MediaContent message: the index
// the next new TypeDef takes, and Media's (0 until written: index 0 is the
// root's).
type wireDefs struct {
	next, media byte
}

// ---- encoder ----

func (c *wireCompatConsts) appendSmallStruct(b []byte, s *SmallStruct) []byte {
	return appendSmallStructFields(append(b, c.smallRoot...), s)
}

func (c *wireCompatConsts) appendSample(b []byte, s *Sample) []byte {
	return appendSampleFields(append(b, c.sampleRoot...), s)
}

func (c *wireCompatConsts) appendStruct(b []byte, s *Struct) []byte {
	return appendStructFields(append(b, c.structRoot...), s)
}

// appendMediaType appends Media's type info: its TypeDef the first time in
// the message, a reference to it after.
func (c *wireCompatConsts) appendMediaType(b []byte, d *wireDefs) []byte {
	if d.media != 0 {
		return append(b, wireCompatStruct, d.media<<1|1)
	}
	d.media = d.next
	d.next++
	b = append(b, wireCompatStruct, d.media<<1)
	return append(b, c.mediaDef...)
}

func (c *wireCompatConsts) appendImage(b []byte, im *Image, d *wireDefs) []byte {
	b = wireVarint32(b, im.Height)
	b = wireVarint32(b, im.Width)
	if im.Media == nil {
		b = append(b, wireNull)
	} else {
		b = c.appendMediaType(append(b, wireNotNull), d)
		b = appendMediaFields(b, im.Media)
	}
	b = wireVaruint32(b, uint32(im.Size))
	b = wireString(b, im.Title)
	return wireString(b, im.URI)
}

func (c *wireCompatConsts) appendMediaContent(b []byte, mc *MediaContent) []byte {
	b = append(b, c.mediaContentRoot...)
	d := wireDefs{next: 1}
	b = wireVaruint32(b, uint32(len(mc.Images)))
	if len(mc.Images) > 0 {
		b = append(b, c.imagesHead...)
		d.next = 2
		for i := range mc.Images {
			b = c.appendImage(b, &mc.Images[i], &d)
		}
	}
	b = c.appendMediaType(b, &d)
	return appendMediaFields(b, &mc.Media)
}

// ---- decoder ----

// readMediaType reads Media's type info: its TypeDef at the next index the
// first time in the message, a reference to that index after.
func (c *wireCompatConsts) readMediaType(r *wireReader, d *wireDefs) {
	if r.byte() != wireCompatStruct {
		r.fail(errWireConst)
		return
	}
	switch m := r.byte(); {
	case d.media != 0 && m == d.media<<1|1:
	case d.media == 0 && m == d.next<<1:
		r.expect(c.mediaDef)
		d.media = d.next
		d.next++
	default:
		r.fail(errWireConst)
	}
}

// imageCompatWireMin is the least an Image element takes in compatible
// mode: two varints, a null flag, an enum and two empty strings.
const imageCompatWireMin = 6

func (c *wireCompatConsts) readImage(r *wireReader, im *Image, d *wireDefs) {
	im.Height = r.varint32()
	im.Width = r.varint32()
	im.Media = nil
	if r.nullable() {
		c.readMediaType(r, d)
		im.Media = new(Media)
		r.readMedia(im.Media)
	}
	im.Size = Size(r.enum())
	im.Title = r.string()
	im.URI = r.string()
}

func (c *wireCompatConsts) readMediaContent(r *wireReader, mc *MediaContent) {
	r.expect(c.mediaContentRoot)
	d := wireDefs{next: 1}
	mc.Images = nil
	if n := r.count(imageCompatWireMin); n > 0 {
		r.expect(c.imagesHead)
		d.next = 2
		mc.Images = make([]Image, n)
		for i := range mc.Images {
			c.readImage(r, &mc.Images[i], &d)
			if r.err != nil {
				return
			}
		}
	}
	c.readMediaType(r, &d)
	r.readMedia(&mc.Media)
}

// decodeSmallStruct decodes data, which must hold exactly one SmallStruct
// written as fury writes it in compatible mode, into s. The decode
// functions below are alike.
func (c *wireCompatConsts) decodeSmallStruct(data []byte, s *SmallStruct) error {
	r := wireReader{b: data}
	r.expect(c.smallRoot)
	r.readSmallStructFields(s)
	return r.done()
}

func (c *wireCompatConsts) decodeSample(data []byte, s *Sample) error {
	r := wireReader{b: data}
	r.expect(c.sampleRoot)
	r.readSampleFields(s)
	return r.done()
}

func (c *wireCompatConsts) decodeMediaContent(data []byte, mc *MediaContent) error {
	r := wireReader{b: data}
	c.readMediaContent(&r, mc)
	return r.done()
}

func (c *wireCompatConsts) decodeStruct(data []byte, s *Struct) error {
	r := wireReader{b: data}
	r.expect(c.structRoot)
	r.readStructFields(s)
	return r.done()
}
