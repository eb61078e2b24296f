"""Sphinx configuration: the API reference from the docstrings, and the Markdown pages beside it.

Build: ``sphinx-build -W --keep-going -n docs docs/_build`` (warnings are errors, every
cross-reference must resolve). It documents the fourchess that Python imports, so install the
package first (``pip install .``).
"""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from docutils import nodes

import fourchess

project = "fourchess"
author = "the fourchess authors"
copyright = "2026, the fourchess authors"  # noqa: A001 (Sphinx's name)
release = fourchess.__version__
version = release

extensions = ["sphinx.ext.autodoc", "myst_parser"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = f"fourchess {release}"
myst_heading_anchors = 3

autodoc_member_order = "bysource"
# Members inherited from these are Python's or pybind11's, not ours (tuple.count, int.bit_length).
_NOT_OURS = "object,tuple,int,BaseException,Exception,ValueError,RuntimeError,TimeoutError,Enum,IntEnum,pybind11_object"
# fourchess.rl's environments: what they inherit is PettingZoo's and Gymnasium's interface, documented there.
_NOT_OURS += ",AECEnv,Env,EzPickle"
autodoc_default_options = {"members": True, "show-inheritance": True, "inherited-members": _NOT_OURS}
autodoc_typehints = "signature"
# The C++ extension is private: its classes are documented under the package's names.
autodoc_type_aliases: dict[str, str] = {}

# Python's own types (no network for intersphinx here): not documented, so not linked.
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|typing|argparse|random|threading|io|pathlib|enum|types)\.\w+"),
    ("py:class", r"(optional|callable|iterable)"),
    ("py:class", r"(int|str|bool|float|bytes|object|dict|list|tuple|set|frozenset|type|NoneType|None)"),
    ("py:exc", r"(ValueError|TypeError|IndexError|TimeoutError|RuntimeError|OSError)"),
    ("py:obj", r"(None|True|False)"),
    # Private typing names in signatures: Board.empty's TypeVar, fourchess.svg's square alias
    # (an int index or a name such as 'h2', as its docstrings say).
    ("py:class", r"(fourchess\.board\._Board|SquareLike)"),
    # The rl extra's libraries, whose documentation is theirs.
    ("py:class", r"(numpy|gymnasium|pettingzoo)\..+"),
]

_CORE = re.compile(r"\bfourchess\._core\.")
_SELF = re.compile(r"^\(self(: [\w.]+)?(, )?")  # pybind11 writes self out: a method's page does not


def _stub_signatures() -> dict[str, tuple[str, str]]:
    """``{"Class.method": (signature, return annotation)}`` of the extension's instance methods, as
    the stubs (python/fourchess/_core.pyi) type them; overloaded names, properties and static
    methods are left out."""
    tree = ast.parse(Path(fourchess.__file__).with_name("_core.pyi").read_text())
    found: dict[str, tuple[str, str]] = {}
    for cls in (node for node in tree.body if isinstance(node, ast.ClassDef)):
        methods = [item for item in cls.body if isinstance(item, ast.FunctionDef)]
        names = [method.name for method in methods]
        for method in methods:
            decorators = {ast.unparse(decorator) for decorator in method.decorator_list}
            if names.count(method.name) > 1 or decorators & {"property", "staticmethod"}:
                continue
            arguments = ast.arguments(posonlyargs=[], args=method.args.args[1:], vararg=method.args.vararg,  # no self
                                      kwonlyargs=method.args.kwonlyargs, kw_defaults=method.args.kw_defaults,
                                      kwarg=method.args.kwarg, defaults=method.args.defaults)
            returns = ast.unparse(method.returns) if method.returns else ""
            found[f"{cls.name}.{method.name}"] = (f"({ast.unparse(arguments)})", returns)
    return found


_STUB_SIGNATURES = _stub_signatures()


def _public_names(app, what, name, obj, options, signature, return_annotation):
    """pybind11 signatures name the private extension (fourchess._core.Board); use the package's.
    They also show every argument the binding checks itself as ``object``: a method bound in C++
    takes its signature from the stubs instead, when they have it."""
    stub = _STUB_SIGNATURES.get(".".join(name.split(".")[-2:]))
    if stub and what == "method" and not inspect.isfunction(inspect.unwrap(obj)):
        return stub
    if signature:
        signature = _SELF.sub("(", _CORE.sub("fourchess.", signature))
    if return_annotation:
        return_annotation = _CORE.sub("fourchess.", return_annotation)
    return signature, return_annotation


def _public_bases(app, name, obj, options, bases):
    """fourchess.Board's base is the extension's Board (fourchess.martian.Board's, the Martian
    extension's), and pybind11 classes derive from
    pybind11_object: neither is API, so neither is listed (nor ``object``, which says nothing)."""
    private = ("fourchess._core", "fourchess._martian", "pybind11_builtins")
    bases[:] = [base for base in bases if base is not object and base.__module__ not in private]


def _drop_empty_bases(app, doctree):
    """A class whose only bases were private is left with an empty "Bases:" line: remove it."""
    for paragraph in list(doctree.findall(nodes.paragraph)):
        if paragraph.astext().strip() == "Bases:":
            paragraph.parent.remove(paragraph)


def setup(app):
    app.connect("autodoc-process-signature", _public_names)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("doctree-read", _drop_empty_bases)
