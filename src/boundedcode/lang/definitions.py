"""Where names are defined: tree-sitter tag queries, with line patterns as the fallback.

Two tools with one vocabulary of kinds:

* `definition_kind` looks at one line with precompiled regular expressions. It
  is what the content scan calls on thousands of candidate lines, so it never
  parses; every pattern is anchored at the line start and stays linear on a
  100 KB line (no catastrophic backtracking).
* `definitions` parses a whole file with tree-sitter where a grammar wheel is
  installed and runs a tags-like query per language; for the other languages
  it applies the line patterns to every line. The last few files are cached,
  since callers name several places in one file.

Both are approximate (spec, "Limits"): macros, generated code and unusual
formatting can be missed or misread. Grammars load lazily, so importing this
module does not import tree-sitter.
"""

from __future__ import annotations

import functools
import importlib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from tree_sitter import Language, Node, Query

__all__ = ["KINDS", "Definition", "definition_kind", "definitions", "enclosing_definition"]

KINDS = frozenset(
    {
        "function",
        "method",
        "class",
        "struct",
        "interface",
        "enum",
        "trait",
        "type",
        "constant",
        "variable",
        "field",
        "module",
        "macro",
        "property",
    }
)


@dataclass(frozen=True)
class Definition:
    name: str
    line: int  # 1-based line of the definition's name
    kind: str  # one of KINDS
    container: str | None  # enclosing class/struct/impl/module name where known, else None
    end_line: int | None = None  # last line of the definition's body where known


# Definitions that lend their name as the container of what they enclose: types,
# modules, and variables holding object literals (`handlers.onPost`). Functions,
# methods, properties and fields do not: what is defined inside them is local.
# A function with a container other than a module is a method.
_TYPE_KINDS = frozenset({"class", "struct", "interface", "enum", "trait", "type"})
_CONTAINER_KINDS = _TYPE_KINDS | {"module", "variable", "constant"}
# A `variable` named like a constant (MAX_ENTRIES) is one by every ecosystem's convention.
_CONSTANT_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\Z")
# Separators of qualified names: Ruby/C++ `::`, dotted namespaces, Lua `M:m`, PHP `\`.
_QUALIFIER = re.compile(r"::|[.:\\]")
_WORD = re.compile(r"[\w$]+")
_TYPE_ARGUMENTS = re.compile(r"[\[<(]")


def _type_name(text: str) -> str | None:
    """The bare type in a receiver or qualifier: `*List[T]` → List, `ns::Ledger` → Ledger."""
    head = _TYPE_ARGUMENTS.split(text, maxsplit=1)[0]
    words = _WORD.findall(head)
    return words[-1] if words else None


def _split_qualified(text: str) -> tuple[str, str | None]:
    """`Accounting::Ledger` → ("Ledger", "Accounting"); `self.open` → ("open", None)."""
    parts = [p for p in _QUALIFIER.split(text.strip().strip('"`[]')) if p]
    if not parts:
        return text, None
    container = parts[-2].strip('"`[]') if len(parts) > 1 else None
    return parts[-1].strip('"`[]'), (None if container == "self" else container)


def _refine(kind: str, name: str, container_kind: str | None, constant_kinds: frozenset[str]) -> str:
    if kind == "function" and container_kind is not None and container_kind != "module":
        return "method"
    if kind in constant_kinds and len(name) > 1 and _CONSTANT_NAME.match(name):
        return "constant"
    return kind


# --------------------------------------------------------------------------
# Line patterns
#
# Named groups: `name` (one name), `names` (a list: `a, b`, `:a, :b`), `qname`
# (qualified; the last part is the name, the one before it the container),
# `container` (a receiver or qualifier), `kw` (a keyword choosing the kind).
# The first rule that matches a line decides it. Whitespace and modifier runs
# are possessive (`\s++`, `*+`) so a failing match never retries other splits
# of them; that keeps every pattern linear on a 100 KB line.
# --------------------------------------------------------------------------


# Internal records are NamedTuples: a dataclass costs about a millisecond of import each.
class _Rule(NamedTuple):
    pattern: str
    kind: str
    indented: str | None = None  # instead of `kind` when the line is indented (a def in a class body)
    keywords: tuple[tuple[str, str], ...] = ()  # kind by the `kw` group, whitespace-normalised, lower case
    flags: int = 0


class _LineTable(NamedTuple):
    rules: tuple[_Rule, ...]
    # Kinds that become "constant" for UPPER_CASE names (fields in Java, not in Go).
    constant_kinds: frozenset[str] = frozenset({"variable"})
    # What the qualifier of a qualified name is: `Ledger::post` a class, SQL `ledger.entries` a schema.
    qualifier_kind: str = "class"


def _r(pattern: str, kind: str, indented: str | None = None, flags: int = 0, **keywords: str) -> _Rule:
    return _Rule(pattern, kind, indented, tuple(keywords.items()), flags)


_GENERIC = r"<[^<>]*(?:<[^<>]*>[^<>]*)*>"  # <K, List<V>>: one nesting level
_ANNOTATIONS = r"(?:@[\w.:]+(?:\([^()]*\))?\s++)*+"  # @Override @Json("x")
_NAMES = r"\w+(?:\s*+,\s*+\w+)*"
_JS_ID = r"[A-Za-z_$][\w$]*"
_PARAMS = r"\([^()]*(?:\([^()]*\)[^()]*)*\)"  # (a, b = f(x)): one nesting level
# Words that start statements or access labels, not declarations: `return foo(`, `new Foo(`, `else if (`.
_NOT_STATEMENT = (
    r"(?!(?:return|new|throw|else|case|yield|await|goto|delete|using|var|let|"
    r"typeof|sizeof|do|if|for|while|switch|catch|try|not|in|is|as|co_return|"
    r"co_await|co_yield|typedef|public|private|protected)\b)"
)

_PYTHON = _LineTable(
    (
        _r(r"^\s*+class\s++(?P<name>\w+)", "class"),
        _r(r"^\s*+(?:async\s++)?def\s++(?P<name>\w+)", "function", indented="method"),
        _r(r"^type\s++(?P<name>\w+)\s*+(?:\[[^\]]*\]\s*+)?=", "type"),
        _r(rf"^(?P<names>{_NAMES})\s*+(?::[^=]*)?=(?!=)", "variable"),  # module level only
        _r(r"^\s++(?P<name>[A-Za-z_]\w*)\s*+:\s*+[A-Za-z_\"'][^=()]*(?:=.*)?$", "field"),  # x: int = 0
    )
)

_GO_NOT_STATEMENT = r"(?!(?:return|var|const|go|defer|goto|case|else|type|chan|map|func)\b)"
_GO = _LineTable(
    (
        _r(r"^func\s*+\((?P<container>[^)]*)\)\s*+(?P<name>\w+)\s*+[\[(]", "method"),
        _r(r"^func\s++(?P<name>\w+)\s*+[\[(]", "function"),
        _r(
            r"^\s*+(?:type\s++)?(?P<name>\w+)(?:\[[^\]]*\])?\s++(?P<kw>struct|interface)\s*+\{",
            "type",
            struct="struct",
            interface="interface",
        ),
        _r(r"^\s*+type\s++(?P<name>\w+)", "type"),
        _r(rf"^(?P<kw>const|var)\s++(?P<names>{_NAMES})", "variable", const="constant"),
        # Interface methods: a typed parameter or a result tells them from call statements.
        _r(r"^\s++(?P<name>\w+)\((?:\)\s*+[\w(*\[]|[\w, ]*\w\s++[\w.*\[\]])", "method"),
        _r(
            rf"^\s++{_GO_NOT_STATEMENT}(?P<names>{_NAMES})\s++[\w.*\[\]]+\s*+=[^=]", "constant"
        ),  # const ( A Kind = iota )
        _r(
            rf"^\s++{_GO_NOT_STATEMENT}(?P<names>{_NAMES})\s++[\w.*\[\]]+(?:\s++[\w.*\[\]]+)?"
            r"\s*+(?:`[^`]*`)?\s*+(?://.*)?$",
            "field",
        ),  # Name Type `json:"x"`
    ),
    constant_kinds=frozenset(),
)

