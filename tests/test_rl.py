"""The reinforcement-learning environments: Gymnasium's and PettingZoo's own checkers, seeded
determinism, the action mask, rewards, and how episodes end."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import seabattle.rl  # noqa: E402 - registers SeaBattle-v0
from seabattle.battleship.rl.env import ENEMY_PLANES, SeaBattleEnv  # noqa: E402

SMALL = {"width": 5, "height": 5, "ships": [{"size": 3}, {"size": 2}, {"size": 1}]}


@pytest.mark.parametrize("options", [
    {}, {"rules": "bent"}, {"rules": "milton-bradley", "opponent": "hard", "first": "random"},
    {"opponent": "easy", "first": "opponent", "render_mode": "ansi"}, SMALL,
], ids=["classic", "bent", "mb-vs-hard", "vs-easy", "small"])
def test_check_env(options: dict[str, Any]) -> None:
    env = gym.make("SeaBattle-v0", **options)
    check_env(env.unwrapped)  # includes the seeded reset determinism checks
    env.close()


def play(env: Any, seed: int, steps: int = 1000) -> list[Any]:
    """A trajectory with actions drawn from the mask by a generator seeded with ``seed``."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    trace: list[Any] = [observation]
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        trace.append((observation, reward, terminated, truncated, info["shots"]))
        if terminated or truncated:
            break
    return trace


def same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    return bool(a == b)


@pytest.mark.parametrize("opponent", [None, "hard"])
def test_seeded_determinism(opponent: str | None) -> None:
    first = play(gym.make("SeaBattle-v0", opponent=opponent), seed=42)
    second = play(gym.make("SeaBattle-v0", opponent=opponent), seed=42)
    other = play(gym.make("SeaBattle-v0", opponent=opponent), seed=43)
    assert same(first, second)
    assert not same(first, other)


def test_solitaire_episode_rewards_and_mask() -> None:
    env = SeaBattleEnv(**SMALL)  # type: ignore[arg-type]
    observation, info = env.reset(seed=0)
    assert observation["enemy"].shape == (len(ENEMY_PLANES), 5, 5)
    assert info["action_mask"].tolist() == [1] * 25
    total, misses, steps = 0.0, 0, 0
    for cell in range(25):  # fire in reading order until the fleet sinks
        observation, reward, terminated, truncated, info = env.step(cell)
        steps += 1
        total += reward
        misses += reward < 0
        assert info["action_mask"][: cell + 1].tolist() == [0] * (cell + 1)  # fired: masked
        assert observation["enemy"][0].sum() == misses  # the miss plane counts the misses
        if terminated:
            break
    assert terminated and not truncated and info["winner"] == 0
    assert total == env.rules.fleet_cells - misses  # return = fleet cells − misses
    assert info["shots"] == steps
    assert observation["enemy"][2].sum() == env.rules.fleet_cells  # every ship shown sunk


def test_illegal_action_changes_nothing_and_truncation() -> None:
    env = SeaBattleEnv("classic", max_steps=5)
    env.reset(seed=1)
    observation, reward, *_ = env.step(0)
    for _ in range(3):
        again, reward, terminated, truncated, info = env.step(0)  # fired already
        assert reward == -1.0 and info["illegal"] and not terminated and not truncated
        assert all(np.array_equal(again[k], observation[k]) for k in observation)
    *_, terminated, truncated, info = env.step(100)  # off the field: illegal too
    assert info["illegal"] and truncated and not terminated


def test_versus_mode_ends_with_a_winner() -> None:
    env = gym.make("SeaBattle-v0", opponent="novice", rules="classic")
    trace = play(env, seed=5)
    observation, reward, terminated, truncated, _ = trace[-1]
    assert terminated and not truncated
    assert abs(reward) >= 9  # the last step carries the ±10 of winning or losing
    assert observation["own"].shape == (3, 10, 10)
    assert env.unwrapped.render() is None  # no render mode asked for


def test_rules_as_keyword_arguments() -> None:
    env = gym.make("SeaBattle-v0", rules="classic", width=8, height=8, touching="corners")
    observation, info = env.reset(seed=0)
    assert env.unwrapped.rules.width == 8 and env.unwrapped.rules.touching.value == "corners"
    assert observation["enemy"].shape == (4, 8, 8) and info["action_mask"].shape == (64,)
    with pytest.raises(ValueError):
        SeaBattleEnv("classic", width=0)
    with pytest.raises(ValueError):
        SeaBattleEnv("classic", opponent="grandmaster")


def test_opponent_placement() -> None:
    def corner(rules: Any, rng: Any) -> Any:
        from seabattle.battleship.bots.protocol import fleet_from_cells

        return fleet_from_cells(rules, [(0, 1, 2), (10, 11), (24,)])

    env = SeaBattleEnv(dict(SMALL), opponent_placement=corner)
    env.reset(seed=3)
    assert env.game is not None
    assert env.game.fleets[1].cells == sum(1 << c for c in (0, 1, 2, 10, 11, 24))
    _, reward, *_ = env.step(0)
    assert reward == 1.0
    with pytest.raises(ValueError):
        SeaBattleEnv("classic", opponent_placement="nowhere")


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_self_play() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

    from seabattle.battleship.rl.multi import env, raw_env

    api_test(env(), num_cycles=200)
    seed_test(lambda: env(rules="classic"), num_cycles=100)
    game = raw_env(rules=SMALL)  # unwrapped: the wrappers refuse off-field actions themselves
    game.reset(seed=1, options={"first": 1})
    assert game.agent_selection == "player_1"
    first_mask = game.observe("player_0")["action_mask"]
    assert first_mask.sum() == 0  # not its turn
    game.step(25)  # off the field: an illegal action loses at once
    assert game.terminations == {"player_0": True, "player_1": True}
    assert game.rewards == {"player_0": 1.0, "player_1": -1.0}


def test_environments_are_registered_per_game() -> None:
    from seabattle.battleship.definition import BattleshipDefinition
    from seabattle.errors import UnknownGameError
    from seabattle.games.interface import GameParts
    from seabattle.games.registry import register, unregister
    from seabattle.rl import aec_env, env_ids

    assert env_ids("battleship") == ["SeaBattle-v0"]
    assert gym.spec("SeaBattle-v0").entry_point == "seabattle.battleship.rl.env:SeaBattleEnv"
    assert seabattle.rl.SeaBattleEnv is SeaBattleEnv
    game = aec_env("battleship", rules=SMALL)
    game.reset(seed=2)
    assert game.agent_selection in ("player_0", "player_1")

    # A game names its own ids among its parts (here a stand-in reusing Battleship's class).
    class Toy(BattleshipDefinition):
        name = "toy-game"
        parts = GameParts(gym_envs={"ToyGame-v0": "seabattle.battleship.rl.env:SeaBattleEnv"})

    register(Toy())
    try:
        assert env_ids("toy-game") == ["ToyGame-v0"]
        assert gym.make("ToyGame-v0", rules=SMALL).reset(seed=1)[0]["enemy"].shape == (4, 5, 5)
        with pytest.raises(UnknownGameError):
            aec_env("toy-game")
    finally:
        unregister("toy-game")
        gym.registry.pop("ToyGame-v0")
    with pytest.raises(UnknownGameError, match="battleship"):
        env_ids("no-such-game")


def test_the_rl_package_imports_no_game() -> None:
    from test_layers import import_graph

    graph = import_graph()
    assert not [(m, t) for m, targets in graph.items() if m.startswith("seabattle.rl")
                for t in targets if t.startswith("seabattle.battleship")]
