"""Records (`boundedcode._record`): declared as dataclasses are, and they behave as dataclasses do,
`dataclasses`' own functions included, for the callers who use them."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import ClassVar

import pytest

from boundedcode import Budgets, Finding
from boundedcode._record import Frozen, Record, field, fields, replace
from boundedcode.model import Anchor, AnchorKind
from boundedcode.navigator.base import Location


class Point(Frozen):
    x: int
    y: int = 0
    label: str | None = None
    dimensions: ClassVar[int] = 2  # a class variable, not a field


class Tally(Record):
    name: str
    counts: list[int] = field(default_factory=list)
    total: int = 0


class Checked(Frozen):
    word: str
    size: int = -1

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.word))


def test_fields_come_in_order_positionally_or_by_name_with_their_defaults() -> None:
    assert fields(Point) == ("x", "y", "label")
    assert Point(1, 2, "a") == Point(x=1, y=2, label="a") == Point(1, label="a", y=2)
    assert (Point(3).y, Point(3).label) == (0, None)
    assert vars(Point(3)) == {"x": 3, "y": 0, "label": None}  # defaults held, as a dataclass's
    assert repr(Point(1, label="a")) == "Point(x=1, y=0, label='a')"
    assert Point.dimensions == 2


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: Point(), "Point() needs x"),
        (lambda: Point(1, 2, "a", 4), "Point() takes 3 arguments, 4 given"),
        (lambda: Point(1, z=2), "Point() has no field z"),
        (lambda: Point(1, x=2), "Point() got x twice"),
    ],
)
def test_a_wrong_call_is_a_type_error(call, says) -> None:
    with pytest.raises(TypeError) as raised:
        call()
    assert str(raised.value) == says


def test_equality_is_by_fields_and_class() -> None:
    assert Point(1) != Point(2)
    assert Point(1) != Checked("a")  # another class: never equal, whatever the values
    assert (Point(1) == (1, 0, None)) is False
    assert Tally("a") == Tally("a") and Tally("a") != Tally("b")


def test_a_frozen_record_hashes_and_refuses_changes() -> None:
    p = Point(1, 2)
    assert hash(p) == hash(Point(1, 2)) and len({p, Point(1, 2), Point(2, 1)}) == 2
    with pytest.raises(AttributeError, match="Point is frozen"):
        p.x = 5  # type: ignore[misc]
    with pytest.raises(AttributeError, match="Point is frozen"):
        del p.y
    assert p.x == 1


def test_a_record_that_changes_is_not_hashable_and_makes_each_default_anew() -> None:
    a, b = Tally("a"), Tally("b")
    a.counts.append(3)
    a.total += 3
    assert b.counts == [] and b.total == 0 and a.total == 3
    with pytest.raises(TypeError):
        hash(a)


def test_post_init_runs_after_the_fields_are_set() -> None:
    assert Checked("abc").size == 3
    assert replace(Checked("abc"), word="z").size == 1


def test_replace_copies_with_changes_and_refuses_an_unknown_field() -> None:
    p = Point(1, 2, "a")
    assert replace(p, y=5) == Point(1, 5, "a") and p.y == 2
    with pytest.raises(TypeError, match="no field z"):
        replace(p, z=1)
    assert p.__replace__(label="b") == Point(1, 2, "b")  # what Python 3.13's `copy.replace` asks


def test_dataclasses_functions_take_records() -> None:
    budgets = dataclasses.replace(Budgets(), anchors=5)
    assert budgets == Budgets(anchors=5) and budgets.time_s == Budgets().time_s
    assert dataclasses.is_dataclass(budgets) and dataclasses.is_dataclass(Finding)
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y", "label"]
    assert dataclasses.asdict(Point(1, label="a")) == {"x": 1, "y": 0, "label": "a"}
    made = {f.name: f for f in dataclasses.fields(Tally)}
    assert made["counts"].default_factory() == [] and made["total"].default == 0
    assert made["name"].default is dataclasses.MISSING and made["name"].type == "str"


def test_records_pickle_and_copy() -> None:
    anchor = Anchor(AnchorKind.MEMBER, "post", qualifier="Ledger")
    assert anchor.key == "member:Ledger.post"  # a cached property, held beside the fields
    finding = Finding("a.py", 3, "symbols", anchor, 0.9, "defines post")
    for made in (pickle.loads(pickle.dumps(finding)), copy.copy(finding), copy.deepcopy(finding)):
        assert made == finding and made.anchor.key == "member:Ledger.post"
    tally = Tally("a", [1])
    assert copy.deepcopy(tally) == tally and copy.deepcopy(tally).counts is not tally.counts


def test_locations_order_by_their_fields_in_turn() -> None:
    a = Location("a.py", 9, "f", "function", "patterns")
    b = Location("a.py", 10, "f", "function", "patterns")
    c = Location("b.py", 1, "f", "function", "patterns")
    assert sorted([c, b, a]) == [a, b, c]
    assert a < b <= b < c and c > a >= a


def test_the_signature_names_the_fields() -> None:
    """`help()` and `inspect.signature` show the fields, though `__init__` takes any arguments."""
    assert str(inspect.signature(Point)) == "(x: 'int', y: 'int' = 0, label: 'str | None' = None) -> None"
    assert str(inspect.signature(Tally)).endswith(
        "counts: 'list[int]' = <factory>, total: 'int' = 0) -> None"
    )
