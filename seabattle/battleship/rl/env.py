"""``SeaBattle-v0``, Battleship's Gymnasium environment: the agent fires at a hidden fleet.

Named in Battleship's definition's parts (``gym_envs``), registered by :mod:`seabattle.rl`.

Needs the optional extra ``seabattle[rl]`` (Gymnasium and NumPy). The observation
is built from the engine's :class:`~seabattle.battleship.view.PlayerView`, so the agent knows
exactly what a player may know; all randomness (fleets, the opponent's shots) comes
from the generator seeded by ``reset(seed=...)``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Literal

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from seabattle.battleship.ai.base import TargetingStrategy
from seabattle.battleship.ai.levels import make_strategy
from seabattle.battleship.bots.builtin import find_placement_function
from seabattle.battleship.events import ShotResult
from seabattle.battleship.fleet import Fleet
from seabattle.battleship.game import Game, Solitaire
from seabattle.battleship.rules import Rules, find_rules, rules_from_dict
from seabattle.battleship.view import PlayerView
from seabattle.coords import ALPHABETS, Bitboard, Coordinates, bit

Placement = str | Callable[[Rules, random.Random], Fleet] | None
"""A placement strategy name (``uniform``, ``dfs``, ``perelman``, ``hard``), a function
``(rules, rng) -> Fleet``, or ``None`` for the default (uniform)."""

ENEMY_PLANES = ("miss", "hit", "sunk", "known_empty")
"""The planes of the ``enemy`` observation, in order."""
OWN_PLANES = ("ship", "incoming_miss", "incoming_hit")
"""The planes of the ``own`` observation, in order."""

AGENT, OPPONENT = 0, 1


def make_rules(rules: str | Rules | Mapping[str, Any] = "classic", **options: Any) -> Rules:
    """Rules from a preset name, a :class:`Rules` or a rules mapping, with keyword overrides
    in the rules-file format (``width=8, height=8, touching="corners"``, ``ships=[...]``).
    """
    if not options:
        if isinstance(rules, Rules):
            return rules
        if isinstance(rules, str):
            return find_rules(rules)
    if isinstance(rules, Rules):
        data: dict[str, Any] = rules.to_dict()
    elif isinstance(rules, str):
        data = {"base": rules}
    else:
        data = dict(rules)
    data.update(options)
    return rules_from_dict(data)


def placement_function(placement: Placement) -> Callable[[Rules, random.Random], Fleet]:
    """The function behind a :data:`Placement`."""
    if placement is None or isinstance(placement, str):
        return find_placement_function(placement)
    return placement


def bits(board: Bitboard, size: int) -> NDArray[np.int8]:
    """A bitboard as a 0/1 array of ``size`` cells."""
    raw = np.frombuffer(board.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:size].astype(np.int8)


def enemy_planes(view: PlayerView) -> NDArray[np.int8]:
    """The enemy field as seen by the view's player: :data:`ENEMY_PLANES` × height × width."""
    grid = view.rules.grid
    sunk = view.sunk_cells
    for ship in view.sunk:
        sunk |= bit(ship.cell)
    boards = (view.misses, view.hits & ~sunk, sunk, view.known_empty)
    return np.stack([bits(b, grid.size) for b in boards]).reshape(len(boards), grid.height,
                                                                  grid.width)


def own_planes(view: PlayerView) -> NDArray[np.int8]:
    """The player's own field: :data:`OWN_PLANES` × height × width."""
    grid = view.rules.grid
    ships = view.own_fleet.cells
    boards = (ships, view.incoming & ~ships, view.incoming & ships)
    return np.stack([bits(b, grid.size) for b in boards]).reshape(len(boards), grid.height,
                                                                  grid.width)


def action_mask(view: PlayerView) -> NDArray[np.int8]:
    """1 for every cell the player may fire at, 0 elsewhere."""
    return bits(view.legal_shots(), view.rules.grid.size)


