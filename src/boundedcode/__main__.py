"""`python -m boundedcode`: the `bcode` command."""

from .cli import run

run()
