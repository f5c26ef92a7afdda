#!/usr/bin/env python3
"""Differential test of the project's TOML parser (via TOMLDecode) against Python's tomllib.

Documents: a hand-written corpus of valid and invalid TOML 1.0, random valid documents built
from random value trees (every string form and escape, integers in every base, floats,
date-times, nested arrays, inline tables, dotted keys, tables and arrays of tables), and
random mutations of those (characters deleted, inserted, duplicated; lines swapped), which
are mostly invalid. For each document both parsers must agree on valid/invalid, and on valid
ones, on every value (types included). The only tolerated difference: integers beyond 64
bits, which TOML 1.0 lets a parser reject and tomllib keeps.

usage: toml_differential.py DECODER [--count N] [--seed S] [--keep DIR]
"""
import datetime
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import tomllib

VALID = [
    '',
    '# only a comment\n',
    'a = 1\n',
    'a = 1',  # no final newline
    'a = "x" # trailing comment\r\nb = 2\r\n',
    'key = "value"\nbare_key = "value"\nbare-key = "value"\n1234 = "value"\n',
    '"127.0.0.1" = "value"\n"character encoding" = "value"\n"ʎǝʞ" = "value"\n\'key2\' = "value"\n\'quoted "value"\' = "value"\n',
    '"" = "blank"\n',
    "'' = 'blank'\n",
    'name = "Orange"\nphysical.color = "orange"\nphysical.shape = "round"\nsite."google.com" = true\n',
    'fruit.name = "banana"\nfruit. color = "yellow"\nfruit . flavor = "banana"\n',
    'apple.type = "fruit"\norange.type = "fruit"\napple.skin = "thin"\norange.skin = "thick"\n',
    '3.14159 = "pi"\n',
    'str = "I\'m a string. \\"You can quote me\\". Name\\tJos\\u00E9\\nLocation\\tSF."\n',
    'str1 = """\nRoses are red\nViolets are blue"""\n',
    'str = """\\\n       The quick brown \\\n\n\n       fox jumps over \\\n         the lazy dog.\\\n       """\n',
    'str4 = """Here are two quotation marks: "". Simple enough."""\nstr5 = """Here are three quotation marks: ""\\"."""\nstr7 = """"This," she said, "is just a pointless statement.""""\n',
    "winpath  = 'C:\\Users\\nodejs\\templates'\nquoted   = 'Tom \"Dubs\" Preston-Werner'\nregex    = '<\\i\\c*\\s*>'\n",
    "regex2 = '''I [dw]on't need \\d{2} apples'''\nlines  = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''\n",
    "quot15 = '''Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"'''\napos15 = \"Here are fifteen apostrophes: '''''''''''''''\"\nstr = ''''That,' she said, 'is still pointless.''''\n",
    'int1 = +99\nint2 = 42\nint3 = 0\nint4 = -17\nint5 = 1_000\nint6 = 5_349_221\nint7 = 53_49_221\nint8 = 1_2_3_4_5\n',
    'hex1 = 0xDEADBEEF\nhex2 = 0xdeadbeef\nhex3 = 0xdead_beef\noct1 = 0o01234567\noct2 = 0o755\nbin1 = 0b11010110\n',
    'max = 9223372036854775807\nmin = -9223372036854775808\nz = -0\np = +0\n',
    'flt1 = +1.0\nflt2 = 3.1415\nflt3 = -0.01\nflt4 = 5e+22\nflt5 = 1e06\nflt6 = -2E-2\nflt7 = 6.626e-34\nflt8 = 224_617.445_991_228\n',
    'sf1 = inf\nsf2 = +inf\nsf3 = -inf\nsf4 = nan\nsf5 = +nan\nsf6 = -nan\nz1 = -0.0\nz2 = +0.0\n',
    'big = 1e400\ntiny = 4.9e-324\nsub = 2.2250738585072014e-308\n',
    'bool1 = true\nbool2 = false\n',
    'odt1 = 1979-05-27T07:32:00Z\nodt2 = 1979-05-27T00:32:00-07:00\nodt3 = 1979-05-27T00:32:00.999999-07:00\nodt4 = 1979-05-27 07:32:00Z\n',
    'ldt1 = 1979-05-27T07:32:00\nldt2 = 1979-05-27T00:32:00.999999\nld1 = 1979-05-27\nlt1 = 07:32:00\nlt2 = 00:32:00.999999\n',
    'lower = 1979-05-27t07:32:00z\nleap = 2024-02-29\nfrac = 07:32:00.1234567891\n',
    'integers = [ 1, 2, 3 ]\ncolors = [ "red", "yellow", "green" ]\nnested_arrays_of_ints = [ [ 1, 2 ], [3, 4, 5] ]\nnested_mixed_array = [ [ 1, 2 ], ["a", "b", "c"] ]\nstring_array = [ "all", \'strings\', """are the same""", \'\'\'type\'\'\' ]\n',
    'numbers = [ 0.1, 0.2, 0.5, 1, 2, 5 ]\ncontributors = [\n  "Foo Bar <foo@example.com>",\n  { name = "Baz Qux", email = "bazqux@example.com", url = "https://example.com/bazqux" }\n]\n',
    'integers2 = [\n  1, 2, 3\n]\nintegers3 = [\n  1,\n  2, # this is ok\n]\nempty = [ ]\nempty2 = [\n# c\n]\n',
    '[table-1]\nkey1 = "some string"\nkey2 = 123\n\n[table-2]\nkey1 = "another string"\nkey2 = 456\n',
    '[dog."tater.man"]\ntype.name = "pug"\n',
    '[a.b.c]            # this is best practice\n[ d.e.f ]          # same as [d.e.f]\n[ g .  h  . i ]    # same as [g.h.i]\n[ j . "ʞ" . \'l\' ]  # same as [j."ʞ".\'l\']\n',
    '# [x] you\n# [x.y] don\'t\n# [x.y.z] need these\n[x.y.z.w] # for this to work\n\n[x] # defining a super-table afterward is ok\n',
    '[fruit]\napple.color = "red"\napple.taste.sweet = true\n\n[fruit.apple.texture]  # you can add sub-tables\nsmooth = true\n',
    '# Top-level table begins.\nname = "Fido"\nbreed = "pug"\n\n# Top-level table ends.\n[owner]\nname = "Regina Dogman"\nmember_since = 1999-08-04\n',
    'name = { first = "Tom", last = "Preston-Werner" }\npoint = { x = 1, y = 2 }\nanimal = { type.name = "pug" }\nempty = {}\nnested = { a = { b = { c = [1, {d = 2}] } } }\n',
    '[[products]]\nname = "Hammer"\nsku = 738594937\n\n[[products]]  # empty table within the array\n\n[[products]]\nname = "Nail"\nsku = 284758393\n\ncolor = "gray"\n',
    '[[fruits]]\nname = "apple"\n\n[fruits.physical]  # subtable\ncolor = "red"\nshape = "round"\n\n[[fruits.varieties]]  # nested array of tables\nname = "red delicious"\n\n[[fruits.varieties]]\nname = "granny smith"\n\n\n[[fruits]]\nname = "banana"\n\n[[fruits.varieties]]\nname = "plantain"\n',
    'points = [ { x = 1, y = 2, z = 3 },\n           { x = 7, y = 8, z = 9 },\n           { x = 2, y = 4, z = 8 } ]\n',
    'a = "\\U0001F600 \\u0000 \\b\\f\\r\\\\"\n',
    'tab = "a\tb"\nlit = \'a\tb\'\n',
    '[a]\nb.c = 1\n[a.d]\ne = 1\n',
    'a.b.c = 1\na.b.d = 2\n[x]\n',
    '[a.b]\nc = 1\n[a]\nd = 2\n',
    '"a"."b" = 1\n\'c\'.d."e" = 2\n',
    'ml = """\\\n"""\nml2 = """a\\   \n   b"""\n',
    'k = """a"""""\n',
    'uni = "Ω ∑ 😀"\n"Ωkey" = 1\n',
    '[[a]]\n[[a.b]]\n[a.b.c]\nd = 1\n[[a]]\n',
    'x = 1 # a\n\n\n   y = 2\t# b\n',
    '[ "quoted header" ]\n"k" = 1\n',
    'arr = [1, "two", 3.0, true, 1979-05-27, [], {}]\n',
]

