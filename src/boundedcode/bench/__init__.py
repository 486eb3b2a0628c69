"""The retrieval benchmark: tasks, checkouts, metrics, baselines and reports (`bcode bench direct`)."""

from .command import add_arguments, run

__all__ = ["add_arguments", "run"]
