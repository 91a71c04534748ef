#!/usr/bin/env bash
# Hostile-input probe for the ddz CLI (issues 16 and 50).
#
#   scripts/probe-hostile.sh DDZ_BINARY [TIMEOUT_SECONDS]
#
# Runs every case in text and with --json under a timeout and counts:
#   panic      exit 101 (Rust panic), 134 (abort) or any other signal
#   hang       the timeout fired
#   zero-bad   exit 0 on input that must be refused ("bad" cases)
#   json-miss  a failing --json run whose stdout holds no {"error": ...}
#   agent      an agent run that stopped answering (fewer answers than requests)
#   missing    a command or flag the binary does not have
# and, for the ground around the commands (issue 50):
#   destroyed  a file the command did not make was changed or removed, or
#              a file it was writing was not written
#   lie        the agent answered a play it was not offered
#   memory     refusing an input took more than 512 MB (peaks printed)
#   time       a time limit overrun by more than 50 ms, process start
#              included (worst printed)
# Prints every offending case, then the totals.
set -u
DDZ=${1:?usage: scripts/probe-hostile.sh DDZ_BINARY [TIMEOUT]}
T=${2:-10}
W=$(mktemp -d /tmp/ddz-probe.XXXXXX)
trap 'rm -rf "$W"' EXIT

MAX=18446744073709551615
H54=33334444555566667777888899990000JJJJQQQQKKKKAAAA2222XD
H21=333344445555666677778
H20=33334444555566667777

# A small valid library, built by the binary under test.
"$DDZ" library build --deals 3 --seed 0 --out "$W/lib.json" >/dev/null 2>&1
LIB="$W/lib.json"
E1='{"seed":0,"deal":"[45778TJJJQKKKKAAA22X][33445678999TTJ22D][334556667889TQQQA]","scores":[-2,-1,1,2],"counts":[0,6,0,2],"gdi":[1.0,0.25,0.25]}'
echo '{"panel":"quick","games":1,"entries":[]}' >"$W/empty.json"
echo '{"panel":"quick","games":1,"entries":[{"seed":0,"deal":"[45778TJJJQKKKKAAA22X][33445678999TTJ22D][334556667889TQQQA]","scores":[-2,-1,1,2],"counts":[0,0,0,0],"gdi":[0,0,0]}]}' >"$W/zero.json"
echo "{\"panel\":\"quick\",\"games\":1,\"entries\":[$E1,$E1]}" >"$W/dup.json"
echo '{"panel":"quick","games":1,"entries":[{"seed":0,"deal":"[45778TJJJQKKKKAAA22X][33445678999TTJ22D][334556667889TQQQA]","scores":[-9000000000000000000,9000000000000000000],"counts":[4,4],"gdi":[0.5]}]}' >"$W/huge.json"
echo '{"panel":"quick","games":1,"entries":[{"seed":0,"deal":"[45778TJJJQKKKKAAA22X][33445678999TTJ22D][334556667889TQQQA]","scores":[-1000000,1000000],"counts":[4,4],"gdi":[0.5]}]}' >"$W/wide.json"
echo "{\"panel\":\"quick\",\"games\":5,\"entries\":[$E1]}" >"$W/header.json"
echo "{\"panel\":\"nobody\",\"games\":1,\"entries\":[$E1]}" >"$W/panel.json"
echo '{"panel":"quick","games":1,"entries":[{"seed":0,"deal":"[45778TJJJQKKKKAAA22X][33445678999TTJ22D][334556667889TQQQA]","scores":[-2,-1,1,2],"counts":[0,6,0,2],"gdi":[1.0,0.25,0.25]},{"seed":1,"deal":"[45778TJJJQKKKKAAA22X][33445678999TTJ22D][334556667889TQQQA]","scores":[-2,-1,1,2],"counts":[0,6,0,2],"gdi":[1.0,0.25,0.25]}]}' >"$W/seed.json"
echo '{"panel":"quick","games":1,"entries":[{"seed":0,"deal":"[45778TJJJQKKKKAAA22X][33445678999TTJ22D][334556667889TQQQA]","scores":[-2,-1,1,2],"counts":[0,6,0,2],"gdi":[1.0,0.25,0.25,7]}]}' >"$W/gdi.json"
: >"$W/blank.json"
echo 'not json' >"$W/text.json"

