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
