"""The manoeuvre game in text: the field and the narration (:mod:`~.text`), the line game
(:mod:`~.lines`) and the replay text (:mod:`~.replay`)."""
