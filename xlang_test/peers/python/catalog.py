#!/usr/bin/env python3
"""Renders xlang_test/testdata/CATALOG.md from the peers' bytes and cross-verification results.

Usage: catalog.py TESTDATA_DIR RESULTS_DIR   (called by xlang_test/peers/gen_testdata.sh)
"""
import difflib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peer  # noqa: E402
from catalog_notes import NOTES, PREAMBLE  # noqa: E402

MAX_SHOWN = 768
PER_LINE = 32


def hexlines(b):
    shown = b[:MAX_SHOWN]
    lines = [shown[i:i + PER_LINE].hex(" ") for i in range(0, len(shown), PER_LINE)] or ["(empty)"]
    if len(b) > MAX_SHOWN:
        lines.append(f"... ({len(b)} bytes total, see the .bin file)")
    return lines


def read(path):
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except FileNotFoundError:
        return None


def results(path):
    out = {}
    try:
        with open(path) as fh:
            for line in fh:
                line = line.rstrip("\n")
                if line.startswith("PASS "):
                    out[line[5:]] = "PASS"
                elif line.startswith("FAIL "):
                    name, _, reason = line[5:].partition(": ")
                    out[name] = "FAIL: " + reason
    except FileNotFoundError:
        pass
    return out


def diff_ops(a, b):
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    ops = []
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            continue
        ops.append(f"python[{i1}:{i2}] `{a[i1:i2][:24].hex(' ')}{' …' if i2 - i1 > 24 else ''}` vs "
                   f"java[{j1}:{j2}] `{b[j1:j2][:24].hex(' ')}{' …' if j2 - j1 > 24 else ''}`")
    return ops


def settings(c):
    s = [f"ref={'on' if c.ref else 'off'}",
         "compatible" if c.compatible else "schema-consistent"]
    if c.regs:
        s.append("registers " + ", ".join(
            f"{cls.__name__}={key if isinstance(key, int) else repr(key)}" for cls, key in c.regs))
    if c.read_regs is not c.regs and c.read_regs != c.regs:
        s.append("reader registers " + ", ".join(
            f"{cls.__name__}={key if isinstance(key, int) else repr(key)}" for cls, key in c.read_regs))
    if c.oob is not None:
        s.append("out-of-band buffer callback")
    return "; ".join(s)


def main(td, res):
    r = {k: results(os.path.join(res, k + ".txt"))
         for k in ("py_py", "java_java", "py_reads_java", "java_reads_py")}
    print(PREAMBLE)
    same = [n for n in peer.CASES if read(os.path.join(td, "python", n + ".bin")) ==
            read(os.path.join(td, "java", n + ".bin"))]
    print(f"{len(peer.CASES)} cases; {len(same)} byte-identical between the peers, "
          f"{len(peer.CASES) - len(same)} differ.\n")
    print("| case | py==java bytes | py→py | java→java | python reads java | java reads python |")
    print("|---|---|---|---|---|---|")
    for n in peer.CASES:
        eq = "same" if n in same else "**differ**"
        cells = []
        for k in ("py_py", "java_java", "py_reads_java", "java_reads_py"):
            v = r[k].get(n, "-")
            cells.append("ok" if v == "PASS" else ("**FAIL**" if v.startswith("FAIL") else v))
        print(f"| [{n}](#{n}) | {eq} | " + " | ".join(cells) + " |")
    print()
    for n, c in peer.CASES.items():
        print(f"## {n}\n")
        print(f"{c.desc}. Settings: {settings(c)}.\n")
        if n in NOTES:
            print(NOTES[n].strip() + "\n")
        pb = read(os.path.join(td, "python", n + ".bin"))
        jb = read(os.path.join(td, "java", n + ".bin"))
        for who, b in (("python", pb), ("java", jb)):
            if b is None:
                print(f"{who}: (not written)\n")
                continue
            if who == "java" and b == pb:
                print("java: identical to python.\n")
                continue
            print(f"{who} ({len(b)} bytes):\n```")
            print("\n".join(hexlines(b)))
            print("```")
            i = 0
            while True:
                buf = read(os.path.join(td, who, f"{n}.buf{i}"))
                if buf is None:
                    break
                print(f"{who} buffer {i} ({len(buf)} bytes): `{buf[:64].hex(' ')}`\n")
                i += 1
        if pb is not None and jb is not None and pb != jb:
            ops = diff_ops(pb, jb)
            print("Differences (python vs java):\n")
            for o in ops[:12]:
                print(f"- {o}")
            if len(ops) > 12:
                print(f"- … {len(ops) - 12} more")
            print()
        for k, label in (("py_reads_java", "python reading java's bytes"),
                         ("java_reads_py", "java reading python's bytes")):
            v = r[k].get(n)
            if v and v != "PASS":
                print(f"{label}: {v}\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