def render_view(view: PlayerView, *, own: bool) -> str:
    """The enemy field (and the player's own, if ``own``) as text."""
    grid = view.rules.grid
    names = Coordinates(grid, ALPHABETS["latin"])
    sunk = view.sunk_cells
    for ship in view.sunk:
        sunk |= bit(ship.cell)

    def mark_enemy(cell: int) -> str:
        mask = bit(cell)
        return ("#" if sunk & mask else "x" if view.hits & mask else "o" if view.misses & mask
                else "-" if view.known_empty & mask else ".")

    def mark_own(cell: int) -> str:
        mask = bit(cell)
        ship = view.own_fleet.cells & mask
        shot = view.incoming & mask
        return "x" if ship and shot else "S" if ship else "o" if shot else "."

    lines = ["    " + " ".join(names.column_letters)
             + ("      " + " ".join(names.column_letters) if own else "")]
    for row in range(grid.height):
        cells = range(row * grid.width, (row + 1) * grid.width)
        text = f"{row + 1:>3} " + " ".join(mark_enemy(c) for c in cells)
        if own:
            text += f"   {row + 1:>3} " + " ".join(mark_own(c) for c in cells)
        lines.append(text)
    return "\n".join(lines) + "\n"


class SeaBattleEnv(gym.Env[dict[str, Any], np.int64]):
    """Fire at a hidden fleet until it sinks; optionally, an opponent fires back.

    ## Action space
    ``Discrete(width * height)``: the cell to fire at, ``row * width + col``. Cells
    already fired at are illegal: ``info["action_mask"]`` (and :meth:`action_masks`)
    has a 1 for each legal cell. An illegal action changes nothing and costs
    ``illegal_reward``.

    ## Observation
    A ``Dict``. ``"enemy"``: ``MultiBinary((4, height, width))``, the enemy field as
    the player knows it, planes :data:`ENEMY_PLANES`: misses, hits on ships not known
    sunk, cells of sunk ships (as far as the rules reveal them), cells the rules
    prove empty (around sunk ships). With an opponent, also ``"own"``:
    ``MultiBinary((3, height, width))``, planes :data:`OWN_PLANES`: the agent's
    ships, the opponent's misses, the opponent's hits.

    ## Reward
    +1 for a hit (or a sinking), −1 for a miss, ``illegal_reward`` (−1) for an illegal
    action; over a whole solitaire episode the return is the number of fleet cells
    minus the misses, so maximising it minimises shots. With an opponent,
    ``+win_reward`` or ``−win_reward`` (10) on the last step as well.

    ## Starting state
    Without ``opponent`` (solitaire): a fleet placed by ``opponent_placement``. With
    ``opponent`` (a level such as ``"hard"``): a two-sided game, the agent's fleet
    placed by ``agent_placement``; the opponent shoots when its turn comes, inside
    :meth:`step` (its shots are in ``info["opponent_shots"]``). ``first``: ``agent``,
    ``opponent`` or ``random`` shoots first.

    ## Episode end
    Terminated when a fleet is sunk. Truncated after ``max_steps`` steps (default:
    twice the number of cells), which only an agent that keeps choosing illegal
    actions reaches.

    ## Arguments
    ``rules``: a preset name, a :class:`~seabattle.battleship.rules.Rules` or a rules mapping;
    further keyword arguments override single rules (``width=8``, ``touching=...``,
    see ``docs/rules-file.md``). ``render_mode``: ``"ansi"`` or ``None``.

    >>> import gymnasium as gym, seabattle.rl
    >>> env = gym.make("SeaBattle-v0", rules="classic")
    >>> observation, info = env.reset(seed=1)
    >>> observation["enemy"].shape, int(info["action_mask"].sum())
    ((4, 10, 10), 100)
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, rules: str | Rules | Mapping[str, Any] = "classic", *,
                 opponent: str | None = None, opponent_placement: Placement = None,
                 agent_placement: Placement = None,
                 first: Literal["agent", "opponent", "random"] = "agent",
                 max_steps: int | None = None, illegal_reward: float = -1.0,
                 win_reward: float = 10.0, render_mode: str | None = None,
                 **rule_options: Any) -> None:
        self.rules = make_rules(rules, **rule_options)
        grid = self.rules.grid
        self.opponent_level = opponent
        self.place_opponent = placement_function(opponent_placement)
        self.place_agent = placement_function(agent_placement)
        if first not in ("agent", "opponent", "random"):
            raise ValueError(f"first must be agent, opponent or random, not {first!r}")
        self.first = first
        self.max_steps = max_steps or 2 * grid.size
        self.illegal_reward = illegal_reward
        self.win_reward = win_reward
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(grid.size)
        planes: dict[str, gym.Space[Any]] = {
            "enemy": spaces.MultiBinary([len(ENEMY_PLANES), grid.height, grid.width])}
        if opponent is not None:
            make_strategy(opponent, random.Random(0))  # refuse an unknown level now
            planes["own"] = spaces.MultiBinary([len(OWN_PLANES), grid.height, grid.width])
        self.observation_space = spaces.Dict(planes)
        self.game: Game | None = None
        self._opponent: TargetingStrategy | None = None
        self._steps = 0

    # --- the episode ---------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        # One Python generator per episode, drawn from the seeded NumPy one, feeds the
        # engine's placements and the opponent's strategy.
        rng = random.Random(int(self.np_random.integers(2**63)))
        target = self.place_opponent(self.rules, rng)
        self._steps = 0
        opponent_shots: list[int] = []
        if self.opponent_level is None:
            self.game = Solitaire(self.rules, target)
        else:
            own = self.place_agent(self.rules, rng)
            first = {"agent": AGENT, "opponent": OPPONENT}.get(self.first, rng.randrange(2))
            self.game = Game(self.rules, (own, target), first)
            self._opponent = make_strategy(self.opponent_level, random.Random(rng.getrandbits(63)))
            opponent_shots = self._opponent_moves()
        return self._observation(), self._info(opponent_shots=opponent_shots)

    def step(self, action: np.int64 | int) -> tuple[dict[str, Any], float, bool, bool,
                                                    dict[str, Any]]:
        game = self._game()
        cell = int(action)
        self._steps += 1
        legal = 0 <= cell < self.rules.grid.size and not game.incoming(OPPONENT) & bit(cell)
        opponent_shots: list[int] = []
        result: ShotResult | None = None
        if not legal or game.is_over:
            reward = self.illegal_reward
        else:
            result = game.fire(AGENT, cell).result
            reward = -1.0 if result is ShotResult.MISS else 1.0
            opponent_shots = self._opponent_moves()
        terminated = game.is_over
        if terminated and self.opponent_level is not None:
            reward += self.win_reward if game.winner == AGENT else -self.win_reward
        truncated = not terminated and self._steps >= self.max_steps
        info = self._info(opponent_shots=opponent_shots, illegal=not legal,
                          result=result.value if result else None)
        return self._observation(), reward, terminated, truncated, info

    def _opponent_moves(self) -> list[int]:
        game = self._game()
        shots = []
        while self._opponent is not None and game.to_move == OPPONENT:
            cell = self._opponent.choose(game.view(OPPONENT))
            game.fire(OPPONENT, cell)
            shots.append(cell)
        return shots

    def _game(self) -> Game:
        if self.game is None:
            raise gym.error.ResetNeeded("call reset() before step()")
        return self.game

    # --- what the agent sees -------------------------------------------------------

    def view(self) -> PlayerView:
        """The agent's :class:`~seabattle.battleship.view.PlayerView` now."""
        return self._game().view(AGENT)

    def action_masks(self) -> NDArray[np.int8]:
        """The legal actions (1) now, as ``info["action_mask"]``."""
        return action_mask(self.view())

    def _observation(self) -> dict[str, NDArray[np.int8]]:
        view = self.view()
        observation = {"enemy": enemy_planes(view)}
        if self.opponent_level is not None:
            observation["own"] = own_planes(view)
        return observation

    def _info(self, **extra: Any) -> dict[str, Any]:
        game = self._game()
        return {"action_mask": self.action_masks(), "shots": game.stats(AGENT).shots,
                "winner": game.winner, **extra}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return render_view(self.view(), own=self.opponent_level is not None)
