"""Writes strings.txt: the meta string test inputs, one hex-encoded UTF-8 string per line."""
import random

rnd = random.Random(20240601)
alphabets = {
    "lower": "abcdefghijklmnopqrstuvwxyz",
    "lower_special": "abcdefghijklmnopqrstuvwxyz._$|",
    "lower_dot_underscore": "abcdefghijklmnopqrstuvwxyz._",
    "lower_digit": "abcdefghijklmnopqrstuvwxyz0123456789",
    "mixed": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    "mixed_special": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._$",
    "lower_few_upper": "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzABC",
    "upper": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ascii": "".join(chr(c) for c in range(0x20, 0x7F)),
    "latin": "abcdeé_ñü.",
    "unicode": "ab中文é😀",
}
strings = [
    "", "a", "z", ".", "_", "$", "|", "A", "Z", "0", "9",
    "example", "Example", "Foo", "foo", "FooBar", "fooBar", "f1", "f2", "F1",
    "com.example", "com.Example", "com.example.very.long.namespace", "org.apache.fory.xlang.tests",
    "abcdefghijklmnopqrstuvwxyz", "user_name", "userName", "MediaContent", "Sample", "Image", "media",
    "Foo$Bar", "foo$bar", "a|b", "a|", "|a", "A.B", "a.B", "ab12", "MyType2", "ABC", "AbC",
    "with space", "dash-name", "é", "café", "中文", "😀", "x" * 40, "X" * 40, "aB" * 20,
    "a" * 63, "a" * 100, "ab" * 60,
]
for name, alpha in alphabets.items():
    for n in range(0, 41):
        strings.append("".join(rnd.choice(alpha) for _ in range(n)))
    # first-upper variants
    for n in range(1, 41, 3):
        s = "".join(rnd.choice(alpha) for _ in range(n))
        strings.append(s[:1].upper() + s[1:])
seen = set()
with open("strings.txt", "w") as f:
    for s in strings:
        if s in seen:
            continue
        seen.add(s)
        f.write((s.encode("utf-8").hex() or "-") + "\n")
print(len(seen))
