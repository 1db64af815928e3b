"""Messages of the command line and the line-by-line game (``seabattle play --plain``)."""

MESSAGES: dict[str, tuple[str, str]] = {
}
