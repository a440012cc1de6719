"""Regenerates golden.txt with pyfory's MurmurHash3 (run in a venv with pyfory 1.7.7).

Each line: seed, length, hex input, h1, h2 (hex, unsigned 64-bit).
Input for length n is bytes (i*37 + n*11 + 200) & 0xff for i in range(n), which
mixes bytes below and above 0x80.
"""
from pyfory.lib.mmh3 import hash_buffer

M = (1 << 64) - 1
with open("golden.txt", "w") as f:
    for seed in (0, 47, 0xFFFFFFFF):
        for n in range(0, 65):
            data = bytes((i * 37 + n * 11 + 200) & 0xFF for i in range(n))
            h1, h2 = hash_buffer(data, seed=seed)
            f.write(f"{seed} {n} {data.hex() or '-'} {h1 & M:016x} {h2 & M:016x}\n")