# expectation<TAB>arguments (bash words; $W, $LIB, $MAX... expand)
CASES=$(cat <<'EOF'
ok	deal --seed $MAX
bad	deal --seed -1
bad	deal --seed 18446744073709551616
bad	deal --bogus
bad	nosuchcommand
ok	bid --seed $MAX
bad	bid --deals 3 --seed $MAX
bad	bid --deals 0
bad	bid --deals 1 --player nobody
bad	bid --deals 1 --player heuristic:noise=nan
bad	moves $H54
bad	moves $H21
ok	moves $H20
bad	moves 3z
bad	moves 345 --follow 333444555666
bad	moves 3333 --follow 33
ok	play --seed $MAX
bad	play --players a,b
bad	play --players nobody,greedy,greedy
bad	play --players heuristic:noise=nan,greedy,greedy
bad	play --players heuristic:noise=inf,greedy,greedy
bad	play --players sampler:nodes=$MAX,greedy,greedy
bad	play --players sampler:samples=0,greedy,greedy
bad	play --players hybrid:switch=4294967296,greedy,greedy
bad	play --deal [333]
bad	play --seed 1 --deal x
bad	split $H54
bad	split $H21
ok	split $H20
bad	split 3456789TJQKA2 --alternatives 9223372036854775807
bad	split 3456789TJQKA2 --alternatives 1000000000000
bad	split 3456789TJQKA2 --alternatives 18446744073709551616
bad	split 3456789TJQKA2 --alternatives -1
bad	split 345 --method greedy --alternatives 1
bad	split 345 --method bogus
bad	split-compare --deals 0
bad	split-compare --deals 3 --seed $MAX
bad	lead-agreement --deals 0
bad	lead-agreement --deals 3 --seed $MAX
bad	lead-agreement --players greedy,greedy
bad	solve --landlord $H54 --farmer 3 --time-limit 100
bad	solve --landlord $H21 --farmer 3 --time-limit 100
bad	solve --landlord 345 --farmer 678 --time-limit nan
bad	solve --landlord 345 --farmer 678 --time-limit inf
bad	solve --landlord 345 --farmer 678 --time-limit -1
bad	solve --landlord 345 --farmer 678 --time-limit 0
bad	solve --landlord 345 --farmer 678 --time-limit 1e300
bad	solve --landlord 345 --farmer 678 --last 3
bad	solve --landlord 345 --farmer 678 --to-move nobody
bad	solve --landlord 345 --farmer 678 --farmer2 ''
bad	solve --landlord 345 --farmer 678 --utility bogus
bad	solve --landlord 3333 --farmer 3
ok	solve --landlord 3 --farmer 4 --time-limit 100
bad	par --seed 1 --time-limit nan
bad	par --seed 1 --time-limit inf
bad	par --seed 1 --time-limit -5
ok	par --seed $MAX --time-limit 200
bad	par x
bad	solve-bench --positions 0
bad	solve-bench --positions 3 --seed $MAX --sizes 2+2
bad	solve-bench --sizes 18446744073709551615+1
bad	solve-bench --sizes 21+1
bad	solve-bench --sizes 0+1
bad	solve-bench --sizes 20+20+20
bad	solve-bench --sizes ''
bad	solve-bench --sizes 2+2 --time-limit nan
bad	solve-bench --sizes 2+2 --positions 18446744073709551615
bad	solve-bench --full --deals 0
bad	solve-bench --full --deals 3 --seed $MAX --time-limit 10
bad	solve-bench --full --deals 1 --time-limit inf
bad	solve-limits --deals 0
bad	solve-limits --deals 3 --seed $MAX --time-limit 10
bad	solve-limits --deals 1 --time-limit nan
bad	solve-limits --deals 1 --time-limit inf
bad	agent --player nobody
bad	agent --player L0 --time-limit nan
bad	match --players a
bad	match --players L0,L1 --deals 3 --seed $MAX
bad	match --players L0,L1 --deals 0
bad	match --players L0,nobody --deals 1
bad	ladder --rungs L0
bad	ladder --rungs '' --deals 1
bad	ladder --deals 0
bad	ladder --rungs L0,L1 --deals 3 --seed $MAX
bad	library build --deals 0 --out $W/a.json
bad	library build --deals 3 --seed $MAX --out $W/b.json
bad	library build --deals 1 --out /dev/null
bad	library build --deals 1 --out $W/nodir/x.json
bad	library build --deals 1 --out $W
bad	library build --deals 1 --games 0 --out $W/c.json
bad	library build --deals 1 --games 4294967295 --out $W/d.json
bad	library build --deals 1 --panel nobody --out $W/e.json
bad	dist 1 --games 0
bad	dist 1 --games 4294967295
bad	dist 1 --panel nobody
bad	dist x
bad	dih --dist -1000000000000:0.5,1000000000000:0.5 --players 3 --rounds 3 --top 2
bad	dih --dist -9223372036854775808:0.5,9223372036854775807:0.5 --players 3 --rounds 3 --top 2
bad	dih --dist -1:0.5,1:0.5 --players 4294967295 --rounds 3 --top 4294967295
bad	dih --dist -1:0.5,1:0.5 --players 3 --rounds 100000 --top 2
bad	dih --dist -1:0.5,1:0.5 --players 0 --rounds 3 --top 2
bad	dih --dist -1:0.5,1:0.5 --players 3 --rounds 0 --top 2
bad	dih --dist 1:nan --players 3 --rounds 3 --top 2
bad	dih --dist 1:inf --players 3 --rounds 3 --top 2
bad	dih --players 3 --rounds 3 --top 2
bad	dih --library $W/huge.json --entry 0 --players 3 --rounds 3 --top 2
bad	dih --library $W/wide.json --entry 0 --players 3 --rounds 3 --top 2
bad	dih --library $LIB --entry 99 --players 3 --rounds 3 --top 2
ok	dih --library $LIB --entry 0 --players 3 --rounds 3 --top 2
ok	dih --dist -1:0.5,1:0.5 --players 3 --rounds 3 --top 5
bad	select --library $W/empty.json --players 3 --rounds 3 --top 2
bad	select --library $W/zero.json --players 3 --rounds 3 --top 2
bad	select --library $W/dup.json --players 3 --rounds 3 --top 2
bad	select --library $W/huge.json --players 3 --rounds 3 --top 2
bad	select --library $W/wide.json --players 3 --rounds 3 --top 2
bad	select --library $W/header.json --players 3 --rounds 3 --top 2
bad	select --library $W/panel.json --players 3 --rounds 3 --top 2
bad	select --library $W/seed.json --players 3 --rounds 3 --top 2
bad	select --library $W/gdi.json --players 3 --rounds 3 --top 2
bad	select --library $W/blank.json --players 3 --rounds 3 --top 2
bad	select --library $W/text.json --players 3 --rounds 3 --top 2
bad	select --library $W/missing.json --players 3 --rounds 3 --top 2
bad	select --library $LIB --players 3 --rounds 3 --top 2 --count 0
ok	select --library $LIB --players 3 --rounds 3 --top 2 --count 18446744073709551615
bad	select --library $LIB --players 1000000000000 --rounds 3 --top 2
bad	equal --library $LIB --center nan
bad	equal --library $LIB --center inf,0.5,0.5
bad	equal --library $LIB --center ''
bad	equal --library $LIB --center 1,0.25,0.25 --eps nan
bad	equal --library $LIB --center 1,0.25,0.25 --eps inf
bad	equal --library $LIB --center 1,0.25,0.25 --eps -1
bad	equal --library $W/dup.json --center 1,0.25,0.25
ok	equal --library $LIB --center 1,0.25,0.25
bad	tournament --format bogus --matches 1
bad	tournament --format duplicate --rounds 0 --matches 1
bad	tournament --format duplicate --rounds 4294967295 --matches 1
bad	tournament --format duplicate --matches 0
bad	tournament --format duplicate --tables '' --matches 1
bad	tournament --format duplicate --tables L0,nobody --matches 1
bad	tournament --format equal --matches 1
bad	tournament --format equal --library $LIB --center nan --matches 1
bad	tournament --format equal --library $LIB --center 1,0.25,0.25 --eps nan --matches 1
bad	tournament --format equal --library $W/dup.json --center 1,0.25,0.25 --matches 1
bad	p1p2 --library $LIB --players 1000000000000 --rounds 2 --top 2 --tournaments 1
bad	p1p2 --library $LIB --players 0 --rounds 2 --top 2 --tournaments 1
bad	p1p2 --library $LIB --players 4 --rounds 0 --top 2 --tournaments 1
bad	p1p2 --library $LIB --players 4 --rounds 2 --top 4294967295 --tournaments 1
bad	p1p2 --library $LIB --players 4 --rounds 2 --top 2 --tournaments 0
bad	p1p2 --library $LIB --players 4 --rounds 4294967295 --top 2 --tournaments 1
bad	p1p2 --library $W/huge.json --players 4 --rounds 2 --top 2 --tournaments 1
bad	p1p2 --library $W/empty.json --players 4 --rounds 2 --top 2 --tournaments 1
bad	p1p2 --library $LIB --ais '' --players 4 --rounds 2 --top 2 --tournaments 1
bad	contest new --format duplicate --seed 1 --centre 1,0.25,0.25
bad	contest new --format random --seed 1 --library $LIB
EOF
)

