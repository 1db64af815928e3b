"""How a cell is chosen on the battle screens, against the computer and online: typed in
the cell entry (several cells at once for a salvo), or aimed at with the arrows or the
mouse — on the enemy field, or on one's own while a decision is due (a mine to reveal, a
cell to hand over, the Flying Dutchman's new place)."""

from __future__ import annotations

from textual import on
from textual.screen import Screen
from textual.widgets import Input

from seabattle.battleship.terminal.phrases import BattleshipPhrases
from seabattle.battleship.terminal.tui.board import Board
from seabattle.errors import SeaBattleError
from seabattle.terminal.notice import Notice


class AimingScreen(Screen[None]):
    """A screen with the fields ``#own`` and ``#enemy``, the cell entry ``#shot`` and a
    :class:`~seabattle.terminal.notice.Notice`; its :data:`~.board.AIM_AND_FIRE` keys call
    :meth:`action_aim` and :meth:`action_fire_typed`. What a chosen cell does is the
    screen's own (:meth:`choose`)."""

    phrases: BattleshipPhrases

    def deciding(self) -> bool:
        """Whether a decision is due, so that cells are chosen on one's own field."""
        raise NotImplementedError

    def choose(self, cell: int) -> bool:
        """Use the chosen ``cell`` (a shot, a salvo's cell, a decision's); whether a move
        was made. A refusal is said on the screen."""
        raise NotImplementedError

    def collecting(self) -> bool:
        """Whether cells are being gathered (a salvo, the Dutchman's new place), so that
        a typed list goes on after a cell that made no move."""
        return False

    def board(self, own: bool) -> Board:
        """One's own field, or the enemy's."""
        return self.query_one("#own" if own else "#enemy", Board)

    def action_aim(self, rows: int, columns: int) -> None:
        """Move the cursor on the enemy field (on one's own while a decision is due)."""
        if self.query(Board):  # online, the fields come with the game's first state
            self.board(self.deciding()).move_cursor(rows, columns)

    async def action_fire_typed(self) -> None:
        """Fire at the typed cells, or at the cursor when nothing is typed."""
        await self.query_one("#shot", Input).action_submit()

    @on(Input.Submitted, "#shot")
    def _typed(self, event: Input.Submitted) -> None:
        # Cleared whatever comes of it: a refusal quotes what was typed.
        event.input.clear()
        text = event.value.strip()
        if not self.query(Board):
            return
        board = self.board(self.deciding())
        if not text:
            self.choose(board.cursor)
            return
        try:
            cells = self.phrases.typed_cells(text)
        except SeaBattleError as error:
            self.query_one(Notice).error(self.phrases.error(error))
            return
        for cell in cells:  # several cells: a salvo, or the Dutchman's new place
            board.cursor = cell
            if not self.choose(cell) and not self.collecting():
                return  # refused (said why), or a move that needs no more cells

    @on(Board.CellChosen, "#enemy")
    def _enemy_chosen(self, event: Board.CellChosen) -> None:
        if not self.deciding():
            self.choose(event.cell)

    @on(Board.CellChosen, "#own")
    def _own_chosen(self, event: Board.CellChosen) -> None:
        if self.deciding():
            self.choose(event.cell)
