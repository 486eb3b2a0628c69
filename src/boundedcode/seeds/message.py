"""Message text → anchors: the names, paths, modules, quotes and keys it holds.

The message is untrusted prose with code samples in it. Code in fenced or
indented blocks and interactive prompts is a *sample*: names found only there
count for less. Anchors come out in seed order (spec, "Strategies"): quoted
errors first, then names discussed in prose, configuration keys, sample-only
names last; placeholders such as foo and bar are dropped.
"""

from __future__ import annotations

import re
from itertools import chain
from typing import NamedTuple

from .._record import replace
from ..lazyre import compile_static
from ..model import Anchor, AnchorKind, AnchorOrigin
from .imports import import_anchors, python_bindings

__all__ = ["Segments", "split_segments", "message_anchors", "words", "cap_message", "PLACEHOLDERS"]

#: Names that stand for "any name" in examples; never looked up.
PLACEHOLDERS = frozenset(
    {
        "foo",
        "bar",
        "baz",
        "qux",
        "quux",
        "foobar",
        "spam",
        "eggs",
        "ham",
        "hoge",
        "fuga",
        "piyo",
        "example",
        "my_func",
        "myfunc",
        "some_func",
        "dummy",
        "blah",
        "xyz",
        "abc",
        "xxx",
        "yyy",
        "zzz",
    }
)

#: Words that look like code but name nothing in a repository.
COMMON = frozenset(
    {
        "self",
        "this",
        "cls",
        "none",
        "null",
        "nil",
        "true",
        "false",
        "return",
        "import",
        "from",
        "def",
        "class",
        "func",
        "function",
        "print",
        "println",
        "printf",
        "len",
        "str",
        "int",
        "float",
        "bool",
        "list",
        "dict",
        "set",
        "tuple",
        "object",
        "type",
        "var",
        "let",
        "const",
        "new",
        "string",
        "error",
        "errors",
        "value",
        "values",
        "data",
        "result",
        "test",
        "tests",
        "main",
        "init",
        "get",
        "put",
        "post",
        "delete",
        "args",
        "kwargs",
        "http",
        "https",
        "www",
        "github",
        "com",
        "org",
        "json",
        "html",
        "todo",
        "fixme",
        "note",
        "e.g",
        "i.e",
        "etc",
        "assert",
        "raise",
        "throw",
        "try",
        "catch",
        "except",
        "finally",
        # Control flow reads as a call in prose ("to deal with(existing behavior)") and names
        # nothing: `with` alone was a needle in most lines of a Java tree.
        "with",
        "while",
        "for",
        "else",
        # Boolean operators spelled as words (Python, C++'s alternative tokens): `not` was a
        # needle in 21,000 files of a polyglot tree, and named nothing there.
        "not",
        "and",
        "switch",
        "elif",
        "typeof",
        "instanceof",
        "throws",
        "async",
        "await",
        "yield",
        "lambda",
        "public",
        "private",
        "static",
        "void",
        "println!",
        "console",
        "log",
        "echo",
        "pip",
        "python",
        "python3",
        "npm",
        "cargo",
        "go",
        "java",
        "ruby",
        "php",
        "node",
        "rust",
        "git",
        "traceback",
        "exception",
        "file",
        "line",
        "module",
        "version",
        "issue",
        "bug",
        "fix",
    }
)

#: The languages' built-ins, in the one spelling they have: defined by the language, not by the
#: repository. Spelled otherwise they are the repository's own: a class `Range` or `Property`
#: is not Python's `range` or `property`.
BUILTINS = frozenset(
    {
        "super",
        "isinstance",
        "issubclass",
        "getattr",
        "setattr",
        "hasattr",
        "repr",
        "open",
        "sorted",
        "enumerate",
        "zip",
        "min",
        "max",
        "sum",
        "abs",
        "round",
        "range",
        "iter",
        "next",
        "bytes",
        "bytearray",
        "frozenset",
        "callable",
        "vars",
        "dir",
        "id",
        "hash",
        "input",
        "staticmethod",
        "classmethod",
        "property",
        "__init__",
        "__name__",
        "__main__",
        "undefined",
        "nullptr",
        "sizeof",
        "malloc",
        "free",
        "std",
        "unwrap",
        "expect",
        "clone",
        "require",
        "exports",
        "document",
        "window",
        "puts",
        "include",
    }
)

#: The types Python itself defines, as its error messages name them: no program's class.
PYTHON_TYPES = frozenset(
    """int str float complex bool bytes bytearray memoryview list tuple dict set frozenset range slice
    object type NoneType NotImplementedType ellipsis function method builtin_function_or_method
    module generator coroutine async_generator property classmethod staticmethod super cell code
    frame traceback map filter zip enumerate reversed dict_keys dict_values dict_items""".split()
)