panic=0; hang=0; zerobad=0; jsonmiss=0; agentdead=0; runs=0
report() { printf '  %-9s exit %-3s %s\n' "$1" "$2" "$3"; }

run_case() { # expectation json args...
  local expect=$1 json=$2; shift 2
  local args=("$@")
  [ "$json" = 1 ] && args+=(--json)
  timeout -s KILL "$T" "$DDZ" "${args[@]}" </dev/null >"$W/out" 2>"$W/err"
  local rc=$?
  runs=$((runs + 1))
  local shown="${args[*]}"
  shown=${shown//$W/W}
  if [ $rc -eq 137 ]; then hang=$((hang + 1)); report hang "$rc" "$shown"
  elif [ $rc -eq 101 ] || [ $rc -gt 128 ]; then panic=$((panic + 1)); report panic "$rc" "$shown"
  elif [ $rc -eq 0 ] && [ "$expect" = bad ]; then zerobad=$((zerobad + 1)); report zero-bad "$rc" "$shown"
  elif [ $rc -ne 0 ] && [ "$json" = 1 ] && ! grep -q '"error"' "$W/out"; then
    jsonmiss=$((jsonmiss + 1)); report json-miss "$rc" "$shown"
  fi
}

while IFS=$'\t' read -r expect line; do
  [ -z "$expect" ] && continue
  eval "set -- $line"
  run_case "$expect" 0 "$@"
  run_case "$expect" 1 "$@"
done <<<"$CASES"

# Resuming a build with other settings: leave a journal of games=1, resume
# with games=2; and a file at the journal's name that is not one.
mkdir -p "$W/r"
J1='{"ddz_library_build_journal":1,"build":{"panel":"quick","games":1,"par_nodes":0},"seed":0,"deals":2}'
for json in 0 1; do
  printf '%s\n%s\n' "$J1" "$E1" >"$W/r/lib.json.ddz-build-journal"
  run_case bad "$json" library build --deals 2 --games 2 --par-nodes 0 --out "$W/r/lib.json"
  run_case bad "$json" library build --deals 2 --panel strong --par-nodes 0 --out "$W/r/lib.json"
  echo "$E1" >"$W/r/lib.json.ddz-build-journal"
  run_case bad "$json" library build --deals 2 --par-nodes 0 --out "$W/r/lib.json"
done

# The agent: every request line gets one answer line, whatever it holds.
GOOD='{"seat":"landlord","hand":"45778TJJJQKKKKAAA22X","history":[],"counts":{"landlord":20,"farmer1":17,"farmer2":17}}'
agent_case() { # description, then the input on stdin
  local what=$1
  cat >"$W/in"
  local want
  want=$(grep -c . "$W/in")
  timeout -s KILL "$T" "$DDZ" agent --player greedy <"$W/in" >"$W/out" 2>"$W/err"
  local rc=$?
  runs=$((runs + 1))
  local got
  got=$(grep -c . "$W/out")
  if [ $rc -eq 137 ]; then hang=$((hang + 1)); report hang "$rc" "agent: $what"
  elif [ $rc -eq 101 ] || [ $rc -gt 128 ]; then panic=$((panic + 1)); report panic "$rc" "agent: $what"
  elif [ "$got" -ne "$want" ]; then agentdead=$((agentdead + 1)); report agent "$rc" "agent: $what ($got answers to $want requests)"
  fi
}
agent_case "a non-UTF-8 line, then a good one" < <({ printf '\xff\xfe bad bytes\n'; echo "$GOOD"; })
agent_case "a cut UTF-8 sequence, then a good one" < <({ printf '{"seat":"landlord\xc3"}\n'; echo "$GOOD"; })
agent_case "a count past 20" < <({ echo '{"seat":"landlord","hand":"3","history":[],"counts":{"landlord":1,"farmer1":99}}'; echo "$GOOD"; })
agent_case "JSON that is not a request" < <({ echo '[]'; echo 'null'; echo '{}'; echo "$GOOD"; })
agent_case "54 cards" < <({ echo '{"seat":"landlord","hand":"'"$H54"'","history":[],"counts":{"landlord":54,"farmer1":17}}'; echo "$GOOD"; })
agent_case "a 3 MB line" < <({ head -c 3000000 /dev/zero | tr '\0' 'a'; echo; echo "$GOOD"; })

# Contradictions the agent must refuse (answer with an error, not a play).
contradiction() { # description, request
  local what=$1 req=$2
  runs=$((runs + 1))
  local out
  out=$(echo "$req" | timeout -s KILL "$T" "$DDZ" agent --player greedy 2>/dev/null)
  if ! grep -q '"error"' <<<"$out"; then zerobad=$((zerobad + 1)); report zero-bad 0 "agent: $what answered $out"; fi
}
contradiction "landlord 25 cards dealt" '{"seat":"farmer1","hand":"34567890JQKA2XD33","history":[["landlord","44"]],"counts":{"landlord":23,"farmer1":17,"farmer2":17}}'
contradiction "bottom of 5 cards" '{"seat":"landlord","hand":"45778TJJJQKKKKAAA22X","history":[],"counts":{"landlord":20,"farmer1":17,"farmer2":17},"bottom":"34567"}'
contradiction "bottom not in the landlord's hand" '{"seat":"landlord","hand":"45778TJJJQKKKKAAA22X","history":[],"counts":{"landlord":20,"farmer1":17,"farmer2":17},"bottom":"444"}'
contradiction "farmer holds the bottom's fifth card" '{"seat":"farmer1","hand":"33334444555566667","history":[["landlord","8"]],"counts":{"landlord":19,"farmer1":17,"farmer2":17},"bottom":"333"}'

# ---------------------------------------------------------------------------
# The ground around the commands (issue 50): files next to --out, write
# errors, the agent's answers, bounded reads, kept time limits, ignored
# flags, honest library headers.
destroyed=0; lies=0; memory=0; overtime=0; missing=0
say() { printf '  %-9s %s\n' "$1" "$2"; }
# A command that must refuse (exit 2, not 0/101/signal/timeout), run in text.
refuse() { # description, then the command's words
  local what=$1; shift
  timeout -s KILL "$T" "$@" </dev/null >"$W/out" 2>"$W/err"
  local rc=$?
  runs=$((runs + 1))
  if [ $rc -eq 137 ]; then hang=$((hang + 1)); report hang "$rc" "$what"
  elif [ $rc -eq 101 ] || [ $rc -gt 128 ]; then panic=$((panic + 1)); report panic "$rc" "$what"
  elif [ $rc -eq 0 ]; then zerobad=$((zerobad + 1)); report zero-bad "$rc" "$what"
  elif grep -q "unrecognized subcommand\|unexpected argument" "$W/err"; then missing=$((missing + 1)); report missing "$rc" "$what"
  fi
}
intact() { # description, file, its expected sha256 (or "symlink TARGET" / "char")
  local what=$1 file=$2 want=$3
  local got
  if [ "${want%% *}" = symlink ]; then got="symlink $(readlink "$file" 2>/dev/null)"
  elif [ "$want" = char ]; then [ -c "$file" ] && got=char || got=gone
  else got=$(sha256sum "$file" 2>/dev/null | cut -c1-64); fi
  if [ "$got" != "$want" ]; then destroyed=$((destroyed + 1)); say destroyed "$what"; fi
}
sha() { sha256sum "$1" | cut -c1-64; }
TRAIN=(train-splitter --games 3 --test-games 1 --epochs 1 --quiet)

# Files a build finds next to its --out are the user's: never overwritten,
# read as a journal, renamed or removed.
mkdir -p "$W/f1" "$W/f2"
echo mine >"$W/f1/lib.tmp"; echo mine >"$W/f1/lib.json.tmp"; echo mine >"$W/f1/lib.partial"
MINE=$(sha "$W/f1/lib.tmp")
"$DDZ" library build --deals 2 --par-nodes 0 --out "$W/f1/lib.json" >/dev/null 2>&1
runs=$((runs + 1))
intact "library build: the user's lib.tmp" "$W/f1/lib.tmp" "$MINE"
intact "library build: the user's lib.json.tmp" "$W/f1/lib.json.tmp" "$MINE"
intact "library build: the user's lib.partial (not a journal)" "$W/f1/lib.partial" "$MINE"
# A 10-deal library rebuilt with 3 deals: extended or refused, never shrunk.
"$DDZ" library build --deals 10 --par-nodes 0 --out "$W/f2/lib.json" >/dev/null 2>&1
TEN=$(sha "$W/f2/lib.json")
"$DDZ" library build --deals 3 --par-nodes 0 --out "$W/f2/lib.json" >/dev/null 2>&1
runs=$((runs + 1))
intact "library build: a 10-deal library rebuilt with --deals 3" "$W/f2/lib.json" "$TEN"
# --out that is a symlink, a device or a directory: refused before any
# work, the link and what it points to untouched.
echo target >"$W/target"; TARGET=$(sha "$W/target")
ln -sf "$W/target" "$W/link"
mknod "$W/dev" c 1 3 2>/dev/null || true
for out in link dev; do
  refuse "train-splitter --out $out" "$DDZ" "${TRAIN[@]}" --out "$W/$out"
  refuse "library build --out $out" "$DDZ" library build --deals 1 --par-nodes 0 --out "$W/$out"
  refuse "puzzles generate --out $out" "$DDZ" puzzles generate --count 1 --out "$W/$out"
done
intact "symlink --out: the link" "$W/link" "symlink $W/target"
intact "symlink --out: its target" "$W/target" "$TARGET"
[ -e "$W/dev" ] && intact "device --out" "$W/dev" char
# Refused before the work, not after it: these would train for minutes.
refuse "train-splitter --out DIR (refused before training)" "$DDZ" train-splitter --quiet --out "$W"
refuse "train-splitter --out in a missing folder (before training)" "$DDZ" train-splitter --quiet --out "$W/nodir/m.safetensors"

# Write errors: stderr closed or full is never a panic, and a file being
# written is still written.
for how in closed full; do
  for args in "deal --seed -1" "library build --deals 1 --out $W/nodir/x.json"; do
    if [ $how = closed ]; then timeout -s KILL "$T" "$DDZ" $args </dev/null >/dev/null 2>&-
    else timeout -s KILL "$T" "$DDZ" $args </dev/null >/dev/null 2>/dev/full; fi
    rc=$?; runs=$((runs + 1))
    if [ $rc -eq 101 ] || [ $rc -gt 128 ]; then panic=$((panic + 1)); report panic "$rc" "stderr $how: ${args//$W/W}"; fi
  done
done
rm -f "$W/piped.safetensors"
timeout -s KILL "$T" "$DDZ" train-splitter --games 3 --test-games 1 --epochs 2 --out "$W/piped.safetensors" 2>&1 </dev/null | head -1 >/dev/null
rc=${PIPESTATUS[0]}; runs=$((runs + 1))
if [ "$rc" -eq 101 ] || [ "$rc" -gt 128 ]; then panic=$((panic + 1)); report panic "$rc" "train-splitter 2>&1 | head -1"; fi
[ -s "$W/piped.safetensors" ] || { destroyed=$((destroyed + 1)); say destroyed "train-splitter 2>&1 | head -1: the model was not written"; }

# The agent answers only an entry of legal, spelled as given, with that
# entry as its reading; and every line, blank ones too, gets an answer.
FOLLOW='"seat":"farmer1","hand":"888999TTTJJJ34567","history":[["landlord","333444555+67K"]],"counts":{"landlord":8,"farmer1":17,"farmer2":17}'
lie() { # description, request, what the answer must hold (a grep pattern)
  runs=$((runs + 1))
  local out
  out=$(printf '%s\n' "$2" | timeout -s KILL "$T" "$DDZ" agent --player greedy 2>/dev/null)
  if ! grep -q -- "$3" <<<"$out"; then lies=$((lies + 1)); say lie "agent: $1 answered $out"; fi
}
lie "offered only a reading that cannot follow" "{$FOLLOW,\"legal\":[\"888999TTTJJJ+\"]}" '"error"'
lie "offered that reading and pass" "{$FOLLOW,\"legal\":[\"888999TTTJJJ+\",\"pass\"]}" '"error"'
lie "offered both readings of a lead" '{"seat":"landlord","hand":"888999TTTJJJ","history":[],"counts":{"landlord":12,"farmer1":17,"farmer2":17},"legal":["999TTTJJJ+888","888999TTTJJJ+"]}' '"play":"\(999TTTJJJ+888\|888999TTTJJJ+\)","reading":"\1"'
runs=$((runs + 1))
got=$(printf '\n   \n%s\n' "$GOOD" | timeout -s KILL "$T" "$DDZ" agent --player greedy 2>/dev/null | wc -l)
[ "$got" -eq 3 ] || { agentdead=$((agentdead + 1)); report agent 0 "agent: two blank lines and a request ($got answers to 3 lines)"; }

# Bounded reads: peak memory of refusing each input (more than 512 MB
# counts), under a 4 GB address-space cap.
peak() { # description, then the command's words
  local what=$1; shift
  runs=$((runs + 1))
  /usr/bin/time -f '%M' -o "$W/rss" timeout -s KILL "$T" prlimit --as=4294967296 "$@" </dev/null >/dev/null 2>"$W/err"
  local rc=$?
  local kb
  kb=$(tail -1 "$W/rss" | grep -o '^[0-9]*$' || echo 0)
  printf '  %-9s %6d MB  exit %-3s %s\n' memory "$((kb / 1024))" "$rc" "$what"
  if [ "$rc" -eq 137 ] || [ "$rc" -eq 124 ]; then hang=$((hang + 1)); report hang "$rc" "$what"
  elif [ "$rc" -eq 101 ] || [ "$rc" -gt 128 ]; then panic=$((panic + 1)); report panic "$rc" "$what"
  elif [ "$rc" -eq 0 ]; then zerobad=$((zerobad + 1)); report zero-bad "$rc" "$what"
  fi
  [ "$kb" -gt 524288 ] && memory=$((memory + 1))
}
{ printf '{"panel":"quick","games":1,"entries":['
  yes "$E1," | head -n 750000 | tr -d '\n'
  printf '%s]}' "$E1"; } >"$W/big.json"
truncate -s 1T "$W/sparse.json"
truncate -s 1T "$W/sparse.safetensors"
peak "select --library (a 150 MB file)" "$DDZ" select --library "$W/big.json" --players 3 --rounds 3 --top 2
peak "select --library (a sparse 1 TB file)" "$DDZ" select --library "$W/sparse.json" --players 3 --rounds 3 --top 2
peak "select --library /dev/zero" "$DDZ" select --library /dev/zero --players 3 --rounds 3 --top 2
peak "split --model /dev/zero" "$DDZ" split 3456789TJQKA2 --method learned --model /dev/zero
peak "split --model (a sparse 1 TB file)" "$DDZ" split 3456789TJQKA2 --method learned --model "$W/sparse.safetensors"
rm -f "$W/big.json" "$W/sparse.json" "$W/sparse.safetensors"

# Time limits kept: the slowest over positions from 10 deals at a 10 ms
# limit (the dealt hands open; farmer 2 answering the landlord's lowest
# single after farmer 1 passed).
slowest() { # description, limit in ms, then commands on stdin (one per line)
  local what=$1 limit=$2 worst=0 over=0 n=0
  while read -r line; do
    local t0 t1 ms
    t0=$(date +%s%N)
    eval "timeout -s KILL $T $line" >/dev/null 2>&1
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 ))
    n=$((n + 1)); runs=$((runs + 1))
    [ "$ms" -gt "$worst" ] && worst=$ms
    [ "$ms" -gt $((limit + 50)) ] && over=$((over + 1))
  done
  printf '  %-9s %s: worst %d ms at a %d ms limit, %d of %d over %d ms (process start included)\n' time "$what" "$worst" "$limit" "$over" "$n" $((limit + 50))
  overtime=$((overtime + over))
}
hands() { "$DDZ" deal --seed "$1" --json | grep -o '"\(landlord\|farmer1\|farmer2\)":"[^"]*"' | cut -d'"' -f4 | tr '\n' ' '; }
slowest "solve --all-moves" 10 < <(
for s in $(seq 0 9); do
  read -r l f1 f2 <<<"$(hands "$s")"
  echo "\"$DDZ\" solve --landlord $l --farmer $f1 --farmer2 $f2 --all-moves --time-limit 10"
done)
slowest "agent sampler at every maximum" 10 < <(
for s in $(seq 0 9); do
  read -r l f1 f2 <<<"$(hands "$s")"
  echo "printf '%s\\n' '{\"seat\":\"farmer2\",\"hand\":\"$f2\",\"history\":[[\"landlord\",\"${l:0:1}\"],[\"farmer1\",\"pass\"]],\"counts\":{\"landlord\":19,\"farmer1\":17,\"farmer2\":17}}' | \"$DDZ\" agent --player sampler:samples=1000:nodes=10000000:candidates=100:read=1024:exploit=10000000 --time-limit 10"
done)

