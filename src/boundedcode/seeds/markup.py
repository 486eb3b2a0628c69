"""A Markdown message as its reader sees it: the text the forge renders, less the markup.

Issue text carries markup that names nothing in the code: a template's HTML
comments (never shown), a pasted image (`![image](…)`: its alt text is the word
image or a screenshot's file name), presentational tags (`<details>`,
`<summary>`, `<br>`), the language of a fenced block (```python). Read as words,
each was a needle: "python" in every file that mentions the language, "summary"
in every file with a summary. Code is left as written: inside a fence or a
backtick span `<br>` is a sample of HTML, and a fence keeps its marker so the
seeds still tell samples from prose. A pasted environment report (the
installed packages and their versions) is read as nothing either
(`without_version_reports`). Evidence (traces, tool output) is never passed
through here.
"""

from __future__ import annotations

import re

from ..lazyre import compile_static

__all__ = ["readable", "rendered", "without_links", "without_version_reports"]

#: A link's host and path are the web's words (github, gist, colab), not the code's: a link to a
#: file of the repository is the paths strategy's, which reads the message with its links.
#: A URL: a scheme of at most 32 characters (an unbounded one was tried from every word of a run
#: like `a.py.py.py…`, each to the run's end: 0.65 s for 24,000 characters).
_URL = compile_static(r"\b[a-z][a-z0-9+.-]{0,31}://\S+", re.I)
#: A fence line: its marker, then an info string (the sample's language, attributes).
_FENCE = compile_static(r"^(\s{0,3}(?:`{3,}|~{3,})).*$")
_INLINE_CODE = compile_static(r"(`+[^`\n]*`+)")
#: A comment the forge hides (one never closed is shown, so it is kept), or a code span, whichever
#: starts first: `<!--` in a code span is text.
_COMMENT = compile_static(_INLINE_CODE.pattern + r"|<!--.*?-->", re.S)
_IMAGE = compile_static(r"!\[[^\]\n]*\]\([^)\n]*\)|<img\b[^>\n]*>", re.I)
#: Tags a forge renders as layout, never the subject of a report outside a code span.
_LAYOUT_TAG = compile_static(r"</?(?:details|summary|div|br|hr|sub|sup|kbd|p|b|i|em|strong)\b[^>\n]*>", re.I)


def _shown(prose: str) -> str:
    """Prose less its comments (each leaves its line breaks), images and layout tags; code spans
    untouched."""
    prose = _COMMENT.sub(lambda m: m.group(1) or "\n" * m.group().count("\n"), prose)
    parts = _INLINE_CODE.split(prose)
    for i in range(0, len(parts), 2):  # even parts lie outside code spans
        parts[i] = _LAYOUT_TAG.sub(" ", _IMAGE.sub(" ", parts[i]))
    return "".join(parts)


def rendered(text: str) -> str:
    """`text` as rendered: comments, images, layout tags and fence info strings out.

    Every line stays a line (a comment leaves blank ones), so line-based seeds see the same
    structure; a fenced sample is unchanged.
    """
    out: list[str] = []
    prose: list[str] = []
    in_fence = False
    for line in text.split("\n"):
        fence = _FENCE.match(line)
        if fence:
            if prose:
                out.append(_shown("\n".join(prose)))
                prose = []
            in_fence = not in_fence
            out.append(fence.group(1))
        elif in_fence:
            out.append(line)
        else:
            prose.append(line)
    if prose:
        out.append(_shown("\n".join(prose)))
    return "\n".join(out)


def without_links(text: str) -> str:
    """`text` with each link a space: the words a message's reader reads, not its addresses."""
    return _URL.sub(" ", text)


#: One line of an environment report: a package, tool or platform and its version
#: (`numpy: 1.22.4`, `astropy 5.1`, `Lombok version: 1.18.30`, `requests==2.31.0`), or a JSON
#: report's (`"version": "2.0.9",`, as `python -m requests.help` and `envinfo --json` print them).
_VERSION_LINE = compile_static(
    r"^\s*(?:[-*]\s*)?[A-Za-z][\w.\-]*(?: [A-Za-z][\w.\-]*){0,2}\s*(?::|==|>=|<=|=|\s)\s*"
    r"v?\d+(?:\.\d+)+[\w.+\-]*(?!.*\d\.\d)"
    r'|^\s*"[\w.\-@/ ]{1,60}":\s*"v?\d+(?:\.\d+)+[\w.+\-]*",?\s*$'
)
#: A line of the same report that gives no version (`commit: None`, `LANG: en_US.UTF-8`; in
#: JSON `"version": null,`, `"chardet": {`, `},`).
_KEY_VALUE = compile_static(
    r"^\s*(?:[-*]\s*)?[\w.\- ]{1,40}:\s+\S"
    r'|^\s*(?:"[\w.\-@/ ]{1,60}":\s*(?:[{\[]|"[^"]*"|null|true|false|-?\d[\w.]*),?|[}\]],?)\s*$'
)
#: One line of an environment's variables as `go env`, `hugo env`, `printenv` or `set` print them
#: (`GOARCH="amd64"`, `CGO_ENABLED=1`).
_ASSIGNMENT = compile_static(r"^\s*(?:set\s+|export\s+)?[A-Z][A-Z0-9_]*=(?:\S.*)?$")
#: Version lines that make a run of report lines an environment report.
MIN_VERSION_LINES = 3
#: Variables that make a run of report lines an environment report: more than an example's
#: few settings (`.env`'s `DATABASE_URL=…`, which name the code's own settings).
MIN_ASSIGNMENT_LINES = 8


def without_version_reports(text: str) -> str:
    """`text` less its environment reports: a run of report lines (blank lines within it) holding
    at least MIN_VERSION_LINES versions or MIN_ASSIGNMENT_LINES variables, each line kept as an
    empty one.

    The packages a reporter has installed (`show_versions()`, `pip freeze`, a template's
    "Versions" section) name the environment, not the code: their names matched the one file
    that prints versions, and the backends' files, in every report that pasted them. So do a
    toolchain's variables (`go env`'s `CGO_ENABLED`, `CGO_CFLAGS`…, found in build files).
    """
    lines = text.split("\n")
    run: list[int] = []  # the current run's report lines
    versions = assignments = 0

    def close() -> None:
        if versions >= MIN_VERSION_LINES or assignments >= MIN_ASSIGNMENT_LINES:
            for i in run:
                lines[i] = ""

    for i, line in enumerate(lines):
        if _VERSION_LINE.match(line):
            run.append(i)
            versions += 1
        elif _ASSIGNMENT.match(line):
            run.append(i)
            assignments += 1
        elif _KEY_VALUE.match(line) or (not line.strip() and run):
            run.append(i)
        else:
            close()
            run, versions, assignments = [], 0, 0
    close()
    return "\n".join(lines)


def readable(message: str) -> str:
    """What the seeds read of a message: `rendered`, less its environment reports."""
    return without_version_reports(rendered(message))
