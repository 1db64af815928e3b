"""Messages of the full-screen terminal game (``seabattle play``)."""

MESSAGES: dict[str, tuple[str, str]] = {
}
