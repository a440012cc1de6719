// Package row implements the standard row format of the Apache Fory
// specification: a cache-friendly binary layout in which any field of an
// object, or any element of a list inside it, is read in place without
// decoding the rest. It is byte-compatible with pyfory 1.7.7's
// pyfory.format (tested both ways against it) and follows the
// specification for Java's fory-format.
//
// Use it to read one field of a large object, to filter or route records
// on one field, or to forward a record untouched; use package fury when
// the whole object is wanted (fury's encoding is smaller and faster to
// decode entirely).
//
// # Encoding and decoding
//
// An Encoder is built once per struct type; it infers the schema as pyfory
// infers one from a dataclass:
//
//	enc, err := row.NewEncoder[Order]()
//	data, err := enc.Encode(&order) // schema hash + row: pyfory's encoder(Order).encode(order)
//	o, err := enc.Decode(data)      // a different schema hash is an error naming both
//	r, err := enc.ToRow(&order)     // the bare row, as pyfory's to_row
//	o, err = enc.FromRow(r)
//
// # Random access
//
// NewRow wraps received bytes in a Row; the getters read in place:
//
//	r, err := row.NewRow(enc.Schema(), data[row.HashSize:])
//	i := enc.Schema().FieldIndex("items")
//	items, err := r.Array(i)
//	price, err := items.Struct(100_000) // a Row over element 100,000
//
// Numbers, Row, Array and Map views do not allocate; String and Binary
// copy, BytesAt aliases the buffer. Reading a null value gives an error
// wrapping ErrNull (check IsNullAt first), a getter of the wrong type one
// wrapping fury.ErrTypeMismatch, an index out of range one wrapping
// fury.ErrInvalidArgument; each names the field (index and name) or the
// element, and the bounds or both types. Field names are the wire names,
// snake_case for an inferred schema: FieldIndex("items"), not "Items".
//
// Rows, arrays and maps print with fmt (%v) as their values by field
// name: {id: 7, items: [{price: 9.5, sku: "a-1"}], note: null}.
//
// # Layout
//
// A row of N fields is a null bitmap of ((N+63)/64)*8 bytes (bit i set:
// field i is null), N 8-byte slots, then the variable-width values. A
// fixed-width value (bool, integers, floats, date, timestamp, duration)
// sits in its slot, little-endian; a string, binary, list, map or nested
// struct sits in the variable region, 8-byte aligned, and its slot holds
// (offset << 32) | size, the offset relative to the start of the row. A
// list is an 8-byte element count, a null bitmap, the elements at their
// natural width (1, 2, 4 or 8 bytes; offset-and-size words for
// variable-width elements, relative to the list's start), padded to 8
// bytes, then the variable-width elements. A map is the byte size of its
// key list, the key list, then the value list. A nested struct is a
// complete row. Encode puts the schema hash, an 8-byte little-endian
// int64, before the row: h = 17, then h = h*31 + type id over every
// field's type tree, depth first, where a step that would leave the int64
// range first divides h by 4 (pyfory's compute_schema_hash).
//
// # Types
//
// Schema inference maps Go types as follows (row type: pyfory annotation):
//
//	bool                         bool (1):       bool
//	int8, int16, int32           int8/16/32:     pyfory.Int8/Int16/Int32
//	int64, int                   int64 (6):      int
//	float32, float64             float32/64:     pyfory.Float32, float
//	string                       string (21):    str
//	[]byte                       binary (41):    bytes
//	fury.Date                    date32 (39):    datetime.date (days since 1970-01-01)
//	time.Time                    timestamp (38): datetime.datetime (microseconds since the epoch, UTC)
//	time.Duration                duration (37):  - (microseconds; pyfory 1.7.7 has no writer for it)
//	struct, *struct              struct (27):    a dataclass
//	[]T                          list (22):      List[T]
//	map[K]V                      map (24):       Dict[K, V]
//	*T                           T, nullable:    Optional[T]
//
// Unsigned integers, arrays, interfaces, complex numbers, channels and
// funcs have no row type and make NewEncoder fail with an error wrapping
// fury.ErrUnsupportedType, as do recursive types (a row schema is finite)
// and map keys other than bool, integers, floats, strings and fury.Date.
//
// Fields are the exported fields (`fury:"-"` skipped), named by the
// snake_case of the Go name or by a `fury:"name=..."` tag, and ordered by
// name (pyfory sorts a dataclass's fields by name, comparing code points;
// Go's byte order on UTF-8 is the same). The fields of an untagged embedded
// struct are promoted by Go's rule, as package fury applies it: of the
// fields with the same wire name the shallowest is kept and the deeper
// ones are hidden (not written, left zero when decoding), at the same depth
// one named by a name= tag wins, and a name left ambiguous makes
// NewEncoder fail. An embedded time.Time or fury.Date is not promoted: it
// is a field named "time" or "date", as in Go. Pointers, slices, maps and []byte are nullable: nil is written as
// null and null is read as nil, while an empty slice or map stays empty and
// non-nil. A null read into a Go type that cannot hold it (a non-pointer
// scalar, string or struct) is an error wrapping fury.ErrTypeMismatch. The
// schema marks only those fields nullable; pyfory marks every inferred
// field nullable, which does not change the bytes or the hash.
//
// Encoding refuses, with an error wrapping fury.ErrInvalidArgument, what
// the row format cannot hold: a time.Time outside the int64 range of
// microseconds since 1970 (years -290307 to 294246), and a fury.Date that
// is not a day of the calendar (February 30, month 13; the zero Date{}
// excepted) or lies beyond the ±2^31 days of date32, as package fury does.
//
// What does not survive the row format: a time.Time's location (rows
// carry UTC) and anything below a microsecond (floored, as UnixMicro);
// a time.Duration below a microsecond (truncated toward zero); the date
// -0001-11-30, which reads back as the zero fury.Date{} (the zero Date is
// not a date: it is written as the day time.Date normalizes it to, and
// that day is read as the zero Date, as package fury does, so an unset
// Date field round-trips); Go map order (keys are written sorted, so equal
// maps give equal bytes). Floats keep their exact bits.
//
// # Hostile input
//
// NewRow checks that the bytes hold the bitmap and the slots; each getter
// checks the offset and size it follows against the enclosing value before
// reading, and each list's count against its bytes. A bad row gives an
// error wrapping fury.ErrInvalidData or fury.ErrTruncated, never a panic or
// a read out of bounds. Decode and Row.Values charge every value they
// materialize against the input's size, so slots that all point at one
// large value cannot make them allocate more than the input justifies; and
// Decode allocates at most as many Go bytes per wire byte as the
// destination type spends at any one place (a list of a 500-byte struct
// type costs 8 wire bytes per element), so null elements cannot inflate
// it either; nor more than fury's decode memory budget for the row's
// length (fury.DecodeBudgetFloor + fury.DecodedBytesPerInputByte × its
// bytes, 256 KiB + 96 bytes a byte), unless WithMaxDecodedBytes sets
// another bound: a row over it fails with an error wrapping
// fury.ErrTooLarge. That arithmetic cannot wrap, even where int is 32
// bits, and an allocation larger than the platform can make (above
// math.MaxInt32 bytes on 32-bit platforms) is an error wrapping
// fury.ErrInvalidData.
//
// # Peers
//
// Tested against pyfory 1.7.7 (xlang_test/row_test.go). Its quirks: the
// slot of a null field holds whatever its buffer held (the format leaves it
// undefined; this package writes zeros); it cannot write an empty bytes
// value; its compute_schema_hash fails on a list or map directly inside a
// list or map, so such classes only travel through to_row/from_row (ToRow
// and FromRow here); it reads a timestamp as a naive datetime in local
// time and writes a naive datetime as local time, computing the
// microseconds through a float (int(dt.timestamp() * 1e6)), which can be a
// microsecond off far from 1970. Java's fory-format is not
// available here, so Java compatibility follows the specification: build
// the Java schema with the same field order and types.
//
// Package row/rowarrow converts rows to and from Apache Arrow record
// batches.
package row
