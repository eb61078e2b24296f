"""Every public name has a docstring: the API reference (docs/, built with warnings as errors) is
generated from them, so a name without one is a hole in the documentation.

Walked: the documented modules' public names (``__all__``), and every public method, property and
field of each class among them, the C++ extension's classes included; and every public module of
the package (fourchess.reference, the tests' oracle, is internal) with the functions and classes
it defines. A field (dataclass, NamedTuple, ``__slots__``) and a module-level constant count as
documented when the class's or module's docstring names them.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from types import ModuleType

import pytest

import fourchess

# The modules of the API reference (docs/api.md); each must document everything in its __all__.
API_MODULES = [
    "fourchess",
    "fourchess.pgn4",
    "fourchess.engine",
    "fourchess.players",
    "fourchess.martian",
    "fourchess.rl",
]
INTERNAL_PACKAGES = ("fourchess.reference", "fourchess.martian.reference")
# Attributes that come from these modules are Python's (tuple.count, int.bit_length, ...).
FOREIGN_MODULES = {"builtins", "enum", "typing", "abc", "collections", "pybind11_builtins"}
# fourchess.rl's environments inherit PettingZoo's and Gymnasium's interfaces: theirs to document.
FOREIGN_MODULES |= {"pettingzoo.utils.env", "gymnasium.core", "gymnasium.utils.ezpickle"}
# What pybind11 writes for a function without a docstring: its signature lines only.
SIGNATURE = re.compile(r"^(\d+\. )?[A-Za-z_][\w.]*\(.*\)( -> .+)?$|^Overloaded function\.$")


def docstring(obj: object) -> str:
    """The object's own docstring, without the signature lines pybind11 puts first."""
    text = getattr(obj, "__doc__", None)
    if not isinstance(text, str):
        return ""
    lines = text.strip().splitlines()
    if lines and SIGNATURE.match(lines[0].strip()):
        lines = [line for line in lines if not SIGNATURE.match(line.strip())]
    return "\n".join(lines).strip()


def mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None


def public_names(module: ModuleType) -> list[str]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [name for name, obj in vars(module).items() if not name.startswith("_") and _defined_in(obj, module)]
    return sorted(names)


def _defined_in(obj: object, module: ModuleType) -> bool:
    return (inspect.isclass(obj) or inspect.isroutine(obj)) and getattr(obj, "__module__", None) == module.__name__


def _fields(cls: type) -> set[str]:
    if dataclasses.is_dataclass(cls):
        return {field.name for field in dataclasses.fields(cls)}
    names = set(getattr(cls, "_fields", ()))  # NamedTuple
    for klass in cls.__mro__:
        slots = vars(klass).get("__slots__", ())
        names |= {slots} if isinstance(slots, str) else set(slots)
    return {name for name in names if not name.startswith("_")}


def undocumented_members(cls: type) -> Iterator[str]:
    """Public methods, properties and fields of ``cls`` (its own and its fourchess bases') that
    have no docstring."""
    # A field may be described where it is declared: in any fourchess class along the MRO.
    class_doc = "\n".join(docstring(klass) for klass in cls.__mro__ if klass.__module__ not in FOREIGN_MODULES)
    fields = _fields(cls)
    names = set(dir(cls)) | fields | {name for klass in cls.__mro__ for name in vars(klass)}
    for name in sorted(name for name in names if not name.startswith("_")):
        if name in fields:  # a dataclass field without a default is no class attribute at all
            if not mentions(class_doc, name):
                yield f"{name} (a field: name it in the class docstring)"
            continue
        owner = next((klass for klass in cls.__mro__ if name in vars(klass)), None)
        if owner is None or owner.__module__ in FOREIGN_MODULES or owner is object:
            continue
        attribute = vars(owner)[name]
        if isinstance(cls, enum.EnumMeta) and isinstance(attribute, cls):
            continue  # an enum member: the enum's docstring says what the members are
        if isinstance(attribute, property) or inspect.isdatadescriptor(attribute):
            if not docstring(attribute):
                yield name
            continue
        if not (callable(attribute) or isinstance(attribute, (staticmethod, classmethod))):
            continue  # a class constant, which the class docstring describes
        target = attribute.__func__ if isinstance(attribute, (staticmethod, classmethod)) else attribute
        if not docstring(target):
            yield name


def undocumented(module: ModuleType, names: list[str], *, members: bool) -> Iterator[str]:
    module_doc = docstring(module)
    if not module_doc:
        yield f"{module.__name__} (the module)"
    for name in names:
        obj = getattr(module, name)
        where = f"{module.__name__}.{name}"
        if inspect.ismodule(obj):
            continue
        if not (inspect.isclass(obj) or callable(obj)):
            if not mentions(module_doc, name):
                yield f"{where} (a constant: name it in the module docstring)"
            continue
        if not docstring(obj):
            yield where
        if members and inspect.isclass(obj):
            yield from (f"{where}.{member}" for member in undocumented_members(obj))


def public_modules() -> list[str]:
    found = []
    for info in pkgutil.walk_packages(fourchess.__path__, "fourchess."):
        parts = info.name.split(".")
        if any(part.startswith("_") for part in parts) or info.name.startswith(INTERNAL_PACKAGES):
            continue
        found.append(info.name)
    return sorted(found)


@pytest.mark.parametrize("name", API_MODULES)
def test_api_module_documents_every_public_name_and_member(name: str) -> None:
    module = importlib.import_module(name)
    assert list(undocumented(module, public_names(module), members=True)) == []


@pytest.mark.parametrize("name", public_modules())
def test_public_module_documents_what_it_defines(name: str) -> None:
    module = importlib.import_module(name)
    defined = [n for n, obj in vars(module).items() if not n.startswith("_") and _defined_in(obj, module)]
    assert list(undocumented(module, sorted(defined), members=False)) == []


def test_the_walk_sees_a_missing_docstring() -> None:
    """The checks above can fail: a class with an undocumented method, property and field."""

    @dataclasses.dataclass
    class Sample:
        """Names ``named`` only."""

        named: int = 0
        unnamed: int = 0

        def method(self) -> None:
            pass

        @property
        def value(self) -> int:
            return 0

        def documented(self) -> None:
            """Has one."""

    assert sorted(undocumented_members(Sample)) == [
        "method",
        "unnamed (a field: name it in the class docstring)",
        "value",
    ]
    assert docstring(fourchess.Board.fen4) != ""
    assert docstring(type("NoDoc", (), {})) == ""