_RUST_VIS = r"(?:pub(?:\s*+\([^)]*\))?\s++)?"
# Struct literals, match arms and call arguments look like fields and variants: `x: None,`, `Some(v) => …`.
_RUST_NOT_VALUE = r"(?!(?:None|Some|Ok|Err)\b)(?!.*(?:=>|::\w+\(|::[A-Z][A-Z0-9_]*\s*+,))"
_RUST = _LineTable(
    (
        _r(
            rf"^\s*+{_RUST_VIS}(?:(?:default|const|async|unsafe|extern(?:\s++\"[^\"]*\")?)\s++)*fn\s++(?P<name>\w+)",
            "function",
            indented="method",
        ),
        _r(
            rf"^\s*+{_RUST_VIS}(?:unsafe\s++|auto\s++)*(?P<kw>struct|enum|trait|union|type|mod)\s++(?P<name>\w+)",
            "type",
            struct="struct",
            enum="enum",
            trait="trait",
            union="struct",
            mod="module",
        ),
        _r(
            rf"^\s*+{_RUST_VIS}(?P<kw>const|static)\s++(?:mut\s++)?(?P<name>\w+)\s*+:",
            "constant",
            static="variable",
        ),
        _r(r"^\s*+macro_rules!\s*+(?P<name>\w+)", "macro"),
        _r(
            rf"^\s++{_RUST_VIS}(?P<name>[a-z_]\w*)\s*+:\s*+{_RUST_NOT_VALUE}"
            r"(?:[&*\[(]|[A-Z]|(?:[iu](?:8|16|32|64|128|size)|f32|f64|bool|char|str|dyn|fn)\b)[^;={}\"]*$",
            "field",
        ),
        # Enum variants end with a comma (rustfmt).
        _r(
            rf"^\s++{_RUST_NOT_VALUE}(?P<name>[A-Z]\w*)"
            r"\s*+(?:\([^;]*\)|\{[^;]*\})?\s*+(?:=[^;]*)?,\s*+(?://.*)?$",
            "constant",
        ),
    )
)

_JAVA_MODS = (
    r"(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed|strictfp|"
    r"synchronized|native|default|transient|volatile)\s++)"
)
_JAVA_TYPE = rf"[\w$.]+(?:\s*+{_GENERIC})?(?:\s*+\[\s*+\])*"
_ENUM_CONSTANT = r"^\s++(?P<name>[A-Z][A-Z0-9_]*)\s*+(?:\(.*\))?\s*+(?:\{\s*+)?[,;]?\s*+$"
_JAVA = _LineTable(
    (
        _r(
            rf"^\s*+{_ANNOTATIONS}{_JAVA_MODS}*+(?P<kw>class|interface|enum|record|@interface)\s++(?P<name>\w+)",
            "class",
            interface="interface",
            enum="enum",
            **{"@interface": "interface"},
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}{_JAVA_MODS}*+(?:{_GENERIC}\s*+)?{_NOT_STATEMENT}{_JAVA_TYPE}\s++(?P<name>\w+)\s*+\(",
            "method",
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}(?:public|protected|private)\s++(?P<name>[A-Z]\w*)\s*+\(", "method"
        ),  # constructor
        _r(rf"^\s*+{_ANNOTATIONS}{_JAVA_MODS}++{_JAVA_TYPE}\s++(?P<names>{_NAMES})\s*+[=;]", "field"),
        _r(_ENUM_CONSTANT, "constant"),
    ),
    constant_kinds=frozenset({"variable", "field"}),
)

_CS_MODS = (
    r"(?:(?:public|private|protected|internal|static|sealed|abstract|partial|readonly|unsafe|"
    r"new|virtual|override|async|extern|ref|file|required|volatile|fixed|event|implicit|explicit)\s++)"
)
_CS_ATTRIBUTES = r"(?:\[[^\]]*\]\s*+)*+"
_CS_TYPE = rf"(?:[\w.]+(?:\s*+{_GENERIC})?|\([^()]*\))\??(?:\s*+\[[\s,]*\])*\??"
_PASCAL_MEMBER = r"^\s++(?P<name>[A-Z]\w*)\s*+(?:=\s*+[^,;=]+)?,?\s*+$"  # enum members: Debit, Credit = 2,
_CSHARP = _LineTable(
    (
        _r(r"^\s*+namespace\s++(?P<qname>[\w.]+)", "module"),
        _r(
            rf"^\s*+{_CS_ATTRIBUTES}{_CS_MODS}*+(?P<kw>class|struct|interface|enum|record\s++struct|record\s++class|record)"
            r"\s++(?P<name>\w+)",
            "class",
            struct="struct",
            interface="interface",
            enum="enum",
            **{"record struct": "struct"},
        ),
        _r(rf"^\s*+{_CS_ATTRIBUTES}{_CS_MODS}*+delegate\s++{_CS_TYPE}\s++(?P<name>\w+)", "type"),
        _r(rf"^\s*+{_CS_ATTRIBUTES}{_CS_MODS}*+const\s++{_CS_TYPE}\s++(?P<names>{_NAMES})\s*+=", "constant"),
        _r(
            rf"^\s*+{_CS_ATTRIBUTES}{_CS_MODS}*+{_NOT_STATEMENT}{_CS_TYPE}\s++(?P<name>\w+)\s*+(?:{_GENERIC}\s*+)?\(",
            "method",
        ),
        _r(
            rf"^\s*+{_CS_ATTRIBUTES}(?:(?:public|private|protected|internal|static)\s++)+(?P<name>[A-Z]\w*)\s*+\(",
            "method",
        ),  # constructor
        _r(rf"^\s*+{_CS_ATTRIBUTES}{_CS_MODS}++{_CS_TYPE}\s++(?P<name>\w+)\s*+(?:\{{|=>|$)", "property"),
        _r(rf"^\s*+{_CS_ATTRIBUTES}{_CS_MODS}++{_CS_TYPE}\s++(?P<names>{_NAMES})\s*+[=;]", "field"),
        _r(_PASCAL_MEMBER, "constant"),
    )
)

_KOTLIN_MODS = (
    r"(?:(?:public|private|protected|internal|open|final|abstract|sealed|data|inner|value|"
    r"inline|override|suspend|operator|infix|tailrec|external|lateinit|expect|actual|"
    r"annotation|companion)\s++)"
)
_KOTLIN = _LineTable(
    (
        _r(
            rf"^\s*+{_ANNOTATIONS}{_KOTLIN_MODS}*+fun\s++(?:{_GENERIC}\s*+)?(?:(?P<container>\w+)(?:{_GENERIC})?\??\.)?"
            r"(?P<name>\w+)\s*+[(<]",
            "function",
            indented="method",
        ),
        _r(rf"^\s*+{_ANNOTATIONS}{_KOTLIN_MODS}*+const\s++val\s++(?P<name>\w+)", "constant"),
        _r(
            rf"^\s*+{_ANNOTATIONS}{_KOTLIN_MODS}*+(?P<kw>enum\s++class|fun\s++interface|class|interface|object|typealias)"
            r"\s++(?P<name>\w+)",
            "class",
            interface="interface",
            typealias="type",
            **{"enum class": "enum", "fun interface": "interface"},
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}{_KOTLIN_MODS}*+(?:val|var)\s++(?:{_GENERIC}\s*+)?(?:(?P<container>\w+)\.)?(?P<name>\w+)",
            "property",
        ),
        _r(_ENUM_CONSTANT, "constant"),
    )
)

