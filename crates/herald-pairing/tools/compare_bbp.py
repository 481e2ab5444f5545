#!/usr/bin/env python3
"""Compares herald-pairing's Dutch pairings with bbpPairings', the FIDE-endorsed engine
(https://github.com/BieremaBoyzProgramming/bbpPairings), the way FIDE checks a pairing
program (Handbook C.04.A, the A.7 test): bbpPairings generates random tournaments (its
Random Tournament Generator, as TRF files); before each round of each tournament, our
engine pairs the same players with the same history (colours, opponents, bye, float
history, and the round's number and the event's round count, for the topscorer rules), and
the round agrees when it gives the same games with the same colours and the same bye.
Prints agreement by round.

    make -C <bbpPairings checkout>            # C++20; about a minute on two cores
    cargo build --release -p herald-pairing --example dutch_lines
    python3 crates/herald-pairing/tools/compare_bbp.py --bbp <checkout>/bbpPairings.exe --events 1000
"""

import argparse
import collections
import os
import random
import subprocess
import tempfile

WIN, DRAW = {"1", "+", "W", "U", "F"}, {"=", "D", "H"}


def read_trf(path):
    """Players (pairing number -> list of (opponent or 0, colour, result) by round)."""
    players = {}
    with open(path, newline="") as f:
        for line in f.read().replace("\r\n", "\n").replace("\r", "\n").split("\n"):
            if not line.startswith("001"):
                continue
            number = int(line[4:8])
            rounds = []
            at = 91
            while at + 8 < len(line) + 1:
                block = line[at:at + 10].ljust(10)
                if not block.strip():
                    break
                rounds.append((int(block[0:4] or 0), block[5], block[7]))
                at += 10
            players[number] = rounds
    # The generator draws the initial colour; ours is always white. The rules are the same
    # with the colours swapped throughout, so a tournament whose top player began with
    # black is read with every colour swapped.
    first = players.get(1, [(0, "-", "")])[0]
    if first[1] == "b":
        swap = {"w": "b", "b": "w"}
        players = {n: [(o, swap.get(c, c), res) for o, c, res in rs] for n, rs in players.items()}
    return players


def score(players, number, k):
    return sum(2 if res in WIN else 1 if res in DRAW else 0 for _, _, res in players[number][:k])


def played(slot):
    return slot[0] != 0 and slot[2] in {"1", "0", "="}


def float_in(players, number, k):
    """The player's float in round k (0-based), as the server records it: D against a lower
    score or for points without a game, U against a higher score, N otherwise."""
    slot = players[number][k]
    if not played(slot):
        return "D" if slot[2] in WIN or slot[2] in DRAW else "N"
    own, theirs = score(players, number, k), score(players, slot[0], k)
    return "D" if own > theirs else "U" if own < theirs else "N"


def state_before(players, r, rounds):
    """Our input lines for round r (0-based) of `rounds`: the round's place, then the
    players who take part in it."""
    lines = [f"round {r + 1} {rounds}"]
    for number, slots in sorted(players.items()):
        if r >= len(slots):
            continue
        opp, colour, result = slots[r]
        if opp == 0 and result not in {"U"}:
            continue  # absent this round (requested bye, withdrawn)
        colours, met, had_bye = "", [], False
        for o, c, res in slots[:r]:
            if played((o, c, res)):
                colours += c.upper()
                met.append(o)
            if res in {"U", "+", "F"}:
                had_bye = True
        floats = "".join(float_in(players, number, k) for k in range(r)) or "-"
        lines.append(f"{number} {score(players, number, r)} {colours or '-'} "
                     f"{','.join(map(str, met)) or '-'} {int(had_bye)} {floats}")
    return lines


def floats_before(players, r):
    """Whether anyone floated (or had points without a game) in the two rounds before
    round r (0-based): only then can the float criteria (C.14-C.21) decide."""
    return any(k < len(slots) and float_in(players, n, k) != "N"
               for k in range(max(0, r - 2), r) for n, slots in players.items())


def actual_round(players, r):
    pairs, bye = set(), None
    for number, rounds in players.items():
        if r >= len(rounds):
            continue
        opp, colour, result = rounds[r]
        if opp and colour == "w":
            pairs.add((number, opp))
        elif result == "U":
            bye = number
    return pairs, bye


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bbp", required=True, help="the bbpPairings executable")
    parser.add_argument("--binary", default="target/release/examples/dutch_lines")
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-players", type=int, default=6)
    parser.add_argument("--max-players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--show", type=int, default=0, help="print this many disagreements")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    ours = subprocess.Popen([args.binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    agree, total = collections.Counter(), collections.Counter()
    shown = 0
    with tempfile.TemporaryDirectory() as tmp:
        config, trf = os.path.join(tmp, "rtg.cfg"), os.path.join(tmp, "t.trf")
        for _ in range(args.events):
            n = rng.randint(args.min_players, args.max_players)
            rounds = min(args.rounds, n - 1 - n % 2)
            with open(config, "w") as f:
                f.write(f"PlayersNumber={n}\nRoundsNumber={rounds}\nDrawPercentage=30\n"
                        "ForfeitRate=1000000\nRetiredRate=1000000\nHalfPointByeRate=1000000\n")
            seed = str(rng.randrange(1 << 31))
            done = subprocess.run([args.bbp, "--dutch", "-g", config, "-o", trf, "-s", seed],
                                  capture_output=True, text=True)
            if done.returncode != 0:
                continue  # the generator found a round it could not pair
            players = read_trf(trf)
            rounds_played = max(len(r) for r in players.values())
            for r in range(rounds_played):
                lines = state_before(players, r, rounds)
                ours.stdin.write("\n".join(lines) + "\n\n")
                ours.stdin.flush()
                answer = ours.stdout.readline().strip()
                got = (set(), None)
                if not answer.startswith("error"):
                    *games, bye = answer.split(" ")
                    got = ({tuple(map(int, g.split("-"))) for g in games if g},
                           None if bye == "bye:-" else int(bye.removeprefix("bye:")))
                expected = actual_round(players, r)
                label = "last" if r == rounds_played - 1 else str(r + 1)
                total[label] += 1
                kind = "with floats" if floats_before(players, r) else "no floats"
                total[kind] += 1
                if got == expected:
                    agree[label] += 1
                    agree[kind] += 1
                elif shown < args.show:
                    shown += 1
                    print(f"seed {seed}, {n} players, round {r + 1} of {rounds_played}:")
                    print(f"  bbpPairings {sorted(expected[0])} bye {expected[1]}")
                    print(f"  herald      {sorted(got[0])} bye {got[1]}")
                    for line in lines:
                        print(f"    {line}")
    ours.stdin.close()
    ours.wait()
    kinds = ["no floats", "with floats"]
    rounds_only = [k for k in total if k not in kinds]
    print("      round  agree / rounds")
    for label in sorted(rounds_only, key=lambda k: (k == "last", int(k) if k.isdigit() else 0)):
        print(f"{label:>11}  {agree[label]:5} / {total[label]:5}  ({100 * agree[label] / total[label]:.1f} %)")
    all_agree, all_total = sum(agree[k] for k in rounds_only), sum(total[k] for k in rounds_only)
    print(f"{'all':>11}  {all_agree:5} / {all_total:5}  ({100 * all_agree / all_total:.1f} %)")
    print("rounds after two rounds without / with a float (the float criteria apply to the latter):")
    for kind in kinds:
        if total[kind]:
            print(f"{kind:>11}  {agree[kind]:5} / {total[kind]:5}  ({100 * agree[kind] / total[kind]:.1f} %)")


if __name__ == "__main__":
    main()
