"""Hand-written explanations shown in CATALOG.md (why the peers differ, what the bytes mean)."""

PREAMBLE = """# Ground-truth byte catalog

Bytes written by the real peers, pyfory 1.7.7 (`testdata/python/<case>.bin`) and fory-core 1.6.0
(`testdata/java/<case>.bin`), for every case in `../CASES.md`. Out-of-band cases also have
`<case>.buf<N>` files. Regenerate with `xlang_test/peers/gen_testdata.sh` (after
`scripts/setup-peers.sh`); the Python peer runs with PYTHONHASHSEED=0 so set order is stable.

The table shows whether both peers wrote the same bytes and the verification matrix: each peer
reading its own bytes, and each peer reading the other's. A cross-peer FAIL marks a real
disagreement between the reference implementations; the notes under each case say which form a Go
reader must accept and which form each peer needs when Go writes.
"""

NOTES = {}

_NS = """Only difference: the namespace meta-string encoding byte in the frame (`0a 01 …` from Python =
lower_special, `0a 04 …` from Java = all_to_lower_special; same data bytes). Readers accept both."""

_NAMED_FIELD_SC = """**Known peer disagreement.** Schema-consistent mode, a struct field whose type is a struct
registered *by name*: Python writes the field's full type info (`1d` + namespace + type-name meta
strings, no ref flag) before the nested struct hash; Java writes nothing (just the nested hash and
fields, as for an id-registered struct). Neither peer reads the other's form. A Go reader must
accept both (peek: a nested struct's 4-byte hash vs. a type id `1d`); a Go writer has to pick the
form of the peer it talks to (Go writes the spec's and Java's form by default, pyfory's with `fury.WithPythonForms`). Named *enum* fields are not affected (neither peer writes type
info), and id-registered struct fields are written identically (no type info, no flag)."""

_LIST_STRUCT_SC = """List of structs, schema-consistent: Python writes header `08` (same type) + the element
type info once; Java writes header `0c` (declared + same type) and no type info. Each peer reads
the other's form, so a Go reader must accept both; either form is safe for Go to write."""

_TYPEDEF_NULLABLE = """Compatible TypeDef nested types (list element, map key/value) are written as varuint32
`(type_id << 2) | nullable << 1 | ref`. Java marks every element/key/value of a generic
collection field nullable (`54`→`56` for string, `14`→`16` for varint32); Python writes them
non-nullable. Only the TypeDef (and so its 52-bit header hash) differs; values are identical and
both peers read both forms."""