_SCALA_MODS = (
    r"(?:(?:(?:private|protected)(?:\[\w*\])?|override|final|sealed|abstract|implicit|lazy|"
    r"inline|opaque|open|transparent|case|infix)\s++)"
)
_SCALA = _LineTable(
    (
        _r(
            rf"^\s*+{_ANNOTATIONS}{_SCALA_MODS}*+def\s++(?P<name>\w+|[^\s\w\[(:]+)",
            "function",
            indented="method",
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}{_SCALA_MODS}*+(?P<kw>class|trait|object|enum|type|given)\s++(?P<name>\w+)",
            "class",
            trait="trait",
            enum="enum",
            type="type",
            given="variable",
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}{_SCALA_MODS}*+(?:val|var)\s++(?P<names>{_NAMES})",
            "variable",
            indented="field",
        ),
        _r(
            r"^\s*+case\s++(?P<names>[A-Z]\w*(?:\s*+,\s*+[A-Z]\w*)*)\s*+(?:extends\b[^=]*|\([^)]*\)[^=]*)?$",
            "constant",
        ),
    )
)

_JS_EXPORT = r"(?:export\s++(?:default\s++)?)?(?:declare\s++)?"
_JS_MEMBER_MODS = (
    r"(?:(?:static|async|get|set|public|private|protected|readonly|override|abstract|declare|"
    r"accessor)\s++)*+"
)
_JS_NOT_STATEMENT = (
    r"(?!(?:if|for|while|switch|catch|function|return|with|do|else|await|typeof|new|yield|super)\b)"
)
_JS_RULES = (
    _r(rf"^\s*+{_JS_EXPORT}(?:async\s++)?function\b\s*+\*?\s*+(?P<name>{_JS_ID})", "function"),
    _r(rf"^\s*+{_JS_EXPORT}(?:abstract\s++)?class\s++(?P<name>{_JS_ID})", "class"),
    _r(
        rf"^\s*+(?:export\s++)?(?:const|let|var)\s++(?P<name>{_JS_ID})\s*+(?::[^=]*)?=\s*+(?:async\s++)?"
        rf"(?:function\b|(?:{_GENERIC}\s*+)?{_PARAMS}\s*+(?::[^=]*)?=>|{_JS_ID}\s*+=>)",
        "function",
    ),
    _r(rf"^(?:export\s++)?(?:declare\s++)?(?:const|let|var)\s++(?P<name>{_JS_ID})\s*+[:=]", "variable"),
    _r(rf"^\s*+(?P<container>{_JS_ID})\.prototype\.(?P<name>{_JS_ID})\s*+=", "method"),
    _r(
        rf"^(?:module\.)?exports\.(?P<name>{_JS_ID})\s*+=\s*+(?P<kw>async\b|function\b|\()?",
        "variable",
        **{"async": "function", "function": "function", "(": "function"},
    ),
    _r(
        rf"^\s++{_JS_MEMBER_MODS}\*?\s*+{_JS_NOT_STATEMENT}(?P<name>#?{_JS_ID})\s*+(?:{_GENERIC})?\s*+{_PARAMS}"
        r"\s*+(?::[^{;=]*)?\{",
        "method",
    ),
    _r(
        rf"^\s++(?P<name>{_JS_ID})\s*+:\s*+(?:async\s++)?(?:function\b|{_PARAMS}\s*+=>|{_JS_ID}\s*+=>)",
        "method",
    ),
    _r(r"^\s++(?:(?:public|private|protected)\s++)?(?P<name>constructor)\s*+\(", "method"),
    _r(
        rf"^\s++(?:(?:static|public|private|protected|readonly|override|declare|abstract|accessor)\s++)+"
        rf"(?P<name>#?{_JS_ID})[?!]?\s*+[:=;]",
        "field",
    ),
    _r(rf"^\s++(?P<name>#{_JS_ID})\s*+[=;]", "field"),
)
_JAVASCRIPT = _LineTable(_JS_RULES)
_TS_MEMBER_MODS = r"(?:(?:public|private|protected|abstract|readonly|static|async|declare)\s++)*+"
_TYPESCRIPT = _LineTable(
    (
        _r(
            rf"^\s*+{_JS_EXPORT}(?P<kw>interface|enum|const\s++enum|type|namespace|module)\s++(?P<name>{_JS_ID})"
            rf"(?:\s*+{_GENERIC})?\s*+(?:[={{]|extends\b|$)",
            "type",
            interface="interface",
            enum="enum",
            namespace="module",
            module="module",
            **{"const enum": "enum"},
        ),
        *_JS_RULES,
        # Interface, overload and abstract method signatures: `save(entry: Entry): Promise<void>;`, and
        # generic methods whose parameters continue below: `on<E extends keyof Events>(`.
        _r(
            rf"^\s++{_TS_MEMBER_MODS}(?P<name>{_JS_ID})\??\s*+(?:{_GENERIC})?\s*+{_PARAMS}\s*+:\s*+[^;{{=]*[;,]?\s*+$",
            "method",
        ),
        _r(rf"^\s++{_TS_MEMBER_MODS}(?P<name>{_JS_ID})\??\s*+{_GENERIC}\s*+\(", "method"),
        _r(
            rf"^\s++(?:readonly\s++)?(?P<name>{_JS_ID})\??\s*+:\s*+[^;=]+;\s*+$", "property"
        ),  # interface members
        _r(_PASCAL_MEMBER, "constant"),
    )
)

_C_SPECIFIER = r"(?:virtual|static|inline|explicit|constexpr|consteval|override|extern|friend)\s++"
_C_TYPE_WORD = r"(?:::)?\w+(?:::\w+)*"  # int, ::std::string
# Return type and specifiers: words, `ns::T`, templates, pointers and references.
_C_PREFIX = rf"(?:{_C_TYPE_WORD}(?:\s*+{_GENERIC})?[\s*&]+)+?"
_C_QNAME = rf"(?:\w+(?:{_GENERIC})?::)*(?:~?\w+|operator\s*+(?:\(\)|[^\s(]+))"  # Map<K>::find, ~T, operator[]
# Parameters never start with a literal; `TEST_CASE("x") {` and `Foo f("x");` are no definitions.
_C_OPEN = r"\s*+\((?!\s*+[\"'\d])"
_C_NOT_PROTOTYPE = r"(?!.*\)\s*+(?:const\s*+)?;\s*+$)"

# Indented constructors and destructors have no return type; what follows their
# parameters tells them from a call statement: `X() : a(1) {`, `~X() = default;`,
# or for a qualified name the end of the line (`Ledger::Ledger(Store* s)`).
_CPP_CONSTRUCTORS = (
    _r(
        rf"^\s++{_NOT_STATEMENT}(?P<qname>{_C_QNAME})(?={_C_OPEN})\s*+{_PARAMS}\s*+(?:const\s*+)?"
        r"(?:noexcept\b|override\b|final\b|:|=\s*+(?:default|delete)\b|\{)",
        "method",
    ),
    _r(
        rf"^\s++(?P<qname>(?:\w+(?:{_GENERIC})?::)+~?\w+)(?={_C_OPEN})\s*+{_PARAMS}\s*+(?:const\s*+)?$",
        "method",
    ),
)


