"""Sums twiggy's item sizes (CSV) by crate and by module; run by scripts/wasm-sizes."""
import csv
import gzip
import re
import sys
from collections import Counter

name, table, shipped = sys.argv[1:4]
# The first path in an item's name decides its crate: `<a::T as b::Trait>::f`
# is a's, `core::ptr::drop_in_place<a::T>` is core's (generic glue).
PATH = re.compile(r"^[<&*\[( ]*(?:dyn |mut |const )?([A-Za-z_][A-Za-z0-9_]*)::(?:([a-z_][a-z0-9_]*)::(?:([a-z_][a-z0-9_]*)::)?)?")
crates, modules, total = Counter(), Counter(), 0
for row in csv.DictReader(open(table)):
    item, size = row["Name"], int(row["ShallowSize"])
    if item.startswith(('"function names"', "Σ", "...")):
        continue  # names are stripped from the shipped files
    total += size
    if item.startswith("data segment"):
        crates["(data: strings, tables)"] += size
        continue
    m = PATH.match(item)
    crate = m.group(1) if m else "(other: glue, imports, tables)"
    crates[crate] += size
    if crate in ("ddz_app", "engine") and m.group(2):
        # The app's pages one by one; the rest by top module.
        deeper = m.group(2) == "pages" and m.group(3)
        modules[f"{crate}::{m.group(2)}" + (f"::{m.group(3)}" if deeper else "")] += size

body = open(shipped, "rb").read()
print(f"\n## {name}: {len(body) / 1024:,.0f} KB without names, {len(gzip.compress(body, 9)) / 1024:,.0f} KB gzip -9\n")
print("| crate | KB | share |\n|---|---:|---:|")
for crate, size in crates.most_common(12):
    print(f"| {crate} | {size / 1024:,.0f} | {100 * size / total:.1f}% |")
print(f"| the rest | {sum(s for _, s in crates.most_common()[12:]) / 1024:,.0f} | |")
print("\n| module | KB |\n|---|---:|")
for module, size in modules.most_common(15):
    print(f"| {module} | {size / 1024:,.0f} |")
