"""Battleship's parts of the terminal shells: what the line-mode and command-line shells
show of a game of Battleship (a record's replay, :mod:`.replay`)."""