def _c_rules(member_kind: str) -> tuple[_Rule, ...]:
    """C and C++ share their patterns; an indented function is a member only in C++."""
    return (
        _r(r"^\s*+#\s*+define\s++(?P<name>\w+)", "macro"),
        _r(
            rf"^\s*+(?:typedef\s++)?(?:template\s*+{_GENERIC}\s*+)?"
            r"(?P<kw>struct|class|union|enum\s++class|enum\s++struct|enum|namespace)\s++"
            r"(?:(?:\[\[[^\]]*\]\]|__attribute__\s*+\(\([^)]*\)\)|alignas\s*+\([^)]*\)|[A-Z_][A-Z0-9_]*)\s++)*"
            r"(?P<name>\w+)\s*+(?:final\s*+)?(?:[:{]|$)",
            "struct",
            enum="enum",
            namespace="module",
            **{"class": "class", "enum class": "enum", "enum struct": "enum"},
        ),
        _r(r"^\s*+typedef\b[^(;]*\(\s*+[*^]\s*+(?P<name>\w+)\s*+\)", "type"),
        _r(r"^\s*+typedef\b[^;]*?\b(?P<name>\w+)\s*+(?:\[[^\][;]*\]\s*+)*;", "type"),
        _r(r"^\}\s*+(?P<names>\w+(?:\s*+,\s*+\*?\s*+\w+)*)\s*+;", "type"),  # } ledger_t;
        _r(rf"^\s*+(?:template\s*+{_GENERIC}\s*+)?using\s++(?P<name>\w+)\s*+=", "type"),
        _r(
            rf"^{_NOT_STATEMENT}(?:template\s*+{_GENERIC}\s*+)?{_C_PREFIX}(?P<qname>{_C_QNAME}){_C_OPEN}"
            rf"{_C_NOT_PROTOTYPE}",
            "function",
        ),
        _r(rf"^{_NOT_STATEMENT}(?P<qname>{_C_QNAME}){_C_OPEN}{_C_NOT_PROTOTYPE}", "function"),  # GNU style
        # Members: specifiers or a return type before the name (`explicit Ledger(`, `virtual ~Store(`).
        _r(
            rf"^\s++{_NOT_STATEMENT}(?:(?:{_C_SPECIFIER})++(?:{_C_PREFIX})??|{_C_PREFIX})(?P<qname>{_C_QNAME})"
            rf"{_C_OPEN}",
            member_kind,
        ),
        # Fields: `type name;` without an initialiser (which would mostly be a local).
        _r(
            rf"^\s++{_NOT_STATEMENT}(?:(?:const|volatile|static|mutable|unsigned|signed|struct|enum|union)\s++)*+"
            rf"{_C_TYPE_WORD}(?:\s*+{_GENERIC})?[\s*&]+(?P<name>\w+)\s*+(?:\[[^\]]*\]\s*+)*(?::\s*+\d+\s*+)?;",
            "field",
        ),
    )


_C = _LineTable(_c_rules("function"))
_CPP = _LineTable((*_c_rules("method"), *_CPP_CONSTRUCTORS))
_OBJC = _LineTable(
    (
        _r(r"^\s*+@(?P<kw>interface|protocol)\s++(?P<name>\w+)", "class", protocol="interface"),
        _r(r"^\s*+[-+]\s*+\([^)]*\)\s*+(?P<name>\w+)", "method"),
        _r(r"^\s*+@property\b[^;]*?(?P<name>\w+)\s*+;", "property"),
        *_c_rules("function"),
    )
)

_PHP = _LineTable(
    (
        _r(r"^\s*+namespace\s++(?P<qname>[\w\\]+)", "module"),
        _r(
            r"^\s*+(?:(?:abstract|final|public|private|protected|static|readonly)\s++)*function\s++&?(?P<name>\w+)\s*+\(",
            "function",
            indented="method",
        ),
        _r(
            r"^\s*+(?:(?:abstract|final|readonly)\s++)*(?P<kw>class|interface|trait|enum)\s++(?P<name>\w+)",
            "class",
            interface="interface",
            trait="trait",
            enum="enum",
        ),
        _r(
            r"^\s*+(?:(?:public|private|protected|final)\s++)*const\s++(?:\w+\s++)?(?P<name>\w+)\s*+=",
            "constant",
        ),
        _r(r"^\s*+define\s*+\(\s*+['\"](?P<name>\w+)", "constant"),
        _r(
            r"^\s*+(?:(?:public|private|protected|static|readonly|var)\s++)+(?:\??[\w\\|]+\s++)?\$(?P<name>\w+)",
            "property",
        ),
        _r(r"^\s*+case\s++(?P<name>\w+)\s*+(?:=[^;]*)?;", "constant"),
    )
)

_RUBY = _LineTable(
    (
        _r(
            r"^\s*+def\s++(?:(?P<container>self|[A-Z]\w*)\.)?(?P<name>\w+[?!=]?|\[\]=?|[-+*/%<>=!~^&|]+)",
            "function",
            indented="method",
        ),
        _r(r"^\s*+(?P<kw>class|module)\s++(?P<qname>[A-Z]\w*(?:::[A-Z]\w*)*)", "class", module="module"),
        _r(r"^\s*+attr_(?:reader|writer|accessor)\s*+\(?\s*+(?P<names>:\w+(?:\s*+,\s*+:\w+)*)", "property"),
        _r(r"^\s*+define_method\s*+\(?\s*+[:\"'](?P<name>\w+[?!=]?)", "method"),
        _r(r"^\s*+scope\s++:(?P<name>\w+)", "method"),  # Rails scopes
        _r(r"^\s*+(?P<name>[A-Z]\w*)\s*+=\s*+(?:Struct|Class|Data)\.(?:new|define)\b", "class"),
        _r(r"^\s*+(?P<name>[A-Z][A-Z0-9_]*)\s*+=(?!=)", "constant"),
    )
)

_SWIFT_ATTRIBUTES = r"(?:@\w+(?:\([^()]*\))?\s++)*+"
_SWIFT_MODS = (
    r"(?:(?:(?:public|private|fileprivate|internal|open|package)(?:\(set\))?|static|final|"
    r"override|mutating|nonmutating|lazy|weak|unowned|dynamic|required|convenience|optional|"
    r"indirect|nonisolated|isolated|distributed)\s++)"
)
_SWIFT = _LineTable(
    (
        _r(
            rf"^\s*+{_SWIFT_ATTRIBUTES}{_SWIFT_MODS}*+(?:class\s++)?func\s++(?P<name>\w+|[^\s\w(<]+)",
            "function",
            indented="method",
        ),
        _r(
            rf"^\s*+{_SWIFT_ATTRIBUTES}{_SWIFT_MODS}*+(?:class\s++)?(?:var|let)\s++(?P<name>\w+)",
            "variable",
            indented="property",
        ),
        _r(rf"^\s*+{_SWIFT_ATTRIBUTES}{_SWIFT_MODS}*+(?P<name>init|deinit)\s*+[?!]?\s*+[(<{{]", "method"),
        # `extension Ledger` adds to Ledger and defines nothing, so it is not here.
        _r(
            rf"^\s*+{_SWIFT_ATTRIBUTES}{_SWIFT_MODS}*+(?P<kw>class|struct|enum|protocol|actor|typealias|associatedtype)"
            r"\s++(?P<name>\w+)",
            "class",
            struct="struct",
            enum="enum",
            protocol="interface",
            typealias="type",
            associatedtype="type",
        ),
        _r(r"^\s*+(?:indirect\s++)?case\s++(?P<name>\w+)\s*+(?:\([^)]*\))?\s*+(?:=\s*+[^:]+)?$", "constant"),
        _r(r"^\s*+case\s++(?P<names>\w+(?:\s*+,\s*+\w+)+)\s*+$", "constant"),
    )
)

