#!/usr/bin/env python3
"""Our AI against RLCard's rule agent, refereed by DouZero's game environment.

Run through `scripts/eval-rlcard`, which makes the virtual environment
(rlcard, douzero), builds `ddz` and passes `--ddz`. The protocol is
DouZero's evaluation: each deal is played twice, our player as the landlord
against two RLCard farmers, then RLCard as the landlord against our player
as both farmers (each farmer seat its own `ddz agent` process, told only
what its seat may know). DouZero's `GameEnv` is the referee: it lists the
legal moves, applies them, and says who won and how many bombs were played.

Scores are DouZero's (`douzero/env/game.py`, `update_num_wins_scores`, and
`douzero/evaluation/simulation.py`): the landlord wins or loses
2 * 2^bombs, where bombs counts four-of-a-kinds and the rocket; the farmers'
ADP is twice their per-seat score, so on every game it is the negation of
the landlord's. WP is the share of games won; ADP the mean score per game,
both from our side.

Deal i is `ddz deal --seed S+i` (the engine's reference dealing), written in
DouZero's card encoding: 3..14 for 3..A, 17 for 2, 20 and 30 for the small
and big joker.
"""

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time

OUR_RANKS = "3456789TJQKA2XD"
DZ_RANKS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]
TO_DZ = dict(zip(OUR_RANKS, DZ_RANKS))
TO_OURS = dict(zip(DZ_RANKS, OUR_RANKS))

# DouZero's positions and our seats: farmer 1 is the landlord's next player
# (下家, DouZero's landlord_down), farmer 2 plays right before the landlord.
SEAT_OF = {"landlord": "landlord", "landlord_down": "farmer1", "landlord_up": "farmer2"}
TURN_ORDER = ["landlord", "landlord_down", "landlord_up"]

MAX_SEED = 2**64 - 1


class EvalError(Exception):
    """A failure worth a clear message and exit code 1, not a traceback."""


def to_ours(cards):
    """DouZero's list of ints as our canonical card string."""
    return "".join(TO_OURS[c] for c in sorted(cards))


def to_dz(text):
    """Our card string as DouZero's sorted list of ints."""
    try:
        return sorted(TO_DZ[c] for c in text.upper())
    except KeyError as e:
        raise EvalError(f"'{text}' is not cards in our notation ({e.args[0]!r})") from None


def dz_reading(move, md):
    """The reading DouZero's move detector gives `move`, in our notation:
    `main+kickers`, which `ddz agent` reads as exactly that reading. None
    when DouZero reads the cards as no combination (its TYPE_15_WRONG)."""
    if not move:
        return "pass"
    t = md.get_move_type(move)
    kind = t["type"]
    if kind == md.TYPE_15_WRONG:
        return None
    rank = t.get("rank")
    length = t.get("len", 1)
    if kind in (md.TYPE_6_3_1, md.TYPE_7_3_2):
        main = [rank] * 3
    elif kind in (md.TYPE_11_SERIAL_3_1, md.TYPE_12_SERIAL_3_2):
        main = [r for r in range(rank, rank + length) for _ in range(3)]
    elif kind in (md.TYPE_13_4_2, md.TYPE_14_4_22):
        main = [rank] * 4
    else:  # no kickers: single, pair, trio, bomb, rocket, the chains
        main = list(move)
    kickers = list(move)
    for c in main:
        kickers.remove(c)
    return to_ours(main) + "+" + to_ours(kickers)


def dz_kind_name(move, md):
    names = {v: k for k, v in vars(md).items() if k.startswith("TYPE_")}
    return names.get(md.get_move_type(move)["type"], "?")


def rule_differences(seq, md):
    """The plays of a finished game where DouZero's rules and ours part
    (rules.md is ours): a play DouZero reads as no combination (after it
    only bombs may follow there), a play following another of a kind or
    length DouZero reads differently, and an airplane with singles that
    beat another only by counting a kicker trio as its rank. Each as (turn,
    what, cards)."""
    found = []
    rival = None
    passes = 0
    for turn, move in enumerate(seq, 1):
        if not move:
            passes += 1
            if passes == 2:
                rival = None
            continue
        t = md.get_move_type(move)
        if t["type"] == md.TYPE_15_WRONG:
            found.append((turn, "DouZero reads it as no combination", to_ours(move)))
        elif rival is not None and t["type"] not in (md.TYPE_4_BOMB, md.TYPE_5_KING_BOMB):
            r = md.get_move_type(rival)
            if (t["type"], t.get("len")) != (r["type"], r.get("len")):
                found.append((turn, f"follows {dz_reading(rival, md) or to_ours(rival)} but DouZero reads it "
                              f"as another kind", dz_reading(move, md)))
            elif t["type"] == md.TYPE_11_SERIAL_3_1 and t["rank"] <= r["rank"]:
                found.append((turn, f"beats {dz_reading(rival, md)} only by a kicker trio",
                              dz_reading(move, md)))
        rival = move
        passes = 0
    return found


