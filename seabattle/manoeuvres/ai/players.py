"""The computer's levels: ``novice``, ``medium`` and ``hard``.

- ``novice``: a random legal action (a kind of action first, then one of that kind) and a
  random set-up.
- ``medium``: a set-up that walls its forts in mines (:mod:`~.layouts`); each turn it
  guesses the enemy's unknown pieces once (:class:`~.belief.Belief`, one sample) and takes
  the action whose result :func:`~.evaluation.evaluate` rates best in that guessed world.
- ``hard``: the same set-up; it keeps the belief and searches over eight sampled worlds
  (determinisations, "perfect-information Monte Carlo", the simple relative of
  information-set MCTS of Cowling, Powley and Whitehouse): every action is rated in the
  first world as ``medium`` rates it; the six best there, with every attack and shot, are
  rated in all eight; the six best on average are played on in every world for two more
  actions, whoever's they are (the enemy's answer, or its own follow-up or bonus action),
  each side choosing greedily there; the sum of the worlds' ratings decides, a win in
  fewer actions before one in more.

Every level answers an attack on its group the same way (:func:`best_defence`): the
fewest ships that win, else a draw, else the attacked ship alone. The computer is given
only its seat's view: it builds the worlds it searches from the view and a sample of the
enemy's unknown kinds (:meth:`~seabattle.manoeuvres.state.ManoeuvreState.from_view`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from seabattle.errors import SeaBattleError
from seabattle.manoeuvres.actions import Action, Attack, Defend, Deploy, PointBlank, Shoot
from seabattle.manoeuvres.ai.belief import Belief
from seabattle.manoeuvres.ai.evaluation import evaluate
from seabattle.manoeuvres.ai.layouts import strong_layout
from seabattle.manoeuvres.pieces import fight
from seabattle.manoeuvres.setup import random_layout
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import ManoeuvreView, Phase, Stage

LEVELS = ("novice", "medium", "hard")
"""The computer's levels, weakest first."""


@dataclass(frozen=True)
class Searching:
    """How much a level searches: sampled worlds; the actions kept from the first rating
    (the first world's, besides every attack and shot, when several worlds are rated; the
    average's for the look-ahead); and how many actions it looks ahead past its own."""

    worlds: int
    kept: int
    depth: int = 0


SEARCH = {"medium": Searching(worlds=1, kept=0),
          "hard": Searching(worlds=8, kept=6, depth=2)}


def best_defence(state: ManoeuvreState, seat: int) -> Defend:
    """The answer to the attack waiting on ``seat``: the fewest ships of the target's group
    that win (by the attackers' declared kind and number), else that draw, else the target
    alone."""
    pending = state.pending
    assert pending is not None and state.stage is Stage.DEFENCE
    attacker = state.board.at[pending.group[0]].kind
    options = state.legal_actions(seat) or []
    defender = state.board.at[pending.target].kind

    def rank(answer: Action) -> tuple[int, int]:
        assert isinstance(answer, Defend)
        result = fight(defender, len(answer.group), attacker, len(pending.group))
        return (-result, len(answer.group) if result >= 0 else -len(answer.group))

    chosen = min(options, key=rank)
    assert isinstance(chosen, Defend)
    return chosen


class ComputerPlayer:
    """One computer player of a level; ``rng`` (from the host's entropy in real games, a
    seed in tests and benchmarks) draws its set-up, its guesses and its ties.
    ``random_setup``: set up at random whatever the level (to measure what the level's
    set-up is worth, :mod:`~.timing`)."""

    def __init__(self, level: str, rng: random.Random, *, random_setup: bool = False) -> None:
        if level not in LEVELS:
            raise SeaBattleError("error.unknown_level", name=level, known=", ".join(LEVELS))
        self.level = level
        self.rng = rng
        self.random_setup = random_setup

    def choose(self, view: ManoeuvreView) -> Action:
        """The action ``view``'s seat takes now (it must be to act), from what it sees."""
        seat = view.seat
        if seat is None:
            raise SeaBattleError("error.not_a_player", player=seat)
        if view.phase is Phase.SETUP:
            if self.level == "novice" or self.random_setup:
                return Deploy(random_layout(view.rules, seat, self.rng))
            return Deploy(strong_layout(view.rules, seat, self.rng))
        belief = Belief.of(view)
        world = ManoeuvreState.from_view(view, belief.sample(self.rng))
        if world.stage is Stage.DEFENCE:
            return best_defence(world, seat)
        if self.level == "novice":
            return world.random_action(seat, self.rng)
        return self._search(view, belief, world, SEARCH[self.level])

    def _search(self, view: ManoeuvreView, belief: Belief, first_world: ManoeuvreState,
                searching: Searching) -> Action:
        seat = view.seat
        assert seat is not None
        options = list(first_world.legal_actions(seat) or [])
        if len(options) == 1:
            return options[0]
        worlds = [first_world] + [ManoeuvreState.from_view(view, belief.sample(self.rng))
                                  for _ in range(searching.worlds - 1)]
        first = self._rate(worlds[0], seat, options)
        if len(worlds) > 1:
            ranked = sorted(range(len(options)), key=lambda i: -first[i])
            keep = set(ranked[:searching.kept]) | {
                i for i, action in enumerate(options)
                if isinstance(action, Attack | Shoot | PointBlank)}
            options = [options[i] for i in sorted(keep)]
            totals = [first[i] for i in sorted(keep)]
            for world in worlds[1:]:
                for index, score in enumerate(self._rate(world, seat, options)):
                    totals[index] += score
        else:
            totals = first
        if searching.depth:
            ranked = sorted(range(len(options)), key=lambda i: -totals[i])[:searching.kept]
            options = [options[i] for i in ranked]
            totals = [sum(_rollout(world, seat, action, searching.depth) for world in worlds)
                      for action in options]
        best = max(totals)
        return self.rng.choice([a for a, t in zip(options, totals, strict=True) if t == best])

    @staticmethod
    def _rate(world: ManoeuvreState, seat: int, options: Sequence[Action]) -> list[float]:
        return [evaluate(_after(world, seat, action), seat) for action in options]


def _greedy(world: ManoeuvreState, seat: int) -> Action:
    """The action that rates best for ``seat`` one action ahead, every kind known."""
    if world.stage is Stage.DEFENCE:
        return best_defence(world, seat)
    options = world.legal_actions(seat) or []
    return max(options, key=lambda action: evaluate(_after(world, seat, action), seat))


def _rollout(world: ManoeuvreState, seat: int, action: Action, depth: int) -> float:
    """``world`` after ``action`` and then ``depth`` more actions, each side taking its
    :func:`_greedy` one, rated for ``seat``; a game won (lost) in the look-ahead counts a
    little less (more) for each action it took, so that a win at hand is taken now."""
    after = _after(world, seat, action)
    plies = 0
    while plies < depth and after.actor is not None:
        actor = after.actor
        after = _after(after, actor, _greedy(after, actor))
        plies += 1
    value = evaluate(after, seat)
    return value - math.copysign(plies, value) if after.result is not None and value else value


def _after(world: ManoeuvreState, seat: int, action: Action) -> ManoeuvreState:
    """``world`` after ``seat`` takes ``action`` (and the enemy answers an attack on a
    group as it best can)."""
    after = world.copy(keep_log=False)
    after.play(seat, action)
    if after.stage is Stage.DEFENCE and after.actor == 1 - seat:
        after.play(1 - seat, best_defence(after, 1 - seat))
    return after
