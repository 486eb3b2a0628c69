"""Frames written as data (lang/_frame_objects), beyond the captured fixtures test_frames reads."""

from boundedcode.lang._frame_objects import MAX_DEPTH, MAX_TOKENS, ObjectFrame, object_traces
from boundedcode.lang.frames import Frame, parse_frames


def places(text: str) -> list[list[tuple[str, int]]]:
    return [[(f.path, f.line) for f in trace] for trace in object_traces(text)]


def test_a_brace_or_a_quote_inside_a_string_opens_nothing():
    text = (
        '{"frames": [{"filename": "shop/a.py", "lineno": 3, "context_line": "x = {\\"k\\": [1",'
        ' "vars": {"d": "{\'a\': [1, 2}"}}, {"filename": "shop/b.py", "lineno": 5}]}'
    )
    assert places(text) == [[("shop/b.py", 5), ("shop/a.py", 3)]]


def test_a_python_literal_s_frames_and_a_lone_frame_object():
    text = "{'filename': 'C:\\\\src\\\\shop\\\\cart.py', 'lineno': 2, 'name': 'total'}"
    assert object_traces(text) == [[ObjectFrame("C:/src/shop/cart.py", 2, None, "total", None, "python")]]


def test_the_line_s_key_tells_the_order():
    python = '[{"filename": "a.py", "lineno": 1}, {"filename": "b.py", "lineno": 2}]'
    jvm = '[{"fileName": "A.java", "lineNumber": 1}, {"fileName": "B.java", "lineNumber": 2}]'
    assert places(python) == [[("b.py", 2), ("a.py", 1)]]
    assert places(jvm) == [[("A.java", 1), ("B.java", 2)]]


def test_an_object_without_a_numeric_line_or_a_file_is_no_frame():
    assert object_traces('[{"filename": "a.py", "lineno": "3"}, {"name": "x", "line": 4}]') == []
    assert object_traces('{"path": "a.py", "line": 4}') == []  # a route, a config entry: no frame's key


def test_a_string_left_open_ends_with_its_line():
    text = '[{"filename": "a.py", "lineno": 3, "context_line": "cut here\\\n}, {"filename": "b.py", "lineno": 9}]'
    assert places(text) == [[("b.py", 9), ("a.py", 3)]]


def test_a_tracker_s_anonymous_function_and_scheme_are_no_names():
    text = '[{"filename": "app:///src/cart.js", "lineno": 2, "colno": 5, "function": "Object.?"}]'
    assert parse_frames(text) == [Frame("src/cart.js", 2, 5, None, None, "javascript", 0)]


def test_a_text_with_no_line_entry_is_not_read():
    assert object_traces('[{"filename": "a.py", "lineno": null}]') == []


def test_hostile_brackets_and_tokens_are_bounded():
    frame = '{"filename": "a.py", "lineno": 1}'
    assert places("[" * (MAX_DEPTH - 1) + frame + "]" * (MAX_DEPTH - 1)) == [[("a.py", 1)]]
    assert places("[" * MAX_DEPTH + frame + "]" * MAX_DEPTH) == []  # an opening past the bound
    many = '[{"filename": "a.py", "lineno": 1}]\n' * MAX_TOKENS
    assert len(object_traces(many)) == MAX_TOKENS // 8  # eight tokens a trace, then no more read


def test_an_app_s_root_scheme_is_its_root_but_a_browser_s_internal_scheme_names_no_project_file():
    frames = parse_frames("total@resource://gre/modules/Cart.sys.mjs:3:5\nmain@app:///src/main.js:4:1\n")
    assert [f.path for f in frames] == ["resource://gre/modules/Cart.sys.mjs", "src/main.js"]


def test_a_list_of_places_is_a_trace_under_its_exception_s_place():
    text = '{"exception": {"class": "RuntimeException", "file": "/srv/app/Cart.php:9", "trace": ["/srv/app/run.php:18", "C:\\\\app\\\\run.php:22"]}}'
    assert places(text) == [[("/srv/app/Cart.php", 9), ("/srv/app/run.php", 18), ("C:/app/run.php", 22)]]
    # a class beside a PHP file names no JVM frame; a list of words is no trace
    assert object_traces(text)[0][0].language == "php"
    assert object_traces('{"tags": ["cart", "checkout"], "file": "notes.txt"}') == []


def test_a_finding_s_place_is_no_frame():
    mypy = '{"file": "shop/cart.py", "line": 14, "column": 11, "message": "Incompatible return", "severity": "error"}'
    staticcheck = '{"code": "SA5009", "severity": "error", "location": {"file": "/srv/cart.go", "line": 15, "column": 13}}'
    gcc = '[{"kind": "error", "locations": [{"caret": {"file": "src/cart.c", "line": 23, "column": 13}}]}]'
    assert object_traces(mypy) == object_traces(staticcheck) == object_traces(gcc) == []
    frame = '{"filename": "shop/cart.py", "lineno": 2, "function": "total"}'
    assert [(f.path, f.line) for [f] in object_traces(frame)] == [("shop/cart.py", 2)]
