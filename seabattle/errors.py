"""The one exception tree of seabattle.

Every error the engine raises is a :class:`SeaBattleError`, and a ``ValueError``
too, since each one is a refused value. Bad syntax and illegal moves are distinct
classes, so a UI can tell "I did not understand" from "you may not". Each error
carries a message key and its parameters: ``str(error)`` is the English message,
:meth:`SeaBattleError.message` gives it in any supported language.
"""

from __future__ import annotations

from typing import Any, ClassVar

from seabattle.i18n import Language, Text, translate


class SeaBattleError(ValueError):
    """Root of every error raised by seabattle."""

    key: ClassVar[str] = "error.generic"

    def __init__(self, key: str | None = None, /, **params: Any) -> None:
        self.message_key = key or self.key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, language: Language) -> str:
        """The error, explained to a user in ``language``."""
        return translate(self.message_key, language, **self.params)

    @property
    def text(self) -> Text:
        """The error as a translatable :class:`~seabattle.i18n.Text`."""
        return Text(self.message_key, self.params)


# --- coordinates -------------------------------------------------------------------

class CoordinateSyntaxError(SeaBattleError):
    """Text that is not a cell name at all, such as ``"hello"`` or ``"3"``."""

    key = "error.coordinate_syntax"


class OffFieldError(SeaBattleError):
    """A well-formed cell, or part of a ship, outside the field (``"K1"`` on A–J)."""

    key = "error.off_field"


class AlphabetError(SeaBattleError):
    """An unknown alphabet, or one too short to name every column of the field."""

    key = "error.alphabet_too_short"


# --- rule sets ---------------------------------------------------------------------

class RulesError(SeaBattleError):
    """A rule set that cannot be used: unknown preset, bad field in a file, no fleet fits."""

    key = "error.rules_invalid"


# --- fleet placement ---------------------------------------------------------------

class PlacementError(SeaBattleError):
    """A ship or fleet that breaks the placement rules; the message names ship and rule."""

    key = "error.placement"


class ShipOverlapError(PlacementError):
    """Two ships share a cell."""

    key = "error.placement_overlap"


class ShipTouchError(PlacementError):
    """Two ships touch where the rule set forbids it."""

    key = "error.placement_touching"


class ShipShapeError(PlacementError):
    """A ship's cells do not form a shape the rule set allows (diagonal, broken, bent)."""

    key = "error.placement_shape"


class FleetCompositionError(PlacementError):
    """The ships placed are not the fleet the rule set asks for."""

    key = "error.placement_fleet"


# --- shots -------------------------------------------------------------------------

class IllegalShotError(SeaBattleError):
    """A well-formed shot that the rules do not allow now."""

    key = "error.shot_illegal"


class AlreadyFiredError(IllegalShotError):
    """The cell was fired at before."""

    key = "error.shot_already_fired"


class NotYourTurnError(IllegalShotError):
    """The other player is to move."""

    key = "error.shot_not_your_turn"


class SalvoError(IllegalShotError):
    """A salvo of the wrong size, or naming a cell twice."""

    key = "error.salvo_size"


class DecisionPendingError(IllegalShotError):
    """A shot while a player still owes a decision (a handed-over cell, a mine, a move)."""

    key = "error.decision_pending"


class DecisionError(SeaBattleError):
    """A decision that is not due, or an illegal choice (a cell that cannot be handed
    over, a mine that cannot be revealed, a move the rules forbid)."""

    key = "error.no_decision"


class GameOverError(IllegalShotError):
    """The game has ended; no more moves are accepted."""

    key = "error.game_over"


# --- records -----------------------------------------------------------------------

class UnknownGameError(SeaBattleError):
    """A game name the registry does not know (``--game chess``)."""

    key = "error.unknown_game"


class NotYourMoveError(SeaBattleError):
    """An action from a seat that need not act now, or a chance draw when chance does not act."""

    key = "error.not_your_move"


class RecordError(SeaBattleError):
    """A game record that cannot be read: bad format, or moves that break the rules."""

    key = "error.record_invalid"


# --- bots (seabattle.arena.bots, seabattle.arena.match) ------------------------------------------

class BotError(SeaBattleError):
    """A bot broke the bot protocol (``docs/protocol.md``); it loses the game."""

    key = "bot.error"


class ProtocolSyntaxError(BotError):
    """A protocol line that is malformed, or not the message expected at that point."""

    key = "bot.error_syntax"


class BotTimeoutError(BotError):
    """A bot did not answer within its time limit."""

    key = "bot.error_timeout"


class BotCrashedError(BotError):
    """A bot process could not start, exited, or closed its output."""

    key = "bot.error_crashed"
