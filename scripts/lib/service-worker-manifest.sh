#!/bin/sh
# Trunk post-build hook: fill sw.js's precache list and cache version from the
# files of this build (Trunk hashes most names, so they change every build).
set -eu
dir="${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}"
cd "$dir"
files=$(find . -type f ! -name sw.js | sed 's|^\./||' | LC_ALL=C sort)
list=$(printf '%s\n' "$files" | sed 's/.*/  "&",/')
version=$(printf '%s\n' "$files" | xargs cat | sha256sum | cut -c1-16)
{
  printf 'const VERSION = "%s";\nconst FILES = [\n  "./",\n%s\n];\n// -- generated above --\n' "$version" "$list"
  sed '1,/^\/\/ -- generated above --$/d' sw.js
} > sw.js.tmp
mv sw.js.tmp sw.js
