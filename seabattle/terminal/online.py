"""What a game's online screen gets from the online app (:mod:`seabattle.netplay`).

The app keeps the socket (reconnecting, following a rematch) and the game's screen draws
the game: the screen receives every protocol message in order (``receive``) and the
socket's changes (``connection_changed``), and acts through an :class:`OnlineLink`.
Neither the kit nor the app imports a game; a game offers its screen through
:meth:`~seabattle.terminal.hook.ScreenSet.online_screen`.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from seabattle.terminal.phrases import Phrasebook

Message = dict[str, Any]
"""One JSON message of the protocol (``docs/web-protocol.md``)."""


class OnlineLink(Protocol):
    """The online app, as a game's screen uses it."""

    @property
    def online(self) -> bool:
        """Whether the socket is open (a move made while it is not is refused)."""

    @property
    def address(self) -> str:
        """The server's address, for invitation links."""

    @property
    def chat_phrases(self) -> tuple[str, ...]:
        """The chat's phrase keys the server takes (``/api/options`` ``chat``)."""

    def send(self, message: Message) -> bool:
        """Send ``message``; ``False`` (nothing sent) while the socket is down."""

    def follow(self, game: str) -> None:
        """Move to the rematch ``game`` (the same seat and token)."""


def waiting_line(phrases: Phrasebook, address: str, game: str, invite: str | None) -> str:
    """Waiting for the opponent, with the invitation link ``{address}/join/{game}/{invite}``
    while the server sends the invitation (to the game's creator)."""
    line = phrases("tui.online.waiting")
    if invite:
        line += " " + phrases("tui.online.invite", link=f"{address}/join/{game}/{invite}")
    return line


def opening_line(phrases: Phrasebook, address: str, phase: str, game: str,
                 invite: str | None, set_up: bool,
                 set_up_key: str = "tui.online.setup_wait") -> str | None:
    """The status line of a game not yet in battle, the same in every game's online screen:
    waiting for the opponent (:func:`waiting_line`), placing one's own (``set_up`` false) or waiting
    for the opponent's set-up (``set_up_key``: the game's words for it); ``None`` in any
    other ``phase``, the game's own line."""
    if phase == "waiting":
        return waiting_line(phrases, address, game, invite)
    if phase == "setup":
        return phrases(set_up_key if set_up else "tui.online.setup")
    return None


class ChatScreen(ModalScreen[str | None]):
    """The chat's phrases to pick one from (Enter), or none (Escape)."""

    BINDINGS = [Binding("escape", "dismiss_none", "tui.key.back")]

    def __init__(self, phrases: Phrasebook, keys: tuple[str, ...]) -> None:
        super().__init__()
        self.phrases = phrases
        self.keys = keys

    def compose(self) -> ComposeResult:
        yield Static(self.phrases("tui.online.chat_title"), id="chat-title", markup=False)
        yield OptionList(*(Option(self.phrases(key), id=key) for key in self.keys),
                         id="chat-phrases")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        """Close without saying anything."""
        self.dismiss(None)
