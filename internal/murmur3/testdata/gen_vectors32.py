"""Regenerates golden32.txt with fory-compiler 1.7.7's type id hash (run in a venv with fory-compiler 1.7.7).

Each line: seed, hex input (- for empty), hash (unsigned 32-bit, decimal).
Inputs: the bytes of gen_vectors.py's pattern for lengths 0..40, and a few
qualified type names (UTF-8) hashed as foryc hashes them.
"""
from fory_compiler.ir.type_id import murmurhash3_32

with open("golden32.txt", "w") as f:
    for seed in (0, 47, 0xFFFFFFFF):
        for n in range(0, 41):
            data = bytes((i * 37 + n * 11 + 200) & 0xFF for i in range(n))
            f.write(f"{seed} {data.hex() or '-'} {murmurhash3_32(data, seed)}\n")
    for name in ("demo.Person", "Person", "a.b.c.Outer.Inner", "müller.Straße", "x"):
        data = name.encode("utf-8")
        f.write(f"0 {data.hex()} {murmurhash3_32(data, 0)}\n")
