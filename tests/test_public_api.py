"""The public API is what `__all__` says: every listed name exists, and the package's set is fixed."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import boundedcode

#: What `import boundedcode` offers. A change here is a change of the public API: say so.
PUBLIC = {
    "retrieve",
    "retry_pack",
    "find_symbol",
    "find_references",
    "find_implementations",
    "Budgets",
    "Tree",
    "WorkTree",
    "GitTree",
    "MemoryTree",
    "Anchor",
    "Finding",
    "Item",
    "RetrievalResult",
    "StrategyRun",
    "BoundedCodeError",
    "UsageError",
    "ConfigError",
    "RepositoryError",
}


def public_modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(boundedcode.__path__, "boundedcode."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            names.append(info.name)
    return sorted(names)


def test_the_package_offers_exactly_its_public_api():
    assert set(boundedcode.__all__) == PUBLIC
    assert len(boundedcode.__all__) == len(PUBLIC)
    assert all(getattr(boundedcode, name) is not None for name in boundedcode.__all__)


def test_every_name_a_module_lists_in_all_exists_once():
    checked = 0
    for name in public_modules():
        module = importlib.import_module(name)
        listed = getattr(module, "__all__", None)
        if listed is None:
            # Only a package that re-exports nothing may go without: it holds its modules, no names.
            defined = [
                n for n, v in vars(module).items() if not n.startswith("_") and not isinstance(v, ModuleType)
            ]
            assert defined in ([], ["annotations"]), name
            continue
        assert len(set(listed)) == len(listed), f"{name}: a name is listed twice"
        missing = [n for n in listed if not hasattr(module, n)]
        assert not missing, f"{name}.__all__ lists names it does not define: {missing}"
        checked += 1
    assert checked > 50  # the walk found the package's modules
