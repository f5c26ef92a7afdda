#!/usr/bin/env python3
"""Exact-index oracle for LiveTicker's LTTB, using tsdownsample (pip install tsdownsample==0.1.5.1).

tsdownsample's LTTBDownsampler without x is the reference LTTB (Steinarsson 2013) whose bucket
convention and arithmetic LiveTicker follows, so for y-only input (x = index) the indices must be
identical. This script does not import LiveTicker code: it reads our indices as CSV text.

Modes
  gen    write a random-walk input file:        lttb_oracle.py gen --n 100000 --seed 1 walk.csv
         (header `time,value`; time is the index, value the walk)
  check  compare one output with the oracle:    lttb_oracle.py check --points 1920 walk.csv out.csv
         (out.csv: header with an `index` column, e.g. `index,x,y`; one row per kept point)
  run    generate, run a command, compare, for many sizes and seeds:
           lttb_oracle.py run --command 'liveticker downsample --algorithm lttb --points {points} --x index {file}'
         `{points}` and `{file}` are substituted; the command must print `index,x,y` CSV on stdout.

Exit status: 0 when every comparison is identical, 1 on any difference, 2 on usage errors.
"""
import argparse
import csv
import io
import os
import shlex
import subprocess
import sys
import tempfile

import numpy as np
from tsdownsample import LTTBDownsampler


def walk(n, seed):
    rng = np.random.default_rng(seed)
    return np.cumsum(rng.standard_normal(n)) + 100.0


def write_input(path, y):
    with open(path, "w", newline="") as f:
        f.write("time,value\n")
        for i, v in enumerate(y):
            f.write(f"{i},{float(v)!r}\n")


def read_values(path):
    with open(path, newline="") as f:
        rows = csv.DictReader(f)
        column = next((c for c in ("value", "y", "price") if c in rows.fieldnames), rows.fieldnames[-1])
        return np.array([float(r[column]) for r in rows], dtype=np.float64)


def read_indices(text):
    rows = csv.DictReader(io.StringIO(text))
    if rows.fieldnames is None or "index" not in rows.fieldnames:
        raise ValueError("output has no `index` column")
    return np.array([int(r["index"]) for r in rows if int(r["index"]) >= 0], dtype=np.int64)


def compare(y, ours, points, label):
    reference = np.asarray(LTTBDownsampler().downsample(y, n_out=points), dtype=np.int64)
    if len(reference) == len(ours) and np.array_equal(reference, ours):
        print(f"identical  {label}: {len(ours)} indices")
        return True
    if len(reference) != len(ours):
        print(f"DIFFERENT  {label}: {len(ours)} indices, oracle has {len(reference)}")
    else:
        where = np.nonzero(reference != ours)[0]
        print(f"DIFFERENT  {label}: {len(where)} positions differ, first at output {where[0]}: "
              f"ours {ours[where[0]]}, oracle {reference[where[0]]}")
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    g = sub.add_parser("gen", help="write a random-walk input CSV")
    g.add_argument("--n", type=int, required=True)
    g.add_argument("--seed", type=int, default=0)
    g.add_argument("file")
    c = sub.add_parser("check", help="compare an index CSV with the oracle")
    c.add_argument("--points", type=int, required=True)
    c.add_argument("input")
    c.add_argument("output", help="CSV with an `index` column; '-' reads stdin")
    r = sub.add_parser("run", help="generate, run a command, compare")
    r.add_argument("--command", required=True, help="command with {points} and {file} placeholders")
    r.add_argument("--sizes", default="10,11,100,1000,1003,100000,1000000")
    r.add_argument("--points", default="3,4,7,100,1920")
    r.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()

    if args.mode == "gen":
        write_input(args.file, walk(args.n, args.seed))
        return 0
    if args.mode == "check":
        text = sys.stdin.read() if args.output == "-" else open(args.output).read()
        return 0 if compare(read_values(args.input), read_indices(text), args.points, args.output) else 1

    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            for seed in range(args.seeds):
                path = os.path.join(tmp, f"walk-{n}-{seed}.csv")
                y = walk(n, seed)
                write_input(path, y)
                y = read_values(path)  # exactly the values the command reads
                for points in (int(p) for p in args.points.split(",")):
                    if points >= n:
                        continue
                    command = args.command.format(points=points, file=shlex.quote(path))
                    done = subprocess.run(command, shell=True, capture_output=True, text=True)
                    if done.returncode != 0:
                        print(f"FAILED     {command}: exit {done.returncode}: {done.stderr.strip()[:200]}")
                        ok = False
                        continue
                    ok &= compare(y, read_indices(done.stdout), points, f"n={n} seed={seed} points={points}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
