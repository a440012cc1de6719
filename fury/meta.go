package fury

import (
	"encoding/binary"

	"github.com/fury-go/fury/fury/furyrt"
	"github.com/fury-go/fury/internal/metastring"
)

// metaString is a namespace, type name or field name with its encoded
// forms computed once.
type metaString struct {
	str  string
	enc  metastring.Encoding // encoding for the schema-consistent form
	data []byte
	hash uint64             // for long strings (len(data) > SmallThreshold)
	w    *furyrt.MetaString // the schema-consistent form as the encoder writes it (see writeForm)
}

// writeForm returns ms as the encoder writes it.
func (ms *metaString) writeForm() *furyrt.MetaString {
	if ms.w == nil {
		n := len(ms.data)
		b := appendVaruint32(nil, uint32(n)<<1)
		if n > metastring.SmallThreshold {
			b = binary.LittleEndian.AppendUint64(b, ms.hash)
		} else if n > 0 {
			b = append(b, uint8(ms.enc))
		}
		ms.w = furyrt.NewMetaString(append(b, ms.data...))
	}
	return ms.w
}

type metaEncoder struct {
	enc metastring.Encoder
	// td is the encoding set of the TypeDef form (the index is written).
	td []metastring.Encoding
}

var (
	nsEncoder       = &metaEncoder{metastring.NamespaceEncoder, metastring.NamespaceEncodings[:]}
	typeNameEncoder = &metaEncoder{metastring.TypeNameEncoder, metastring.TypeNameEncodings[:]}
	fieldEncoder    = &metaEncoder{metastring.FieldNameEncoder, metastring.FieldNameEncodings[:]}
)

// consistentEncodings is the set a schema-consistent named type's strings
// are chosen from; like the Python peer, a lower-case namespace such as
// "example" gets LowerSpecial.
var consistentEncodings = []metastring.Encoding{
	metastring.UTF8, metastring.LowerSpecial, metastring.LowerUpperDigitSpecial,
	metastring.FirstToLowerSpecial, metastring.AllToLowerSpecial,
}

func newMetaString(s string, me *metaEncoder) (*metaString, error) {
	enc, data, err := me.enc.Encode(s, consistentEncodings...)
	if err != nil {
		return nil, wrapf(ErrRegistration, "cannot encode %q: %v", s, err)
	}
	ms := &metaString{str: s, enc: enc, data: data}
	if len(data) > metastring.SmallThreshold {
		ms.hash = metastring.PythonHash(data, enc)
	}
	return ms, nil
}

// encodeTD encodes s with the TypeDef encoding set and returns the set index.
func (me *metaEncoder) encodeTD(s string) (int, []byte, error) {
	enc, data, err := me.enc.Encode(s, me.td...)
	if err != nil {
		return 0, nil, err
	}
	return metastring.IndexOf(me.td, enc), data, nil
}

// writeMetaString writes ms in the schema-consistent form, or a back
// reference when this message already carries it.
func (e *encoder) writeMetaString(ms *metaString) { e.gw.PutMetaString(ms.writeForm()) }

// readMetaString reads a schema-consistent meta string (or back reference).
func (d *decoder) readMetaString(me *metaEncoder) (string, error) {
	h, err := d.buf.ReadVaruint32()
	if err != nil {
		return "", err
	}
	if h&1 == 1 {
		i := int(h>>1) - 1
		if i < 0 || i >= len(d.metaRead) {
			return "", wrapf(ErrInvalidData, "meta string reference %d out of range", i)
		}
		return d.metaRead[i], nil
	}
	n := int(h >> 1)
	var enc metastring.Encoding
	if n > metastring.SmallThreshold {
		hash, err := d.buf.ReadUint64()
		if err != nil {
			return "", err
		}
		data, err := d.buf.ReadBytes(n)
		if err != nil {
			return "", err
		}
		if enc, err = metastring.CheckHash(hash, data); err != nil {
			return "", wrapf(ErrInvalidData, "meta string: %v", err)
		}
		return d.decodeMeta(data, enc, me)
	}
	if n > 0 {
		b, err := d.buf.ReadByte()
		if err != nil {
			return "", err
		}
		enc = metastring.Encoding(b)
	}
	data, err := d.buf.ReadBytes(n)
	if err != nil {
		return "", err
	}
	return d.decodeMeta(data, enc, me)
}

type metaCacheKey struct {
	data string
	enc  metastring.Encoding
	me   *metaEncoder
}

func (d *decoder) decodeMeta(data []byte, enc metastring.Encoding, me *metaEncoder) (string, error) {
	k := metaCacheKey{string(data), enc, me}
	s, ok := d.metaCache[k]
	if !ok {
		var err error
		if s, err = me.enc.Decode(data, enc); err != nil {
			return "", wrapf(ErrInvalidData, "meta string: %v", err)
		}
		cost := int64(len(k.data)+len(s)) + metaCacheEntryCost
		if cost <= MaxCachedMetaStringBytes {
			if d.metaBytes+cost > MaxCachedMetaStringBytes {
				d.metaCache = map[metaCacheKey]string{} // a cleared map keeps its buckets
				d.metaBytes = 0
			}
			d.metaCache[k] = s
			d.metaBytes += cost
		}
	}
	d.metaRead = append(d.metaRead, s)
	return s, nil
}

// MaxCachedMetaStringBytes bounds the memory a Fury keeps for the meta
// strings (type and namespace names of schema-consistent mode) it has
// decoded. When a new one would go over, the cache starts afresh.
const MaxCachedMetaStringBytes = 1 << 20

// metaCacheEntryCost is the per-entry cost of the cache map.
const metaCacheEntryCost = 96
