"""Battleship's parts of the terminal shells: its full-screen screens (:mod:`.tui`, the
classroom's app among them), its line-by-line game (:mod:`.lines`), what both classroom
lessons show alike (:mod:`.classroom`) and a record's replay in text (:mod:`.replay`)."""
