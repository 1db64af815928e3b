"""Two agents fire at each other's fleets: Battleship's PettingZoo AEC environment.

``seabattle.rl.aec_env("battleship")`` makes it (Battleship's definition names it in its
parts' ``aec_env``).

Needs PettingZoo (in the extra ``seabattle[rl]``). Agents ``player_0`` and
``player_1``; the one to move is ``agent_selection``, and it stays selected after a
hit when the rules give another shot.

- **Action space**: ``Discrete(width * height)``, the cell to fire at.
- **Observation**: a ``Dict``: ``"observation"``, ``MultiBinary((7, height, width))``,
  the enemy field's planes (:data:`~seabattle.battleship.rl.env.ENEMY_PLANES`) then the
  agent's own (:data:`~seabattle.battleship.rl.env.OWN_PLANES`); ``"action_mask"``, 1 for
  each cell the agent may fire at now (all 0 when it is not its turn), as PettingZoo's
  classic games do.
- **Reward**: +1 to the winner and −1 to the loser when the game ends, 0 otherwise.
  An illegal action loses the game at once (``info["illegal"]``).
- **Episode end**: both agents are terminated when a fleet is sunk.
- **Starting state**: both fleets placed by ``placement``; who shoots first is drawn
  from the seeded generator unless ``reset(options={"first": 0 or 1})`` says.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from seabattle.battleship.game import Game, other
from seabattle.battleship.rl.env import (
    ENEMY_PLANES,
    OWN_PLANES,
    Placement,
    action_mask,
    enemy_planes,
    make_rules,
    own_planes,
    placement_function,
    render_view,
)
from seabattle.battleship.rules import Rules
from seabattle.coords import bit

AGENTS = ["player_0", "player_1"]


class SeaBattleAEC(AECEnv):  # type: ignore[misc]
    """Sea Battle for two learning agents (PettingZoo AEC). See the module docstring."""

    metadata = {"name": "seabattle_v0", "render_modes": ["ansi"],
                "is_parallelizable": False}

    def __init__(self, rules: str | Rules | Mapping[str, Any] = "classic", *,
                 placement: Placement = None, render_mode: str | None = None,
                 **rule_options: Any) -> None:
        super().__init__()
        self.rules = make_rules(rules, **rule_options)
        self.place = placement_function(placement)
        self.render_mode = render_mode
        grid = self.rules.grid
        self.possible_agents = list(AGENTS)
        planes = len(ENEMY_PLANES) + len(OWN_PLANES)
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.MultiBinary([planes, grid.height, grid.width]),
            "action_mask": spaces.MultiBinary(grid.size)}) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(grid.size) for agent in AGENTS}
        self.game: Game | None = None
        self._np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        rng = random.Random(int(self._np_random.integers(2**63)))
        fleets = (self.place(self.rules, rng), self.place(self.rules, rng))
        first = (options or {}).get("first", rng.randrange(2))
        self.game = Game(self.rules, fleets, int(first))
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = AGENTS[self.game.first]

    def observe(self, agent: str) -> dict[str, NDArray[np.int8]]:
        game = self._game()
        seat = AGENTS.index(agent)
        view = game.view(seat)
        mask = action_mask(view) if game.to_move == seat else np.zeros(
            self.rules.grid.size, dtype=np.int8)
        return {"observation": np.concatenate([enemy_planes(view), own_planes(view)]),
                "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        seat = AGENTS.index(agent)
        self._cumulative_rewards[agent] = 0.0
        cell = -1 if action is None else int(action)
        legal = 0 <= cell < self.rules.grid.size and not game.incoming(other(seat)) & bit(cell)
        if legal:
            game.fire(seat, cell)
        else:
            game.resign(seat)
            self.infos[agent] = {"illegal": True}
        if game.is_over:
            winner = AGENTS[game.winner if game.winner is not None else 0]
            for name in self.agents:
                self.rewards[name] = 1.0 if name == winner else -1.0
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            to_move = game.to_move
            assert to_move is not None
            self.agent_selection = AGENTS[to_move]
        self._accumulate_rewards()

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return "".join(render_view(self.game.view(seat), own=True) for seat in (0, 1))

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> SeaBattleAEC:
    """The environment without PettingZoo's checking wrappers."""
    return SeaBattleAEC(**kwargs)


def env(**kwargs: Any) -> Any:
    """The environment in PettingZoo's usual wrappers (order enforcing, bounds checks)."""
    wrapped: Any = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
