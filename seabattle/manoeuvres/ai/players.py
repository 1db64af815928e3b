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
  fewer actions before one in more. Its worlds are drawn with the odds of a
  :class:`~.inference.Watch` (how the enemy's pieces behaved: fights declined,
  approaches; mines beside forts), and in the look-ahead the enemy chooses as a player who
  cannot see ``hard``'s hidden pieces: in a world where they are drawn from the enemy's
  own belief about them. It rates positions by :func:`~.evaluation.judge`: the ships
  left (a side without any cannot win), the last ships within reach of the enemy's bomb,
  the forts whose open side an enemy ship can step onto, and the quiet count's end in
  view (a lead is not left to run into a draw).

Every level answers an attack on its group the same way (:func:`best_defence`): the
fewest ships that win, else a draw, else the attacked ship alone. The computer is given
only its seat's view: it builds the worlds it searches from the view and a sample of the
enemy's unknown kinds (:meth:`~seabattle.manoeuvres.state.ManoeuvreState.from_view`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from seabattle.errors import SeaBattleError
from seabattle.manoeuvres.actions import Action, Attack, Defend, Deploy, PointBlank, Shoot
from seabattle.manoeuvres.ai.belief import Belief
from seabattle.manoeuvres.ai.evaluation import evaluate, judge
from seabattle.manoeuvres.ai.inference import Watch
from seabattle.manoeuvres.ai.layouts import strong_layout
from seabattle.manoeuvres.pieces import fight
from seabattle.manoeuvres.setup import random_layout
from seabattle.manoeuvres.state import ManoeuvreState
from seabattle.manoeuvres.views import ManoeuvreView, Phase, Stage

LEVELS = ("novice", "medium", "hard")
"""The computer's levels, weakest first."""

Rating = Callable[[ManoeuvreState, int], float]
"""How good a world is for a seat (positive: better for it)."""


@dataclass(frozen=True)
class Searching:
    """How much a level searches: sampled worlds; the actions kept from the first rating
    (the first world's, besides every attack and shot, when several worlds are rated; the
    average's for the look-ahead); how many actions it looks ahead past its own; and how
    it models the enemy (below)."""

    worlds: int
    kept: int
    depth: int = 0
    guessing: bool = False
    """In the look-ahead the enemy chooses in a world where our pieces it has not seen are
    drawn from its own belief about them (as a player who cannot see them would), instead
    of knowing them all."""
    inferring: bool = False
    """Worlds are drawn with the odds of a :class:`~.inference.Watch` over the game (how
    the enemy's pieces behaved), not from the bare belief."""
    judging: bool = False
    """Positions are rated by :func:`~.evaluation.judge` (ships left, the quiet count),
    not by :func:`~.evaluation.evaluate`."""

    @property
    def rating(self) -> Rating:
        """How this level rates a position."""
        return judge if self.judging else evaluate


