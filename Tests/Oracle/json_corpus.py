#!/usr/bin/env python3
"""JSON conformance corpus for LiveTicker's RFC 8259 scanner (LiveTickerFeed/JSON/JSONScanner).

Each case is one byte string and Python's verdict on it: accepted ("y") or rejected ("n") by the
standard `json` module in strict settings -- the bytes must decode as UTF-8 (strict, so no
encoded surrogates or overlong forms), no byte-order mark, `parse_constant` rejects NaN and
Infinity, and `strict=True` (the default) rejects control characters in strings.

    json_corpus.py --write FILE   generate the corpus (hand-written cases, random documents and
                                  random mutations of them, seed fixed) into FILE
    json_corpus.py --check FILE   re-judge every case of FILE with Python; exit 1 on any case
                                  whose recorded verdict Python does not give

File format: one case per line, `y HEX` or `n HEX` (the bytes in lower-case hex).
"""
import json
import random
import sys


def _reject_constant(name):
    raise ValueError("non-RFC 8259 constant " + name)


def python_accepts(data: bytes) -> bool:
    try:
        text = data.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        return False
    if text.startswith("\ufeff"):
        return False
    try:
        json.loads(text, parse_constant=_reject_constant, strict=True)
        return True
    except (ValueError, RecursionError):
        return False


HAND = [
    # accepted
    b'{}', b'[]', b'0', b'-0', b'1', b'-1', b'123', b'1.5', b'-1.5e10', b'1E+2', b'1e-2', b'0e0',
    b'0.0', b'1e999', b'-1e-999', b'true', b'false', b'null', b'""', b'"a"', b'" "',
    b'"\\u0000"', b'"\\ud800"', b'"\\udc00\\ud800"', b'"\\ud83d\\ude00"', b'"\\"\\\\\\/\\b\\f\\n\\r\\t"',
    b'"\\u00e9\\u00E9"', '"é"'.encode(), '"€"'.encode(), '"😀"'.encode(), '"\u07ff\uffff"'.encode(),
    b' [ 1 , 2 ] ', b'\t\n\r{ "a" : 1 }\n', b'[[[[[[]]]]]]', b'{"a":{"b":{"c":[1,{"d":null}]}}}',
    b'{"a":1,"a":2}', b'{"":0}', b'[1,"2",true,false,null,{},[]]', b'{"p":"61130.99","q":"0.004","T":1709251200123}',
    b'[-0.0e-0]', b'[1E22]', b'"\x7f"', b'[0.1e+1]', b'{"\\u0041":1}',
    b'[' * 500 + b']' * 500,  # the scanner's nesting limit is 512 (tested apart)
    # rejected
    b'', b' ', b'{', b'}', b'[', b']', b'[1,]', b'[,1]', b'{"a":1,}', b'{,}', b'{"a"}', b'{"a":}',
    b'{a:1}', b"{'a':1}", b"'a'", b'"a', b'a"', b'[1 2]', b'{"a":1 "b":2}', b'01', b'-01', b'00',
    b'1.', b'.1', b'-', b'+1', b'1e', b'1e+', b'1.e1', b'0x10', b'1_000', b'NaN', b'-NaN',
    b'Infinity', b'-Infinity', b'nan', b'inf', b'tru', b'nul', b'fals', b'True', b'NULL', b'[1]x',
    b'[1] [2]', b'{} {}', b'"\\x41"', b'"\\u12"', b'"\\u12G4"', b'"\\U0041"', b'"\\a"', b'"\\"',
    b'"\x00"', b'"\x1f"', b'"\t"', b'"\n"', b'\xef\xbb\xbf{}', b'"\xc3"', b'"\xc0\x80"', b'"\xe0\x80\x80"',
    b'"\xed\xa0\x80"', b'"\xf4\x90\x80\x80"', b'"\xff"', b'"\x80"', b'"\xf8\x88\x80\x80\x80"',
    b'[\x0c1]', b'[\xa01]', b'\x00', b'[1,\x00]', b'/*x*/1', b'1//x', b'[1]\x00', b'{"a":1}}',
    b'[[]', b'[]]', b'{"a":[}', b'{"a" 1}', b'{"a"::1}', b'{1:1}', b'{null:1}', b'[-]', b'[--1]',
    b'[1e1.5]', b'[1.5e]', b'["a"', b'["\\', b'"\\u"', b'[1,,2]', b'[\'x\']',
]

