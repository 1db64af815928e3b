"""The manoeuvre game's bot protocol (:mod:`~.protocol`) and arena component (:mod:`~.arena`);
the protocol is documented in ``docs/manoeuvres.md`` («Bot protocol»)."""
