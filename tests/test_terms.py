from boundedcode.seeds.terms import (
    QueryTerm,
    fragment_tokens,
    identifier_tokens,
    query_terms,
    spellings,
    stem,
)


def test_identifiers_split_on_case_digits_and_underscores_and_count_whole():
    assert identifier_tokens("parseHTTPDuration2") == ("parse", "http", "duration", "=parsehttpduration2")
    assert identifier_tokens("parse_duration") == ("parse", "duration", "=parse_duration")
    assert identifier_tokens("DURATION") == ("duration",)
    assert identifier_tokens("durations") == ("duration",)
    assert identifier_tokens("x_id") == ("=x_id",)  # parts too short, the whole name still counts


def test_stem_and_its_spellings_agree():
    assert [stem(w) for w in ("queries", "boxes", "class", "status", "rules", "is")] == [
        "query",
        "box",
        "class",
        "status",
        "rule",
        "is",
    ]
    assert spellings("query") == ("queries", "querys", "query")
    # Plurals no ending gives: each meets its singular both ways.
    assert [stem(w) for w in ("children", "indices", "vertices")] == ["child", "index", "vertex"]
    assert "children" in spellings("child") and "indices" in spellings("index")
    assert identifier_tokens("childNodes") == ("child", "node", "=childnodes")
    assert all(stem(w) == "duration" for w in spellings("duration"))
    assert spellings("=parse_duration") == ("parse_duration",)


def test_fragment_context_changes_the_first_and_last_part():
    # A match of "form" with one character either side, as ripgrep prints it.
    assert "form" not in fragment_tokens("nforma")  # inside "information"
    assert "form" in fragment_tokens("nForm_")  # inForm_x: a camel-case part
    assert "form" in fragment_tokens("LForm(")  # XMLForm: the upper-case run ends before Form
    assert "form" not in fragment_tokens("PFORMA")  # HTTPFORMAT is one part
    assert fragment_tokens(" parse_duration(") == ("parse", "duration", "=parse_duration")


def test_query_terms_drop_stopwords_and_weigh_repetition():
    terms = query_terms("Fix parse_duration() for negative durations: the duration is wrong")
    tokens = [t.token for t in terms]
    assert tokens[0] == "duration"  # three times: parse_duration, durations, duration
    assert {"parse", "=parse_duration", "negative"} <= set(tokens)
    assert not {"the", "for", "is", "fix", "wrong"} & set(tokens)
    assert terms[0] == QueryTerm("duration", terms[0].weight) and terms[0].weight > terms[-1].weight == 1.0


def test_links_and_contractions_are_not_terms():
    message = (
        "The ledger doesn't balance, and the total isn't rounded either: see "
        "https://colab.research.google.com/gist/someone/21d0/preact-vs-react.ipynb for the notebook."
    )
    tokens = {t.token for t in query_terms(message)}
    assert {"ledger", "balance", "total", "rounded", "notebook"} <= tokens
    assert not tokens & {"doesn", "isn", "colab", "research", "google", "gist", "ipynb", "react"}