ALPHABET = [
    b'{', b'}', b'[', b']', b':', b',', b'"', b'\\', b' ', b'\t', b'\n', b'\r', b'0', b'1', b'9',
    b'-', b'+', b'.', b'e', b'E', b't', b'r', b'u', b'f', b'a', b'l', b's', b'n', b'x', b'/', b'\'',
    b'\x00', b'\x1f', b'\x7f', b'\xc3', b'\xa9', b'\xed\xa0\x80', b'\xf0\x9f\x98\x80', b'\xc0\x80',
    b'\xff', b'\\u', b'\\ud800', b'NaN', b'Infinity', b'\xef\xbb\xbf', b'\xe2\x82\xac', b'0.',
]


def random_value(rng, depth=0):
    kind = rng.randrange(8 if depth < 3 else 6)
    if kind == 0:
        return rng.choice([True, False, None])
    if kind == 1:
        return rng.randrange(-10**6, 10**6)
    if kind == 2:
        return rng.choice([0.5, -1.25e-7, 3.0e21, 61130.99, 1e300, -0.0])
    if kind in (3, 4, 5):
        return "".join(rng.choice(['a', 'Z', ' ', '"', '\\', '/', '\n', '\u00e9', '\u20ac', '\U0001f600', '\x01', 'u'])
                       for _ in range(rng.randrange(5)))
    if kind == 6:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["p", "q", "T", "time", "price", "", "a b"]): random_value(rng, depth + 1)
            for _ in range(rng.randrange(4))}


def random_document(rng):
    separators = rng.choice([(",", ":"), (", ", ": "), (" ,\n", " :\t")])
    text = json.dumps(random_value(rng), separators=separators, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.3:
        text = rng.choice([" ", "\n", "\r\n", "\t"]) + text + rng.choice(["", " ", "\n"])
    return text.encode("utf-8")


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(3)
        at = rng.randrange(len(data) + 1)
        if op == 0 and data:
            del data[min(at, len(data) - 1)]
        elif op == 1:
            data[at:at] = rng.choice(ALPHABET)
        elif data:
            i = min(at, len(data) - 1)
            data[i:i + 1] = rng.choice(ALPHABET)
    return bytes(data)


def generate():
    rng = random.Random(8259)
    cases = list(HAND)
    for _ in range(1500):
        document = random_document(rng)
        cases.append(document)
        cases.append(mutate(rng, document))
        cases.append(mutate(rng, document))
    seen = set()
    unique = []
    for case in cases:
        if case not in seen and len(case) <= 4000:
            seen.add(case)
            unique.append(case)
    return unique


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("--write", "--check"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path = sys.argv[2]
    if sys.argv[1] == "--write":
        cases = generate()
        with open(path, "w") as out:
            for case in cases:
                out.write(("y " if python_accepts(case) else "n ") + case.hex() + "\n")
        accepted = sum(python_accepts(c) for c in cases)
        print(f"{path}: {len(cases)} cases, {accepted} accepted, {len(cases) - accepted} rejected")
        return 0
    wrong = 0
    total = 0
    with open(path) as corpus:
        for number, line in enumerate(corpus, 1):
            verdict, _, hexed = line.rstrip("\n").partition(" ")
            total += 1
            if (verdict == "y") != python_accepts(bytes.fromhex(hexed)):
                wrong += 1
                print(f"{path}:{number}: recorded {verdict}, Python disagrees: {bytes.fromhex(hexed)!r}")
    print(f"{path}: {total} cases, {wrong} disagree with Python's json")
    return 1 if wrong or total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
