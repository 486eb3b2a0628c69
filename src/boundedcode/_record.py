"""Records: classes of named fields, declared as dataclasses are but made without `dataclasses`.

A one-shot `bcode retrieve` paid for `dataclasses` on every call: importing it brings `inspect`,
`ast`, `dis` and `tokenize`, and each record's generated methods were compiled by an `exec` of
their own (21 records; `docs/benchmark.md`, "a twenty-third session"). A record here is declared
the same way, its fields annotated in the class body in order, a default after the name, and
gets `__init__`, `__eq__` and `__repr__` (a frozen one `__hash__` too, and no assignment) from
the base class, written once. Type checkers read the declaration through `dataclass_transform`
(PEP 681); `inspect.signature` and `dataclasses`' own functions read what is made for them when
first asked. The modules a one-shot retrieval or retry pack imports use these; those only a
long-lived host or another command imports (the warm engine's kept tree, the MCP server and its
reads, the session store, the benchmark, `source.context`) keep `dataclasses`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, dataclass_transform

__all__ = ["Record", "Frozen", "field", "fields", "replace"]

_T = TypeVar("_T")
_MISSING: Any = object()
_R = TypeVar("_R", bound="_Fields")


class _Factory:
    """A field's default made anew for each record (`field(default_factory=list)`)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], _T]) -> _T:
    """A field whose default is made for each record: a list, a dict, never one shared."""
    return _Factory(default_factory)  # type: ignore[return-value]  # a marker, as dataclasses'


class _DataclassFields:
    """`__dataclass_fields__`, made on first use: `dataclasses.replace`, `asdict`, `fields` and
    `is_dataclass` take records as they take dataclasses, and only a caller using them imports
    `dataclasses`."""

    def __get__(self, record: object, cls: type[_Fields]) -> dict[str, Any]:
        made: dict[str, Any] | None = cls.__dict__.get("_dataclass_fields")
        if made is None:
            import dataclasses

            made = {}
            for name in cls._fields:
                if name in cls._factories:
                    spec = dataclasses.field(default_factory=cls._factories[name])
                elif name in cls._defaults:
                    spec = dataclasses.field(default=cls._defaults[name])
                else:
                    spec = dataclasses.field()
                spec.name, spec.type = name, cls._annotations[name]
                spec._field_type = dataclasses._FIELD  # type: ignore[attr-defined]  # a field, not a ClassVar
                made[name] = spec
            setattr(cls, "_dataclass_fields", made)
        return made


class _FactoryDefault:
    """A factory's default as a signature shows it (as dataclasses do)."""

    def __repr__(self) -> str:
        return "<factory>"


class _Signature:
    """`__signature__`, made on first use: `help()` and `inspect.signature` show the fields as
    the parameters they are, though `__init__` takes `*args, **kwargs` (only a caller asking
    imports `inspect`)."""

    def __get__(self, record: object, cls: type[_Fields]) -> Any:
        made = cls.__dict__.get("_signature")
        if made is None:
            import inspect

            made = inspect.Signature(
                [
                    inspect.Parameter(
                        name,
                        inspect.Parameter.POSITIONAL_OR_KEYWORD,
                        default=_FactoryDefault()
                        if name in cls._factories
                        else cls._defaults.get(name, inspect.Parameter.empty),
                        annotation=cls._annotations[name],
                    )
                    for name in cls._fields
                ],
                return_annotation=None,
            )
            setattr(cls, "_signature", made)
        return made


class _Fields:
    """What `Record` and `Frozen` share: the fields read from the class body, `__init__`,
    `__eq__` and `__repr__`."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _known: ClassVar[frozenset[str]] = frozenset()
    _defaults: ClassVar[dict[str, Any]] = {}
    _factories: ClassVar[dict[str, Callable[[], Any]]] = {}
    _annotations: ClassVar[dict[str, Any]] = {}
    _post_init: ClassVar[bool] = False
    __dataclass_fields__: ClassVar[dict[str, Any]] = _DataclassFields()  # type: ignore[assignment]
    __signature__: ClassVar[Any] = _Signature()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [
            name
            for name, annotation in cls.__dict__.get("__annotations__", {}).items()
            if not str(annotation).startswith("ClassVar")
        ]
        cls._annotations = {**cls._annotations, **{name: cls.__annotations__[name] for name in own}}
        cls._fields = (*cls._fields, *(name for name in own if name not in cls._fields))
        cls._known = frozenset(cls._fields)
        cls._defaults, cls._factories = dict(cls._defaults), dict(cls._factories)
        for name in own:
            default = cls.__dict__.get(name, _MISSING)
            if type(default) is _Factory:
                cls._factories[name] = default.make
                delattr(cls, name)  # the marker is no default: each record makes its own
            elif default is not _MISSING:
                cls._defaults[name] = default
        if len(cls._fields) > 1:  # `attrgetter` of one name gives the value, not a tuple
            setattr(cls, "_values", staticmethod(operator.attrgetter(*cls._fields)))
        cls._post_init = hasattr(cls, "__post_init__")

    @staticmethod
    def _values(record: Any) -> tuple[Any, ...]:
        """The record's values in the fields' order (in C, by `attrgetter`, past one field)."""
        return tuple(getattr(record, name) for name in record._fields)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        values = dict(zip(fields, args))
        if len(values) < len(args):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} arguments, {len(args)} given")
        if kwargs:
            if unknown := kwargs.keys() - self._known:
                raise TypeError(f"{type(self).__name__}() has no field {', '.join(sorted(unknown))}")
            if twice := kwargs.keys() & values.keys():
                raise TypeError(f"{type(self).__name__}() got {', '.join(sorted(twice))} twice")
            values.update(kwargs)
        if len(values) < len(fields):
            values = {**self._defaults, **values}
            for name, make in self._factories.items():
                if name not in values:
                    values[name] = make()
            if len(values) < len(fields):
                missing = ", ".join(name for name in fields if name not in values)
                raise TypeError(f"{type(self).__name__}() needs {missing}")
        object.__setattr__(self, "__dict__", values)
        if self._post_init:
            self.__post_init__()  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values(self) == self._values(other)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in zip(self._fields, self._values(self)))
        return f"{type(self).__qualname__}({shown})"

    def __replace__(self: _R, /, **changes: Any) -> _R:
        """`replace`, as Python 3.13's `copy.replace` asks it of a dataclass."""
        return replace(self, **changes)


@dataclass_transform(field_specifiers=(field,))
class Record(_Fields):
    """A record whose fields may change after it is made (a dataclass without `frozen`)."""


@dataclass_transform(field_specifiers=(field,), frozen_default=True)
class Frozen(_Fields):
    """A record that never changes once made, and so can be hashed (a frozen dataclass).

    A `__post_init__` or a `functools.cached_property` that must set an attribute sets it in
    `__dict__` (or with `object.__setattr__`), as with a frozen dataclass.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot assign to {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot delete {name!r}")

    def __hash__(self) -> int:
        return hash(self._values(self))


def fields(record: _Fields | type[_Fields]) -> tuple[str, ...]:
    """The names of a record's fields, in order."""
    return record._fields


def replace(record: _R, /, **changes: Any) -> _R:
    """A copy of `record` with `changes` made (a name that is no field raises TypeError)."""
    values = dict(zip(record._fields, record._values(record)))
    values.update(changes)
    return type(record)(**values)