_DART_TYPE = rf"[\w.]+(?:{_GENERIC})?\??"
_DART = _LineTable(
    (
        _r(
            r"^\s*+(?:(?:abstract|sealed|base|final|interface|mixin)\s++)*(?P<kw>class|mixin|enum|typedef|extension)\s++"
            r"(?P<name>\w+)",
            "class",
            enum="enum",
            typedef="type",
        ),
        _r(r"^\s++(?:const|factory)\s++(?P<qname>[A-Z]\w*(?:\.\w+)?)\s*+\(", "method"),
        _r(r"^\s++(?P<qname>[A-Z]\w*(?:\.\w+)?)\s*+\(\s*+(?:this\.|\{\s*+(?:required\s++)?this\.)", "method"),
        _r(
            rf"^\s*+(?:(?:static|external|abstract)\s++)*(?:{_DART_TYPE}\s++)?(?:get|set)\s++(?P<name>\w+)",
            "method",
        ),
        # Dart has no nested classes, so members sit one indent level deep and deeper lines are locals.
        _r(
            rf"^(?:  |\t)?(?:(?:static|external|late)\s++)*(?P<kw>const|final|var)\s++(?:{_DART_TYPE}\s++)?"
            r"(?P<name>\w+)\s*+[=;]",
            "variable",
            indented="field",
            const="constant",
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}(?:(?:static|external|abstract|override)\s++)*{_NOT_STATEMENT}{_DART_TYPE}\s++"
            rf"(?P<name>\w+)\s*+(?:{_GENERIC})?\s*+\(",
            "function",
            indented="method",
        ),
    ),
    constant_kinds=frozenset(),
)

_ELIXIR = _LineTable(
    (
        _r(
            r"^\s*+(?P<kw>def|defp|defmacro|defmacrop|defguard|defguardp|defdelegate|defn|defnp)\s++"
            r"(?P<name>\w+[?!]?)",
            "function",
            defmacro="macro",
            defmacrop="macro",
            defguard="macro",
            defguardp="macro",
        ),
        _r(r"^\s*+(?P<kw>defmodule|defprotocol)\s++(?P<qname>[\w.]+)", "module", defprotocol="interface"),
        _r(
            r"^\s*+@(?P<kw>type|typep|opaque|callback|macrocallback)\s++(?P<name>\w+)",
            "type",
            callback="function",
            macrocallback="macro",
        ),
        _r(
            r"^\s*+@(?!(?:doc|moduledoc|typedoc|spec|impl|behaviour|derive|enforce_keys|since|deprecated|dialyzer|"
            r"compile|on_load|external_resource|before_compile|after_compile|on_definition|vsn|file)\b)"
            r"(?P<name>[a-z_]\w*)\s++[^\s\"]",
            "constant",
        ),
    ),
    qualifier_kind="module",
)

_LUA = _LineTable(
    (
        _r(r"^\s*+(?:local\s++)?function\s++(?P<qname>[\w.]+(?::\w+)?)\s*+\(", "function"),
        _r(r"^\s*+(?:local\s++)?(?P<qname>[\w.]+)\s*+=\s*+function\b", "function"),
        _r(rf"^local\s++(?P<names>{_NAMES})\s*+(?:<\w+>\s*+)?=", "variable"),
    )
)

_SHELL = _LineTable(
    (
        _r(r"^\s*+function\s++(?P<name>[\w.:-]+)", "function"),
        _r(r"^\s*+(?P<name>[\w.:-]+)\s*+\(\s*+\)", "function"),
        _r(
            r"^(?:(?P<kw>export|readonly|declare|typeset)\s++(?:-\w+\s++)*)?(?P<name>[A-Za-z_]\w*)=",
            "variable",
            readonly="constant",
        ),
    ),
    constant_kinds=frozenset(),
)  # UPPER_CASE is every shell variable, not a constant

_SQL = _LineTable(
    (
        _r(
            r"^\s*+create\s++(?:or\s++replace\s++)?(?:(?:temp|temporary|unlogged|materialized|global|local|virtual|"
            r"external|recursive)\s++)*(?P<kw>table|view|function|procedure|trigger|type|sequence|schema|domain)\s++"
            r"(?:if\s++not\s++exists\s++)?(?P<qname>[\w\"`\[\].]+)",
            "type",
            function="function",
            procedure="function",
            trigger="function",
            sequence="variable",
            schema="module",
            flags=re.IGNORECASE,
        ),
    ),
    qualifier_kind="module",
)

_LINE_TABLES: dict[str, _LineTable] = {
    "python": _PYTHON,
    "go": _GO,
    "rust": _RUST,
    "java": _JAVA,
    "csharp": _CSHARP,
    "kotlin": _KOTLIN,
    "scala": _SCALA,
    "javascript": _JAVASCRIPT,
    "typescript": _TYPESCRIPT,
    "tsx": _TYPESCRIPT,
    "c": _C,
    "cpp": _CPP,
    "objc": _OBJC,
    "php": _PHP,
    "ruby": _RUBY,
    "swift": _SWIFT,
    "dart": _DART,
    "elixir": _ELIXIR,
    "lua": _LUA,
    "shell": _SHELL,
    "sql": _SQL,
}


class _CompiledRule(NamedTuple):
    pattern: re.Pattern[str]
    kind: str
    indented: str | None
    keywords: dict[str, str]


@functools.cache
def _compiled_rules(language: str) -> tuple[_CompiledRule, ...]:
    """Compiled once per language, on first use, so importing the module compiles nothing."""
    table = _LINE_TABLES.get(language)
    if table is None:
        return ()
    return tuple(
        _CompiledRule(re.compile(r.pattern, r.flags), r.kind, r.indented, dict(r.keywords))
        for r in table.rules
    )


_NAME_SEPARATOR = re.compile(r"[^\w$?!]+")  # between the names of a `names` group: `a, b`, `:a, :b`


class _LineHit(NamedTuple):
    names: tuple[str, ...]
    kind: str
    container: str | None
    qualified: str | None  # the whole qualified name, when the line wrote one


def _match_line(language: str, line: str) -> _LineHit | None:
    for rule in _compiled_rules(language):
        match = rule.pattern.match(line)
        if match is None:
            continue
        groups = match.groupdict()
        keyword = groups.get("kw")
        kind = rule.keywords.get(" ".join(keyword.split()).lower(), rule.kind) if keyword else rule.kind
        if kind == rule.kind and rule.indented is not None and line[:1] in (" ", "\t"):
            kind = rule.indented
        container = _type_name(groups["container"]) if groups.get("container") else None
        qualified = None
        if groups.get("names"):
            names = tuple(n for n in _NAME_SEPARATOR.split(groups["names"]) if n)
        elif groups.get("qname"):
            qualified = groups["qname"].strip()
            name, container = _split_qualified(qualified)
            names = (name,)
        else:
            names = (groups["name"],)
        if container == "self":
            container = None
        return _LineHit(names, kind, container, qualified)
    return None