class Agent:
    """One `ddz agent` process seated at one DouZero position."""

    def __init__(self, ddz, player, time_limit, seed, position, game):
        self.position = position
        self.game = game
        self.cmd = [ddz, "agent", "--player", player, "--seed", str(seed)]
        if time_limit is not None:
            self.cmd += ["--time-limit", str(time_limit)]
        self.proc = subprocess.Popen(
            self.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.times = []

    def close(self):
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()

    def request(self, infoset):
        seq = infoset.card_play_action_seq
        history = []
        for i, mv in enumerate(seq):
            reading = dz_reading(mv, self.game.md)
            if reading is None:
                # DouZero reads these cards as no combination; ours may not.
                reading = to_ours(mv)
            history.append([SEAT_OF[TURN_ORDER[i % 3]], reading])
        counts = {SEAT_OF[p]: n for p, n in infoset.num_cards_left_dict.items()}
        return {
            "seat": SEAT_OF[self.position],
            "hand": to_ours(infoset.player_hand_cards),
            "history": history,
            "counts": counts,
            "bottom": self.game.bottom,
        }

    def act(self, infoset):
        req = self.request(infoset)
        line = json.dumps(req, separators=(",", ":"))
        start = time.perf_counter()
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
            answer_line = self.proc.stdout.readline()
        except BrokenPipeError:
            answer_line = ""
        self.times.append(time.perf_counter() - start)
        where = self.game.where(self.position)
        if not answer_line:
            raise EvalError(f"{where}: `{' '.join(self.cmd)}` stopped answering (exit code {self.proc.poll()})")
        answer = json.loads(answer_line)
        if "error" in answer:
            last = req["history"][-1] if req["history"] else None
            raise EvalError(
                f"{where}: our agent refused DouZero's position: {answer['error']}\n"
                f"  the last move (by RLCard or us, as DouZero read it): {last}\n"
                f"  request: {line}"
            )
        play = answer["play"]
        move = [] if play == "pass" else to_dz(play)
        legal = [sorted(m) for m in infoset.legal_actions]
        if move not in legal:
            listed = sorted({to_ours(m) or "pass" for m in legal})
            if len(listed) > 60:
                listed = listed[:60] + [f"... {len(listed) - 60} more"]
            raise EvalError(
                f"{where}: our agent's move '{play}' (reading {answer.get('reading')}) is illegal "
                f"in DouZero's environment\n"
                f"  hand {req['hand']}, DouZero's legal moves: "
                f"{', '.join(listed)}\n"
                f"  request: {line}"
            )
        # Our reading against DouZero's (which decides what may follow).
        ours = answer.get("reading", play)
        theirs = dz_reading(move, self.game.md)
        if move and (theirs is None or ("+" in ours and ours.split("+")[0] != theirs.split("+")[0])):
            self.game.reading_differences.append(
                {"deal": self.game.seed, "game": self.game.name, "seat": SEAT_OF[self.position],
                 "ours": ours, "douzero": dz_kind_name(move, self.game.md)}
            )
        return move


class Game:
    """One game of one deal: who sits where, and what went wrong where."""

    def __init__(self, seed, name, bottom, md):
        self.seed = seed
        self.name = name
        self.bottom = bottom
        self.md = md
        self.reading_differences = []
        self.moves = []

    def where(self, position):
        return f"deal seed {self.seed}, game '{self.name}', {SEAT_OF[position]}"


def wilson(wins, n, z=1.96):
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def mean_interval(values, z=1.96):
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return {"mean": m, "low": m - half, "high": m + half}


def summarise(results):
    """Per role and overall, from our side. Per role, WP has a Wilson
    interval and ADP a normal one; overall, both are means over deals of
    the two games' average (the two games of a deal share its cards), with
    normal intervals."""
    out = {}
    for role in ("landlord", "farmers"):
        wins = [r[role]["won"] for r in results]
        scores = [r[role]["score"] for r in results]
        low, high = wilson(sum(wins), len(wins))
        out[role] = {
            "games": len(wins),
            "wins": sum(wins),
            "wp": {"mean": sum(wins) / max(1, len(wins)), "low": low, "high": high},
            "adp": mean_interval(scores),
        }
    out["overall"] = {
        "games": 2 * len(results),
        "wins": out["landlord"]["wins"] + out["farmers"]["wins"],
        "wp": mean_interval([(r["landlord"]["won"] + r["farmers"]["won"]) / 2 for r in results]),
        "adp": mean_interval([(r["landlord"]["score"] + r["farmers"]["score"]) / 2 for r in results]),
    }
    return out


def percentile(sorted_values, q):
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[i]


class RLCardSeat:
    """RLCard's rule agent through DouZero's wrapper (for `--player rlcard`,
    the harness checked against itself)."""

    def __init__(self, position, agent_class):
        self.agent = agent_class(position)
        self.times = []

    def act(self, infoset):
        return self.agent.act(infoset)

    def close(self):
        pass


class MoveCheck:
    """Before a seat moves, DouZero's legal moves against ours (`ddz
    moves`), as sets of cards; a difference is noted, not fatal."""

    def __init__(self, inner, position, ddz, game, mismatches):
        self.inner = inner
        self.position = position
        self.ddz = ddz
        self.game = game
        self.mismatches = mismatches

    def act(self, infoset):
        hand = to_ours(infoset.player_hand_cards)
        last = infoset.last_move if infoset.card_play_action_seq else []
        cmd = [self.ddz, "moves", hand, "--json"]
        follow = None
        if last:
            follow = dz_reading(last, self.game.md) or to_ours(last)
            cmd += ["--follow", follow]
        out = subprocess.run(cmd, capture_output=True, text=True)
        theirs = {to_ours(m) or "pass" for m in infoset.legal_actions}
        if out.returncode != 0:
            ours = None
        else:
            ours = {m if m == "pass" else to_ours(to_dz(m.replace("+", ""))) for m in json.loads(out.stdout)["moves"]}
        if ours != theirs:
            self.mismatches.append({
                "deal": self.game.seed, "game": self.game.name, "seat": SEAT_OF[self.position],
                "hand": hand, "follow": follow,
                "only_douzero": sorted(theirs - (ours or set())),
                "only_ours": sorted((ours or set()) - theirs) if ours is not None else None,
                "ddz_error": out.stderr.strip() if ours is None else None,
            })
        return self.inner.act(infoset)

    @property
    def times(self):
        return self.inner.times

    def close(self):
        self.inner.close()


def play_game(env_class, deal_data, players, game):
    env = env_class(players)
    data = {k: list(v) for k, v in deal_data.items()}
    env.card_play_init(data)
    while not env.game_over:
        env.step()
    winner = env.get_winner()
    bombs = env.get_bomb_num()
    landlord_score = (2 if winner == "landlord" else -2) * 2**bombs
    game.moves = [list(m) for m in env.card_play_action_seq]
    record = [to_ours(m) or "pass" for m in env.card_play_action_seq]
    return winner, bombs, landlord_score, record


def deal_of(ddz, seed):
    out = subprocess.run([ddz, "deal", "--seed", str(seed), "--json"], capture_output=True, text=True)
    if out.returncode != 0:
        raise EvalError(f"`ddz deal --seed {seed}` failed: {out.stderr.strip() or out.stdout.strip()}")
    d = json.loads(out.stdout)
    landlord = to_dz(d["landlord"])
    bottom = to_dz(d["bottom"])
    if len(landlord) != 20 or any(landlord.count(c) < bottom.count(c) for c in bottom):
        raise EvalError(f"deal seed {seed}: the landlord's 20 cards do not hold the bottom cards: {d}")
    return {
        "landlord": landlord,
        "landlord_down": to_dz(d["farmer1"]),
        "landlord_up": to_dz(d["farmer2"]),
        "three_landlord_cards": bottom,
    }, d["bottom"], d["deal"]


def check_player(ddz, player, time_limit):
    """`ddz agent` refuses a bad player or limit at once (exit code 2)."""
    cmd = [ddz, "agent", "--player", player]
    if time_limit is not None:
        cmd += ["--time-limit", str(time_limit)]
    out = subprocess.run(cmd, input="", capture_output=True, text=True)
    if out.returncode != 0:
        raise EvalError(f"`{' '.join(cmd)}` refused: {out.stderr.strip()}")


def main():
    parser = argparse.ArgumentParser(
        prog="scripts/eval-rlcard",
        description="Our player against RLCard's rule agent under DouZero's evaluation protocol: "
        "each seeded deal played twice (our player as the landlord against two RLCard farmers, "
        "RLCard as the landlord against our player as both farmers), refereed by DouZero's GameEnv. "
        "Prints WP and ADP (DouZero's scores: the landlord wins or loses 2*2^bombs) with 95% "
        "intervals, per role and overall.",
    )
    parser.add_argument("--deals", type=int, default=200, help="deals to play, each twice (default 200)")
    parser.add_argument("--player", default="L10",
                        help="our player, a ddz player spec (L7, L10, heuristic, ...); "
                        "'rlcard' seats RLCard itself, to check the harness (default L10)")
    parser.add_argument("--time-limit", type=float, default=300.0,
                        help="milliseconds a move for our player (default 300)")
    parser.add_argument("--seed", type=int, default=0, help="deal i is `ddz deal --seed SEED+i` (default 0)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--record", metavar="FILE", help="write every game (deal, winner, bombs, moves) as JSON lines")
    parser.add_argument("--check-moves", action="store_true",
                        help="at every turn, compare DouZero's legal moves with ours (`ddz moves`) and report "
                        "the differences (slow: one ddz process a turn)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--ddz", required=True, help=argparse.SUPPRESS)
    args = parser.parse_args()

    try:
        run(args)
    except EvalError as e:
        if args.json:
            print(json.dumps({"error": str(e)}))
        print(f"eval-rlcard: {e}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("eval-rlcard: interrupted", file=sys.stderr)
        sys.exit(130)


def run(args):
    if not 1 <= args.deals <= 1_000_000:
        raise EvalError(f"--deals {args.deals}: expected 1 to 1,000,000")
    if not 0 <= args.seed <= MAX_SEED or args.seed + args.deals - 1 > MAX_SEED:
        raise EvalError(f"--seed {args.seed} with --deals {args.deals}: seeds must stay within 0..2^64-1")
    if not (math.isfinite(args.time_limit) and 0 < args.time_limit <= 3_600_000):
        raise EvalError(f"--time-limit {args.time_limit}: expected milliseconds above 0, at most 3,600,000")

    from douzero.env import move_detector as md
    from douzero.env.game import GameEnv
    from douzero.evaluation.rlcard_agent import RLCardAgent

    rlcard_vs_itself = args.player.lower() == "rlcard"
    if not rlcard_vs_itself:
        check_player(args.ddz, args.player, args.time_limit)

    record_file = open(args.record, "w") if args.record else None
    results, differences, mismatches, rules_met, times = [], [], [], [], []
    bombs_total = 0
    started = time.time()
    for i in range(args.deals):
        seed = args.seed + i
        data, bottom, deal_text = deal_of(args.ddz, seed)
        result = {"seed": seed}
        for game_index, (role, ours) in enumerate((("landlord", ["landlord"]),
                                                   ("farmers", ["landlord_down", "landlord_up"]))):
            name = "ours landlord" if role == "landlord" else "ours farmers"
            game = Game(seed, name, bottom, md)
            players = {}
            for k, position in enumerate(TURN_ORDER):
                if position in ours and not rlcard_vs_itself:
                    agent_seed = (seed * 8 + game_index * 3 + k) % (MAX_SEED + 1)
                    players[position] = Agent(args.ddz, args.player, args.time_limit, agent_seed, position, game)
                else:
                    players[position] = RLCardSeat(position, RLCardAgent)
            if args.check_moves:
                players = {pos: MoveCheck(p, pos, args.ddz, game, mismatches) for pos, p in players.items()}
            # RLCard's agent draws from Python's random in its fallbacks.
            random.seed(f"rlcard:{seed}:{role}")
            try:
                winner, bombs, landlord_score, moves = play_game(GameEnv, data, players, game)
            finally:
                for p in players.values():
                    p.close()
            for position in ours:
                times += players[position].times
            for turn, what, cards in rule_differences(game.moves, md):
                rules_met.append({"deal": seed, "game": name, "turn": turn, "play": cards, "what": what})
            won = (winner == "landlord") == (role == "landlord")
            score = landlord_score if role == "landlord" else -landlord_score
            result[role] = {"won": int(won), "score": score, "bombs": bombs}
            bombs_total += bombs
            differences += game.reading_differences
            if record_file:
                record_file.write(json.dumps({"seed": seed, "deal": deal_text, "game": name, "winner": winner,
                                              "bombs": bombs, "landlord_score": landlord_score,
                                              "moves": moves}) + "\n")
        results.append(result)
        done = i + 1
        if not args.quiet and (done % max(10, args.deals // 20) == 0 or done == args.deals):
            elapsed = time.time() - started
            wp = sum(r["landlord"]["won"] + r["farmers"]["won"] for r in results) / (2 * done)
            eta = elapsed / done * (args.deals - done)
            print(f"  {done}/{args.deals} deals, WP so far {wp:.3f}, {elapsed:.0f} s, "
                  f"about {eta:.0f} s to go", file=sys.stderr, flush=True)
    if record_file:
        record_file.close()
    wall = time.time() - started

    summary = summarise(results)
    times.sort()
    ms = [t * 1000 for t in times]
    versions = {}
    for package in ("rlcard", "douzero", "numpy"):
        try:
            from importlib.metadata import version
            versions[package] = version(package)
        except Exception:
            versions[package] = None
    versions["python"] = sys.version.split()[0]
    report = {
        "player": args.player,
        "opponent": "RLCard rule agent (douzero.evaluation.rlcard_agent.RLCardAgent)",
        "referee": "douzero.env.game.GameEnv",
        "deals": args.deals,
        "seed": args.seed,
        "time_limit_ms": args.time_limit,
        **summary,
        "bombs_per_game": bombs_total / (2 * args.deals),
        "our_moves": {
            "count": len(ms),
            "mean_ms": sum(ms) / len(ms) if ms else 0.0,
            "p99_ms": percentile(ms, 0.99),
            "max_ms": ms[-1] if ms else 0.0,
            "over_limit": sum(1 for t in ms if t > args.time_limit),
        },
        "wall_seconds": wall,
        "seconds_per_100_deals": wall / args.deals * 100,
        "reading_differences": differences,
        "rule_differences_met": rules_met,
        "moves_checked": args.check_moves,
        "move_list_differences": mismatches,
        "versions": versions,
    }
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)


def print_report(r):
    def wp(x):
        return f"{x['mean']:.3f} [{x['low']:.3f}, {x['high']:.3f}]"

    def adp(x):
        return f"{x['mean']:+.3f} [{x['low']:+.3f}, {x['high']:+.3f}]"

    print(f"{r['player']} against RLCard's rule agent, DouZero's GameEnv as referee")
    print(f"{r['deals']} deals from seed {r['seed']}, each played twice; "
          f"time limit {r['time_limit_ms']:g} ms a move")
    print()
    print(f"{'role':<20} {'games':>6}  {'WP [95% interval]':<24} {'ADP [95% interval]':<26}")
    for key, label in (("landlord", "as landlord"), ("farmers", "as both farmers"), ("overall", "overall")):
        x = r[key]
        print(f"{label:<20} {x['games']:>6}  {wp(x['wp']):<24} {adp(x['adp']):<26}")
    m = r["our_moves"]
    print()
    print(f"bombs and rockets per game {r['bombs_per_game']:.3f}")
    if m["count"]:
        print(f"our moves: {m['count']}, mean {m['mean_ms']:.1f} ms, 99th percentile {m['p99_ms']:.1f} ms, "
              f"slowest {m['max_ms']:.1f} ms, over the limit {m['over_limit']}")
    print(f"wall time {r['wall_seconds']:.0f} s ({r['seconds_per_100_deals']:.0f} s per 100 deals)")
    diffs = r["reading_differences"]
    if diffs:
        print(f"plays DouZero reads otherwise than our player meant them: {len(diffs)}")
        for d in diffs[:10]:
            print(f"  deal seed {d['deal']}, {d['game']}, {d['seat']}: ours {d['ours']}, DouZero {d['douzero']}")
    met = r["rule_differences_met"]
    print(f"plays where DouZero's rules and ours part: {len(met)}")
    for d in met[:10]:
        print(f"  deal seed {d['deal']}, {d['game']}, turn {d['turn']}: {d['play']}: {d['what']}")
    if r["moves_checked"]:
        mism = r["move_list_differences"]
        print(f"turns where DouZero's legal moves differ from ours: {len(mism)}")
        for d in mism[:10]:
            print(f"  deal seed {d['deal']}, {d['game']}, {d['seat']}: hand {d['hand']}, to beat {d['follow']}: "
                  f"only DouZero {d['only_douzero'][:6]}, only ours {d['only_ours'] and d['only_ours'][:6]}"
                  + (f", ddz: {d['ddz_error']}" if d["ddz_error"] else ""))
    v = r["versions"]
    print(f"rlcard {v['rlcard']}, douzero {v['douzero']}, numpy {v['numpy']}, Python {v['python']}")


if __name__ == "__main__":
    main()
