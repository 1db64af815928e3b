"""Compiled inner loops of the admiral's fleet posterior (Numba).

Everything here works on *placement tables*: every placement of every kind of piece
of a rule set, as rows of ``uint64`` words (bit ``cell`` of a board is bit
``cell % 64`` of word ``cell // 64``): the cells a placement occupies as a ship (none
for a mine), and its *body* and *zone* for exclusion: two placements exclude each
other when the body of one meets the zone of the other (for plain ships the body is
the cells and the zone the halo, the cells another ship may not occupy; pieces with
touching rules of their own use more words, see
:func:`seabattle.battleship.ai.posterior.placement_tables`). A fleet is an array of row
numbers, one per piece. The Python side (:mod:`seabattle.battleship.ai.posterior`)
builds the tables once per rule set and the observation arrays once per move.

Randomness comes from Numba's own generator, seeded at every entry point from the
caller's seed, so the same seed gives the same samples; the fleet chain and the
rejection sampler (:func:`tilted_chain`, :func:`annealed_weights`, :func:`rejection`)
draw instead from a Python generator's own state (:mod:`seabattle.battleship.ai.twister`),
the numbers the interpreted loops they replaced drew.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from seabattle.battleship.ai.twister import next_random

ZERO = np.uint64(0)
ONE = np.uint64(1)
_TWO = np.uint64(2)
_FOUR = np.uint64(4)
_FIFTY_SIX = np.uint64(56)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)


@njit(cache=True)
def _has_cell(row: np.ndarray, cell: int) -> bool:
    return bool(((row[cell >> 6] >> np.uint64(cell & 63)) & ONE) != ZERO)


@njit(cache=True)
def _lowest_cell(board: np.ndarray) -> int:
    for w in range(board.shape[0]):
        x = board[w]
        if x != ZERO:
            i = 0
            while (x & ONE) == ZERO:
                x >>= ONE
                i += 1
            return w * 64 + i
    return -1


@njit(cache=True)
def filter_candidates(cells, halos, cellidx, sizes, kind_of, blocked, ring_hits, hit_time,  # type: ignore[no-untyped-def]
                      sink_kind, silent, valid):
    """Mark the placements consistent with the observations, piece by piece.

    A placement of kind ``k`` is valid when it covers no cell of ``blocked[k]`` (miss,
    known empty, pinned sunk ship, a pinned mine's zone), its ring holds no cell of
    ``ring_hits[k]`` (the hit would be another ship touching it), and either it holds no
    sinking shot and is not wholly hit (a wholly hit ship would have been announced
    sunk; with ``silent`` sinkings are not announced, so it may be), or it holds
    exactly one sinking shot, is wholly hit, every other cell was hit before that
    shot, and the announced kind (``-2``: not announced) is its own.
    """
    total, words = cells.shape
    for g in range(total):
        ok = True
        k = kind_of[g]
        for w in range(words):
            if (cells[g, w] & blocked[k, w]) != ZERO:
                ok = False
                break
            if (halos[g, w] & ~cells[g, w] & ring_hits[k, w]) != ZERO:
                ok = False
                break
        if not ok:
            valid[g] = False
            continue
        all_hit = True
        sinks = 0
        latest = -1
        sink_time = -1
        announced = -1
        for i in range(sizes[g]):
            c = cellidx[g, i]
            t = hit_time[c]
            if t < 0:
                all_hit = False
            elif t > latest:
                latest = t
            if sink_kind[c] != -1:
                sinks += 1
                sink_time = t
                announced = sink_kind[c]
        if sinks == 0:
            ok = silent or not all_hit
        elif sinks == 1:
            ok = all_hit and latest == sink_time and (announced == -2 or announced == k)
        else:
            ok = False
        valid[g] = ok


@njit(cache=True)
def _popcount(x):  # type: ignore[no-untyped-def]
    x = x - ((x >> ONE) & _M1)
    x = (x & _M2) + ((x >> _TWO) & _M2)
    x = (x + (x >> _FOUR)) & _M4
    return int((x * _H01) >> _FIFTY_SIX)


@njit(cache=True)
def _ctz(x):  # type: ignore[no-untyped-def]
    """Index of the lowest set bit of a non-zero word."""
    return _popcount((x & (~x + ONE)) - ONE)


@njit(cache=True)
def _select(mask, count, r):  # type: ignore[no-untyped-def]
    """Index of the ``r``-th (from 0) set bit of the first ``count`` words of ``mask``."""
    for i in range(count):
        x = mask[i]
        c = _popcount(x)
        if r < c:
            for _ in range(r):
                x &= x - ONE
            return i * 64 + _ctz(x)
        r -= c
    return -1


@njit(cache=True)
def _mask_count(mask, count):  # type: ignore[no-untyped-def]
    m = 0
    for i in range(count):
        m += _popcount(mask[i])
    return m


@njit(cache=True)
def conflict_table(bodies, zones, kind_of, starts, koff, total_words):  # type: ignore[no-untyped-def]
    """For each placement and each kind, the placements of that kind it excludes.

    Row ``a``, words ``koff[k]`` on, is a bitset over the placements of kind ``k``
    (numbered from ``starts[k]``): bit ``j`` is set when the body of placement
    ``starts[k] + j`` overlaps the zone of ``a`` (the tables make the relation
    symmetric).
    """
    total, words = bodies.shape
    table = np.zeros((total, total_words), np.uint64)
    for a in range(total):
        for b in range(total):
            hit = False
            for w in range(words):
                if (bodies[b, w] & zones[a, w]) != ZERO:
                    hit = True
                    break
            if hit:
                k = kind_of[b]
                j = b - starts[k]
                table[a, koff[k] + (j >> 6)] |= ONE << np.uint64(j & 63)
    return table


@njit(cache=True)
def cover_table(cellidx, sizes, kind_of, starts, koff, n_cells, total_words):  # type: ignore[no-untyped-def]
    """For each cell and kind, the bitset of that kind's placements covering the cell."""
    table = np.zeros((n_cells, total_words), np.uint64)
    for b in range(cellidx.shape[0]):
        k = kind_of[b]
        j = b - starts[k]
        for i in range(sizes[b]):
            table[cellidx[b, i], koff[k] + (j >> 6)] |= ONE << np.uint64(j & 63)
    return table


@njit(cache=True)
def valid_bits(valid, kind_of, starts, koff, total_words):  # type: ignore[no-untyped-def]
    """The valid placements as per-kind bitsets."""
    bits = np.zeros(total_words, np.uint64)
    for b in range(valid.shape[0]):
        if valid[b]:
            k = kind_of[b]
            j = b - starts[k]
            bits[koff[k] + (j >> 6)] |= ONE << np.uint64(j & 63)
    return bits


@njit(cache=True)
def _free_mask(s, t, pos, k, vbits, conflict, koff, kwords, mask):  # type: ignore[no-untyped-def]
    """Placements of kind ``k`` valid and clear of every ship but ``s`` and ``t``."""
    off = koff[k]
    count = kwords[k]
    for i in range(count):
        mask[i] = vbits[off + i]
    for o in range(pos.shape[0]):
        if o == s or o == t:  # noqa: SIM109 - kept to the forms Numba compiles
            continue
        g = pos[o]
        for i in range(count):
            mask[i] &= ~conflict[g, off + i]


@njit(cache=True)
def _required(s, t, pos, cells, need, req):  # type: ignore[no-untyped-def]
    """Hits no ship but ``s`` and ``t`` covers, into ``req``; whether there are any."""
    words = cells.shape[1]
    for w in range(words):
        req[w] = need[w]
    for o in range(pos.shape[0]):
        if o == s or o == t:  # noqa: SIM109 - kept to the forms Numba compiles
            continue
        g = pos[o]
        for w in range(words):
            req[w] &= ~cells[g, w]
    for w in range(words):  # noqa: SIM110 - Numba compiles loops, not generators
        if req[w] != ZERO:
            return True
    return False


@njit(cache=True)
def _restrict_cover(mask, count, off, req, skip, cover):  # type: ignore[no-untyped-def]
    """Keep in ``mask`` the placements covering every cell of ``req`` not in ``skip``."""
    for w in range(req.shape[0]):
        x = req[w] & ~skip[w]
        while x != ZERO:
            cell = w * 64 + _ctz(x)
            x &= x - ONE
            for i in range(count):
                mask[i] &= cover[cell, off + i]


@njit(cache=True)
def _gibbs_one(s, pos, ship_kind, starts, koff, kwords, vbits, conflict, cover, cells, need,  # type: ignore[no-untyped-def]
               req, mask, zero_words, weights, record):
    """Resample ship ``s`` uniformly among placements legal given the other ships.

    With ``record``, first add to ``weights`` the chance of each placement of ``s``
    given the others (the Rao-Blackwell estimate: far less noisy than counting the
    placement drawn).
    """
    k = ship_kind[s]
    off = koff[k]
    count = kwords[k]
    _free_mask(s, -1, pos, k, vbits, conflict, koff, kwords, mask)
    if _required(s, -1, pos, cells, need, req):
        _restrict_cover(mask, count, off, req, zero_words, cover)
    m = _mask_count(mask, count)
    if m == 0:
        return
    if record:
        share = 1.0 / m
        base = starts[k]
        for i in range(count):
            x = mask[i]
            while x != ZERO:
                weights[base + i * 64 + _ctz(x)] += share
                x &= x - ONE
    pos[s] = starts[k] + _select(mask, count, np.random.randint(m))


@njit(cache=True)
def _gibbs_pair(s, t, pos, ship_kind, starts, koff, kwords, vbits, conflict, cover, cells,  # type: ignore[no-untyped-def]
                need, req, mask_a, mask_b, work, choices, tallies):
    """Resample ships ``s`` and ``t`` jointly, given the others.

    Only done when the others leave some hit uncovered: that is where single-ship
    moves cannot hand a hit from one ship to another. One of the two covers the
    lowest uncovered hit ``h``: for each placement of that one through ``h`` the
    partners that complete the pair are counted as a bitset, and a pair is drawn
    in proportion.
    """
    if not _required(s, t, pos, cells, need, req):
        return
    h = _lowest_cell(req)
    ka = ship_kind[s]
    kb = ship_kind[t]
    oa, ca = koff[ka], kwords[ka]
    ob, cb = koff[kb], kwords[kb]
    _free_mask(s, t, pos, ka, vbits, conflict, koff, kwords, mask_a)
    _free_mask(s, t, pos, kb, vbits, conflict, koff, kwords, mask_b)
    n = 0
    total = 0
    # s through h, t anywhere that completes the pair.
    for i in range(ca):
        x = mask_a[i] & cover[h, oa + i]
        while x != ZERO:
            j = i * 64 + _ctz(x)
            x &= x - ONE
            a = starts[ka] + j
            for q in range(cb):
                work[q] = mask_b[q] & ~conflict[a, ob + q]
            _restrict_cover(work, cb, ob, req, cells[a], cover)
            c = _mask_count(work, cb)
            if c > 0:
                choices[n] = a
                tallies[n] = c
                total += c
                n += 1
    split = n
    # t through h, s anywhere not through h that completes the pair.
    for i in range(cb):
        x = mask_b[i] & cover[h, ob + i]
        while x != ZERO:
            j = i * 64 + _ctz(x)
            x &= x - ONE
            b = starts[kb] + j
            for q in range(ca):
                work[q] = mask_a[q] & ~conflict[b, oa + q] & ~cover[h, oa + q]
            _restrict_cover(work, ca, oa, req, cells[b], cover)
            c = _mask_count(work, ca)
            if c > 0:
                choices[n] = b
                tallies[n] = c
                total += c
                n += 1
    if total == 0:
        return
    r = np.random.randint(total)
    pick = 0
    while r >= tallies[pick]:
        r -= tallies[pick]
        pick += 1
    if pick < split:
        a = choices[pick]
        for q in range(cb):
            work[q] = mask_b[q] & ~conflict[a, ob + q]
        _restrict_cover(work, cb, ob, req, cells[a], cover)
        pos[s] = a
        pos[t] = starts[kb] + _select(work, cb, r)
    else:
        b = choices[pick]
        for q in range(ca):
            work[q] = mask_a[q] & ~conflict[b, oa + q] & ~cover[h, oa + q]
        _restrict_cover(work, ca, oa, req, cells[b], cover)
        pos[t] = b
        pos[s] = starts[ka] + _select(work, ca, r)


@njit(cache=True)
def _complete_two(i, p, r, block, pos, ship_kind, starts, koff, kwords, conflict, cover,  # type: ignore[no-untyped-def]
                  cells, req, masks, mj, mk, work, rest):
    """The ways the two pieces of ``block`` other than ``block[i]`` complete it, that piece
    lying on placement ``p``: their count; with ``r`` ≥ 0, also place them as the
    ``r``-th way (in the order counted).

    Where ``p`` leaves a hit of ``req`` uncovered, one of the two covers the lowest such
    hit and the other every hit left; else the two lie anywhere clear of each other.
    """
    j = (i + 1) % 3
    k = (i + 2) % 3
    words = cells.shape[1]
    open_hits = False
    for w in range(words):
        rest[w] = req[w] & ~cells[p, w]
        if rest[w] != ZERO:
            open_hits = True
    total = 0
    if not open_hits:
        kj, kk = ship_kind[block[j]], ship_kind[block[k]]
        oj, cj = koff[kj], kwords[kj]
        ok, ck = koff[kk], kwords[kk]
        for q in range(cj):
            mj[q] = masks[j, q] & ~conflict[p, oj + q]
        for q in range(ck):
            mk[q] = masks[k, q] & ~conflict[p, ok + q]
        for q in range(cj):
            x = mj[q]
            while x != ZERO:
                b = starts[kj] + q * 64 + _ctz(x)
                x &= x - ONE
                for v in range(ck):
                    work[v] = mk[v] & ~conflict[b, ok + v]
                c = _mask_count(work, ck)
                if r >= 0 and r < total + c:
                    pos[block[j]] = b
                    pos[block[k]] = starts[kk] + _select(work, ck, r - total)
                    return total + c
                total += c
        return total
    h = _lowest_cell(rest)
    for turn in range(2):
        first, second = (j, k) if turn == 0 else (k, j)
        kf, ks = ship_kind[block[first]], ship_kind[block[second]]
        of, cf = koff[kf], kwords[kf]
        os_, cs = koff[ks], kwords[ks]
        for q in range(cs):
            mk[q] = masks[second, q] & ~conflict[p, os_ + q]
        for q in range(cf):
            x = masks[first, q] & ~conflict[p, of + q] & cover[h, of + q]
            while x != ZERO:
                b = starts[kf] + q * 64 + _ctz(x)
                x &= x - ONE
                for v in range(cs):
                    work[v] = mk[v] & ~conflict[b, os_ + v]
                _restrict_cover(work, cs, os_, rest, cells[b], cover)
                c = _mask_count(work, cs)
                if r >= 0 and r < total + c:
                    pos[block[first]] = b
                    pos[block[second]] = starts[ks] + _select(work, cs, r - total)
                    return total + c
                total += c
    return total


@njit(cache=True)
def _gibbs_triple(h, pos, ship_kind, starts, koff, kwords, vbits, conflict, cover, cells,  # type: ignore[no-untyped-def]
                  need, req, block, masks, mj, mk, work, rest, choices, slots, tallies):
    """Resample jointly the piece covering hit ``h`` and two other pieces drawn at random,
    given the rest: uniformly over the ways the three fit, every hit the rest leaves
    uncovered covered.

    This is where a group of hits may be one piece or several (a silent sinking where
    pieces may share a side): a cruiser on three hits and a destroyer beside a
    submarine on them differ by three pieces, the one leaving and the two coming, and
    single and pair moves never pass between them. ``h`` is drawn from the hits alone,
    and the two others uniformly whatever the fleet, so the block a move resamples is
    as likely from any fleet it may reach (the one covering ``h`` there is in it too):
    the move leaves the posterior unchanged.

    Nothing moves where the rest leave only ``h`` open: there a pair move hands it from
    one piece to another already (the rest, and so that choice, are the same from every
    fleet the move reaches). Else the ways are counted as the search counts fleets: one
    of the three covers the lowest open hit (each of its placements through it is
    tried), then :func:`_complete_two` counts the other two; a way is drawn in
    proportion.
    """
    n = pos.shape[0]
    a = 0
    while not _has_cell(cells[pos[a]], h):
        a += 1
    b = np.random.randint(n - 1)
    if b >= a:
        b += 1
    c = np.random.randint(n - 2)
    if c >= min(a, b):
        c += 1
    if c >= max(a, b):
        c += 1
    block[0], block[1], block[2] = a, b, c
    words = cells.shape[1]
    for w in range(words):
        req[w] = need[w]
    for o in range(n):
        if o == a or o == b or o == c:  # noqa: SIM109 - kept to the forms Numba compiles
            continue
        g = pos[o]
        for w in range(words):
            req[w] &= ~cells[g, w]
    open_hits = 0
    for w in range(words):
        open_hits += _popcount(req[w])
    if open_hits < 2:
        return  # one open hit: pair moves already hand it from piece to piece
    for i in range(3):
        k = ship_kind[block[i]]
        off = koff[k]
        for q in range(kwords[k]):
            masks[i, q] = vbits[off + q]
        for o in range(n):
            if o == a or o == b or o == c:  # noqa: SIM109 - kept to the forms Numba compiles
                continue
            g = pos[o]
            for q in range(kwords[k]):
                masks[i, q] &= ~conflict[g, off + q]
    first = _lowest_cell(req)
    count = 0
    total = 0
    for i in range(3):
        k = ship_kind[block[i]]
        off = koff[k]
        for q in range(kwords[k]):
            x = masks[i, q] & cover[first, off + q]
            while x != ZERO:
                p = starts[k] + q * 64 + _ctz(x)
                x &= x - ONE
                ways = _complete_two(i, p, -1, block, pos, ship_kind, starts, koff, kwords,
                                     conflict, cover, cells, req, masks, mj, mk, work, rest)
                if ways > 0:
                    choices[count] = p
                    slots[count] = i
                    tallies[count] = ways
                    total += ways
                    count += 1
    if total == 0:
        return  # cannot happen: the fleet as it is is one way
    r = np.random.randint(total)
    pick = 0
    while r >= tallies[pick]:
        r -= tallies[pick]
        pick += 1
    pos[block[slots[pick]]] = choices[pick]
    _complete_two(slots[pick], choices[pick], r, block, pos, ship_kind, starts, koff, kwords,
                  conflict, cover, cells, req, masks, mj, mk, work, rest)


@njit(cache=True)
def run_chain(pos, ship_kind, starts, koff, kwords, vbits, conflict, cover, cells, need,  # type: ignore[no-untyped-def]
              burn, keep, pair_rate, triple_rate, seed, weights, samples, offset):
    """Run one Markov chain over whole fleets and record ``keep`` of its states.

    A sweep resamples every ship given the others (Gibbs), then ``pair_rate`` random
    pairs of ships on average jointly, where the other ships leave some hit
    uncovered (so that a hit can pass from one ship to the other), then
    ``triple_rate`` triples on average (:func:`_gibbs_triple`: the piece on a hit
    drawn at random and two others; none at rate 0, which draws no random numbers
    for them). During the last
    ``keep`` sweeps each ship adds its conditional placement chances to ``weights``
    (summing to the number of ships per sweep), and the fleet after each sweep is
    stored as row ``offset + i`` of ``samples``.
    """
    np.random.seed(seed)
    n = pos.shape[0]
    words = cells.shape[1]
    req = np.empty(words, np.uint64)
    zero_words = np.zeros(words, np.uint64)
    widest = 0
    for k in range(kwords.shape[0]):
        widest = max(widest, kwords[k])
    mask_a = np.empty(widest, np.uint64)
    mask_b = np.empty(widest, np.uint64)
    work = np.empty(widest, np.uint64)
    choices = np.empty(3 * 64 * widest, np.int64)
    tallies = np.empty(3 * 64 * widest, np.int64)
    slots = np.empty(3 * 64 * widest, np.int64)
    block = np.empty(3, np.int64)
    masks = np.empty((3, widest), np.uint64)
    rest = np.empty(words, np.uint64)
    needed = 0
    for w in range(words):
        needed += _popcount(need[w])
    any_need = needed > 0
    hit_cells = np.empty(needed, np.int64)
    needed = 0
    for w in range(words):
        x = need[w]
        while x != ZERO:
            hit_cells[needed] = w * 64 + _ctz(x)
            x &= x - ONE
            needed += 1
    for sweep in range(burn + keep):
        for s in range(n):
            _gibbs_one(s, pos, ship_kind, starts, koff, kwords, vbits, conflict, cover, cells,
                       need, req, mask_a, zero_words, weights, sweep >= burn)
        if any_need and n > 1:
            moves = int(pair_rate)
            if np.random.random() < pair_rate - moves:
                moves += 1
            for _ in range(moves):
                s = np.random.randint(n)
                t = np.random.randint(n - 1)
                if t >= s:
                    t += 1
                _gibbs_pair(s, t, pos, ship_kind, starts, koff, kwords, vbits, conflict, cover,
                            cells, need, req, mask_a, mask_b, work, choices, tallies)
        if any_need and n > 2 and triple_rate > 0:
            moves = int(triple_rate)
            if np.random.random() < triple_rate - moves:
                moves += 1
            for _ in range(moves):
                h = hit_cells[np.random.randint(needed)]
                _gibbs_triple(h, pos, ship_kind, starts, koff, kwords, vbits, conflict, cover,
                              cells, need, req, block, masks, mask_a, mask_b, work, rest,
                              choices, slots, tallies)
        if sweep >= burn:
            row = offset + sweep - burn
            for w in range(words):
                samples[row, w] = ZERO
            for t in range(n):
                g = pos[t]
                for w in range(words):
                    samples[row, w] |= cells[g, w]


@njit(cache=True)
def spread(weights, cellidx, sizes, out):  # type: ignore[no-untyped-def]
    """Add each placement's weight to each of its cells."""
    for g in range(weights.shape[0]):
        wt = weights[g]
        if wt != 0.0:
            for i in range(sizes[g]):
                out[cellidx[g, i]] += wt


@njit(cache=True)
def check_fleet(pos, ship_kind, valid, kind_of, cells, bodies, zones, need):  # type: ignore[no-untyped-def]
    """Whether a fleet (row numbers) is consistent with the observations."""
    n = pos.shape[0]
    words = cells.shape[1]
    zone_words = zones.shape[1]
    covered = np.zeros(words, np.uint64)
    for s in range(n):
        g = pos[s]
        if g < 0 or not valid[g] or kind_of[g] != ship_kind[s]:
            return False
        for t in range(s + 1, n):
            for w in range(zone_words):
                if (bodies[g, w] & zones[pos[t], w]) != ZERO:
                    return False
        for w in range(words):
            covered[w] |= cells[g, w]
    for w in range(words):  # noqa: SIM110 - Numba compiles loops, not generators
        if (need[w] & ~covered[w]) != ZERO:
            return False
    return True


@njit(cache=True)
def search(ship_kind, klist, kstart, kend, cells, bodies, zones, need, seed,  # type: ignore[no-untyped-def]
           randomise, node_limit, pos_out, counts, fleets_out):
    """Depth-first search over fleets consistent with the observations.

    Each step either covers the lowest hit not yet covered (with any ship left that
    can) or, once every hit is covered, places the next ship left, alike ships in
    increasing order; so every fleet, as a set of placements, is reached once.

    With ``randomise`` the options of each step are shuffled and the search stops
    at the first fleet, written to ``pos_out`` (returns 1). Otherwise it visits
    every fleet, adding one to ``counts`` at each of its placements, storing the first
    ``len(fleets_out)`` as occupancy rows there, and returns how many there are.
    Returns -1 when ``node_limit`` steps run out first.
    """
    np.random.seed(seed)
    n = ship_kind.shape[0]
    words = cells.shape[1]
    nkinds = kstart.shape[0]
    left = np.zeros(nkinds, np.int64)
    for s in range(n):
        left[ship_kind[s]] += 1
    kind_pos = np.zeros(nkinds + 1, np.int64)  # first ship slot of each kind
    for k in range(nkinds):
        kind_pos[k + 1] = kind_pos[k] + left[k]
    width = 0
    for k in range(nkinds):
        width += kend[k] - kstart[k]
    options = np.empty((n + 1, max(width, 1)), np.int64)
    n_options = np.zeros(n + 1, np.int64)
    cursor = np.zeros(n + 1, np.int64)
    free_phase = np.zeros(n + 1, np.bool_)
    placed = np.full(n + 1, -1, np.int64)  # klist index placed at each depth
    zone_words = zones.shape[1]
    zone_at = np.zeros((n + 1, zone_words), np.uint64)
    cells_at = np.zeros((n + 1, words), np.uint64)
    uncovered = np.empty(words, np.uint64)
    found = 0
    nodes = 0
    depth = 0
    expand = True
    while True:
        if expand:
            # Generate the options of this depth.
            m = 0
            if depth == n:
                covered_all = True
                for w in range(words):
                    if (need[w] & ~cells_at[depth, w]) != ZERO:
                        covered_all = False
                if covered_all:
                    if randomise:
                        # Write the fleet: placements by kind into the kind's slots.
                        used = np.zeros(nkinds, np.int64)
                        for d in range(n):
                            g = klist[placed[d]]
                            k = -1
                            for kk in range(nkinds):
                                if kstart[kk] <= placed[d] < kend[kk]:
                                    k = kk
                            pos_out[kind_pos[k] + used[k]] = g
                            used[k] += 1
                        return 1
                    if found < fleets_out.shape[0]:
                        for w in range(words):
                            fleets_out[found, w] = cells_at[depth, w]
                    found += 1
                    for d in range(n):
                        counts[klist[placed[d]]] += 1
            else:
                any_uncovered = False
                for w in range(words):
                    uncovered[w] = need[w] & ~cells_at[depth, w]
                    if uncovered[w] != ZERO:
                        any_uncovered = True
                if any_uncovered:
                    free_phase[depth] = False
                    h = _lowest_cell(uncovered)
                    for k in range(nkinds):
                        if left[k] == 0:
                            continue
                        for j in range(kstart[k], kend[k]):
                            g = klist[j]
                            if not _has_cell(cells[g], h):
                                continue
                            ok = True
                            for w in range(zone_words):
                                if (bodies[g, w] & zone_at[depth, w]) != ZERO:
                                    ok = False
                                    break
                            if ok:
                                options[depth, m] = j
                                m += 1
                else:
                    free_phase[depth] = True
                    k = 0
                    while left[k] == 0:
                        k += 1
                    floor = kstart[k]
                    if (depth > 0 and free_phase[depth - 1]
                            and kstart[k] <= placed[depth - 1] < kend[k]):
                        floor = placed[depth - 1] + 1
                    for j in range(floor, kend[k]):
                        g = klist[j]
                        ok = True
                        for w in range(zone_words):
                            if (bodies[g, w] & zone_at[depth, w]) != ZERO:
                                ok = False
                                break
                        if ok:
                            options[depth, m] = j
                            m += 1
                if randomise:
                    for i in range(m - 1, 0, -1):
                        r = np.random.randint(i + 1)
                        tmp = options[depth, i]
                        options[depth, i] = options[depth, r]
                        options[depth, r] = tmp
            n_options[depth] = m
            cursor[depth] = 0
            expand = False
        # Take the next option at this depth, or go back up.
        if cursor[depth] < n_options[depth]:
            j = options[depth, cursor[depth]]
            cursor[depth] += 1
            nodes += 1
            if nodes > node_limit:
                return -1
            g = klist[j]
            k = -1
            for kk in range(nkinds):
                if kstart[kk] <= j < kend[kk]:
                    k = kk
            left[k] -= 1
            placed[depth] = j
            for w in range(zone_words):
                zone_at[depth + 1, w] = zone_at[depth, w] | zones[g, w]
            for w in range(words):
                cells_at[depth + 1, w] = cells_at[depth, w] | cells[g, w]
            depth += 1
            expand = True
        else:
            if depth == 0:
                return 0 if randomise else found
            depth -= 1
            j = placed[depth]
            for kk in range(nkinds):
                if kstart[kk] <= j < kend[kk]:
                    left[kk] += 1
            placed[depth] = -1


@njit(cache=True)
def _branch_best(samples, idx, start, stop, allowed, shot, counts):  # type: ignore[no-untyped-def]
    """The allowed cell not yet ``shot`` held by most of the particles ``idx[start:stop]``,
    and that number."""
    for c in range(counts.shape[0]):
        counts[c] = 0
    words = samples.shape[1]
    for q in range(start, stop):
        i = idx[q]
        for w in range(words):
            x = samples[i, w]
            while x != ZERO:
                counts[w * 64 + _ctz(x)] += 1
                x &= x - ONE
    best = -1
    most = -1
    for c in range(counts.shape[0]):
        if allowed[c] and not shot[c] and counts[c] > most:
            most = counts[c]
            best = c
    return best, most


@njit(cache=True)
def _split(samples, idx, start, stop, cell):  # type: ignore[no-untyped-def]
    """Reorder ``idx[start:stop]``: particles holding ``cell`` first; return the boundary."""
    w = cell >> 6
    b = np.uint64(cell & 63)
    mid = start
    for q in range(start, stop):
        i = idx[q]
        if ((samples[i, w] >> b) & ONE) != ZERO:
            idx[q] = idx[mid]
            idx[mid] = i
            mid += 1
    return mid


@njit(cache=True)
def _v1(samples, idx, start, stop, allowed, shot, counts):  # type: ignore[no-untyped-def]
    """Expected hits of one greedy shot over particles ``idx[start:stop]``."""
    if stop <= start:
        return 0.0
    best, most = _branch_best(samples, idx, start, stop, allowed, shot, counts)
    if best < 0:
        return 0.0
    return most / (stop - start)


@njit(cache=True)
def _v2(samples, idx, start, stop, allowed, shot, counts, discount):  # type: ignore[no-untyped-def]
    """Expected hits of two greedy shots over particles ``idx[start:stop]``."""
    if stop <= start:
        return 0.0
    best, most = _branch_best(samples, idx, start, stop, allowed, shot, counts)
    if best < 0:
        return 0.0
    mid = _split(samples, idx, start, stop, best)
    p = (mid - start) / (stop - start)
    shot[best] = True
    value = p + discount * (p * _v1(samples, idx, start, mid, allowed, shot, counts)
                            + (1 - p) * _v1(samples, idx, mid, stop, allowed, shot, counts))
    shot[best] = False
    return value


@njit(cache=True)
def lookahead(samples, candidates, first, depth, discount, allowed):  # type: ignore[no-untyped-def]
    """For each candidate cell, the expected hits of firing it and then ``depth - 1``
    (at most 2) shots chosen greedily, judged on the sampled fleets (``first``: the chance of
    a hit with the candidate itself, from a better estimate than the samples)."""
    n = samples.shape[0]
    n_cells = allowed.shape[0]
    idx = np.arange(n)
    shot = np.zeros(n_cells, np.bool_)
    counts = np.zeros(n_cells, np.int64)
    scores = np.empty(candidates.shape[0], np.float64)
    for k in range(candidates.shape[0]):
        c = candidates[k]
        mid = _split(samples, idx, 0, n, c)
        p = first[k]
        shot[c] = True
        value = p
        if depth == 2:
            value += discount * (p * _v1(samples, idx, 0, mid, allowed, shot, counts)
                                 + (1 - p) * _v1(samples, idx, mid, n, allowed, shot, counts))
        elif depth >= 3:
            value += discount * (p * _v2(samples, idx, 0, mid, allowed, shot, counts, discount)
                                 + (1 - p) * _v2(samples, idx, mid, n, allowed, shot, counts,
                                                 discount))
        shot[c] = False
        scores[k] = value
    return scores


@njit(cache=True)
def fleet_sums(samples, fixed, linear, near, sides, out):  # type: ignore[no-untyped-def]
    """Per fleet (a row of words, with the ``fixed`` words added): the sums over its
    cells of ``linear``'s columns (13: see :mod:`seabattle.battleship.ai.fleet_shape`);
    in the next column twice the number of pairs of its cells that ``near`` (per cell,
    words of the cells near it) joins; in the last eight the sums of ``linear``'s corner
    and edge distances (its last eight columns) over the cells with no cell of the
    fleet beside them (``sides``, as ``near``)."""
    columns = linear.shape[1]
    words = samples.shape[1]
    occupied = np.empty(words, dtype=np.uint64)
    for i in range(samples.shape[0]):
        for w in range(words):
            occupied[w] = samples[i, w] | fixed[w]
        for w in range(words):
            x = occupied[w]
            while x != ZERO:
                c = w * 64 + _ctz(x)
                for k in range(columns):
                    out[i, k] += linear[c, k]
                crowd = 0
                beside = ZERO
                for v in range(words):
                    crowd += _popcount(near[c, v] & occupied[v])
                    beside |= sides[c, v] & occupied[v]
                out[i, columns] += crowd
                if beside == ZERO:
                    for k in range(8):
                        out[i, columns + 1 + k] += linear[c, columns - 8 + k]
                x &= x - ONE


@njit(cache=True)
def weighted_maps(samples, fixed, weights, out):  # type: ignore[no-untyped-def]
    """``out[f, cell]``: the sum of ``weights[f, i]`` over the fleets ``i`` (rows of
    words, with the ``fixed`` words added) that cover ``cell``."""
    for i in range(samples.shape[0]):
        for w in range(samples.shape[1]):
            x = samples[i, w] | fixed[w]
            while x != ZERO:
                c = w * 64 + _ctz(x)
                for f in range(weights.shape[0]):
                    out[f, c] += weights[f, i]
                x &= x - ONE


@njit(cache=True)
def log_tilts(sums, measures, betas, lone_weight, out):  # type: ignore[no-untyped-def]
    """``out[f, i]``: the log-weight of fleet ``i`` (its row of :func:`fleet_sums`) under
    tilt ``f``, whose measure is ``measures[f]`` (0 edge, 1 corner, 2 cluster, 3 spread,
    4 packed, whose cells without a neighbour count ``lone_weight`` times their distance;
    5 band, whose cells without a neighbour count nothing; see
    :mod:`seabattle.battleship.ai.fleet_shape`) and strength ``betas[f]`` per 20 ship
    cells. The corner and packed tilts' weight is the mean of their four corners', the
    band tilt's of its four edges'."""
    anchor = np.empty(4)
    for i in range(sums.shape[0]):
        count = max(sums[i, 3], 1.0)
        for f in range(measures.shape[0]):
            beta = betas[f] * 20.0 / count
            m = measures[f]
            if m == 0:
                out[f, i] = beta * sums[i, 0]
            elif m == 1 or m == 4 or m == 5:
                for k in range(4):
                    if m == 5:
                        anchor[k] = -beta * (sums[i, 9 + k] - sums[i, 18 + k])
                    else:
                        lone = sums[i, 14 + k] if m == 4 else 0.0
                        anchor[k] = -beta * (sums[i, 5 + k] - lone) + beta * lone_weight * lone
                top = anchor.max()
                total = 0.0
                for k in range(4):
                    total += np.exp(anchor[k] - top)
                out[f, i] = top + np.log(total / 4.0)
            elif m == 2:
                out[f, i] = -beta * (sums[i, 4] - (sums[i, 1] ** 2 + sums[i, 2] ** 2) / count)
            else:
                out[f, i] = -beta * sums[i, 13] / 2.0


@njit(cache=True)
def tempered(log_weights, need, out):  # type: ignore[no-untyped-def]
    """``out``: ``exp(a * log_weights)`` normalised, for the largest ``a`` of 1, 1/2, 1/4, …
    (twelve halvings at most, then equal weights) whose effective sample size
    (``1 / sum(out ** 2)``) is at least ``need``."""
    n = log_weights.shape[0]
    power = 1.0
    for _halving in range(12):
        top = -np.inf
        for i in range(n):
            top = max(top, power * log_weights[i])
        total = 0.0
        for i in range(n):
            out[i] = np.exp(power * log_weights[i] - top)
            total += out[i]
        square = 0.0
        for i in range(n):
            out[i] /= total
            square += out[i] * out[i]
        if 1.0 / square >= need:
            return
        power /= 2.0
    for i in range(n):
        out[i] = 1.0 / n


@njit(cache=True)
def _free_placements(blocked, full, size):  # type: ignore[no-untyped-def]
    """How many straight placements of ``size`` cells avoid ``blocked`` (one word per row
    of the field, ``full`` the row's cells)."""
    height = blocked.shape[0]
    total = 0
    for r in range(height):
        x = ~blocked[r] & full
        for j in range(1, size):
            x &= (~blocked[r] & full) >> np.uint64(j)
        total += _popcount(x)
    if size > 1:
        for r in range(height - size + 1):
            x = ~blocked[r] & full
            for j in range(1, size):
                x &= ~blocked[r + j] & full
            total += _popcount(x)
    return total


@njit(cache=True)
def dfs_log_weights(samples, fixed, width, height, corners, sizes, counts, out):  # type: ignore[no-untyped-def]
    """``out[i]``: the log of the chance that the engine's depth-first placement draws
    fleet ``i`` (rows of words, with the ``fixed`` words added) of straight ships that
    may not share a side (``corners``: they may meet at corners). The search places the
    ships largest first, each uniformly over the placements the ships before it leave
    (their halos), so a fleet's chance is the sum, over the orders of its equal-sized
    ships, of the product of one over those counts; a subset dynamic programme per
    size (``sizes`` descending, ``counts`` ships of each) adds them up. ``-inf`` where
    the fleet's ships are not those of ``sizes`` and ``counts``."""
    full = (ONE << np.uint64(width)) - ONE
    ships = 0
    for g in range(counts.shape[0]):
        ships += counts[g]
    rows = np.zeros(height, dtype=np.uint64)
    halos = np.zeros((ships, height), dtype=np.uint64)
    ship_size = np.zeros(ships, dtype=np.int64)
    blocked = np.zeros(height, dtype=np.uint64)
    widest = 0
    for g in range(counts.shape[0]):
        widest = max(widest, counts[g])
    chance = np.zeros(1 << widest)
    inverse = np.zeros(1 << widest)
    members = np.zeros(widest, dtype=np.int64)
    for i in range(samples.shape[0]):
        rows[:] = ZERO
        for w in range(samples.shape[1]):
            x = samples[i, w] | fixed[w]
            while x != ZERO:
                c = w * 64 + _ctz(x)
                rows[c // width] |= ONE << np.uint64(c % width)
                x &= x - ONE
        # The ships: runs along a row or down a column, each found at its first cell.
        found = 0
        bad = False
        for r in range(height):
            left = rows[r]
            while left != ZERO:
                col = _ctz(left)
                bit = ONE << np.uint64(col)
                if found == ships:
                    bad = True
                    break
                halos[found, :] = ZERO
                if (rows[r] >> np.uint64(col + 1)) & ONE:
                    mask = bit
                    k = col + 1
                    while k < width and (rows[r] >> np.uint64(k)) & ONE:
                        mask |= ONE << np.uint64(k)
                        k += 1
                    left &= ~mask
                    size = k - col
                    last = r
                else:
                    mask = bit
                    left &= ~bit
                    last = r
                    while last + 1 < height and (rows[last + 1] & bit) != ZERO:
                        last += 1
                        rows[last] &= ~bit  # found: not the first cell of another ship
                    size = last - r + 1
                wide = (mask | (mask << ONE) | (mask >> ONE)) & full
                for q in range(r, last + 1):
                    halos[found, q] |= wide
                if r > 0:
                    halos[found, r - 1] |= mask if corners else wide
                if last + 1 < height:
                    halos[found, last + 1] |= mask if corners else wide
                ship_size[found] = size
                found += 1
            if bad:
                break
        if bad or found != ships:
            out[i] = -np.inf
            continue
        blocked[:] = ZERO
        total = 0.0
        for g in range(sizes.shape[0]):
            m = 0
            for s in range(ships):
                if ship_size[s] == sizes[g]:
                    if m == counts[g]:
                        bad = True
                        break
                    members[m] = s
                    m += 1
            if bad or m != counts[g]:
                bad = True
                break
            for before in range((1 << m) - 1):
                for q in range(height):
                    rows[q] = blocked[q]
                for b in range(m):
                    if (before >> b) & 1:
                        for q in range(height):
                            rows[q] |= halos[members[b], q]
                inverse[before] = 1.0 / _free_placements(rows, full, sizes[g])
            chance[0] = 1.0
            for subset in range(1, 1 << m):
                value = 0.0
                for b in range(m):
                    if (subset >> b) & 1:
                        value += chance[subset ^ (1 << b)] * inverse[subset ^ (1 << b)]
                chance[subset] = value
            total += np.log(chance[(1 << m) - 1])
            for b in range(m):
                for q in range(height):
                    blocked[q] |= halos[members[b], q]
        out[i] = -np.inf if bad else total


@njit(cache=True)
def measure(occupied, code, anchor, linear, near, sides, lone_weight):  # type: ignore[no-untyped-def]
    """One measure of :mod:`seabattle.battleship.ai.fleet_shape` of the ship cells
    ``occupied`` (a row of words): ``code`` 0 edge, 1 corner, 2 cluster, 3 spread,
    4 packed, 5 band (as :func:`log_tilts`), towards corner or edge ``anchor``, from the
    per-cell arrays of :func:`fleet_sums`. Every sum is of integers or halves, so the
    value is exact whatever the order of the cells."""
    words = occupied.shape[0]
    total = 0.0
    rows = 0.0
    cols = 0.0
    squares = 0.0
    count = 0
    crowd = 0
    for w in range(words):
        x = occupied[w]
        while x != ZERO:
            c = w * 64 + _ctz(x)
            x &= x - ONE
            if code == 0:
                total += linear[c, 0]
            elif code == 1:
                total -= linear[c, 5 + anchor]
            elif code == 2:
                rows += linear[c, 1]
                cols += linear[c, 2]
                squares += linear[c, 4]
                count += 1
            elif code == 3:
                for v in range(words):
                    crowd += _popcount(near[c, v] & occupied[v])
            else:
                beside = ZERO
                for v in range(words):
                    beside |= sides[c, v] & occupied[v]
                if code == 4:
                    if beside != ZERO:
                        total -= linear[c, 5 + anchor]
                    else:
                        total += lone_weight * linear[c, 5 + anchor]
                elif beside != ZERO:
                    total -= linear[c, 9 + anchor]
    if code == 2:
        if count == 0:
            return 0.0
        return -(squares - (rows * rows + cols * cols) / count)
    if code == 3:
        return -float(crowd // 2)
    return total


@njit(cache=True)
def tilted_chain(pos, cells, halos, offsets, counts, steps, state, code, anchor, strength,  # type: ignore[no-untyped-def]
                 linear, near, sides, lone_weight):
    """``steps`` proposals of the fleet chain of :mod:`seabattle.battleship.ai.tilted`
    from ``pos`` (per ship, its placement's row among its kind's: ``offsets[ship]`` to
    ``offsets[ship] + counts[ship]`` of ``cells`` and ``halos``, rows of words), tilted
    by ``strength`` times :func:`measure` ``code`` towards ``anchor`` (``code`` −1: not
    tilted). ``pos`` is moved in place; the random numbers come from the generator
    ``state`` (:mod:`seabattle.battleship.ai.twister`): two a proposal, the ship and its
    new place, and a third to accept a move to a lighter fleet."""
    ships = pos.shape[0]
    words = cells.shape[1]
    occupied = np.zeros(words, dtype=np.uint64)
    moved = np.empty(words, dtype=np.uint64)
    for s in range(ships):
        for w in range(words):
            occupied[w] |= cells[offsets[s] + pos[s], w]
    current = 0.0
    if code >= 0:
        current = strength * measure(occupied, code, anchor, linear, near, sides, lone_weight)
    for _ in range(steps):
        s = int(next_random(state) * ships)
        j = int(next_random(state) * counts[s])
        new = offsets[s] + j
        clash = False
        for w in range(words):
            others = ZERO
            for k in range(ships):
                if k != s:
                    others |= halos[offsets[k] + pos[k], w]
            if cells[new, w] & others:
                clash = True
                break
        if clash:
            continue
        if code >= 0:
            old = offsets[s] + pos[s]
            for w in range(words):
                moved[w] = (occupied[w] & ~cells[old, w]) | cells[new, w]
            proposed = strength * measure(moved, code, anchor, linear, near, sides, lone_weight)
            if proposed < current and next_random(state) >= np.exp(proposed - current):
                continue
            for w in range(words):
                occupied[w] = moved[w]
            current = proposed
        pos[s] = j


@njit(cache=True)
def annealed_weights(pos, cells, halos, offsets, counts, moves, strengths, state, code,  # type: ignore[no-untyped-def]
                     anchor, linear, near, sides, lone_weight, out):
    """One chain of annealed importance sampling from the fleet ``pos`` (as
    :func:`tilted_chain`): at each strength after the first, ``out[step]`` gathers
    ``Δstrength`` times the fleet's :func:`measure` (``out[0]`` stays 0), then
    ``moves`` proposals of the chain tilted at that strength follow."""
    words = cells.shape[1]
    occupied = np.empty(words, dtype=np.uint64)
    weight = 0.0
    for step in range(1, strengths.shape[0]):
        for w in range(words):
            occupied[w] = ZERO
        for s in range(pos.shape[0]):
            for w in range(words):
                occupied[w] |= cells[offsets[s] + pos[s], w]
        value = measure(occupied, code, anchor, linear, near, sides, lone_weight)
        weight += (strengths[step] - strengths[step - 1]) * value
        out[step] = weight
        tilted_chain(pos, cells, halos, offsets, counts, moves, state, code, anchor,
                     strengths[step], linear, near, sides, lone_weight)


@njit(cache=True)
def rejection(pos, cells, halos, offsets, counts, state, max_tries):  # type: ignore[no-untyped-def]
    """Rejection sampling of a fleet (as :func:`tilted_chain`'s tables and generator):
    each ship in turn at a uniformly drawn placement of its kind (one number a ship),
    the attempt abandoned at the first ship that meets an earlier one's halo. Returns
    the attempts made, up to ``max_tries``, and whether the last found a fleet (then in
    ``pos``)."""
    ships = pos.shape[0]
    words = cells.shape[1]
    blocked = np.empty(words, dtype=np.uint64)
    for tries in range(1, max_tries + 1):
        for w in range(words):
            blocked[w] = ZERO
        whole = True
        for s in range(ships):
            j = int(next_random(state) * counts[s])
            row = offsets[s] + j
            for w in range(words):
                if cells[row, w] & blocked[w]:
                    whole = False
            if not whole:
                break
            for w in range(words):
                blocked[w] |= halos[row, w]
            pos[s] = j
        if whole:
            return tries, True
    return max_tries, False