def _hit_kind(language: str, hit: _LineHit, name: str) -> str:
    table = _LINE_TABLES[language]
    return _refine(hit.kind, name, table.qualifier_kind if hit.container else None, table.constant_kinds)


def definition_kind(language: str, line_text: str, name: str) -> str | None:
    """FAST, regex-only, one source line: if this line defines `name` in `language`, the kind, else None."""
    if name not in line_text or language not in _LINE_TABLES:
        return None
    hit = _match_line(language, line_text)
    if hit is None or (name not in hit.names and name != hit.qualified):
        return None
    return _hit_kind(language, hit, hit.names[-1] if name == hit.qualified else name)


def _line_definitions(language: str, text: str) -> list[Definition]:
    found = []
    for number, line in enumerate(text.split("\n"), 1):
        hit = _match_line(language, line)
        if hit is not None:
            found.extend(Definition(n, number, _hit_kind(language, hit, n), hit.container) for n in hit.names)
    return found


# --------------------------------------------------------------------------
# Tree-sitter queries
#
# Captures: @name (the defined name), @def.<kind> (the node spanning the
# definition), @scope (a block that contains members without defining a name:
# Rust `impl`, Swift `extension`), @receiver (an explicit container: Go
# receivers, Kotlin extension receivers), @declarator (a C/C++ declarator,
# resolved in Python since pointers and qualifiers nest arbitrarily deep).
# Constructor-promoted properties (PHP, TypeScript) name their class as @receiver
# because their node lies inside the constructor.
# When several patterns capture the same name the earliest pattern wins, so
# specific patterns come before general ones. Captures starting with `_` only
# feed predicates.
# --------------------------------------------------------------------------

_PYTHON_QUERY = """
(class_definition name: (identifier) @name) @def.class
(function_definition name: (identifier) @name) @def.function
(type_alias_statement left: (type (identifier) @name)) @def.type
(module (expression_statement (assignment left: (identifier) @name) @def.variable))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @def.field)))
"""

_GO_QUERY = """
(function_declaration name: (identifier) @name) @def.function
(method_declaration receiver: (parameter_list (parameter_declaration type: (_) @receiver))
  name: (field_identifier) @name) @def.method
(type_spec name: (type_identifier) @name type: (struct_type)) @def.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @def.interface
(type_spec name: (type_identifier) @name) @def.type
(type_alias name: (type_identifier) @name) @def.type
(field_declaration name: (field_identifier) @name) @def.field
(method_elem name: (field_identifier) @name) @def.method
(source_file (const_declaration (const_spec name: (identifier) @name) @def.constant))
(source_file (var_declaration (var_spec name: (identifier) @name) @def.variable))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @def.variable)))
"""

_RUST_QUERY = """
(function_item name: (identifier) @name) @def.function
(function_signature_item name: (identifier) @name) @def.function
(struct_item name: (type_identifier) @name) @def.struct
(union_item name: (type_identifier) @name) @def.struct
(enum_item name: (type_identifier) @name) @def.enum
(trait_item name: (type_identifier) @name) @def.trait
(type_item name: (type_identifier) @name) @def.type
(const_item name: (identifier) @name) @def.constant
(static_item name: (identifier) @name) @def.variable
(mod_item name: (identifier) @name) @def.module
(macro_definition name: (identifier) @name) @def.macro
(field_declaration name: (field_identifier) @name) @def.field
(enum_variant name: (identifier) @name) @def.constant
(impl_item type: (_) @name) @scope
"""

_JAVA_QUERY = """
(class_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(interface_declaration name: (identifier) @name) @def.interface
(annotation_type_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.method
(compact_constructor_declaration name: (identifier) @name) @def.method
(annotation_type_element_declaration name: (identifier) @name) @def.method
(field_declaration declarator: (variable_declarator name: (identifier) @name)) @def.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @def.constant
(enum_constant name: (identifier) @name) @def.constant
"""

_KOTLIN_QUERY = """
(class_declaration "interface" name: (identifier) @name) @def.interface
(class_declaration (modifiers (class_modifier "enum")) name: (identifier) @name) @def.enum
(class_declaration name: (identifier) @name) @def.class
(object_declaration name: (identifier) @name) @def.class
(companion_object name: (identifier) @name) @def.class
(type_alias type: (identifier) @name) @def.type
(function_declaration [(user_type) (nullable_type)] @receiver "." name: (identifier) @name) @def.function
(function_declaration name: (identifier) @name) @def.function
(property_declaration (modifiers (property_modifier "const")) (variable_declaration (identifier) @name))
  @def.constant
(source_file (property_declaration (variable_declaration (identifier) @name)) @def.property)
(class_body (property_declaration (variable_declaration (identifier) @name)) @def.property)
(class_parameter ["val" "var"] (identifier) @name) @def.property
(enum_entry (identifier) @name) @def.constant
"""

_SCALA_QUERY = """
(class_definition name: (identifier) @name) @def.class
(object_definition name: (identifier) @name) @def.class
(trait_definition name: (identifier) @name) @def.trait
(enum_definition name: (identifier) @name) @def.enum
(type_definition name: (type_identifier) @name) @def.type
(function_definition name: (identifier) @name) @def.function
(function_declaration name: (identifier) @name) @def.function
(given_definition name: (identifier) @name) @def.variable
(compilation_unit (val_definition pattern: (identifier) @name) @def.variable)
(compilation_unit (var_definition pattern: (identifier) @name) @def.variable)
(template_body (val_definition pattern: (identifier) @name) @def.field)
(template_body (var_definition pattern: (identifier) @name) @def.field)
(simple_enum_case name: (identifier) @name) @def.constant
(full_enum_case name: (identifier) @name) @def.constant
"""

_CSHARP_QUERY = """
(class_declaration name: (identifier) @name) @def.class
(record_declaration name: (identifier) @name) @def.class
(struct_declaration name: (identifier) @name) @def.struct
(interface_declaration name: (identifier) @name) @def.interface
(enum_declaration name: (identifier) @name) @def.enum
(delegate_declaration name: (identifier) @name) @def.type
(namespace_declaration name: (_) @name) @def.module
(file_scoped_namespace_declaration name: (_) @name) @def.module
(method_declaration name: (identifier) @name) @def.method
(constructor_declaration name: (identifier) @name) @def.method
(local_function_statement name: (identifier) @name) @def.function
(property_declaration name: (identifier) @name) @def.property
(field_declaration (modifier "const") (variable_declaration (variable_declarator name: (identifier) @name)))
  @def.constant
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.field
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @def.field
(event_declaration name: (identifier) @name) @def.field
(enum_member_declaration name: (identifier) @name) @def.constant
"""

_JS_QUERY = """
(function_declaration name: (identifier) @name) @def.function
(generator_function_declaration name: (identifier) @name) @def.function
(class_declaration name: (_) @name) @def.class
(method_definition name: (_) @name) @def.method
(variable_declarator name: (identifier) @name
  value: [(arrow_function) (function_expression) (generator_function)]) @def.function
(pair key: (property_identifier) @name value: [(arrow_function) (function_expression)]) @def.function
(assignment_expression
  left: (member_expression object: (member_expression object: (identifier) @receiver
                                                      property: (property_identifier) @_prototype)
                           property: (property_identifier) @name)
  right: [(function_expression) (arrow_function)]
  (#eq? @_prototype "prototype")) @def.method
(program (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (variable_declaration (variable_declarator name: (identifier) @name) @def.variable))
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name) @def.variable)))
(program (export_statement (variable_declaration (variable_declarator name: (identifier) @name) @def.variable)))
"""