NOTES.update({
    "narrow_ints_list": """Java writes `Byte`/`Short`/`Integer`/`Float` as int8 (`02`), int16 (`03`), varint32 (`05`),
float32 (`13`); Python has only int (varint64 `07`) and float (float64 `14`). List header `00`
(elements of different types, no nulls): each element is type id + value, no ref flag.""",
    "str_emoji": """Python writes utf8 (header `(14<<2)|2 = 3a`); Java writes utf16le with surrogate pairs
(header `(20<<2)|1 = 51`). Readers must accept both.""",
    "int8_array": """Java has no int8 array: `byte[]` is binary (`29`). Python writes int8_array (`2c`).""",
    "list_all_null": """**Peer disagreement.** Python: header `0a` (has_null + same type) and element type `24`
(36, none), then `fd fd`. Java: header `0a` and element type = named struct `java.lang.Object`
(`1d 00` + a TypeDef with meta byte `a0`: struct, by-name, non-compatible, 0 fields), then
`fd fd`. Python reads Java's form; Java cannot read Python's (type 36). A Go reader should accept
both; for Java, a Go writer should avoid type 36 (e.g. header `02`, has_null without same type, then
`fd` per element; not yet verified against Java).""",
    "ref_list_mixed": """With ref tracking on, Java writes `00` (REF_VALUE, a new reference id) before the boxed
Long and the String elements; Python writes `ff` (NOT_NULL_VALUE: ints and strings are not
reference-tracked). Both read both. Reference ids: Java's ids count the Long and String too.""",
    "circular_ref_compat": """Compatible TypeDef field types of the ref-tracked `Map<String,String>` fields: Python
writes key/value type `55` (string, ref bit) and Java `56` (string, nullable bit). Field headers
are `0b` (name size 2, nullable+ref) in both. Values identical. Java cannot read Python's form;
Python reads Java's. Go should write Java's form.""",
    "circular_ref_sc": _NS,
    "many_fields_sc": _NAMED_FIELD_SC,
    "media_content_sc": _NAMED_FIELD_SC,
    "probe_struct_sc_name": _NAMED_FIELD_SC,
    "probe_list_struct_sc_name": _LIST_STRUCT_SC + "\n\n" + _NS,
    "probe_list_struct_sc_id": _LIST_STRUCT_SC,
    "probe_empty_sc_name": """**Peer disagreement.** Struct hash of a struct without fields: Python `2f 00 00 00` (47),
Java `3a a1 e9 0b` (0x0be9a13a, the hash of the empty fingerprint). Neither accepts the other. Go
reads both; it writes Java's hash, or 47 with `fury.WithPythonForms`.""",
    "probe_empty_sc_id": """**Peer disagreement.** Empty-struct hash: Python 47 (`2f 00 00 00`), Java 0x0be9a13a
(`3a a1 e9 0b`).""",
    "probe_boxed_int32_sc_id": """**Peer quirk.** Java's struct fingerprint marks an unannotated boxed field (`Integer`)
nullable (`v,5,0,1;`) although it writes the value without a null flag (same body bytes as `int`).
Python's `Int32` field gives `v,5,0,0;`. Hash `11 a2 37 5b` (Python) vs `d7 2b de 53` (Java).""",
    "probe_boxed_int32_sc_name": """See probe_boxed_int32_sc_id (Java boxed field hash).""",
    "oob_buffers": """**Peer disagreement under out-of-band.** Binary: both write `29` + `00` (0 = out of band,
the buffer is the raw bytes) or `29 01 <len> <bytes>` (in band). Java also routes primitive arrays
through the callback: `2e 00` (out of band) / `2e 01 <len> <bytes>` (in band, flag byte first);
Python writes arrays as usual with no flag byte (`2e 0c …`). Neither reads the other's arrays here.
Header byte `03` = xlang + out-of-band.""",
    "oob_mixed": """See oob_buffers: buffer #0 (binary) out of band `29 00`, later binary in band
`29 01 02 04 05`; Java's in-band arrays carry a `01` flag byte, Python's none.""",
    "decimal": """`28` = type 40 (decimal), then the scale as a zigzag varint32 (`04` = 2) and a varuint64
header: bit 0 clear, the rest is zigzag(unscaled) (`88 27` = 5000 = zigzag(1250) << 1).""",
    "decimal_big": """Unscaled value beyond 63 bits: header bit 0 set, the rest is `length << 1 | sign` (`37` =
0b110111: 13 bytes, negative), then the magnitude little-endian, without trailing zero bytes.""",
    "decimal_exponent": """Negative scale: `09` = zigzag(-5); header `04` = zigzag(1) << 1 (unscaled 1).""",
    "decimal_list": """List header `08` (same type) + element type `28` once; elements `00 00` (0), `06 02`
(scale 3, unscaled -1), `00 25 00 … 01` (2^64: big form, 9 magnitude bytes).""",
    "oob_bytes_only": """Out-of-band shape both peers agree on: header `03`, list header `00`, `15 …` string,
`29 00` per out-of-band binary; buffer files hold the raw bytes.""",
    "struct_by_id_compat": _TYPEDEF_NULLABLE,
    "struct_by_name_compat": _TYPEDEF_NULLABLE,
    "struct_null_field_compat": _TYPEDEF_NULLABLE,
    "probe_list_int32_compat_id": _TYPEDEF_NULLABLE,
    "probe_list_int32_compat_name": _TYPEDEF_NULLABLE,
    "probe_list_string_compat_id": _TYPEDEF_NULLABLE,
    "probe_list_string_compat_name": _TYPEDEF_NULLABLE,
    "probe_set_string_compat_id": _TYPEDEF_NULLABLE,
    "probe_set_string_compat_name": _TYPEDEF_NULLABLE,
    "probe_map_string_int32_compat_id": _TYPEDEF_NULLABLE,
    "probe_map_string_int32_compat_name": _TYPEDEF_NULLABLE,
    "probe_list_struct_compat_id": _TYPEDEF_NULLABLE,
    "probe_list_struct_compat_name": _TYPEDEF_NULLABLE,
    "some_class_compat": _TYPEDEF_NULLABLE,
    "many_fields_compat": _TYPEDEF_NULLABLE,
    "media_content_compat": _TYPEDEF_NULLABLE,
    "scalars_sc": _NS,
    "enum_by_name_sc": _NS,
    "long_names_sc": _NS,
    "meta_names_sc": _NS,
    "sample_sc": _NS,
    "some_class_sc": _NS,
    "struct_by_name_sc": _NS,
})
for _k in ("bool", "int8", "int16", "int32", "int64", "fixed_int32", "fixed_int64", "tagged_int64",
           "float32", "float64", "string", "binary", "list_int32", "list_string", "set_string",
           "map_string_int32", "int16_array", "enum", "nullable_int32", "nullable_string",
           "timestamp", "date", "duration", "any", "decimal"):
    NOTES.setdefault(f"probe_{_k}_sc_name", _NS)

NOTES["scalars_sc"] = _NS + """ Also `s_emoji`: Python utf8 `12 f0 9f 98 80`, Java utf16 `11 3d d8 00 de`."""
NOTES["scalars_compat"] = """Only `s_emoji` differs: Python utf8 `12 f0 9f 98 80`, Java utf16 `11 3d d8 00 de`."""
NOTES["some_class_compat"] = _TYPEDEF_NULLABLE + """ Here also the `f1` (`Object`/`Any`) field header:
Python `0c`, Java `0e` (nullable bit). Field names with digits (`f12`) use the 6-bit
LOWER_UPPER_DIGIT_SPECIAL encoding (header bits 6-7 = `10`, e.g. `88 16 0c 0b ae c0` = f12:
list<int16>)."""
