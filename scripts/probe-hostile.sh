#!/usr/bin/env bash
# Hostile-input probe for the ddz CLI (issue 16).
#
#   scripts/probe-hostile.sh DDZ_BINARY [TIMEOUT_SECONDS]
#
# Runs every case in text and with --json under a timeout and counts:
#   panic      exit 101 (Rust panic), 134 (abort) or any other signal
#   hang       the timeout fired
#   zero-bad   exit 0 on input that must be refused ("bad" cases)
#   json-miss  a failing --json run whose stdout holds no {"error": ...}
#   agent      an agent run that stopped answering (fewer answers than requests)
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

echo "runs $runs: panics $panic, hangs $hang, exit 0 on bad input $zerobad, --json without {\"error\"} $jsonmiss, agent stopped answering $agentdead"