_JAVASCRIPT_QUERY = (
    _JS_QUERY
    + """
(field_definition property: (_) @name) @def.field
"""
)

_TYPESCRIPT_QUERY = (
    _JS_QUERY
    + """
(abstract_class_declaration name: (_) @name) @def.class
(interface_declaration name: (_) @name) @def.interface
(type_alias_declaration name: (_) @name) @def.type
(enum_declaration name: (_) @name) @def.enum
(internal_module name: (identifier) @name) @def.module
(module name: (identifier) @name) @def.module
(function_signature name: (identifier) @name) @def.function
(method_signature name: (_) @name) @def.method
(abstract_method_signature name: (_) @name) @def.method
(public_field_definition name: (_) @name) @def.field
(class_declaration name: (_) @receiver body: (class_body (method_definition parameters: (formal_parameters
  (required_parameter (accessibility_modifier) pattern: (identifier) @name) @def.field))))
(abstract_class_declaration name: (_) @receiver body: (class_body (method_definition parameters: (formal_parameters
  (required_parameter (accessibility_modifier) pattern: (identifier) @name) @def.field))))
(interface_body (property_signature name: (_) @name) @def.property)
(type_alias_declaration value: (object_type (property_signature name: (_) @name) @def.property))
(enum_body (property_identifier) @name @def.constant)
(enum_body (enum_assignment name: (property_identifier) @name) @def.constant)
"""
)

_C_QUERY = """
(function_definition declarator: (_) @declarator) @def.function
(struct_specifier name: (type_identifier) @name body: (_)) @def.struct
(union_specifier name: (type_identifier) @name body: (_)) @def.struct
(enum_specifier name: (type_identifier) @name body: (_)) @def.enum
(type_definition declarator: (_) @declarator) @def.type
(enumerator name: (identifier) @name) @def.constant
(field_declaration declarator: (_) @declarator) @def.field
(preproc_def name: (identifier) @name) @def.macro
(preproc_function_def name: (identifier) @name) @def.macro
(translation_unit (declaration declarator: (_) @declarator) @def.variable)
"""

# tree-sitter-cpp reads `class EXPORT_MACRO Name {` as a function definition
# whose body holds the members (`public:` becoming a label); the first four
# patterns recover that class.
_CPP_QUERY = (
    """
(function_definition type: (class_specifier) declarator: (identifier) @name) @def.class
(function_definition type: (struct_specifier) declarator: (identifier) @name) @def.struct
(function_definition type: [(class_specifier) (struct_specifier)]
  body: (compound_statement (declaration declarator: (_) @declarator) @def.field))
(function_definition type: [(class_specifier) (struct_specifier)]
  body: (compound_statement (labeled_statement (declaration declarator: (_) @declarator) @def.field)))
(class_specifier name: (type_identifier) @name body: (_)) @def.class
(namespace_definition name: (namespace_identifier) @name) @def.module
(alias_declaration name: (type_identifier) @name) @def.type
(namespace_definition body: (declaration_list (declaration declarator: (_) @declarator) @def.variable))
"""
    + _C_QUERY
)

_PHP_QUERY = """
(namespace_definition name: (namespace_name) @name) @def.module
(class_declaration name: (name) @name) @def.class
(interface_declaration name: (name) @name) @def.interface
(trait_declaration name: (name) @name) @def.trait
(enum_declaration name: (name) @name) @def.enum
(function_definition name: (name) @name) @def.function
(method_declaration name: (name) @name) @def.method
(const_declaration (const_element (name) @name)) @def.constant
(property_declaration (property_element name: (variable_name (name) @name))) @def.property
(class_declaration name: (name) @receiver
  body: (declaration_list (method_declaration parameters: (formal_parameters
    (property_promotion_parameter name: (variable_name (name) @name)) @def.property))))
(enum_case name: (name) @name) @def.constant
"""

_RUBY_QUERY = """
(class name: (_) @name) @def.class
(module name: (_) @name) @def.module
(method name: (_) @name) @def.function
(singleton_method name: (_) @name) @def.method
(assignment left: (constant) @name) @def.constant
(call method: (identifier) @_attr arguments: (argument_list (simple_symbol) @name)
  (#match? @_attr "^attr_(reader|writer|accessor)$")) @def.property
"""

_SWIFT_QUERY = """
(class_declaration declaration_kind: "extension" name: (_) @name) @scope
(class_declaration declaration_kind: "struct" name: (type_identifier) @name) @def.struct
(class_declaration declaration_kind: "enum" name: (type_identifier) @name) @def.enum
(class_declaration name: (type_identifier) @name) @def.class
(protocol_declaration name: (type_identifier) @name) @def.interface
(typealias_declaration name: (type_identifier) @name) @def.type
(function_declaration name: (simple_identifier) @name) @def.function
(protocol_function_declaration name: (simple_identifier) @name) @def.method
(init_declaration "init" @name) @def.method
(source_file (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.variable)
(class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.property)
(enum_class_body (property_declaration name: (pattern bound_identifier: (simple_identifier) @name)) @def.property)
(protocol_body (protocol_property_declaration name: (pattern bound_identifier: (simple_identifier) @name))
  @def.property)
(enum_entry name: (simple_identifier) @name) @def.constant
"""


class _Grammar(NamedTuple):
    module: str  # the grammar wheel's module, imported on first use
    factory: str  # its function returning the language pointer
    query: str


_GRAMMARS: dict[str, _Grammar] = {
    "python": _Grammar("tree_sitter_python", "language", _PYTHON_QUERY),
    "go": _Grammar("tree_sitter_go", "language", _GO_QUERY),
    "rust": _Grammar("tree_sitter_rust", "language", _RUST_QUERY),
    "java": _Grammar("tree_sitter_java", "language", _JAVA_QUERY),
    "kotlin": _Grammar("tree_sitter_kotlin", "language", _KOTLIN_QUERY),
    "scala": _Grammar("tree_sitter_scala", "language", _SCALA_QUERY),
    "csharp": _Grammar("tree_sitter_c_sharp", "language", _CSHARP_QUERY),
    "javascript": _Grammar("tree_sitter_javascript", "language", _JAVASCRIPT_QUERY),
    "typescript": _Grammar("tree_sitter_typescript", "language_typescript", _TYPESCRIPT_QUERY),
    "tsx": _Grammar("tree_sitter_typescript", "language_tsx", _TYPESCRIPT_QUERY),
    "c": _Grammar("tree_sitter_c", "language", _C_QUERY),
    "cpp": _Grammar("tree_sitter_cpp", "language", _CPP_QUERY),
    "php": _Grammar("tree_sitter_php", "language_php", _PHP_QUERY),
    "ruby": _Grammar("tree_sitter_ruby", "language", _RUBY_QUERY),
    "swift": _Grammar("tree_sitter_swift", "language", _SWIFT_QUERY),
}


@functools.cache
def _grammar(language: str) -> tuple[Language, Query] | None:
    """The grammar and query for `language`, built on first use; None without a usable grammar."""
    spec = _GRAMMARS.get(language)
    if spec is None:
        return None
    try:
        import tree_sitter

        lang = tree_sitter.Language(getattr(importlib.import_module(spec.module), spec.factory)())
        return lang, tree_sitter.Query(lang, spec.query)
    except (ImportError, AttributeError, ValueError, TypeError):
        # A missing wheel or an ABI the runtime does not read: the line patterns still work.
        return None