_BINARY_HOOKS = "add sub mul matmul truediv floordiv div mod divmod pow lshift rshift and xor or".split()
#: The one-word dunders a language gives meaning to (Python's data model and its modules' and
#: functions' attributes, C's, PHP's and Ruby's predefined names): most projects define or read
#: them, so they point at none. Any other (`__proxy__`, `__array__`) is a project's own name.
LANGUAGE_DUNDERS = frozenset(
    f"__{n}__"
    for n in (
        *"""new init del repr str bytes format hash bool lt le eq ne gt ge getattr getattribute setattr
        delattr dir get set delete slots prepare instancecheck subclasscheck subclasshook call len
        getitem setitem delitem missing iter reversed contains neg pos abs invert complex int float
        index round trunc floor ceil enter exit aenter aexit await aiter anext buffer copy deepcopy
        reduce getstate setstate getnewargs sizeof fspath name qualname module doc dict class bases
        mro annotations wrapped file path package spec loader all version main builtins globals
        closure code defaults kwdefaults self func weakref cause context traceback notes future
        debug import metaclass nonzero unicode cmp long oct hex coerce getslice setslice delslice
        members objclass signature parameters args origin FILE LINE DIR CLASS FUNCTION METHOD
        NAMESPACE TRAIT DATE TIME attribute cplusplus GNUC method send id proto""".split(),
        *_BINARY_HOOKS,
        *(f"r{n}" for n in _BINARY_HOOKS),
        *(f"i{n}" for n in _BINARY_HOOKS),
    )
)

