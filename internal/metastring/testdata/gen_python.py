"""Writes python_choose.txt and python_with.txt from pyfory 1.7.7 (run in its venv).

python_choose.txt: kind, hex(string), chosen encoding (or ERR), hex(bytes), hash (hex uint64)
python_with.txt:   specials, hex(string), encoding, hex(bytes) (or ERR), hex(decoded) (or ERR)
Kinds: ns_all / type_all (all encodings: pyfory's choice for schema-consistent named types),
ns / type / field (the TypeDef encoding sets).
"""
from pyfory.lib.mmh3 import hash_buffer
from pyfory.meta.metastring import Encoding, MetaStringDecoder, MetaStringEncoder
from pyfory.meta.typedef import FIELD_NAME_ENCODINGS, NAMESPACE_ENCODINGS, TYPE_NAME_ENCODINGS

M = (1 << 64) - 1
kinds = {
    "ns_all": (".", "_", None),
    "type_all": ("$", "_", None),
    "ns": (".", "_", NAMESPACE_ENCODINGS),
    "type": ("$", "_", TYPE_NAME_ENCODINGS),
    "field": ("$", "_", FIELD_NAME_ENCODINGS),
}


def h(s):
    return s.encode("utf-8").hex() or "-"


strings = [bytes.fromhex(l.strip()).decode() if l.strip() != "-" else "" for l in open("strings.txt")]
with open("python_choose.txt", "w") as f:
    for kind, (s1, s2, encs) in kinds.items():
        enc = MetaStringEncoder(s1, s2)
        for s in strings:
            try:
                ms = enc.encode(s, encs)
                data = ms.encoded_data
                hv = ((hash_buffer(data, seed=47)[0] >> 8 << 8) | ms.encoding.value) & M
                f.write(f"{kind} {h(s)} {ms.encoding.value} {data.hex() or '-'} {hv:016x}\n")
            except Exception:
                f.write(f"{kind} {h(s)} ERR - -\n")
with open("python_with.txt", "w") as f:
    for s1, s2 in ((".", "_"), ("$", "_")):
        enc = MetaStringEncoder(s1, s2)
        dec = MetaStringDecoder(s1, s2)
        for s in strings:
            for e in Encoding:
                try:
                    data = enc.encode_with_encoding(s, e).encoded_data
                except Exception:
                    f.write(f"{s1}{s2} {h(s)} {e.value} ERR ERR\n")
                    continue
                try:
                    d = h(dec.decode(data, e))
                except Exception:
                    d = "ERR"
                f.write(f"{s1}{s2} {h(s)} {e.value} {data.hex() or '-'} {d}\n")
