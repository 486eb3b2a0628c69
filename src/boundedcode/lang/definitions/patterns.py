"""The line patterns of each language: one table per language, first matching rule decides.

Named groups: `name` (one name), `names` (a list: `a, b`, `:a, :b`), `qname`
(qualified; the last part is the name, the one before it the container),
`container` (a receiver or qualifier), `kw` (a keyword choosing the kind).
The first rule that matches a line decides it. Whitespace and modifier runs
are possessive (`\\s++`, `*+`) so a failing match never retries other splits
of them; that keeps every pattern linear on a 100 KB line. The patterns are
compiled on first use (`lines.py`), so importing this table compiles nothing.
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["Rule", "LineTable", "LINE_TABLES"]


# Internal records are NamedTuples: a dataclass costs about a millisecond of import each.
class Rule(NamedTuple):
    pattern: str
    kind: str
    indented: str | None = None  # instead of `kind` when the line is indented (a def in a class body)
    keywords: tuple[tuple[str, str], ...] = ()  # kind by the `kw` group, whitespace-normalised, lower case
    flags: int = 0


#: Lines that define nothing in most languages, tested before any rule (most scan hits are such):
#: comments (`//`, `/*`, ` * ` inside a block comment, `#` but `#define`, `--`) and `return`.
NO_DEFINITION = r"\s*+(?://|/\*|\*(?:\s|$)|#(?!\s*+define\b)|--|return\b)"
#: In JavaScript and TypeScript `#x = 0` is a private field and `* gen() {` a generator method.
_ECMA_NO_DEFINITION = r"\s*+(?://|/\*|--|return\b)"


class LineTable(NamedTuple):
    rules: tuple[Rule, ...]
    # Kinds that become "constant" for UPPER_CASE names (fields in Java, not in Go).
    constant_kinds: frozenset[str] = frozenset({"variable"})
    # What the qualifier of a qualified name is: `Ledger::post` a class, SQL `ledger.entries` a schema.
    qualifier_kind: str = "class"
    # Whether a rule can define a name written right after `.` (`def self.post`, `Ledger.prototype.post
    # =`, `function M.post(`, `fun String.post(`); where none can, a line using the name only as
    # `x.post` or `x->post` is rejected before any pattern runs (most scan hits are such uses).
    dotted: bool = False
    # Lines starting so define nothing in this language (see NO_DEFINITION).
    no_definition: str = NO_DEFINITION


def _r(
    pattern: str,
    kind: str,
    *,
    indented: str | None = None,
    flags: int = 0,
    spelled: dict[str, str] | None = None,  # keywords that are no Python names: `@interface`, `enum class`
    **keywords: str,
) -> Rule:
    return Rule(pattern, kind, indented, tuple({**keywords, **(spelled or {})}.items()), flags)


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

_PYTHON = LineTable(
    (
        _r(r"^\s*+class\s++(?P<name>\w+)", "class"),
        _r(r"^\s*+(?:async\s++)?def\s++(?P<name>\w+)", "function", indented="method"),
        _r(r"^type\s++(?P<name>\w+)\s*+(?:\[[^\]]*\]\s*+)?=", "type"),
        _r(rf"^(?P<names>{_NAMES})\s*+(?::[^=]*)?=(?!=)", "variable"),  # module level only
        # x: int = 0. A line ending in a comma is a dict's entry (`Decimal: to_decimal,`) or a
        # parameter, never an annotation; one whose annotation holds two words apart is a
        # docstring's prose (`name: The ledger's name.`, `solve_real: solver for real domain`).
        _r(
            r"^\s++(?!.*,\s*+(?:#.*)?$)(?P<name>[A-Za-z_]\w*)\s*+:\s*+(?![^=#]*\w\s+[A-Za-z_])"
            r"[A-Za-z_\"'][^=()]*(?:=.*)?$",
            "field",
        ),
    )
)

_GO_NOT_STATEMENT = (
    r"(?!(?:return|var|const|go|defer|goto|case|else|type|chan|map|func|if|for|switch|select|break|"
    r"continue|fallthrough|range)\b)"
)
_GO = LineTable(
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
_RUST = LineTable(
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
_JAVA = LineTable(
    (
        _r(
            rf"^\s*+{_ANNOTATIONS}{_JAVA_MODS}*+(?P<kw>class|interface|enum|record|@interface)\s++(?P<name>\w+)",
            "class",
            interface="interface",
            enum="enum",
            spelled={"@interface": "annotation"},
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}{_JAVA_MODS}*+(?:{_GENERIC}\s*+)?{_NOT_STATEMENT}{_JAVA_TYPE}\s++(?P<name>\w+)\s*+\(",
            "method",
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}(?:public|protected|private)\s++(?P<name>[A-Z]\w*)\s*+\(", "method"
        ),  # constructor
        # A package-private constructor: its body opens on the line, or its parameters start below.
        # Its name has a lower-case letter (an enum constant's arguments: `PLUS("+") {`).
        _r(
            rf"^\s++{_ANNOTATIONS}(?P<name>[A-Z]\w*[a-z]\w*)\s*+"
            rf"(?:{_PARAMS}\s*+(?:throws\s++[\w.$]+(?:\s*+,\s*+[\w.$]+)*+\s*+)?\{{|\(\s*+$)",
            "method",
        ),
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
_CSHARP = LineTable(
    dotted=True,  # namespace Shop.Ledger
    rules=(
        _r(r"^\s*+namespace\s++(?P<qname>[\w.]+)", "module"),
        _r(
            rf"^\s*+{_CS_ATTRIBUTES}{_CS_MODS}*+(?P<kw>class|struct|interface|enum|record\s++struct|record\s++class|record)"
            r"\s++(?P<name>\w+)",
            "class",
            struct="struct",
            interface="interface",
            enum="enum",
            spelled={"record struct": "struct"},
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
    ),
)

_KOTLIN_MODS = (
    r"(?:(?:public|private|protected|internal|open|final|abstract|sealed|data|inner|value|"
    r"inline|override|suspend|operator|infix|tailrec|external|lateinit|expect|actual|"
    r"annotation|companion)\s++)"
)
_KOTLIN = LineTable(
    dotted=True,  # fun String.post(
    rules=(
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
            spelled={"enum class": "enum", "fun interface": "interface"},
        ),
        _r(
            rf"^\s*+{_ANNOTATIONS}{_KOTLIN_MODS}*+(?:val|var)\s++(?:{_GENERIC}\s*+)?(?:(?P<container>\w+)\.)?(?P<name>\w+)",
            "property",
        ),
        _r(_ENUM_CONSTANT, "constant"),
    ),
)

_SCALA_MODS = (
    r"(?:(?:(?:private|protected)(?:\[\w*\])?|override|final|sealed|abstract|implicit|lazy|"
    r"inline|opaque|open|transparent|case|infix)\s++)"
)
_SCALA = LineTable(
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
    # An arrow function whose parameters Prettier put one a line below: `export const post = (`,
    # `const patch: PatchFn = (`, `const load = async (`. Indented and neither typed nor async,
    # the parenthesis may open an expression (`const container = (` + `root.parentNode`).
    _r(
        rf"^(?:export\s++)?(?:const|let|var)\s++(?P<name>{_JS_ID})\s*+(?::[^=]*)?=\s*+(?:async\s*+)?\(\s*+$",
        "function",
    ),
    _r(
        rf"^\s++(?:const|let|var)\s++(?P<name>{_JS_ID})\s*+(?::[^=]*=|=\s*+async)\s*+\(\s*+$",
        "function",
    ),
    _r(rf"^(?:export\s++)?(?:declare\s++)?(?:const|let|var)\s++(?P<name>{_JS_ID})\s*+[:=]", "variable"),
    _r(rf"^\s*+(?P<container>{_JS_ID})\.prototype\.(?P<name>{_JS_ID})\s*+=", "method"),
    _r(
        rf"^\s*+(?P<name>{_JS_ID})\s*+=\s*+(?:async\s++)?function\b", "function"
    ),  # `sortOrder = function( a, b ) {`
    _r(
        rf"^(?:module\.)?exports\.(?P<name>{_JS_ID})\s*+=\s*+(?P<kw>async\b|function\b|\()?",
        "variable",
        spelled={"async": "function", "function": "function", "(": "function"},
    ),
    _r(
        rf"^\s++{_JS_MEMBER_MODS}\*?\s*+{_JS_NOT_STATEMENT}(?P<name>#?{_JS_ID})\s*+(?:{_GENERIC})?\s*+{_PARAMS}"
        r"\s*+(?::[^{;=]*)?\{",
        "method",
    ),
    # An object's method (a comma-first list's too: `, show: function () {`), its result typed or not.
    _r(
        rf"^\s++(?:,\s*+)?(?P<name>{_JS_ID})\s*+:\s*+(?:async\s++)?"
        rf"(?:function\b|{_PARAMS}\s*+(?::[^=]*)?=>|{_JS_ID}\s*+=>)",
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
_JAVASCRIPT = LineTable(_JS_RULES, dotted=True, no_definition=_ECMA_NO_DEFINITION)  # Ledger.prototype.post =
_TS_TYPE_WORD = r"(?:string|number|boolean|any|unknown|void|null|undefined|never|object|symbol|bigint)\b"
_TS_MEMBER_WORDS = r"public|private|protected|abstract|readonly|static|async|declare"
_TS_MEMBER_MODS = rf"(?:(?:{_TS_MEMBER_WORDS})\s++)*+"
_TYPESCRIPT = LineTable(
    dotted=True,  # as JavaScript
    no_definition=_ECMA_NO_DEFINITION,
    rules=(
        _r(
            rf"^\s*+{_JS_EXPORT}(?P<kw>interface|enum|const\s++enum|type|namespace|module)\s++(?P<name>{_JS_ID})"
            rf"\s*+(?:<|[={{]|extends\b|$)",  # `type Props<` (its parameters below, or holding `=>`)
            "type",
            interface="interface",
            enum="enum",
            namespace="module",
            module="module",
            spelled={"const enum": "enum"},
        ),
        *_JS_RULES,
        # Interface, overload and abstract method signatures: `save(entry: Entry): Promise<void>;`, and
        # generic methods whose parameters continue below: `on<E extends keyof Events>(`.
        _r(
            rf"^\s++{_TS_MEMBER_MODS}(?P<name>{_JS_ID})\??\s*+(?:{_GENERIC})?\s*+{_PARAMS}\s*+:\s*+[^;{{=]*[;,]?\s*+$",
            "method",
        ),
        _r(rf"^\s++{_TS_MEMBER_MODS}(?P<name>{_JS_ID})\??\s*+{_GENERIC}\s*+\(", "method"),
        # Parameters one a line below: a modifier (`static from(`) or an optional mark (`render?(`)
        # tells a method from a call statement.
        _r(rf"^\s++(?:(?:{_TS_MEMBER_WORDS})\s++)++(?P<name>{_JS_ID})\??\s*+\(\s*+$", "method"),
        _r(rf"^\s++(?P<name>{_JS_ID})\?\s*+\(\s*+$", "method"),
        _r(
            rf"^\s++(?:readonly\s++)?(?P<name>{_JS_ID})\??\s*+:\s*+[^;=]+;\s*+$", "property"
        ),  # interface members
        # The same without semicolons (Prettier's `semi: false`): optional (no object's entry is), or
        # of a type a value cannot spell (`string`, `Ref<T>`), and not a list's entry (a comma ends it).
        _r(
            rf"^\s++(?:readonly\s++)?(?P<name>{_JS_ID})(?:\?\s*+:\s*+|\s*+:\s*+(?=[A-Z]|{_TS_TYPE_WORD}))"
            r"(?:[^;=]|=>)*+(?<![,;])\s*+$",
            "property",
        ),
        _r(_PASCAL_MEMBER, "constant"),
    ),
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


def _c_rules(member_kind: str) -> tuple[Rule, ...]:
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
            spelled={"class": "class", "enum class": "enum", "enum struct": "enum"},
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


_C = LineTable(_c_rules("function"))
_CPP = LineTable((*_c_rules("method"), *_CPP_CONSTRUCTORS))
_OBJC = LineTable(
    (
        _r(r"^\s*+@(?P<kw>interface|protocol)\s++(?P<name>\w+)", "class", protocol="interface"),
        _r(r"^\s*+[-+]\s*+\([^)]*\)\s*+(?P<name>\w+)", "method"),
        _r(r"^\s*+@property\b[^;]*?(?P<name>\w+)\s*+;", "property"),
        *_c_rules("function"),
    )
)

_PHP = LineTable(
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

_RUBY = LineTable(
    dotted=True,  # def self.post
    rules=(
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
    ),
)

_SWIFT_ATTRIBUTES = r"(?:@\w+(?:\([^()]*\))?\s++)*+"
_SWIFT_MODS = (
    r"(?:(?:(?:public|private|fileprivate|internal|open|package)(?:\(set\))?|static|final|"
    r"override|mutating|nonmutating|lazy|weak|unowned|dynamic|required|convenience|optional|"
    r"indirect|nonisolated|isolated|distributed)\s++)"
)
_SWIFT = LineTable(
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
_DART = LineTable(
    dotted=True,  # Ledger.named(
    rules=(
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

_ELIXIR = LineTable(
    dotted=True,  # defmodule Shop.Ledger
    rules=(
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

_LUA = LineTable(
    dotted=True,  # function M.post(
    rules=(
        _r(r"^\s*+(?:local\s++)?function\s++(?P<qname>[\w.]+(?::\w+)?)\s*+\(", "function"),
        _r(r"^\s*+(?:local\s++)?(?P<qname>[\w.]+)\s*+=\s*+function\b", "function"),
        _r(rf"^local\s++(?P<names>{_NAMES})\s*+(?:<\w+>\s*+)?=", "variable"),
    ),
)

_SHELL = LineTable(
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

_SQL = LineTable(
    dotted=True,  # create table shop.ledger
    rules=(
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

LINE_TABLES: dict[str, LineTable] = {
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