# A flag that would be ignored is refused.
refuse "dih --deal with --library" "$DDZ" dih --deal 1 --library "$LIB" --entry 0 --players 3 --rounds 3 --top 2
refuse "tournament --format duplicate --centre" "$DDZ" tournament --format duplicate --centre 1,0.25,0.25 --matches 1
refuse "equal --library --eps 1e300" "$DDZ" equal --library "$LIB" --center 1,0.25,0.25 --eps 1e300
refuse "split --model with the exact method" "$DDZ" split 3456789TJQKA2 --model "$W/none.safetensors"
refuse "RAYON_NUM_THREADS=100000" env RAYON_NUM_THREADS=100000 "$DDZ" library build --deals 1 --par-nodes 0 --out "$W/threads.json"

# A library's header must agree with its entries.
sed 's/"panel":"quick","games":1/"panel":"strong","games":2/' "$LIB" >"$W/relabelled.json"
refuse "a quick library relabelled strong, 2 games" "$DDZ" select --library "$W/relabelled.json" --players 3 --rounds 3 --top 2
"$DDZ" library build --deals 2 --par-nodes 1000 --out "$W/par.json" >/dev/null 2>&1
sed 's/"par_nodes":1000,/"par_nodes":1,/' "$W/par.json" >"$W/par1.json"
sed 's/"par_nodes":1000,/"par_nodes":1000000000,/' "$W/par.json" >"$W/par9.json"
refuse "par budget relabelled 1" "$DDZ" library par --library "$W/par1.json"
refuse "par budget relabelled 10^9" "$DDZ" library par --library "$W/par9.json"
sed 's/"winner":"landlord"/"winner":"X"/g; s/"winner":"farmers"/"winner":"landlord"/g; s/"winner":"X"/"winner":"farmers"/g' "$W/par.json" >"$W/flipped.json"
refuse "library verify: par winners flipped" "$DDZ" library verify "$W/flipped.json"

echo "ground: files destroyed $destroyed, agent answers not offered $lies, over 512 MB to refuse $memory, time limits overrun $overtime, commands missing $missing"

echo "runs $runs: panics $panic, hangs $hang, exit 0 on bad input $zerobad, --json without {\"error\"} $jsonmiss, agent stopped answering $agentdead"