_FENCE = compile_static(r"^\s{0,3}(```|~~~)")
_PROMPT = compile_static(r"^\s*(>>>|\.\.\.|\$ |> |In \[\d+\]:|Out\[\d+\]:|irb\(|iex\(|php > )")
_INDENTED = compile_static(r"^(    |\t)\S")
#: An unfenced line of code in prose (issue trackers without Markdown): a statement, not a sentence.
_CODE_LINE = compile_static(
    r"^\s*+(?:(?:def|class|import|from|return|raise|assert|if|elif|for|while|with|try|except|"
    r"func|fn|let|const|var|pub|use|package|public|private|protected|static|function|"
    r"#include|#define|@\w+)\b[^.!?]*$"
    r"|[\w.\[\]'\"]+\s*[-+*/]?=\s*\S[^.!?]*$"  # an assignment
    r"|[\w.]+\([^()]*\)\s*;?\s*$"  # a bare call
    # A line ending in a brace or a semicolon: not a route's parameter (`GET /orders/{id}`).
    r"|(?!.*\{\w+\}\s*$).*[{};]\s*$)"
)
#: The types CPython's own error messages quote (`'Morsel' object is not subscriptable`, `can only
#: concatenate str (not "Promise") to str`, `unsupported operand type(s) for +: 'int' and 'Money'`).
_PYTHON_QUOTED_TYPE = compile_static(
    r"'([\w.]+)' object (?:has no attribute|is not|does not support|cannot be)"
    r"|\(not \"([\w.]+)\"\)"
    r"|operand type\(s\) for [^:\n]{1,3}: '([\w.]+)' and '([\w.]+)'"
    r"|bad operand type for [^:\n]{1,12}: '([\w.]+)'"
    r"|type object '([\w.]+)' has no attribute"
    r"|Object of type ([\w.]+) is not JSON serializable"
    r"|unhashable type: '([\w.]+)'"
    r"|between instances of '([\w.]+)' and '([\w.]+)'"
    r"|argument of type '([\w.]+)' is not iterable"
)
#: The program's names a runtime's own errors quote, as CPython, Ruby and V8 print them: `cannot
#: import name 'x'`, `module 'm' has no attribute 'x'`, `name 'x' is not defined`, CPython's `Did
#: you mean: 'x'?` (a name that exists), Ruby's ``undefined local variable or method `x'`` and the
#: class of ``undefined method `x' for #<Ledger:0x…>``, V8's `ReferenceError: x is not defined`. A
#: one-word lower-case name has no name's shape in prose, and the error line gives only its literal
#: runs. A value's missing attribute or method (Ruby's `x` above, V8's `(reading 'x')`) is not taken,
#: as `'Ledger' object has no attribute 'x'` is not: most are common words (`each`, `length`).
_RUNTIME_NAME = compile_static(
    r"cannot import name '(\w+)'"
    r"|module '[\w.]+' has no attribute '(\w+)'"
    r"|\bname '(\w+)' is not defined"
    r"|Did you mean: '(\w+)'\?"
    r"|undefined local variable or method [`'](\w+)[?!]?'"
    r"|undefined method [`'][^'\s]+' for (?:#<|an instance of )?([A-Z]\w*(?:::\w+)*)"
    r"|(?:ReferenceError|TypeError): ([A-Za-z_$][\w$]*) is not (?:defined|a function|a constructor)"
)
#: A Python traceback's frame and its source line: the frame locates that line (stack_trace reads
#: it from the message), and the line's names (`field.name`, `self.using`) would be searched in
#: every file for code the frame already points at.
_FRAME_SOURCE = compile_static(r'^([^\S\n]*File "[^"\n]+", line \d+, in [^\n]*\n)[ \t]+\S[^\n]*$', re.M)
#: A SQL statement pasted in a message: its `table.column` names are the reporter's schema.
_SQL_STATEMENT = compile_static(
    r"^[^\S\n]*(?:SELECT|INSERT|UPDATE|DELETE|WITH)\b.*\b(?:FROM|INTO|SET|WHERE)\b.*$", re.M
)
_QUALIFIED_COLUMN = compile_static(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_BACKTICK = compile_static(r"`{1,2}([^`\n]{1,200})`{1,2}")
_SINGLE_QUOTED = compile_static(r"(?<![\w'])'([^'\n]{12,300})'(?![\w'])")
_CURLY_QUOTED = compile_static(r"“([^”\n]{6,300})”")
_ERROR_LINE = compile_static(
    r"^[^\S\n]*(?:[\w.]*(?:Error|Exception|Warning|Panic|Fault)|error(?:\[E\d+\])?|panic|fatal|FATAL|ERROR)"
    r"\s*:\s+(.{8,300})$",
    re.M,
)
#: The same after prose on its line ("… the job dies with shop.core.exceptions.LedgerError: …",
#: "This fails with: TypeError: …"): an exception's name, qualified by its module's lower-case
#: path when it names no error (`ImproperlyConfigured`), then its message to the line's end.
_ERROR_IN_LINE = compile_static(
    r"(?<![\w.])(?:(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning)|(?:[a-z_]\w*\.)+[A-Z][A-Za-z]+)"
    r":\s+(.{8,300})$",
    re.M,
)
_IDENT = r"[A-Za-z_$][\w$]*"
#: What joins a token's names (`_TOKEN`).
_SEPARATORS = compile_static(r"\.|::|->|\\+|#")
#: A name, or names joined by a language's separators; a namespace's backslash may be doubled, as
#: a JSON log or a PHP string escapes it (`Illuminate\\Queue\\Worker`), before a capital (TeX's
#: `\\right` is no namespace).
_TOKEN = compile_static(r"[A-Za-z_$][\w$]*(?:(?:\.|::|->|\\|\\\\(?=[A-Z])|#)[A-Za-z_$][\w$]*)*(?:\(\)?)?")
#: A file's path, its line after `:` or as a forge writes it (`compiler.py#L428-L433`).
_PATH = compile_static(
    r"(?<![\w/.-])((?:[\w.-]+/)*[\w.-]*[A-Za-z0-9_-]\.[A-Za-z][\w]{0,9})(?::(\d+)|#L(\d+)(?:-L?\d+)?)?(?![\w/])"
)
#: A link to a file of a repository on a forge (GitHub's and Gitea's `/blob/REF/`, GitLab's
#: `/-/blob/REF/`), its line from `#L12`: the path is the checkout's own.
_FORGE_FILE = compile_static(
    r"https?://[\w.-]+/(?:[\w.-]+/)+?(?:-/)?blob/[^/\s]+/([^\s#?)\]>\"'`]+)(?:#L(\d+))?"
)
_DIR_PATH = compile_static(r"(?<![\w/.:-])((?:[\w.-]+/){1,12}[\w.-]+/?)(?![\w/])")
#: A project's guides for its contributors, as GitHub names them (`CONTRIBUTING.md`,
#: `CODE_OF_CONDUCT.md`): an issue template links them ("read CONTRIBUTING.md first"), and no
#: fix is in them.
COMMUNITY_GUIDES = frozenset({"CONTRIBUTING", "CODE_OF_CONDUCT", "SECURITY", "SUPPORT", "GOVERNANCE"})
#: A platform as Go and Docker spell it (`linux/amd64`, `darwin/arm64`, `linux/arm/v7`): no folder.
_PLATFORM = compile_static(
    r"^(?:linux|darwin|windows|freebsd|netbsd|openbsd|dragonfly|android|ios|illumos|solaris|aix|plan9"
    r"|js|wasip1)/(?:amd64|arm64|386|arm|ppc64le|ppc64|s390x|riscv64|mips64le|mips64|mipsle|mips"
    r"|loong64|wasm|x86_64|aarch64)(?:/v\d)?/?$"
)
_CONFIG_KEY = compile_static(r"^[a-z][a-z0-9_]*(?:[.-][a-z][a-z0-9_]*)+$")
_ENV = compile_static(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
#: A one-word name spelled `__like__`: a language's own hook or attribute, or a name of the project's.
_DUNDER = compile_static(r"^__[A-Za-z][A-Za-z0-9]*__$")
_CAMEL = compile_static(r"^_?[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*$")
_SNAKE = compile_static(r"^_{0,2}[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+_{0,2}$")
_WORD = compile_static(r"[A-Za-z][A-Za-z0-9]+")
#: A name as a message renders it: CamelCase with a capital inside, snake_case, or dotted.
_RENDERED_NAME = compile_static(r"^_?[A-Za-z][a-z0-9]*[A-Z]\w*$|^\w+_\w+$|^\w+(?:\.\w+)+$")
# A route: an HTTP method and a path that starts a word (`GET /api/v1/orders/{id}`), or a path
# the prose calls an endpoint or route ("the /api/v1/orders endpoint").
_ROUTE = compile_static(r"(?<![\w/.-])(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+(/[\w{}:<>./*-]*)")
#: An endpoint the prose names (`/api/orders endpoint`): a path that no path character precedes,
#: so each run of them is tried once, not from each of its slashes (`/{/{/{…`: quadratic).
_ENDPOINT = compile_static(
    r"(?<![\w/.:{}<>*-])`?(/[\w{}:<>.*-]+(?:/[\w{}:<>.*-]*)*)`?\s+(?:endpoint|route)s?\b", re.I
)
_COMMIT = compile_static(r"(?<![\w/])([0-9a-f]{7,40})(?![\w/])")

#: File extensions that make a dotted token a path rather than a member or module.
SOURCE_EXTENSIONS = frozenset(
    (
        "py pyi go rs java kt kts scala sc js jsx mjs cjs ts tsx mts cts c h cc cpp cxx hpp hh hxx cs "
        "php rb swift dart ex exs lua sh bash zsh sql proto graphql gql yaml yml toml json xml ini cfg "
        "conf md rst txt html css scss less vue svelte gradle tcl pl pm r m mm erb haml jinja j2 tmpl "
        "tpl mk cmake properties lock env"
    ).split()
)

#: Generic top-level domains: a lower-case dotted token ending in one is a host name
#: (`example.com`, `docs.python.org`, `bpaste.net`), never a module or a member.
HOST_DOMAINS = frozenset({"com", "org", "net", "edu", "gov"})
_HOST_LABEL = compile_static(r"[a-z0-9][a-z0-9-]*")


#: Share of a capped message kept from its head; the rest comes from its tail.
HEAD_SHARE = 0.75


def cap_message(text: str, max_chars: int) -> tuple[str, bool]:
    """`text` within `max_chars`, and whether it was cut: its head (title, description) and
    its tail (a trace or the failing output often comes last), each cut at a line end."""
    if len(text) <= max_chars:
        return text, False
    head = text[: int(max_chars * HEAD_SHARE)]
    tail = text[len(text) - (max_chars - len(head)) :]
    head = head[: head.rfind("\n") + 1] or head
    tail = tail[tail.find("\n") + 1 :] or tail
    return head + tail, True


class Segments(NamedTuple):
    prose: str
    code: str


def split_segments(text: str) -> Segments:
    """Separate prose from code samples (fenced blocks, indented blocks, prompts)."""
    prose: list[str] = []
    code: list[str] = []
    in_fence = False
    for line in text.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence or _PROMPT.match(line) or _INDENTED.match(line) or _CODE_LINE.match(line):
            code.append(line)
        else:
            prose.append(line)
    return Segments("\n".join(prose), "\n".join(code))


def words(text: str) -> list[str]:
    """Lower-case words of prose: each token whole (SQLite → sqlite), then its parts split on
    case, digits and underscores when it has several (KBinsDiscretizer → k, bins, discretizer)."""
    out: list[str] = []
    for token in _WORD.findall(text):
        parts = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", token)
        whole = token.lower().rstrip("0123456789")
        if whole:
            out.append(whole)
        if len(parts) > 1:
            out.extend(p.lower() for p in parts)
    return out


#: A capitalized word the prose calls a class, an instance or an object of ("the various
#: Choices classes", "a Message instance", "subclasses of Field") is a type's name, though it
#: reads as a word; at a sentence's start it is only the sentence's first word.
_TYPE_NOUN = r"(?:sub)?class(?:es)?|instances?|objects?"
_TYPE_WORD = r"[A-Z][a-z0-9]{2,}"
_BEFORE_TYPE_NOUN = compile_static(
    rf"(?:(?<=[a-z0-9,] )|(?<=\bA )|(?<=\bAn )|(?<=\bThe ))(?P<name>{_TYPE_WORD})\s+(?:{_TYPE_NOUN})\b"
)
_AFTER_TYPE_NOUN = compile_static(
    rf"\b(?:[Ss]ub)?(?:[Cc]lass(?:es)?|[Ii]nstances?)\s+of\s+(?:an?\s+|the\s+)?(?P<name>{_TYPE_WORD})\b(?![\w.(])"
)


#: The exceptions a language raises itself (Python's built-in ones, JavaScript's, Ruby's core,
#: `java.lang`'s, PHP's SPL): every project raises and catches them, so a message naming one
#: names no place of its own. The error's words stay the message's.
LANGUAGE_EXCEPTIONS = frozenset(
    """BaseException Exception ArithmeticError AssertionError AttributeError BlockingIOError
    BrokenPipeError BufferError ChildProcessError ConnectionAbortedError ConnectionError
    ConnectionRefusedError ConnectionResetError EOFError EnvironmentError FileExistsError
    FileNotFoundError FloatingPointError GeneratorExit IOError ImportError IndentationError
    IndexError InterruptedError IsADirectoryError KeyError KeyboardInterrupt LookupError MemoryError
    ModuleNotFoundError NameError NotADirectoryError NotImplementedError OSError OverflowError
    PermissionError ProcessLookupError RecursionError ReferenceError RuntimeError StopIteration
    StopAsyncIteration SyntaxError SystemError SystemExit TabError TimeoutError TypeError
    UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError
    ValueError ZeroDivisionError Warning UserWarning DeprecationWarning PendingDeprecationWarning
    SyntaxWarning RuntimeWarning FutureWarning ImportWarning UnicodeWarning BytesWarning
    ResourceWarning EncodingWarning ExceptionGroup BaseExceptionGroup
    RangeError EvalError URIError AggregateError
    StandardError ScriptError NoMethodError ArgumentError FrozenError FiberError ThreadError
    LocalJumpError FloatDomainError RegexpError SecurityError
    NullPointerException IllegalArgumentException IllegalStateException IndexOutOfBoundsException
    ArrayIndexOutOfBoundsException StringIndexOutOfBoundsException ClassCastException
    UnsupportedOperationException NumberFormatException RuntimeException ArithmeticException
    ClassNotFoundException InterruptedException CloneNotSupportedException StackOverflowError
    OutOfMemoryError NoSuchFieldException NoSuchMethodException Throwable
    ArgumentCountError DivisionByZeroError LogicException InvalidArgumentException
    OutOfRangeException LengthException DomainException UnexpectedValueException
    OutOfBoundsException OverflowException UnderflowException""".split()
)


#: A file's name a reporter gives their own scratch file (`test.py`, `repro.rb`, `mwe.py`, with a
#: placeholder `foo.py`, `test_foo.py`): named alone, it is no file of the repository.
SCRATCH_STEMS = frozenset(
    "test tests tmp temp repro reproduce reproducer mwe bug example sample demo scratch minimal".split()
)


def _a_scratch_file(path: str) -> bool:
    """Whether `path`, a file name alone, is a reporter's own (`SCRATCH_STEMS`, `PLACEHOLDERS`)."""
    if "/" in path:
        return False
    stem = path.rsplit(".", 1)[0].lower()
    core = stem.removeprefix("test_").removesuffix("_test")
    return any(s in SCRATCH_STEMS or s in PLACEHOLDERS for s in (stem, core))


def _a_guide(path: str) -> bool:
    """Whether `path` is one of the project's guides for contributors (`COMMUNITY_GUIDES`)."""
    return path.rsplit("/", 1)[-1].partition(".")[0] in COMMUNITY_GUIDES


def _names_nothing(bare: str) -> bool:
    """A word no name of the repository's is: too short, common, a builtin or a placeholder."""
    return (
        len(bare) < 3
        or bare.lower() in COMMON
        or bare in BUILTINS
        or bare.lower() in PLACEHOLDERS
        or bare in LANGUAGE_EXCEPTIONS
    )


def _is_code_like(token: str, backticked: bool) -> bool:
    bare = token.rstrip("()")
    if _names_nothing(bare):
        return False
    if backticked or token.endswith("("):
        return True
    # All capitals without an underscore is an acronym (API, JSON) more often than a name.
    return bool(
        (_CAMEL.match(bare) and not bare.isupper())
        or _SNAKE.match(bare)
        or (_DUNDER.match(bare) is not None and bare not in LANGUAGE_DUNDERS)
    )


def _quoted(prose: str) -> list[str]:
    """Bodies of quoted strings, paired quote by quote on each line."""
    out: list[str] = []
    for line in prose.splitlines():
        parts = line.split('"')
        out.extend(parts[i] for i in range(1, len(parts) - 1, 2) if 6 <= len(parts[i]) <= 300)
        out.extend(m.group(1) for m in _SINGLE_QUOTED.finditer(line))
        out.extend(m.group(1) for m in _CURLY_QUOTED.finditer(line))
    return out


class _Collector:
    def __init__(self) -> None:
        self.anchors: dict[str, Anchor] = {}
        # Common members of a variable (`card1.value`): kept only if the variable is named after
        # a type the message names (`Card`).
        self.of_variables: list[Anchor] = []

    def add(self, anchor: Anchor) -> None:
        key = anchor.key
        old = self.anchors.get(key)
        # The same anchor seen in prose and in a sample keeps its strongest origin and rank.
        if old is None or (anchor.rank, anchor.origin != AnchorOrigin.PROSE) < (
            old.rank,
            old.origin != AnchorOrigin.PROSE,
        ):
            self.anchors[key] = anchor


#: Seed ranks: lower is looked up first when the scan's string budget is tight.
RANK_QUOTE = 0
RANK_PATH = 1
RANK_BACKTICK = 2
RANK_PROSE_NAME = 3
RANK_MODULE = 3
RANK_CONFIG = 4
RANK_SAMPLE_NAME = 6
RANK_WORD = 8


#: Words (separated by white space) from which a code span reads as a sentence (a pasted error
#: message, a command line), not as code: its words are names only when they look like names
#: on their own. On the development split's direct-track findings re-ranked offline
#: (benchmarks/fit_weights.py dump, 627 tasks; 65 messages change), against every span's words
#: as names: 3 or 4 words gave Acc@1 45.6 → 46.3 %, Acc@5 67.5 → 67.6 %, recall 81.6 → 81.6 % (C
#: Acc@1 35.7 → 42.9, Go 34.5 → 41.4, Ruby 53.3 → 56.7, Python unchanged); 5 words 45.9 / 67.6.
SENTENCE_WORDS = 4

#: Literal runs of one quoted message searched at most (messages are composed of wrapped parts).
MAX_QUOTE_FRAGMENTS = 2
_FRAGMENT_SPLIT = compile_static(r"['\"`{}<>\[\]]|%[-#+ 0-9.]*[sdrvqfx]|\b\d[\w.-]*\b|: | - |, |\(|\)")


def _literal_runs(quote: str) -> list[str]:
    """The runs of a quoted message between what its raise site formats (values, numbers,
    punctuation) of 12 characters or more, longest first."""
    parts = {p.strip(" .:,;-!?") for p in _FRAGMENT_SPLIT.split(quote)}
    return sorted((p for p in parts if len(p) >= 12), key=lambda p: (-len(p), p))


def _unrendered(run: str) -> str:
    """A run without a name at either end: a message renders a class's or a field's name
    (`StockItem object is invalid` from `"{} object is invalid"`)."""
    words = run.split(" ")
    while len(words) > 1 and _RENDERED_NAME.match(words[0]):
        words.pop(0)
    while len(words) > 1 and _RENDERED_NAME.match(words[-1]):
        words.pop()
    return " ".join(words)


def _quote_fragments(quote: str) -> list[str]:
    """The longest literal runs of a quoted message: the raise site formats the rest."""
    runs = dict.fromkeys(_unrendered(p) for p in _literal_runs(quote))
    return [p for p in runs if " " in p and len(p) >= 12][:MAX_QUOTE_FRAGMENTS]


def _add_token(col: _Collector, token: str, origin: AnchorOrigin, backticked: bool) -> None:
    call = token.endswith("(") or token.endswith("()")
    token = token.rstrip("()")
    if not token:
        return
    rank = (
        RANK_BACKTICK
        if backticked
        else (RANK_PROSE_NAME if origin == AnchorOrigin.PROSE else RANK_SAMPLE_NAME)
    )
    head, arrow, tail = token.rpartition("->")
    if arrow and "\\" in tail:
        # PHP names a closure `Class->Name\Space\{closure}`: after the arrow is its namespace, no member.
        token = head
    segs = [s for s in _SEPARATORS.split(token) if s]
    if len(segs) >= 2:
        sep = "::" if "::" in token else ("\\" if "\\" in token else ".")
        ext = segs[-1].lower()
        if sep == "." and ext in SOURCE_EXTENSIONS and len(segs) == 2:
            return  # a file name; the path pass has it
        if sep == "." and not backticked and all(len(s) == 1 for s in segs):
            return  # prose's abbreviations (i.e, e.g, a.k.a), not a module
        if sep == "." and ext in HOST_DOMAINS and all(_HOST_LABEL.fullmatch(s) for s in segs):
            return  # a host name: its `com` would be searched in every file for nothing
        if segs[-1] == "class":
            # A class literal (`Post::class`, `Post.class`) names the class: no language has a
            # member or a module called `class`, and the word is in most files of the ones using it.
            if _is_code_like(segs[-2], backticked):
                col.add(Anchor(AnchorKind.NAME, segs[-2], origin, rank))
            return
        # An object's member is no part of its type's path (`App\Jobs\SendMail->handle`).
        path = [s for s in _SEPARATORS.split(token.partition("->")[0]) if s] if "->" in token else segs
        if len(path) >= 2 and (len(path) >= 3 or sep in ("::", "\\") or path[0][:1].islower()):
            col.add(
                Anchor(
                    AnchorKind.MODULE,
                    sep.join(path),
                    origin,
                    RANK_MODULE if origin == AnchorOrigin.PROSE else rank,
                )
            )
        qual, name = segs[-2], segs[-1]
        if sep == "\\" and "->" not in token and "." not in token:
            # A namespace's path (`Illuminate\Http\Request`) ends in a type, no namespace's member
            # (a Windows path, `…\perm_groups.py`, names its file's stem below).
            if _is_code_like(name, backticked):
                col.add(Anchor(AnchorKind.NAME, name, origin, rank))
            return
        # django.db.models: a lower-case dotted path is a module, not `models` of `db`.
        if len(segs) >= 3 and sep in (".", "::") and all(s.islower() for s in segs):
            return
        # A type's qualifier makes even a common word specific (Ledger.get), unless it is `self`;
        # a variable's does so only when it is named after a type the message names (`card1.value`
        # beside `Card`): other common members of values (`e.args`, `todos.value`, `out.println`)
        # would be searched in most files for nothing.
        if (
            len(name) >= 3
            and name.lower() not in PLACEHOLDERS
            and qual.lower() not in COMMON
            and qual not in BUILTINS
            and qual.lower() not in PLACEHOLDERS
        ):
            member = Anchor(AnchorKind.MEMBER, name, origin, rank, qualifier=qual)
            if name in COMMON and not qual[:1].isupper():
                col.of_variables.append(member)
            else:
                col.add(member)
        if _is_code_like(qual, backticked) and qual.lower() not in PLACEHOLDERS:
            col.add(Anchor(AnchorKind.NAME, qual, origin, rank + 1))
        return
    if _ENV.match(token):
        col.add(
            Anchor(
                AnchorKind.CONFIG_KEY,
                token,
                origin,
                RANK_CONFIG if origin == AnchorOrigin.PROSE else RANK_SAMPLE_NAME,
            )
        )
        col.add(Anchor(AnchorKind.NAME, token, origin, rank))
        return
    if _is_code_like(token + ("(" if call else ""), backticked):
        col.add(Anchor(AnchorKind.NAME, token, origin, rank))


#: Title words shorter than this are too generic to name a file.
MIN_TITLE_WORD = 4
_TITLE_STOP = frozenset(
    """
when with from that this into does doesn should would could after before fails failing failed
error errors crash crashes wrong issue support allow allows using used make makes have more
less than then also only even incorrect incorrectly broken break breaks raise raises return
returns value values instead causes cause missing unexpected expected behavior behaviour
""".split()
)


def title_words(prose: str) -> list[str]:
    """Distinctive words of the message's first line: a title often names the component."""
    first = next((ln for ln in prose.splitlines() if ln.strip()), "")
    out: dict[str, None] = {}  # ordered and deduplicated in linear time
    for w in re.findall(r"[A-Za-z][A-Za-z0-9_]+", first):
        lw = w.lower()
        if len(lw) >= MIN_TITLE_WORD and lw not in _TITLE_STOP and lw not in COMMON and lw not in BUILTINS:
            out.setdefault(lw)
    return list(out)


#: A value a rendered message shows between single quotes (`'%s'` formatted: a field, a type).
_QUOTED_VALUE = compile_static(r"(?<![\w'])'[^'\n]{1,120}'(?![\w'])")
#: A literal run of a rendered message: words only (a code line's runs hold `=`, `$`, `.`).
_PROSE_RUN = compile_static(r"[A-Za-z]+(?:,? [A-Za-z]+){2,}")
#: Lines of one message read as rendered messages at most (each gives up to two needles).
MAX_RENDERED_LINES = 4
#: Words of a rendered message's longest literal run at most: a longer run is a sentence of the
#: report (`This seems like something that the ORM should try to protect against`), and its line
#: prose that quotes a value or two.
MAX_RUN_WORDS = 10


def _rendered_message_runs(text: str) -> list[tuple[str, str]]:
    """(run, line) for the literal runs of lines that read as a program's rendered message: not
    code, at least two single-quoted values (the format's `'%s'`) and four words besides
    (`app.Stock: (models.E015) 'ordering' refers to the nonexistent field, related field, or
    lookup 'x'.`). The source holds the runs between the values as literals."""
    out: list[tuple[str, str]] = []
    lines = 0
    for line in text.splitlines():
        if lines >= MAX_RENDERED_LINES:
            break
        if _PROMPT.match(line) or _CODE_LINE.match(line) or len(_QUOTED_VALUE.findall(line)) < 2:
            continue
        if len(_WORD.findall(_QUOTED_VALUE.sub(" ", line))) < 4:
            continue
        runs = [p for p in _literal_runs(line) if _PROSE_RUN.fullmatch(p)]
        if runs and runs[0].count(" ") < MAX_RUN_WORDS:
            lines += 1
            out.extend((run, line.strip()[:200]) for run in runs[:MAX_QUOTE_FRAGMENTS])
    return out


def _expand_bound_names(col: _Collector, bound: dict[str, str]) -> None:
    """A dotted name of the prose whose head a sample's import binds is read through it
    (`xr.where` after `import xarray as xr` is `xarray.where`), in its place: the head alone
    resolves nowhere. The sample's own names stay as written: resolved, the library calls a
    reproduction makes (`models.ForeignKey`, `plt.subplots`) would outrank what it is about."""
    if not bound:
        return
    anchors = list(col.anchors.values())
    col.anchors = {}
    for a in anchors:
        head, dot, rest = a.text.partition(".")
        if a.kind == AnchorKind.MODULE and a.origin == AnchorOrigin.PROSE and dot and head in bound:
            a = replace(a, text=f"{bound[head]}.{rest}")
        col.add(a)


def message_anchors(text: str, origin_override: AnchorOrigin | None = None) -> list[Anchor]:
    """All anchors of a message, deduplicated, in seed order (rank, then first appearance)."""
    col = _Collector()
    text = _FRAME_SOURCE.sub(r"\1", text)
    seg = split_segments(text)

    # Quoted errors: error lines anywhere (a line, the end of a line of prose, or a code span in
    # prose: "raise `ValueError: …`"), quoted strings in prose, then rendered message lines.
    error_lines = list(_ERROR_LINE.finditer(text))
    error_lines += (
        m for line in text.splitlines() if not _ERROR_LINE.match(line) and (m := _ERROR_IN_LINE.search(line))
    )
    error_lines += (e for b in _BACKTICK.finditer(seg.prose) if (e := _ERROR_LINE.fullmatch(b.group(1))))
    for m in error_lines:
        for frag in _quote_fragments(m.group(1)):
            col.add(
                Anchor(
                    AnchorKind.QUOTE, frag, AnchorOrigin.PROSE, RANK_QUOTE, detail=m.group(0).strip()[:200]
                )
            )
    # The program's classes and names a runtime's errors quote by their own formats (no name's
    # shape): each one's last segment (`shop.Invoice`, `Ledger::Entry`), unless the runtime's own.
    for formats, runtime_own in ((_PYTHON_QUOTED_TYPE, PYTHON_TYPES), (_RUNTIME_NAME, frozenset())):
        for m in formats.finditer(text):
            for quoted in filter(None, m.groups()):
                name = _SEPARATORS.split(quoted)[-1]
                if name and name not in runtime_own and not _names_nothing(name):
                    col.add(Anchor(AnchorKind.NAME, name, AnchorOrigin.PROSE, RANK_PROSE_NAME))
    for body in _quoted(seg.prose):
        if " " in body.strip():
            for frag in _quote_fragments(body):
                col.add(Anchor(AnchorKind.QUOTE, frag, AnchorOrigin.PROSE, RANK_QUOTE, detail=body[:200]))
        elif _CONFIG_KEY.match(body):
            col.add(Anchor(AnchorKind.CONFIG_KEY, body, AnchorOrigin.PROSE, RANK_CONFIG))
    for run, rendered in _rendered_message_runs(text):
        col.add(Anchor(AnchorKind.QUOTE, run, AnchorOrigin.PROSE, RANK_QUOTE, detail=rendered))

    for origin, part in ((AnchorOrigin.PROSE, seg.prose), (AnchorOrigin.CODE, seg.code)):
        origin = origin_override or origin
        for m in _FORGE_FILE.finditer(part):
            path = m.group(1).rstrip(".,:;")
            if path.rsplit(".", 1)[-1].lower() in SOURCE_EXTENSIONS and not _a_guide(path):
                line = int(m.group(2)) if m.group(2) else None
                col.add(Anchor(AnchorKind.PATH, path, origin, RANK_PATH, line=line))
        for m in _PATH.finditer(part):
            path = m.group(1).lstrip("./")
            ext = path.rsplit(".", 1)[-1].lower()
            if (
                ext in SOURCE_EXTENSIONS
                and not re.match(r"^\d", path)
                and not _a_guide(path)
                and not _a_scratch_file(path)
                and "://" not in part[max(0, m.start() - 3) : m.start() + 3]
            ):
                line = int(m.group(2) or m.group(3)) if m.group(2) or m.group(3) else None
                col.add(Anchor(AnchorKind.PATH, path, origin, RANK_PATH, line=line))
        for m in _DIR_PATH.finditer(part):
            path = m.group(1)
            if (
                path.count("/") >= 1
                and not path.startswith(("http", "www"))
                and not _PLATFORM.match(path)
                and "." not in path.rsplit("/", 1)[-1]
            ):
                col.add(Anchor(AnchorKind.PATH, path.rstrip("/") + "/", origin, RANK_PATH + 1))
        if origin == AnchorOrigin.PROSE:
            for m in _BACKTICK.finditer(part):
                inner = m.group(1).strip()
                # A span that reads as a sentence (an error message, a command line) marks no
                # word of it as code: its names must look like names on their own.
                sentence = len(inner.split()) >= SENTENCE_WORDS
                for tok in _TOKEN.findall(inner):
                    _add_token(col, tok, origin, backticked=not sentence)
            with_method = [m.span(2) for m in _ROUTE.finditer(part)]
            for m in _ROUTE.finditer(part):
                col.add(
                    Anchor(AnchorKind.ROUTE, f"{m.group(1)} {m.group(2).rstrip('.:')}", origin, RANK_CONFIG)
                )
            for m in _ENDPOINT.finditer(part):
                if not any(a <= m.start(1) < b for a, b in with_method):
                    col.add(Anchor(AnchorKind.ROUTE, m.group(1).rstrip(".:"), origin, RANK_CONFIG))
            for m in _COMMIT.finditer(part):
                if re.search(r"[a-f]", m.group(1)) and re.search(r"\d", m.group(1)):
                    col.add(Anchor(AnchorKind.COMMIT, m.group(1), origin, RANK_CONFIG))
            plain = _BACKTICK.sub(" ", part)
            for m in chain(_BEFORE_TYPE_NOUN.finditer(plain), _AFTER_TYPE_NOUN.finditer(plain)):
                if not _names_nothing(m.group("name")):
                    col.add(Anchor(AnchorKind.NAME, m.group("name"), origin, RANK_PROSE_NAME))
        else:
            plain = part
        plain = re.sub(r"https?://\S+", " ", plain)
        plain = _SQL_STATEMENT.sub(lambda m: _QUALIFIED_COLUMN.sub(" ", m.group(0)), plain)
        # Each distinct token once, in order of first appearance: a repeat adds nothing.
        for tok in dict.fromkeys(_TOKEN.findall(plain)):
            _add_token(col, tok, origin, backticked=False)

    for origin, part in ((AnchorOrigin.PROSE, seg.prose), (AnchorOrigin.CODE, seg.code)):
        rank = RANK_MODULE if origin == AnchorOrigin.PROSE else RANK_SAMPLE_NAME
        for anchor in import_anchors(part, origin_override or origin, rank):
            col.add(anchor)
    _expand_bound_names(col, python_bindings(seg.code + "\n" + seg.prose))

    for word in title_words(seg.prose):
        col.add(Anchor(AnchorKind.WORD, word, AnchorOrigin.PROSE, RANK_WORD))

    types = {
        t.lower()
        for a in col.anchors.values()
        if a.kind in (AnchorKind.NAME, AnchorKind.MEMBER)
        for t in (a.text, a.qualifier or "")
        if t[:1].isupper()
    }
    for member in col.of_variables:
        if (member.qualifier or "").rstrip("0123456789_").lower() in types:
            col.add(member)
    ordered = list(col.anchors.values())
    # Stable: rank first, then the order of first appearance (dict insertion order).
    return sorted(ordered, key=lambda a: a.rank)
