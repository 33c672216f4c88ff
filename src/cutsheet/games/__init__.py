"""Game-specific arithmetic: one module per game that needs it, named after the game id
(``common-reserve`` → ``common_reserve``), exposing ``check(game) -> list[Problem]``."""