INVALID = [
    'a = 1\na = 2\n',
    'a = \n',
    '= 1\n',
    'a = 1 b = 2\n',
    'a.b = 1\na.b.c = 2\n',
    '[a]\n[a]\n',
    '[a]\nb = 1\n[a.b]\n',
    'a = {}\n[a]\n',
    'a = {}\na.b = 1\n',
    'a = []\n[[a]]\n',
    '[[a]]\n[a]\n',
    '[a.b]\n[[a]]\n',
    '[fruit]\napple.color = "red"\n[fruit.apple]\n',
    '[fruit]\napple.color = "red"\n[fruit]\napple.taste = 1\n',
    'a.b = 1\n[a.b]\n',
    'a = { b = 1, }\n',
    'a = { b = 1\n}\n',
    'a = {\nb = 1}\n',
    'a = { b = {}, b.c = 1 }\n',
    'a = { b = 1, b = 2 }\n',
    'a = [1, 2\n',
    'a = [1 2]\n',
    'a = [,]\n',
    'a = [1,,2]\n',
    'a = "unterminated\n',
    'a = "new\nline"\n',
    "a = 'unterminated\n",
    'a = """never closed\n',
    "a = '''never closed\n",
    'a = "\\x41"\n',
    'a = "\\uD800"\n',
    'a = "\\U00110000"\n',
    'a = "\\u00G0"\n',
    'a = "\\ "\n',
    'a = """a\\  b"""\n',
    'a = "\x01"\n',
    "a = 'x\x7f'\n",
    'a = 1 # \x00 comment\n',
    'a = 01\n',
    'a = 0_1\n',
    'a = 1__2\n',
    'a = 1_\n',
    'a = _1\n',
    'a = +0x10\n',
    'a = 0X10\n',
    'a = 0xG\n',
    'a = 0b2\n',
    'a = 0o8\n',
    'a = 1.\n',
    'a = .1\n',
    'a = 1.e5\n',
    'a = 1e\n',
    'a = 1e_5\n',
    'a = 01.5\n',
    'a = infinity\n',
    'a = NaN\n',
    'a = True\n',
    'a = 1979-02-30\n',
    'a = 1979-13-01\n',
    'a = 1979-05-27T25:00:00\n',
    'a = 1979-05-27T07:60:00\n',
    'a = 1979-05-27T07:32\n',
    'a = 07:32\n',
    'a = 1979-05-27T07:32:00+25:00\n',
    'a = 0000-01-01\n',
    'a = 1979-5-27\n',
    '[a\n',
    '[a]]\n',
    '[[a]\n',
    '[]\n',
    '[a.]\n',
    '[.a]\n',
    'a..b = 1\n',
    'a. = 1\n',
    'a b = 1\n',
    '"a\nb" = 1\n',
    '"""a""" = 1\n',
    'a = 1\r',
    'a = "x"\rb = 1\n',
    '\xff = 1\n',
    'a = """\\q"""\n',
    'a = 9223372036854775808\n',
    'a = -9223372036854775809\n',
    'a = 0x8000000000000000\n',
    '[[a]]\nb = 1\n[a.b]\n',
    'a = [{}]\n[a.b]\n',
    'a = [{}]\n[[a]]\n',
    'x = [1]\nx.y = 2\n',
    'k = "a"b\n',
    'k = true false\n',
    '# c\n[t]\n=\n',
]