class _Item(NamedTuple):
    name: str
    line: int
    kind: str | None  # None for a @scope
    start: int
    end: int
    end_line: int
    receiver: str | None
    pattern: int


_NAME_NODES = frozenset(
    {"identifier", "field_identifier", "type_identifier", "destructor_name", "operator_name"}
)


def _resolve_declarator(node: Node) -> tuple[Node, str | None, bool] | None:
    """A C/C++ declarator's name node, its `Class::` qualifier and whether it declares a function."""
    receiver = None
    is_function = False
    while node is not None:
        kind = node.type
        if kind in _NAME_NODES:
            return node, receiver, is_function
        if kind == "qualified_identifier":
            scope = node.child_by_field_name("scope")
            receiver = _type_name(_text(scope)) if scope is not None else receiver
            node = node.child_by_field_name("name")
            continue
        if kind == "function_declarator":
            inner = node.child_by_field_name("declarator")
            # `(*callback)(int)` declares a pointer, not a function.
            is_function = inner is not None and inner.type != "parenthesized_declarator"
            node = inner
            continue
        child = node.child_by_field_name("declarator")
        node = child if child is not None else (node.named_children[-1] if node.named_children else None)
    return None


def _last_line(node: Node) -> int:
    """1-based last line of `node`; a node ending with its newline (`#define`) ends on the line before."""
    row, column = node.end_point
    return row if column == 0 and row > node.start_point[0] else row + 1


def _text(node: Node) -> str:
    return node.text.decode("utf-8", "replace") if node.text is not None else ""


def _declarator_kind(kind: str, is_function: bool) -> str | None:
    """The kind a C/C++ declarator defines under a definition of `kind`, or None for none."""
    if kind == "function":
        return kind if is_function else None  # other shapes are handled by earlier patterns
    if kind == "variable":
        return None if is_function else kind  # a prototype declares, it does not define
    if kind == "field":
        return "function" if is_function else kind  # a member function declared in a class body
    return kind


def _match_items(pattern: int, captures: dict[str, list[Node]]) -> list[_Item]:
    kind: str | None = None
    span = None
    for capture, nodes in captures.items():
        if capture.startswith("def."):
            kind, span = capture[4:], nodes[0]
        elif capture == "scope":
            span = nodes[0]
    if span is None:
        return []
    receiver = _type_name(_text(captures["receiver"][0])) if "receiver" in captures else None
    named: list[tuple[Node, str | None, str | None]] = [
        (node, receiver, kind) for node in captures.get("name", ())
    ]
    for node in captures.get("declarator", ()):
        resolved = _resolve_declarator(node)
        if resolved is not None and kind is not None:  # declarators come with a @def.<kind>
            name_node, qualifier, is_function = resolved
            declared = _declarator_kind(kind, is_function)
            if declared is not None:
                named.append((name_node, qualifier or receiver, declared))
    items = []
    for name_node, container, name_kind in named:
        text = _text(name_node).strip().lstrip(":")
        if name_kind is None:
            text = _type_name(text) or text  # impl Display for Ledger<T> → Ledger
        name, qualifier = _split_qualified(text) if _QUALIFIER.search(text) else (text, None)
        if name:
            items.append(
                _Item(
                    name,
                    name_node.start_point[0] + 1,
                    name_kind,
                    span.start_byte,
                    span.end_byte,
                    _last_line(span),
                    container or qualifier,
                    pattern,
                )
            )
    return items


def _tree_definitions(language: str, source: bytes) -> list[Definition] | None:
    compiled = _grammar(language)
    if compiled is None:
        return None
    lang, query = compiled
    from tree_sitter import Parser, QueryCursor

    # A parser costs well under a microsecond; one per call keeps concurrent callers safe.
    tree = Parser(lang).parse(source)
    best: dict[tuple[int, int, str], _Item] = {}
    for pattern, captures in QueryCursor(query).matches(tree.root_node):
        for item in _match_items(pattern, captures):
            key = (item.start, item.line, item.name)
            if key not in best or item.pattern < best[key].pattern:
                best[key] = item
    constant_kinds = _LINE_TABLES[language].constant_kinds
    found = []
    stack: list[_Item] = []
    for item in sorted(best.values(), key=lambda i: (i.start, -i.end, i.pattern, i.line)):
        # Pop what ended before this item, and siblings sharing its node (`A, B int`).
        while stack and (
            stack[-1].end <= item.start or (stack[-1].start, stack[-1].end) == (item.start, item.end)
        ):
            stack.pop()
        parent = stack[-1] if stack else None
        stack.append(item)
        if item.kind is None:
            continue
        container, container_kind = item.receiver, ("class" if item.receiver else None)
        if container is None and parent is not None:
            parent_kind = parent.kind or "class"  # a scope (impl, extension) holds members like a class
            # `typedef struct ledger {…} ledger_t;` names the struct; it does not contain it.
            if parent_kind in _CONTAINER_KINDS and not (parent_kind == "type" and item.kind in _TYPE_KINDS):
                container, container_kind = parent.name, parent_kind
        kind = _refine(item.kind, item.name, container_kind, constant_kinds)
        found.append(Definition(item.name, item.line, kind, container, item.end_line))
    return found


def _sorted(found: list[Definition]) -> list[Definition]:
    unique = {(d.line, d.name, d.kind, d.container or ""): d for d in found}
    return [unique[k] for k in sorted(unique)]


# Callers ask for several places in the same file (one per hit); bytes cache their
# hash, so a repeated lookup costs no second parse.
@functools.lru_cache(maxsize=16)
def _file_definitions(language: str, source: bytes) -> tuple[Definition, ...]:
    if language not in _LINE_TABLES:  # every language with a grammar has line patterns too
        return ()
    found = _tree_definitions(language, source)
    if found is None:
        found = _line_definitions(language, source.decode("utf-8", "replace"))
    return tuple(_sorted(found))


def definitions(language: str, source: bytes) -> list[Definition]:
    """All definitions in one file, sorted by line: tree-sitter where a grammar is installed,
    line patterns otherwise. Never raises: broken source gives partial results."""
    return list(_file_definitions(language, source))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


_SCOPE_KINDS = frozenset(
    {"function", "method", "class", "struct", "interface", "enum", "trait", "module", "macro"}
)


def enclosing_definition(language: str, source: bytes, line: int) -> Definition | None:
    """The innermost function/method/class whose span contains `line` (1-based), for naming the symbol at a place.

    With tree-sitter any definition with a span counts (a multi-line constant or
    computed property names its lines too); with line patterns, which know no
    ends, it is the nearest function/class/module above that is less indented."""
    found = _file_definitions(language, source)
    spans = [d for d in found if d.end_line is not None and d.line <= line <= d.end_line]
    if spans:
        return max(spans, key=lambda d: (d.line, -(d.end_line or 0)))
    if any(d.end_line is not None for d in found):
        return None
    lines = source.decode("utf-8", "replace").split("\n")
    if not 1 <= line <= len(lines):
        return None
    target = _indent(lines[line - 1])
    for d in reversed(found):
        if d.line == line and d.kind in _SCOPE_KINDS:
            return d
        if d.line < line and d.kind in _SCOPE_KINDS and _indent(lines[d.line - 1]) < target:
            return d
    return None
