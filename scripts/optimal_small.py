#!/usr/bin/env python3
"""Exact optimal vs. posterior-greedy Battleship on small boards.

Model
-----
* Board W x H, straight ships of the given sizes, touching rule
  ``sides`` (ships may touch but not overlap; Milton-Bradley style) or
  ``none`` (no two ships share a side or a corner; Russian classic style).
* Prior: uniform over all distinct legal fleets.  Ships of equal size are
  indistinguishable, so a fleet is a *set* of (size, cells) ships.
* Each shot at an unshot cell answers miss / hit / hit-and-sunk(size).
  The game ends when every ship cell has been hit; cost = number of shots.
* Knowledge state = (set S of fleets consistent with all answers, set of hit
  cells).  Misses need not be remembered: a missed cell is empty in every
  fleet of S and is never worth shooting again.

Both policies are evaluated exactly.  To stay in integer arithmetic we work
with W(S) = |S| * E[shots to go | S] = sum over fleets in S of the shots
still needed, which satisfies

    W(S) = |S| + min_c  sum_outcomes W(S_o)          (optimal)
    W(S) = |S| + mean_{c in argmax share} sum_o W(S_o)   (greedy, random ties)

* Optimal: depth-first search with memoisation and branch-and-bound
  (each call gets a bound beta and returns either the exact W or a lower
  bound >= beta).  Lower bound: |S| * (ship cells not yet hit) plus a
  transcript-counting bound on the misses (see Game.lower_bound), which is
  what makes hunting positions tractable.  The root starts with the greedy
  value as upper bound.  Memo keys are canonicalised under the board's
  symmetries.  An unshot cell that is a ship cell in every consistent fleet
  is shot immediately (an exchange argument shows this never hurts); cells
  empty in every consistent fleet are never shot.
* Greedy: fire at the unshot cell covered by the most consistent fleets
  (= highest posterior hit probability).  Ties are averaged uniformly
  ("random tie-break"); we also report the best and worst deterministic
  tie-break (min / max over tied cells at every state).

Results and what they say about the admiral: ``docs/admiral.md`` («How far is
greedy from optimal?»). Stand-alone (the standard library only), not part of the
package.

Usage
-----
    python scripts/optimal_small.py --board 5x5 --ships 3,2 --touch sides
    python scripts/optimal_small.py --board 4x4 --ships 2,2,1 --touch none --example
    python scripts/optimal_small.py --selftest      # brute-force cross-check, tiny boards

Pure Python; about 10k search nodes per second.  Solved in seconds: 4x4
with [3,2] / [2,2,1]-none, 5x5 [3], 6x6 [3]; 5x5 [3,2] did not finish in
9 minutes.  The greedy evaluation alone scales further.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from bisect import bisect_left
from fractions import Fraction
from math import comb, factorial

sys.setrecursionlimit(100000)

INF = float("inf")


# ---------------------------------------------------------------------------
# Fleet enumeration
# ---------------------------------------------------------------------------
def placements(w: int, h: int, size: int, touch: str):
    """All placements of a straight ship: list of (cell_mask, blocked_mask).

    blocked_mask is the set of cells that no other ship may occupy.
    """
    out = []
    orients = [(1, 0)] if size == 1 else [(1, 0), (0, 1)]
    for dx, dy in orients:
        for y in range(h - dy * (size - 1)):
            for x in range(w - dx * (size - 1)):
                cells = [(x + dx * k, y + dy * k) for k in range(size)]
                mask = 0
                for cx, cy in cells:
                    mask |= 1 << (cy * w + cx)
                if touch == "none":
                    blocked = 0
                    for cx, cy in cells:
                        for ex in (-1, 0, 1):
                            for ey in (-1, 0, 1):
                                nx, ny = cx + ex, cy + ey
                                if 0 <= nx < w and 0 <= ny < h:
                                    blocked |= 1 << (ny * w + nx)
                else:
                    blocked = mask
                out.append((mask, blocked))
    return out


def enumerate_fleets(w: int, h: int, ships: list[int], touch: str):
    """Return (placement list, fleets).

    placement list: list of (size, mask); fleets: list of tuples of placement
    ids.  Equal-size ships use strictly increasing placement ids, so each
    distinct fleet appears exactly once.
    """
    ships = sorted(ships, reverse=True)
    pl = []          # (size, mask, blocked)
    first = {}       # size -> range of placement ids
    for s in sorted(set(ships), reverse=True):
        start = len(pl)
        for m, b in placements(w, h, s, touch):
            pl.append((s, m, b))
        first[s] = range(start, len(pl))
    fleets = []

    def rec(i, occ, blk, chosen, lo):
        if i == len(ships):
            fleets.append(tuple(chosen))
            return
        s = ships[i]
        rng = first[s]
        start = lo if (i > 0 and ships[i - 1] == s) else rng.start
        for p in range(start, rng.stop):
            _, m, b = pl[p]
            # "sides": ship may not overlap occupied cells.
            # "none": ship may not enter any earlier ship's halo (the halo
            # relation is symmetric, so one direction suffices).
            if m & blk:
                continue
            chosen.append(p)
            rec(i + 1, occ | m, blk | b, chosen, p + 1)
            chosen.pop()

    rec(0, 0, 0, [], 0)
    return [(s, m) for s, m, _ in pl], fleets


# ---------------------------------------------------------------------------
# Game model on bitsets (Python ints: bit i of S = fleet i is consistent)
# ---------------------------------------------------------------------------
class Game:
    def __init__(self, w, h, ships, touch):
        self.w, self.h, self.ships, self.touch = w, h, list(ships), touch
        self.ncell = w * h
        self.pl, self.fleets = enumerate_fleets(w, h, ships, touch)
        self.nfleet = len(self.fleets)
        self.total = sum(ships)                 # ship cells to hit
        self.all = (1 << self.nfleet) - 1
        cover = [0] * self.ncell
        fwp = [0] * len(self.pl)                # fleets with placement p
        for fi, fl in enumerate(self.fleets):
            bit = 1 << fi
            for p in fl:
                fwp[p] |= bit
        for p, (_, m) in enumerate(self.pl):
            for c in range(self.ncell):
                if m >> c & 1:
                    cover[c] |= fwp[p]
        self.cover = cover
        # per cell: list of (placement fleets, other cells of ship, size)
        self.cell_pl = [[] for _ in range(self.ncell)]
        for p, (s, m) in enumerate(self.pl):
            if not fwp[p]:
                continue
            for c in range(self.ncell):
                if m >> c & 1:
                    self.cell_pl[c].append((fwp[p], m & ~(1 << c), s))
        self.opt_memo = {}
        self.alias = {}     # raw state -> canonical memo key
        self._lab = {}
        self.use_lb = True
        self._setup_symmetry()
        unions = {}
        for fl in self.fleets:
            u = 0
            for p in fl:
                u |= self.pl[p][1]
            unions[u] = unions.get(u, 0) + 1
        self.mult = max(unions.values())
        self.fleet_ships = [tuple(self.pl[p] for p in fl) for fl in self.fleets]
        self.gr_memo = {}
        self.det_memo = {}
        self.use_ub = False
        self.verbose = True
        self.nodes = 0

    # -- outcomes -----------------------------------------------------------
    def outcomes(self, S, H, c):
        """List of (label, S_o, H_o) with S_o non-empty.  Partition of S."""
        Sc = S & self.cover[c]
        res = []
        miss = S & ~Sc
        if miss:
            res.append(("miss", miss, H))
        if Sc:
            Hn = H | (1 << c)
            sunk = {}
            for fset, rest, s in self.cell_pl[c]:
                if rest & ~H == 0:
                    x = Sc & fset
                    if x:
                        sunk[s] = sunk.get(s, 0) | x
            hit = Sc
            for s, x in sunk.items():
                hit &= ~x
                res.append((f"sunk{s}", x, Hn))
            if hit:
                res.append(("hit", hit, Hn))
        return res

    def candidates(self, S, H):
        """Unshot cells with their fleet counts; only cells that are not
        known-empty.  Returns (n, list of (count, cell))."""
        n = S.bit_count()
        cand = []
        cover = self.cover
        for c in range(self.ncell):
            if H >> c & 1:
                continue
            k = (S & cover[c]).bit_count()
            if k:
                cand.append((k, c))
        return n, cand

    # -- symmetry -----------------------------------------------------------
    def _setup_symmetry(self):
        """Board symmetries as (cell permutation, fleet permutation)."""
        w, h = self.w, self.h
        maps = [lambda x, y: (x, y), lambda x, y: (w - 1 - x, y),
                lambda x, y: (x, h - 1 - y),
                lambda x, y: (w - 1 - x, h - 1 - y)]
        if w == h:
            maps += [lambda x, y: (y, x), lambda x, y: (h - 1 - y, x),
                     lambda x, y: (y, w - 1 - x),
                     lambda x, y: (h - 1 - y, w - 1 - x)]
        pl_index = {pm: i for i, pm in enumerate(self.pl)}
        fleet_index = {frozenset(f): i for i, f in enumerate(self.fleets)}
        self.syms = []
        for m in maps[1:]:
            cperm = [0] * self.ncell
            for c in range(self.ncell):
                x, y = m(c % w, c // w)
                cperm[c] = y * w + x
            pperm = []
            for s_, mask in self.pl:
                nm = 0
                for c in range(self.ncell):
                    if mask >> c & 1:
                        nm |= 1 << cperm[c]
                pperm.append(pl_index[(s_, nm)])
            fperm = [fleet_index[frozenset(pperm[p] for p in f)]
                     for f in self.fleets]
            # byte tables for fast cell-mask mapping
            ctab = []
            for b0 in range(0, self.ncell, 8):
                t = []
                for byte in range(256):
                    v = 0
                    for k in range(8):
                        if byte >> k & 1 and b0 + k < self.ncell:
                            v |= 1 << cperm[b0 + k]
                    t.append(v)
                ctab.append(t)
            self.syms.append((ctab, fperm))

    def canon(self, S, H):
        """Canonical memo key of (S, H) under the board symmetries."""
        bits = []
        x = S
        while x:
            b = x & -x
            bits.append(b.bit_length() - 1)
            x ^= b
        best = (S, H)
        for ctab, fperm in self.syms:
            S2 = 0
            for i in bits:
                S2 |= 1 << fperm[i]
            if best[0] < S2:
                continue
            H2 = 0
            hh = H
            k = 0
            while hh:
                H2 |= ctab[k][hh & 255]
                hh >>= 8
                k += 1
            if best > (S2, H2):
                best = (S2, H2)
        return best

    # -- lower bound --------------------------------------------------------
    def lower_bound(self, S, H, R):
        """Admissible lower bound on W(S, H) by counting transcripts.

        Under a deterministic policy the answer sequence (transcript) of a
        fleet has R hit-type answers (the last one a sinking) and j misses.
        Fleets sharing a transcript were shot identically, so they have the
        same ship-cell union and the same sinking order; at most `mult`
        fleets share a union.  There are at most
            L * C(R-1+j, j)
        transcripts with j misses, where L bounds the labelings of the R
        hit-type answers (which ones are sinkings, and of which size).
        Filling fleets into the cheapest transcripts first bounds the total
        number of misses from below.
        """
        n = S.bit_count()
        if R == 0:
            return 0
        if not self.use_lb:
            return n * R
        H_ = H
        sizes = []
        for s_, m in self.fleet_ships[(S & -S).bit_length() - 1]:
            if m & ~H_:
                sizes.append(s_)
        key = (R, tuple(sizes))
        tab = self._lab.get(key)
        if tab is None:
            r = len(sizes)
            L = comb(R - 1, r - 1) * factorial(r)
            for v in set(sizes):
                L //= factorial(sizes.count(v))
            L *= self.mult
            cum, mis = [], []    # cumulative capacity / misses, j = 0, 1..
            c = m_ = j = 0
            while c < self.nfleet:
                cap = L * comb(R - 1 + j, j)
                c += cap
                m_ += j * cap
                cum.append(c)
                mis.append(m_)
                j += 1
            tab = self._lab[key] = (cum, mis)
        cum, mis = tab
        j = bisect_left(cum, n)
        misses = (mis[j - 1] + j * (n - cum[j - 1])) if j else 0
        return n * R + misses

    # -- optimal ------------------------------------------------------------
    def solve(self, S, H, beta=INF):
        """Return (W, exact).  If exact, W = |S| * optimal expected shots to
        go.  Otherwise W is a lower bound and W >= beta."""
        R = self.total - H.bit_count()
        if R == 0:
            return 0, True
        if beta < INF:
            lb = self.lower_bound(S, H, R)
            if lb >= beta:
                return lb, False
        raw = (S, H)
        key = self.alias.get(raw)
        if key is None:
            key = self.canon(S, H) if self.syms else raw
            self.alias[raw] = key
        memo = self.opt_memo
        ent = memo.get(key)
        if ent is not None and (ent[1] or ent[0] >= beta):
            return ent
        self.nodes += 1
        if self.nodes % 200000 == 0 and self.verbose:
            print(f"  ... {self.nodes} nodes, memo {len(memo)}, "
                  f"{rss_mb():.0f} MB", file=sys.stderr, flush=True)
        n, cand = self.candidates(S, H)
        forced = [c for k, c in cand if k == n]
        cells = forced[:1] if forced else [c for k, c in cand]
        moves = []
        for c in cells:
            outs = []
            lb = n
            for _, So, Ho in self.outcomes(S, H, c):
                Ro = self.total - Ho.bit_count()
                lo = self.lower_bound(So, Ho, Ro)
                if Ro == 0:
                    lo = 0
                outs.append([lo, So, Ho])
                lb += lo
            moves.append((lb, c, outs))
        moves.sort(key=lambda t: t[0])
        # Upper bound from a deterministic greedy playout of this state:
        # the optimum is <= it, so a move worth < ub + 1 must exist.
        ub = self.greedy_det(S, H) + 1 if self.use_ub else INF
        best = beta if beta <= ub else ub
        best_exact = None
        min_lb = INF
        for lb, c, outs in moves:
            if lb >= best:
                min_lb = min(min_lb, lb)
                break  # sorted: all later moves are at least as bad
            # evaluate this move under bound `best`
            outs.sort(key=lambda o: -o[1].bit_count())
            total = lb
            ok = True
            for o in outs:
                lo, So, Ho = o
                if lo == 0 and self.total == Ho.bit_count():
                    continue
                bo = best - (total - lo)
                v, ex = self.solve(So, Ho, bo)
                total += v - lo
                if not ex:
                    ok = False
                    break
                if total >= best:
                    ok = False
                    break
            if ok:
                best = total
                best_exact = (total, c)
            else:
                min_lb = min(min_lb, total)
        if best_exact is not None:
            res = (best_exact[0], True)
        else:
            old = ent[0] if ent is not None else 0
            res = (max(old, min_lb), False)
        memo[key] = res
        return res

    def q_value(self, S, H, c):
        """Exact W of firing at c then playing optimally."""
        tot = S.bit_count()
        for _, So, Ho in self.outcomes(S, H, c):
            tot += self.solve(So, Ho)[0]
        return tot

    # -- greedy -------------------------------------------------------------
    def greedy_det(self, S, H):
        """W of greedy with a fixed tie-break (lowest cell index)."""
        if H.bit_count() == self.total:
            return 0
        key = (S, H)
        memo = self.det_memo
        v = memo.get(key)
        if v is not None:
            return v
        n, cand = self.candidates(S, H)
        k, c = max(cand, key=lambda t: (t[0], -t[1]))
        v = n
        for _, So, Ho in self.outcomes(S, H, c):
            v += self.greedy_det(So, Ho)
        memo[key] = v
        return v

    def greedy_tied(self, S, H):
        n, cand = self.candidates(S, H)
        kmax = max(k for k, c in cand)
        return [c for k, c in cand if k == kmax]

    def greedy(self, S, H):
        """Return (W_random_tiebreak (float), W_best (int), W_worst (int))."""
        if H.bit_count() == self.total:
            return (0.0, 0, 0)
        key = self.canon(S, H) if self.syms else (S, H)
        ent = self.gr_memo.get(key)
        if ent is not None:
            return ent
        n = S.bit_count()
        tied = self.greedy_tied(S, H)
        vals = []
        for c in tied:
            r = b = wo = 0
            for _, So, Ho in self.outcomes(S, H, c):
                gr, gb, gw = self.greedy(So, Ho)
                r += gr
                b += gb
                wo += gw
            vals.append((r, b, wo))
        res = (n + sum(v[0] for v in vals) / len(vals),
               n + min(v[1] for v in vals),
               n + max(v[2] for v in vals))
        self.gr_memo[key] = res
        return res

    # -- presentation ---------------------------------------------------
    def render(self, history, marks=None):
        """history: list of (cell, label).  marks: {cell: char}."""
        g = ["." for _ in range(self.ncell)]
        for c, lab in history:
            g[c] = "o" if lab == "miss" else ("X" if lab == "hit" else "#")
        for c, ch in (marks or {}).items():
            g[c] = ch
        return "\n".join(" ".join(g[y * self.w:(y + 1) * self.w])
                         for y in range(self.h))

    def find_greedy_mistakes(self, limit=3, max_states=20000):
        """Walk the greedy tree (all tie choices), most probable states
        first; return states where EVERY greedy-tied cell is strictly worse
        than the optimum."""
        import heapq
        found = []
        heap = [(-1.0, 0, self.all, 0, ())]
        seen = set()
        cnt = 0
        while heap and len(found) < limit and cnt < max_states:
            negp, _, S, H, hist = heapq.heappop(heap)
            if (S, H) in seen or H.bit_count() == self.total:
                continue
            seen.add((S, H))
            cnt += 1
            n = S.bit_count()
            tied = self.greedy_tied(S, H)
            V = self.solve(S, H)[0]
            qs = {c: self.q_value(S, H, c) for c in tied}
            if min(qs.values()) > V:
                # find an optimal cell
                _, cand = self.candidates(S, H)
                opt = None
                for k, c in sorted(cand, reverse=True):
                    if self.q_value(S, H, c) == V:
                        opt = (k, c)
                        break
                found.append(dict(prob=-negp, hist=hist, n=n, V=V,
                                  tied=tied, qs=qs, opt=opt,
                                  counts=dict((c, k) for k, c in cand)))
                continue
            for c in tied:
                for lab, So, Ho in self.outcomes(S, H, c):
                    p = -negp * So.bit_count() / n / len(tied)
                    heapq.heappush(heap, (-p, cnt * 1000 + c, So, Ho,
                                          hist + ((c, lab),)))
        return found


def rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---------------------------------------------------------------------------
# Independent brute force (for self-test on tiny boards)
# ---------------------------------------------------------------------------
def brute_force(w, h, ships, touch):
    """Optimal expected shots by plain expectimin over shot histories.

    Independent of Game: fleets as lists of cell sets, every unshot cell is a
    candidate (including known-empty ones), no pruning, exact Fractions."""
    pl, fleets = enumerate_fleets(w, h, ships, touch)
    fl = []
    for f in fleets:
        ships_ = [(pl[p][0], frozenset(c for c in range(w * h)
                                       if pl[p][1] >> c & 1)) for p in f]
        fl.append(ships_)
    total = sum(ships)

    def answer(fleet, shots, c):
        for s, cells in fleet:
            if c in cells:
                if all(x in shots for x in cells if x != c):
                    return f"sunk{s}"
                return "hit"
        return "miss"

    memo = {}

    def V(cons, shots, nhit):
        # cons: tuple of fleet indices consistent with the ordered history
        if nhit == total:
            return Fraction(0)
        key = (cons, shots)
        if key in memo:
            return memo[key]
        best = None
        for c in range(w * h):
            if c in shots:
                continue
            groups = {}
            for i in cons:
                groups.setdefault(answer(fl[i], shots, c), []).append(i)
            assert sum(len(g) for g in groups.values()) == len(cons)
            v = 1 + sum(Fraction(len(g), len(cons))
                        * V(tuple(g), shots | {c}, nhit + (a != "miss"))
                        for a, g in groups.items())
            if best is None or v < best:
                best = v
        memo[key] = best
        return best

    return V(tuple(range(len(fl))), frozenset(), 0), len(fl)


def selftest():
    cases = [(3, 3, [2], "sides"), (3, 3, [2, 1], "sides"),
             (4, 2, [2, 1], "none"), (3, 3, [1, 1], "sides"),
             (4, 3, [2], "sides"), (3, 3, [2, 1], "none")]
    ok = True
    for (w, h, ships, touch), use_lb in [(c, b) for c in cases
                                         for b in (False, True)]:
        g = Game(w, h, ships, touch)
        g.use_lb = use_lb
        W, ex = g.solve(g.all, 0)
        opt = Fraction(W, g.nfleet)
        bf, nf = brute_force(w, h, ships, touch)
        gr, gb, gw = g.greedy(g.all, 0)
        # outcome probabilities must partition S at every visited state
        for (S, H) in list(g.opt_memo)[:2000]:
            for c in range(g.ncell):
                if H >> c & 1:
                    continue
                parts = [So for _, So, _ in g.outcomes(S, H, c)]
                tot = 0
                for x in parts:
                    assert tot & x == 0
                    tot |= x
                assert tot == S
        good = ex and opt == bf and nf == g.nfleet and W <= gb <= gr + 1e-9
        ok &= good
        print(f"[lb={'count' if use_lb else 'simple'}] "
              f"{w}x{h} {ships} {touch}: fleets={g.nfleet} opt={float(opt):.6f}"
              f" brute={float(bf):.6f} greedy(best)={gb / g.nfleet:.6f}"
              f" greedy(rand)={gr / g.nfleet:.6f} {'OK' if good else 'FAIL'}")
    # enumeration spot checks: 3x3 has 12 dominoes; pairs of disjoint ones
    assert len(enumerate_fleets(3, 3, [2, 2], "sides")[1]) == sum(
        1 for i in range(12) for j in range(i + 1, 12)
        if not (placements(3, 3, 2, "sides")[i][0]
                & placements(3, 3, 2, "sides")[j][0]))
    # classic 10x10 fleet count sanity: one 4-ship has 140 placements
    assert len(enumerate_fleets(10, 10, [4], "none")[1]) == 140
    print("selftest", "PASSED" if ok else "FAILED")
    return ok


# ---------------------------------------------------------------------------
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--board", default="4x4", help="WxH, e.g. 5x5")
    ap.add_argument("--ships", default="3,2", help="comma-separated sizes")
    ap.add_argument("--touch", default="sides", choices=["sides", "none"])
    ap.add_argument("--no-opt", action="store_true",
                    help="only evaluate greedy")
    ap.add_argument("--example", action="store_true",
                    help="search for positions where greedy is suboptimal")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("--no-sym", action="store_true",
                    help="do not merge symmetric states in the memo")
    ap.add_argument("--simple-lb", action="store_true",
                    help="use only the trivial lower bound |S|*(ship cells "
                         "left) instead of the transcript-counting bound")
    ap.add_argument("--lb-count", action="store_true",
                    help="(default; kept for compatibility)")
    a = ap.parse_args(argv)
    if a.selftest:
        return 0 if selftest() else 1
    w, h = map(int, a.board.lower().split("x"))
    ships = [int(x) for x in a.ships.split(",")]
    t0 = time.time()
    g = Game(w, h, ships, a.touch)
    if a.no_sym:
        g.syms = []
    g.use_lb = not a.simple_lb
    print(f"config {w}x{h} ships={ships} touch={a.touch}: "
          f"{g.nfleet} fleets ({time.time() - t0:.1f}s)", flush=True)
    t1 = time.time()
    gr, gb, gw = g.greedy(g.all, 0)
    tg = time.time() - t1
    N = g.nfleet
    print(f"greedy: random-tie {gr / N:.6f}  best-tie {gb / N:.6f}  "
          f"worst-tie {gw / N:.6f}  states={len(g.gr_memo)} ({tg:.1f}s)",
          flush=True)
    if a.no_opt:
        return 0
    t2 = time.time()
    # The best-tie greedy value is an upper bound on the optimum, so the
    # root search can start with that bound.
    W, ex = g.solve(g.all, 0, gb + 1)
    to = time.time() - t2
    assert ex
    opt = W / N
    print(f"optimal: {opt:.6f}  (W={W}/{N})  nodes={g.nodes} "
          f"memo={len(g.opt_memo)} ({to:.1f}s, maxrss {rss_mb():.0f} MB)")
    print(f"gap vs greedy random-tie: {gr / N - opt:.6f} shots "
          f"({100 * (gr / N - opt) / (gr / N):.3f}%)")
    print(f"gap vs greedy best-tie:   {gb / N - opt:.6f} shots "
          f"({100 * (gb / N - opt) / (gb / N):.3f}%)")
    assert gb + 0 >= W and gb <= gr + 1e-6
    # root move comparison
    tied = g.greedy_tied(g.all, 0)
    print("root greedy cells:", tied,
          "Q:", [round(g.q_value(g.all, 0, c) / N, 6) for c in tied])
    if a.example:
        for ex_ in g.find_greedy_mistakes():
            print(f"\nGreedy-suboptimal state (reached w.p. {ex_['prob']:.4f}"
                  f" under greedy, {ex_['n']} consistent fleets):")
            marks = {c: "G" for c in ex_["tied"]}
            if ex_["opt"]:
                marks[ex_["opt"][1]] = "O"
            print(g.render(ex_["hist"], marks))
            n = ex_["n"]
            for c in ex_["tied"]:
                print(f"  greedy cell {c} (x={c % w},y={c // w}) count "
                      f"{ex_['counts'][c]}/{n}: E={ex_['qs'][c] / n:.5f}")
            if ex_["opt"]:
                k, c = ex_["opt"]
                print(f"  optimal cell {c} (x={c % w},y={c // w}) count "
                      f"{k}/{n}: E={ex_['V'] / n:.5f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