SEARCH = {"medium": Searching(worlds=1, kept=0),
          "hard": Searching(worlds=8, kept=6, depth=2, guessing=True, inferring=True,
                            judging=True)}


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
        self.watch = Watch()
        """How the enemy's pieces behaved this game (levels that infer from it)."""

    def choose(self, view: ManoeuvreView) -> Action:
        """The action ``view``'s seat takes now (it must be to act), from what it sees."""
        seat = view.seat
        if seat is None:
            raise SeaBattleError("error.not_a_player", player=seat)
        searching = SEARCH.get(self.level)
        if searching is not None and searching.inferring:
            self.watch.observe(view)
        if view.phase is Phase.SETUP:
            if self.level == "novice" or self.random_setup:
                return Deploy(random_layout(view.rules, seat, self.rng))
            return Deploy(strong_layout(view.rules, seat, self.rng))
        belief = Belief.of(view)

        def world() -> ManoeuvreState:
            if searching is not None and searching.inferring:
                return ManoeuvreState.from_view(view, self.watch.sample(belief, view, self.rng))
            return ManoeuvreState.from_view(view, belief.sample(self.rng))

        first = world()
        if first.stage is Stage.DEFENCE:
            return best_defence(first, seat)
        if searching is None:
            return first.random_action(seat, self.rng)
        return self._search(seat, first, world, searching)

    def _search(self, seat: int, first_world: ManoeuvreState,
                sample: Callable[[], ManoeuvreState], searching: Searching) -> Action:
        options = list(first_world.legal_actions(seat) or [])
        if len(options) == 1:
            return options[0]
        worlds = [first_world] + [sample() for _ in range(searching.worlds - 1)]
        rating = searching.rating
        first = _rate(worlds[0], seat, options, rating)
        if len(worlds) > 1:
            ranked = sorted(range(len(options)), key=lambda i: -first[i])
            keep = set(ranked[:searching.kept]) | {
                i for i, action in enumerate(options)
                if isinstance(action, Attack | Shoot | PointBlank)}
            options = [options[i] for i in sorted(keep)]
            totals = [first[i] for i in sorted(keep)]
            for world in worlds[1:]:
                for index, score in enumerate(_rate(world, seat, options, rating)):
                    totals[index] += score
        else:
            totals = first
        if searching.depth:
            ranked = sorted(range(len(options)), key=lambda i: -totals[i])[:searching.kept]
            options = [options[i] for i in ranked]
            # One seed a world: every candidate meets the enemy guessing alike there.
            draws = [self.rng.getrandbits(32) if searching.guessing else None
                     for _world in worlds]
            totals = [sum(_rollout(world, seat, action, searching.depth, rating, draw)
                          for world, draw in zip(worlds, draws, strict=True))
                      for action in options]
        best = max(totals)
        return self.rng.choice([a for a, t in zip(options, totals, strict=True) if t == best])


def _rate(world: ManoeuvreState, seat: int, options: Sequence[Action],
          rating: Rating) -> list[float]:
    return [rating(_after(world, seat, action), seat) for action in options]


def _greedy(world: ManoeuvreState, seat: int, rating: Rating) -> Action:
    """The action that rates best for ``seat`` one action ahead, every kind known."""
    if world.stage is Stage.DEFENCE:
        return best_defence(world, seat)
    options = world.legal_actions(seat) or []
    return max(options, key=lambda action: rating(_after(world, seat, action), seat))


def _rollout(world: ManoeuvreState, seat: int, action: Action, depth: int, rating: Rating,
             guess: int | None = None) -> float:
    """``world`` after ``action`` and then ``depth`` more actions, each side taking its
    :func:`_greedy` one by ``rating``, rated so for ``seat``; a game won (lost) in the
    look-ahead counts a little less (more) for each action it took, so that a win at hand
    is taken now.
    With ``guess`` (a seed), the enemy chooses its actions in a world where ``seat``'s
    pieces it has not seen are drawn from its belief (:func:`_as_enemy_sees`)."""
    after = _after(world, seat, action)
    plies = 0
    rng = None if guess is None else random.Random(guess)
    while plies < depth and after.actor is not None:
        actor = after.actor
        seen = after if actor == seat or rng is None else _as_enemy_sees(after, actor, rng)
        after = _after(after, actor, _greedy(seen, actor, rating))
        plies += 1
    value = rating(after, seat)
    return value - math.copysign(plies, value) if after.result is not None and value else value


def _as_enemy_sees(world: ManoeuvreState, enemy: int, rng: random.Random) -> ManoeuvreState:
    """``world`` with the pieces of ``enemy``'s opponent that ``enemy`` has not seen of
    kinds drawn from ``enemy``'s belief: where it chooses as a player who cannot see them.
    Its legal actions are the same (they never depend on hidden kinds)."""
    return world.with_kinds(1 - enemy, Belief.of(world.view(enemy)).sample(rng))


def _after(world: ManoeuvreState, seat: int, action: Action) -> ManoeuvreState:
    """``world`` after ``seat`` takes ``action`` (and the enemy answers an attack on a
    group as it best can)."""
    after = world.copy(keep_log=False)
    after.play(seat, action)
    if after.stage is Stage.DEFENCE and after.actor == 1 - seat:
        after.play(1 - seat, best_defence(after, 1 - seat))
    return after
