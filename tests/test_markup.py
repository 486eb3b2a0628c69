from pathlib import Path

from boundedcode import MemoryTree, retrieve
from boundedcode.seeds import message_anchors, message_facts
from boundedcode.seeds.markup import rendered, without_links, without_version_reports

# An issue as a forge's template leaves it: the template's comments, a fenced sample with its
# language, a pasted screenshot, a folded traceback.
ISSUE = """\
Invoice totals are rounded twice
<!--
Thanks for reporting a bug! Please fill in the summary, the steps and a screenshot image below.
-->
### Steps
```python
from shop.ledger import invoice_total
invoice_total([1.005, 2.005])
```
![image](https://user-images.githubusercontent.com/1234/5678-abcd.png)
<details><summary>Traceback</summary>

```pytb
Traceback (most recent call last):
  File "demo.py", line 2, in <module>
```
</details>
"""


def test_template_comments_images_tags_and_fence_languages_are_not_words():
    shown = rendered(ISSUE)
    assert shown.count("\n") == ISSUE.count("\n")  # every line stays a line
    assert "Thanks for reporting" not in shown and "<!--" not in shown
    assert "![image]" not in shown and "user-images" not in shown
    assert "<details>" not in shown and "<summary>" not in shown and "  Traceback \n" in shown
    assert "```\nfrom shop.ledger import invoice_total\n" in shown  # the fence keeps its marker
    tokens = {t.token for t in message_facts(shown, ()).terms}
    assert {"invoice", "total", "rounded", "ledger"} <= tokens
    assert not tokens & {"python", "pytb", "image", "summary", "detail", "screenshot", "thanks"}
    # Read as it was written, the markup is words.
    assert {"python", "image", "summary"} <= {t.token for t in message_facts(ISSUE, ()).terms}


def test_a_discussion_turned_into_an_issue_keeps_no_word_of_its_wrapper():
    # The forge wraps a discussion's first post so; its attribute read as a quoted key was
    # searched, folded, in every file.
    moved = (
        "### Discussed in #6738\n\n<div type='discussions-op-text'>\n\nRolling `center` is ignored\n</div>\n"
    )
    assert "discussions-op-text" not in rendered(moved)
    assert not [a for a in message_anchors(rendered(moved)) if a.kind == "config_key"]
    assert rendered("a `<div>` b") == "a `<div>` b"


def test_code_is_left_as_written():
    html = "The `<br>` tag is dropped:\n```html\n<p>a<br>b</p>\n<!-- kept -->\n```\n"
    assert rendered(html) == "The `<br>` tag is dropped:\n```\n<p>a<br>b</p>\n<!-- kept -->\n```\n"
    assert rendered("`<!-- -->` opens a comment") == "`<!-- -->` opens a comment"


def test_a_comment_never_closed_is_shown():
    # A forge hides the rest of the text only when the comment ends; an unclosed one is text.
    assert rendered("a <!-- b\nc") == "a <!-- b\nc"
    assert rendered("a <!-- b\nc --> d\ne") == "a \n d\ne"


def test_links_leave_the_words_not_the_address():
    assert without_links("see https://example.org/cache/x.png for it").split() == ["see", "for", "it"]


def test_a_templated_issue_finds_the_code_not_the_files_that_say_the_template_words():
    files = {
        "shop/ledger.py": "def invoice_total(amounts):\n    return round(sum(round(a, 2) for a in amounts), 2)\n",
        "shop/report.py": "def print_invoice(invoice):\n    return str(invoice)\n",
        "shop/gallery.py": (
            "# Python image summary: a screenshot per image, a summary per screenshot.\n"
            "def image_summary(image, summary, screenshot):\n"
            "    return (image, summary, screenshot)  # python, pytb, details\n"
        ),
    }
    message = (
        "Totals come out rounded twice\n"
        "<!-- Please give a summary, a screenshot image and the python details. -->\n"
        "```python\nledger_total = compute()\n```\n"
        "![image](https://user-images.githubusercontent.com/1/screenshot-image.png)\n"
        "<details><summary>Details</summary>\n\nthe ledger total is off\n</details>\n"
    )
    result = retrieve(message, tree=MemoryTree(files))
    paths = [item.path for item in result.items]
    assert paths[0] == "shop/ledger.py"
    assert "shop/gallery.py" not in paths


REPORTS = Path(__file__).parent / "fixtures" / "reports"


def assert_report_dropped(report: str, absent: tuple[str, ...], tail: str = "```\nSee above.") -> None:
    """`report` fenced in a message: its lines blank (still lines), the text around it as written."""
    head = "Parsing fails on empty input\nSeen with:\n```\n"
    message = head + report + tail
    kept = without_version_reports(message)
    assert kept.count("\n") == message.count("\n")
    assert kept.startswith(head) and kept.endswith(tail)
    assert not [word for word in absent if word in kept]


def test_an_environment_report_is_no_words_and_a_version_in_a_sentence_stays():
    for name in ("pip-list.txt", "pip-freeze.txt"):
        report = (REPORTS / name).read_text()
        # One version line (the last) is no report.
        assert_report_dropped(report, ("anyio", "cryptography"), tail="```\nSince click 8.5.1 it fails.")
    two = "astropy 5.1\nnumpy 1.22.4\nstill fails"
    assert without_version_reports(two) == two


def test_a_json_environment_report_is_no_words_either():
    for name in ("requests-help.json", "npm-ls.json"):
        assert_report_dropped((REPORTS / name).read_text(), ("version", "overridden", "openssl_version"))
    # JSON that is no report (fewer than three versions) is the message's own.
    config = '{\n  "retries": 3,\n  "proxy": "http://proxy:3128",\n  "version": "1.2.0"\n}'
    assert without_version_reports(config) == config


def test_a_toolchain_s_variables_are_no_words_and_a_few_settings_stay():
    assert_report_dropped((REPORTS / "go-env.txt").read_text(), ("CGO_ENABLED", "GOARCH"))
    # A few settings (an example's `.env`) name the code's own: they stay.
    settings = "DATABASE_URL=postgres://db/shop\nCACHE_TTL=60\nDEBUG=1\nSESSION_COOKIE_NAME=sid"
    assert without_version_reports(settings) == settings


def test_a_pasted_environment_report_does_not_point_at_the_file_that_prints_versions():
    files = {
        "tool/parse.py": "def parse_config(text):\n    if not text:\n        raise ValueError('empty config')\n",
        "tool/versions.py": (
            "def show_versions():\n"
            "    for name in ('anyio', 'attrs', 'bm25s', 'cattrs', 'cffi', 'click', 'cryptography',\n"
            "                 'h11', 'httpcore2', 'httpx2', 'annotated_types', 'docstring_to_markdown'):\n"
            "        print(name)\n"
        ),
    }
    report = (REPORTS / "pip-list.txt").read_text()
    message = f"parse_config raises on an empty config\n\n### Versions\n```\n{report}```\n"
    result = retrieve(message, tree=MemoryTree(files))
    assert [item.path for item in result.items] == ["tool/parse.py"]