TOLERATED_BIG_INT = {'a = 9223372036854775808\n', 'a = -9223372036854775809\n', 'a = 0x8000000000000000\n'}


def tagged(value):
    """tomllib's value in TOMLDecode's tagged form."""
    if isinstance(value, dict):
        return {k: tagged(v) for k, v in value.items()}
    if isinstance(value, list):
        return [tagged(v) for v in value]
    if isinstance(value, bool):
        return {"type": "bool", "value": "true" if value else "false"}
    if isinstance(value, int):
        return {"type": "integer", "value": str(value)}
    if isinstance(value, float):
        if math.isnan(value):
            s = "nan"
        elif math.isinf(value):
            s = "inf" if value > 0 else "-inf"
        else:
            s = "%.17g" % value
        return {"type": "float", "value": s}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, datetime.datetime):
        base = "%04d-%02d-%02dT%02d:%02d:%02d.%06d" % (
            value.year, value.month, value.day, value.hour, value.minute, value.second, value.microsecond)
        if value.tzinfo is None:
            return {"type": "datetime-local", "value": base}
        offset = value.utcoffset()
        minutes = int(offset.total_seconds() // 60)
        sign = "-" if minutes < 0 else "+"
        minutes = abs(minutes)
        return {"type": "datetime", "value": base + "%s%02d:%02d" % (sign, minutes // 60, minutes % 60)}
    if isinstance(value, datetime.date):
        return {"type": "date-local", "value": "%04d-%02d-%02d" % (value.year, value.month, value.day)}
    if isinstance(value, datetime.time):
        return {"type": "time-local", "value": "%02d:%02d:%02d.%06d" % (value.hour, value.minute, value.second, value.microsecond)}
    raise TypeError(type(value))


def has_big_int(value):
    if isinstance(value, dict):
        return any(has_big_int(v) for v in value.values())
    if isinstance(value, list):
        return any(has_big_int(v) for v in value)
    return isinstance(value, int) and not isinstance(value, bool) and not (-(2**63) <= value < 2**63)


# ---------------------------------------------------------------- random documents
BARE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"


def rand_key(r):
    kind = r.random()
    if kind < 0.6:
        return "".join(r.choice(BARE) for _ in range(r.randint(1, 8)))
    if kind < 0.8:
        return json.dumps("".join(r.choice(BARE + " .#=[]ΩΣ😀\\\"") for _ in range(r.randint(0, 6))), ensure_ascii=r.random() < 0.5)
    text = "".join(r.choice(BARE + " .#=[]Ω\"") for _ in range(r.randint(0, 6)))
    return "'" + text + "'"


def rand_basic_string(r):
    pieces = []
    for _ in range(r.randint(0, 6)):
        c = r.random()
        if c < 0.5:
            pieces.append(r.choice("abc xyz 123 Ω 😀 é".split(" ")))
        elif c < 0.7:
            pieces.append(r.choice(["\\n", "\\t", "\\\\", "\\\"", "\\b", "\\f", "\\r"]))
        elif c < 0.85:
            pieces.append("\\u%04X" % r.choice([0x41, 0xE9, 0x3A9, 0x2603, 0x0, 0x1F, 0x7F, 0xFFFD]))
        else:
            pieces.append("\\U%08X" % r.choice([0x1F600, 0x10FFFF, 0x41]))
    return '"' + "".join(pieces) + '"'


def rand_string(r):
    c = r.random()
    if c < 0.4:
        return rand_basic_string(r)
    if c < 0.6:
        return "'" + "".join(r.choice("ab\\c \"Ω") for _ in range(r.randint(0, 8))) + "'"
    if c < 0.8:
        body = "".join(r.choice(["a", "b", "\n", " ", "\\n", "\"", "\"\"", "\\\n   ", "Ω", "\t"]) for _ in range(r.randint(0, 8)))
        if body.endswith("\\"):
            body += "x"
        return '"""' + body + '"""'
    body = "".join(r.choice(["a", "b", "\n", " ", "\\", "'", "''", "Ω", "\""]) for _ in range(r.randint(0, 8)))
    return "'''" + body + "'''"


def underscore(r, digits):
    if len(digits) < 2 or r.random() < 0.6:
        return digits
    out = digits[0]
    for d in digits[1:]:
        if r.random() < 0.3:
            out += "_"
        out += d
    return out


def rand_int(r):
    c = r.random()
    if c < 0.5:
        n = r.choice([0, 1, 7, 42, 1000, 2**31, 2**53 + 1, 2**63 - 1, r.randint(0, 10**12)])
        sign = r.choice(["", "", "+", "-"])
        if sign == "-" and n == 2**63 - 1 and r.random() < 0.5:
            n = 2**63
        return sign + underscore(r, str(n))
    n = r.randint(0, 2**40)
    base = r.choice(["x", "o", "b"])
    digits = {"x": "%x" % n, "o": "%o" % n, "b": bin(n)[2:]}[base]
    if base == "x" and r.random() < 0.5:
        digits = digits.upper()
    return "0" + base + underscore(r, digits)


def rand_float(r):
    c = r.random()
    if c < 0.15:
        return r.choice(["inf", "+inf", "-inf", "nan", "+nan", "-nan"])
    sign = r.choice(["", "", "+", "-"])
    whole = r.choice(["0", "1", "3", "12345", str(r.randint(1, 10**9))])
    text = sign + underscore(r, whole)
    has_frac = r.random() < 0.7
    if has_frac:
        text += "." + underscore(r, "".join(r.choice("0123456789") for _ in range(r.randint(1, 17))))
    if not has_frac or r.random() < 0.4:
        text += r.choice("eE") + r.choice(["", "+", "-"]) + underscore(r, str(r.randint(0, 330)))
    return text


def rand_datetime(r):
    y, mo = r.randint(1, 9999), r.randint(1, 12)
    d = r.randint(1, 28)
    date = "%04d-%02d-%02d" % (y, mo, d)
    time = "%02d:%02d:%02d" % (r.randint(0, 23), r.randint(0, 59), r.randint(0, 59))
    if r.random() < 0.4:
        time += "." + "".join(r.choice("0123456789") for _ in range(r.randint(1, 9)))
    c = r.random()
    if c < 0.25:
        return date
    if c < 0.4:
        return time
    sep = r.choice(["T", "t", " "])
    if c < 0.6:
        return date + sep + time
    offset = r.choice(["Z", "z", "+00:00", "-07:00", "+05:30", "+23:59"])
    return date + sep + time + offset


def rand_scalar(r):
    c = r.random()
    if c < 0.3:
        return rand_string(r)
    if c < 0.5:
        return rand_int(r)
    if c < 0.7:
        return rand_float(r)
    if c < 0.8:
        return r.choice(["true", "false"])
    return rand_datetime(r)


def rand_value(r, depth=0):
    c = r.random()
    if depth < 3 and c < 0.15:
        items = [rand_value(r, depth + 1) for _ in range(r.randint(0, 4))]
        seps = [r.choice([", ", ",", " ,\n  ", ", # c\n"]) for _ in items]
        body = "".join(v + s for v, s in zip(items, seps))
        if items and r.random() < 0.6:
            body = body.rstrip(", #c\n ") if False else ", ".join(items)
        return "[" + r.choice(["", " ", "\n"]) + body + r.choice(["", " ", "\n"]) + "]"
    if depth < 3 and c < 0.25:
        keys = unique_keys(r, r.randint(0, 4))
        return "{" + ", ".join(k + " = " + rand_value(r, depth + 1) for k in keys) + "}"
    return rand_scalar(r)


def unique_keys(r, n):
    keys, seen = [], set()
    while len(keys) < n:
        k = rand_key(r)
        try:
            name = tomllib.loads(k + " = 1\n")
        except tomllib.TOMLDecodeError:
            continue
        (real,) = name.keys()
        if real in seen:
            continue
        seen.add(real)
        keys.append(k)
    return keys


def rand_document(r):
    lines = []
    if r.random() < 0.5:
        lines.append("# " + "".join(r.choice("abc Ω\t") for _ in range(10)))
    for k in unique_keys(r, r.randint(0, 5)):
        lines.append(k + r.choice([" = ", "=", "  =\t"]) + rand_value(r) + r.choice(["", "  # note"]))
    for t in range(r.randint(0, 3)):
        name = ".".join(unique_keys(r, r.randint(1, 2)))
        if r.random() < 0.3:
            for _ in range(r.randint(1, 3)):
                lines.append("[[" + name + "]]")
                for k in unique_keys(r, r.randint(0, 3)):
                    lines.append(k + " = " + rand_value(r))
        else:
            lines.append(r.choice(["[", "[ "]) + name + r.choice(["]", " ]"]))
            for k in unique_keys(r, r.randint(0, 3)):
                lines.append(k + " = " + rand_value(r))
            if r.random() < 0.3:
                stem = unique_keys(r, 1)[0]
                lines.append(stem + "." + unique_keys(r, 1)[0] + " = " + rand_scalar(r))
    newline = "\r\n" if r.random() < 0.1 else "\n"
    return newline.join(lines) + (newline if r.random() < 0.8 else "")


def mutate(r, text):
    chars = list(text)
    for _ in range(r.randint(1, 3)):
        op = r.random()
        if not chars:
            chars = list(r.choice(["=", "[", "\"", "'", "1"]))
            continue
        i = r.randrange(len(chars))
        if op < 0.3:
            del chars[i]
        elif op < 0.6:
            chars.insert(i, r.choice(list("=[]{}\"',.#\n _-+:0e\\xTZ\t") + ["\x00", "\r", "Ω"]))
        elif op < 0.8:
            chars.insert(i, chars[i])
        else:
            lines = "".join(chars).split("\n")
            if len(lines) > 1:
                a, b = r.randrange(len(lines)), r.randrange(len(lines))
                lines[a], lines[b] = lines[b], lines[a]
                chars = list("\n".join(lines))
    return "".join(chars)


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    decoder = args[0]
    count = int(args[args.index("--count") + 1]) if "--count" in args else 3000
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 20261201
    keep = args[args.index("--keep") + 1] if "--keep" in args else None
    r = random.Random(seed)

    docs = [(d, "valid corpus") for d in VALID] + [(d, "invalid corpus") for d in INVALID]
    for _ in range(count):
        doc = rand_document(r)
        docs.append((doc, "random"))
        if r.random() < 0.8:
            docs.append((mutate(r, doc), "mutated"))

    workdir = keep or tempfile.mkdtemp(prefix="toml-diff-")
    os.makedirs(workdir, exist_ok=True)
    paths = []
    for i, (doc, _) in enumerate(docs):
        path = os.path.join(workdir, "%05d.toml" % i)
        with open(path, "wb") as f:
            f.write(doc.encode("utf-8", "surrogatepass") if isinstance(doc, str) else doc)
        paths.append(path)

    outputs = []
    for start in range(0, len(paths), 400):
        batch = paths[start:start + 400]
        run = subprocess.run([decoder] + batch, capture_output=True, timeout=300)
        if run.returncode != 0:
            print("decoder failed on a batch: exit %d\n%s" % (run.returncode, run.stderr.decode(errors="replace")))
            return 1
        lines = run.stdout.decode("utf-8").splitlines()
        if len(lines) != len(batch):
            print("decoder printed %d lines for %d files" % (len(lines), len(batch)))
            return 1
        outputs += [json.loads(line) for line in lines]

    mismatches = []
    stats = {"valid": 0, "invalid": 0, "tolerated": 0}
    for (doc, origin), path, ours in zip(docs, paths, outputs):
        with open(path, "rb") as f:
            raw = f.read()
        try:
            theirs = tomllib.loads(raw.decode("utf-8"))
            their_error = None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
            theirs, their_error = None, str(e)
        if origin == "valid corpus" and their_error:
            mismatches.append((path, origin, "tomllib rejects a corpus document meant valid: " + their_error))
            continue
        if origin == "invalid corpus" and not their_error and doc not in TOLERATED_BIG_INT:
            mismatches.append((path, origin, "tomllib accepts a corpus document meant invalid"))
            continue
        if their_error is None and has_big_int(theirs):
            stats["tolerated"] += 1
            if "ok" in ours:
                mismatches.append((path, origin, "accepted an integer beyond 64 bits"))
            continue
        if their_error is None:
            stats["valid"] += 1
            if "ok" not in ours:
                mismatches.append((path, origin, "we reject a valid document: line %d, column %d: %s" % (ours["line"], ours["column"], ours["error"])))
            elif ours["ok"] != tagged(theirs):
                mismatches.append((path, origin, "values differ:\n  ours   %s\n  tomllib %s" % (json.dumps(ours["ok"])[:600], json.dumps(tagged(theirs))[:600])))
        else:
            stats["invalid"] += 1
            if "ok" in ours:
                mismatches.append((path, origin, "we accept an invalid document (tomllib: %s)" % their_error))
            elif ours["line"] < 1 or ours["column"] < 1:
                mismatches.append((path, origin, "error without a position"))

    print("toml differential: %d documents (%d valid, %d invalid, %d with integers beyond 64 bits rejected as allowed), %d mismatches"
          % (len(docs), stats["valid"], stats["invalid"], stats["tolerated"], len(mismatches)))
    for path, origin, what in mismatches[:15]:
        print("MISMATCH %s (%s): %s" % (path, origin, what))
        with open(path, "rb") as f:
            print("  document: %r" % f.read()[:300])
    if not keep and not mismatches:
        for p in paths:
            os.unlink(p)
        os.rmdir(workdir)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
