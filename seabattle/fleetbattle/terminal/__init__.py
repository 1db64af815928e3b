"""The fleet battle in text: its fields and narration (:mod:`.text`), its line game
(:mod:`.lines`) and its replay text (:mod:`.replay`)."""
