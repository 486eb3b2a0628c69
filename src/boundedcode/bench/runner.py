"""One benchmark run: tasks × tracks × methods, one record each, resumable, then the reports.

Tasks run grouped by repository (then by issue number) so that checkouts and
per-blob analysis are reused. While one commit's corpus and BM25 index are
built, the next commit is materialized in the background; nothing else runs
while a retrieval is timed.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, TextIO, cast

from .._record import replace
from ..checkout.budgets import DEFAULT_BUDGETS
from ..errors import UsageError
from ..render import count_tokens
from .baselines import BM25Ranker, FunctionBM25Ranker, bm25_block, fuse
from .checkouts import CheckoutCache, CheckoutError, Mirrors, list_files
from .corpus import RepoCorpus, message_kind
from .evidence import failure_output
from .lines import changed_lines, fix_lines
from .metrics import distinct, score
from .report import build_summary, write_reports
from .tasks import Task, load_tasks

__all__ = [
    "Method",
    "BenchConfig",
    "plan_methods",
    "run_bench",
    "RecordStore",
    "Progress",
    "TRACKS",
    "ENGINES",
    "BASELINES",
    "GIB",
    "DEFAULT_OUT",
    "DEFAULT_CACHE",
    "DEFAULT_CACHE_MAX_GB",
]

TRACKS = ("direct", "bounded")
ENGINES = ("adaptive", "basic")
BASELINES = ("basic", "bm25", "bm25-functions", "fusion")
#: Baselines that query the function-level index.
FUNCTION_BASELINES = ("bm25-functions", "fusion")
RECORDS_FILE = "records.jsonl"
BM25_INDEXES_KEPT = 2  # per commit, in memory, for this run only
PROGRESS_WIDTH = 28
PROGRESS_LINE_EVERY_S = 30.0  # when stderr is not a terminal, one line this often
GIB = 1024**3
DEFAULT_OUT = "bench-out"
DEFAULT_CACHE = os.path.join(".cache", "checkouts")
DEFAULT_CACHE_MAX_GB = 10.0

Retrieve = Callable[..., Any]


@dataclass(frozen=True)
class Method:
    name: str
    engine: str  # one of ENGINES or BASELINES
    without: tuple[str, ...] = ()
    #: Budgets other than the defaults (`Budgets` fields and values, sorted): the engine's only.
    budgets: tuple[tuple[str, int | float], ...] = ()

    @property
    def options(self) -> dict[str, Any]:
        # A record of other budgets is another record (its key holds them); one of the defaults
        # keeps the key it always had, so an earlier run's records still resume.
        budgets = {"budgets": dict(self.budgets)} if self.budgets else {}
        return {"engine": self.engine, "without": list(self.without), **budgets}


def plan_methods(
    retrieval: str,
    baselines: Sequence[str],
    without: Sequence[str],
    budgets: Mapping[str, int | float] | None = None,
) -> list[Method]:
    """The measured method, one variant per switched-off strategy, then the baselines (`budgets`:
    the measured method's and its variants', none of a baseline's)."""
    changed = tuple(sorted((budgets or {}).items()))
    methods = [Method(retrieval, retrieval, (), changed)]
    methods += [Method(f"{retrieval}-without-{s}", retrieval, (s,), changed) for s in dict.fromkeys(without)]
    methods += [Method(b, b) for b in dict.fromkeys(baselines) if b != retrieval]
    return methods


@dataclass
class BenchConfig:
    tasks: str
    mirrors: Sequence[str]
    retrieval: str = "adaptive"
    tracks: Sequence[str] = TRACKS
    baselines: Sequence[str] = BASELINES
    languages: Sequence[str] = ()
    limit: int | None = None
    without: Sequence[str] = ()
    #: `Budgets` fields set otherwise for the measured method (`--set-budget`).
    budgets: Mapping[str, int | float] = field(default_factory=dict)
    out: str = DEFAULT_OUT
    cache: str = DEFAULT_CACHE
    cache_max_bytes: int = int(DEFAULT_CACHE_MAX_GB * GIB)
    command: str = ""
    date: str = field(default_factory=lambda: time.strftime("%Y-%m-%d"))


def record_key(instance_id: str, track: str, method: Method) -> str:
    return json.dumps([instance_id, track, method.name, method.options], sort_keys=True)


class RecordStore:
    """records.jsonl: appended one record at a time, so an interrupted run resumes where it stopped."""

    def __init__(self, path: str):
        self.path = path
        self.records: dict[str, dict] = {}
        if os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read()
            # A run killed mid-write leaves a partial last line: cut it off before appending.
            end = data.rfind(b"\n") + 1
            if end < len(data):
                with open(path, "r+b") as f:
                    f.truncate(end)
            for line in data[:end].decode("utf-8", errors="replace").splitlines():
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if isinstance(rec, dict) and isinstance(rec.get("key"), str):
                    self.records[rec["key"]] = rec  # the last record of a key wins
        self._file = open(path, "a", encoding="utf-8")

    def done(self, key: str) -> bool:
        rec = self.records.get(key)
        return rec is not None and not rec.get("error")  # failed retrievals are retried

    def append(self, record: dict) -> None:
        self.records[record["key"]] = record
        self._file.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def _clock_text(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


class Progress:
    """A plain-text bar with the time left, on stderr; the rate counts computed tasks only."""

    def __init__(
        self, total: int, to_compute: int, stream: TextIO, clock: Callable[[], float] = time.monotonic
    ):
        self.total, self.to_compute, self.stream, self.clock = total, to_compute, stream, clock
        self.done = self.computed = 0
        self.start = self.last_line = clock()
        self.tty = stream.isatty()

    def advance(self, label: str, computed: bool) -> None:
        self.done += 1
        self.computed += computed
        now = self.clock()
        elapsed = now - self.start
        left = elapsed / self.computed * (self.to_compute - self.computed) if self.computed else 0.0
        filled = PROGRESS_WIDTH * self.done // max(self.total, 1)
        text = (
            f"[{'#' * filled}{'.' * (PROGRESS_WIDTH - filled)}] {self.done}/{self.total} tasks"
            f"  {_clock_text(elapsed)} elapsed  ~{_clock_text(left)} left  {label}"
        )
        if self.tty:
            self.stream.write("\r\x1b[K" + text + ("\n" if self.done == self.total else ""))
        elif self.done in (1, self.total) or now - self.last_line >= PROGRESS_LINE_EVERY_S:
            self.stream.write(text + "\n")
            self.last_line = now
        self.stream.flush()


def _natural(instance_id: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", instance_id))


def _default_retrieve() -> Retrieve:
    try:
        from ..api import retrieve
    except ImportError as exc:
        raise UsageError(f"the retrieval engine is not available: {exc}") from None
    return retrieve


def _engine_record(result: Any) -> dict[str, Any]:
    return {
        "ranked": [
            {"path": i.path, "line": i.line, "score": round(i.score, 4), "strategies": list(i.strategies)}
            for i in result.items
        ],
        "tokens": result.tokens,
        "latency_ms": round(float(result.timings_ms.get("total", 0.0)), 3),
        "timings_ms": {k: round(float(v), 3) for k, v in sorted(result.timings_ms.items())},
        "strategies": [
            {"strategy": s.strategy, "ran": s.ran, "why": s.why, "findings": s.findings}
            for s in result.strategies
        ],
    }


class _Run:
    def __init__(self, config: BenchConfig, retrieve: Retrieve | None, stream: TextIO):
        self.config = config
        self.stream = stream
        self.methods = plan_methods(config.retrieval, config.baselines, config.without, config.budgets)
        self.mirrors = Mirrors(config.mirrors)  # bad specs fail before any work
        self.all_tasks = load_tasks(config.tasks)
        self.retrieve = retrieve
        self.skipped: dict[str, int] = {}
        self._repo: str | None = None  # the repository whose blobs _repo_corpus holds
        self._repo_corpus = RepoCorpus()
        self._rankers: dict[str, BM25Ranker] = {}  # BM25 indexes by commit, this run only
        self._function_rankers: dict[str, FunctionBM25Ranker] = {}
        self.timing: dict[str, float] = {
            "checkout_s": 0.0,
            "corpus_s": 0.0,
            "bm25_index_s": 0.0,
            "retrieval_s": 0.0,
        }

    def _skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1

    def select(self) -> list[Task]:
        langs = set(self.config.languages)
        known = {t.language for t in self.all_tasks}
        if langs - known:
            raise UsageError(
                f"no task has language {', '.join(sorted(langs - known))} "
                f"(the task file has: {', '.join(sorted(known))})"
            )
        runnable: list[Task] = []
        for t in self.all_tasks:
            if len(runnable) == self.config.limit:
                break  # skips are counted only up to the last task the limit keeps
            if langs and t.language not in langs:
                continue
            if not t.usable:
                self._skip("unusable")
            elif t.fetch_repo is None:
                self._skip("no fetch_repo")
            elif self.mirrors.git_dir(t.fetch_repo) is None:
                self._skip("no mirror")
            else:
                runnable.append(t)
        return sorted(runnable, key=lambda t: (t.fetch_repo, _natural(t.instance_id)))

    def _none_can_run(self, what: str) -> UsageError:
        skipped = ", ".join(f"{reason}: {n}" for reason, n in sorted(self.skipped.items())) or "none skipped"
        hint = " (is --mirrors the folder of fetch mirrors?)" if "no mirror" in self.skipped else ""
        return UsageError(f"{what} of the {len(self.all_tasks)} in {self.config.tasks} ({skipped}){hint}")

    def run(self) -> dict:
        started = time.monotonic()
        tasks = self.select()
        if not tasks:  # before any work: an empty report would read as a measurement
            raise self._none_can_run("no task can run")
        if self.retrieve is None and any(m.engine in ENGINES for m in self.methods):
            self.retrieve = _default_retrieve()  # after the input checks: bad input is reported first
        os.makedirs(self.config.out, exist_ok=True)
        self.store = RecordStore(os.path.join(self.config.out, RECORDS_FILE))
        self.cache = CheckoutCache(self.config.cache, self.config.cache_max_bytes)
        todo = {
            t.instance_id: [
                (track, m)
                for track in self.config.tracks
                for m in self.methods
                if not self.store.done(record_key(t.instance_id, track, m))
            ]
            for t in tasks
        }
        progress = Progress(len(tasks), sum(1 for t in tasks if todo[t.instance_id]), self.stream)
        failed: set[str] = set()
        try:
            with ThreadPoolExecutor(max_workers=1) as prefetcher:
                pending: dict[str, Future] = {}
                for pos, task in enumerate(tasks):
                    label = f"{task.fetch_repo} {task.instance_id}"
                    if todo[task.instance_id]:
                        nxt = next((t for t in tasks[pos + 1 :] if todo[t.instance_id]), None)
                        if not self._task(task, todo[task.instance_id], nxt, pending, prefetcher):
                            failed.add(task.instance_id)
                    progress.advance(label, computed=bool(todo[task.instance_id]))
        finally:
            self.store.close()
        self.timing["wall_s"] = time.monotonic() - started
        ran = [t for t in tasks if t.instance_id not in failed]
        if not ran:
            raise self._none_can_run("no task's commit could be materialized")
        computed = sum(1 for t in ran if todo[t.instance_id])
        summary = self._summary(ran, computed)
        write_reports(summary, self.config.out)
        return summary

    def _git_dir(self, task: Task) -> str:
        # A runnable task has a fetch_repo with a mirror (`runnable` skips the others).
        return cast(str, self.mirrors.git_dir(cast(str, task.fetch_repo)))

    def _task(
        self,
        task: Task,
        todo: list[tuple[str, Method]],
        nxt: Task | None,
        pending: dict[str, Future],
        prefetcher: ThreadPoolExecutor,
    ) -> bool:
        """Every record `todo` asks of `task`; False when its commit cannot be had."""
        git_dir = self._git_dir(task)
        t0 = time.monotonic()
        try:
            fut = pending.pop(task.base_commit, None)
            checkout = fut.result() if fut else self.cache.path(git_dir, task.base_commit)
            files = list_files(git_dir, task.base_commit)
        except CheckoutError as exc:
            self._skip("commit not materialized")
            self.stream.write(f"\n{task.instance_id}: {exc}\n")
            return False
        self.timing["checkout_s"] += time.monotonic() - t0
        self.cache.pin(task.base_commit)
        if nxt is not None and nxt.base_commit != task.base_commit and nxt.base_commit not in pending:
            pending[nxt.base_commit] = prefetcher.submit(self.cache.path, self._git_dir(nxt), nxt.base_commit)
        if self._repo != task.fetch_repo:
            self._repo, self._repo_corpus = task.fetch_repo, RepoCorpus()
            self._rankers.clear()
            self._function_rankers.clear()
        t0 = time.monotonic()
        corpus = self._repo_corpus.commit(checkout, files)
        kind = message_kind(task.problem_statement, corpus)
        self.timing["corpus_s"] += time.monotonic() - t0
        if any(m.engine == "bm25" for _, m in todo) and task.base_commit not in self._rankers:
            if len(self._rankers) >= BM25_INDEXES_KEPT:
                self._rankers.pop(next(iter(self._rankers)))
            self._rankers[task.base_commit] = ranker = BM25Ranker(corpus)
            self.timing["bm25_index_s"] += ranker.build_ms / 1000
        if (
            any(m.engine in FUNCTION_BASELINES for _, m in todo)
            and task.base_commit not in self._function_rankers
        ):
            if len(self._function_rankers) >= BM25_INDEXES_KEPT:
                self._function_rankers.pop(next(iter(self._function_rankers)))
            t1 = time.monotonic()
            docs = self._repo_corpus.functions(checkout, corpus, {f.path: f.blob for f in files})
            self.timing["corpus_s"] += time.monotonic() - t1
            self._function_rankers[task.base_commit] = franker = FunctionBM25Ranker(docs)
            self.timing["bm25_index_s"] += franker.build_ms / 1000
        wait(list(pending.values()))  # the background checkout must not share the timed part
        t0 = time.monotonic()
        for track, method in todo:
            rankers = (self._rankers.get(task.base_commit), self._function_rankers.get(task.base_commit))
            self.store.append(self._one(task, track, method, checkout, kind, *rankers))
        self.timing["retrieval_s"] += time.monotonic() - t0
        self.cache.unpin(task.base_commit)
        return True

    def _summary(self, ran: list[Task], computed: int) -> dict:
        records = [
            self.store.records[k]
            for t in ran
            for track in self.config.tracks
            for m in self.methods
            if (k := record_key(t.instance_id, track, m)) in self.store.records
        ]
        return build_summary(
            records,
            methods=[m.name for m in self.methods],
            main=self.methods[0].name,
            baselines=[m.name for m in self.methods[1:] if not m.without],
            without={m.name: m.without[0] for m in self.methods if m.without},
            tracks=list(self.config.tracks),
            meta={
                "command": self.config.command,
                "date": self.config.date,
                "tasks_file": self.config.tasks,
                "tasks": {
                    "in_file": len(self.all_tasks),
                    "run": len(ran),
                    "computed": computed,
                    "skipped": dict(sorted(self.skipped.items())),
                },
                "timing": {k: round(v, 3) for k, v in sorted(self.timing.items())},
            },
        )

    def _one(
        self,
        task: Task,
        track: str,
        method: Method,
        checkout: str,
        kind: str,
        ranker: BM25Ranker | None,
        function_ranker: FunctionBM25Ranker | None,
    ) -> dict[str, Any]:
        evidence = failure_output(task.language, task.fail_to_pass) if track == "bounded" else ""
        rec: dict[str, Any] = {
            "key": record_key(task.instance_id, track, method),
            "instance_id": task.instance_id,
            "repo": task.repo,
            "dataset": task.dataset,
            "language": task.language,
            "kind": kind,
            "track": track,
            "method": method.name,
            "options": method.options,
            "commit": task.base_commit,
            "gold": sorted(task.gold_files),
            "evidence_lines": len(evidence.splitlines()),
            "error": None,
        }
        t0 = time.monotonic()
        message = f"{task.problem_statement}\n{evidence}" if evidence else task.problem_statement
        if method.engine in ("bm25", *FUNCTION_BASELINES):
            index = ranker if method.engine == "bm25" else function_ranker
            assert index is not None
            paths = index.rank(message)
            latency = (time.monotonic() - t0) * 1000
            if method.engine == "fusion":
                # The measured method's files for the same task and track, recorded just before.
                main = self.store.records.get(record_key(task.instance_id, track, self.methods[0]), {})
                paths = fuse([main.get("files", []), paths])
                latency += main.get("latency_ms") or 0.0
            rec.update(
                ranked=[{"path": p} for p in paths],
                tokens=count_tokens(bm25_block(paths)),
                latency_ms=round(latency, 3),
                strategies=[],
                timings_ms={"total": round(latency, 3), "index": round(index.build_ms, 3)},
            )
        else:
            # Other budgets only when asked for: an injected engine need not take them.
            budgets = {"budgets": replace(DEFAULT_BUDGETS, **dict(method.budgets))} if method.budgets else {}
            try:
                result = cast(Retrieve, self.retrieve)(  # run() sets it when an engine is asked for
                    task.problem_statement,
                    checkout,
                    evidence=(evidence,) if evidence else (),
                    retrieval=method.engine,
                    without=method.without,
                    **budgets,
                )
                rec.update(_engine_record(result))
            except Exception as exc:  # noqa: BLE001 - one engine failure is one task's miss, not the run's end
                rec.update(
                    ranked=[],
                    tokens=0,
                    latency_ms=None,
                    timings_ms={},
                    strategies=[],
                    error=f"{type(exc).__name__}: {exc}",
                )
        rec["wall_ms"] = round((time.monotonic() - t0) * 1000, 3)
        if method.engine not in ("bm25", *FUNCTION_BASELINES) and rec["error"] is None:
            # Only the engine shows lines; a baseline's block is files alone.
            in_fix, found = fix_lines(checkout, rec["ranked"], task.gold_files, changed_lines(task.patch))
            rec["fix_lines"] = {"in_fix": in_fix, "found": found}
        files = distinct(r["path"] for r in rec["ranked"])
        s = score(files, task.gold_files)
        rec.update(files=files, hits=list(s.hits), scores=s.to_json())
        return rec


def run_bench(config: BenchConfig, *, retrieve: Retrieve | None = None, stream: TextIO = sys.stderr) -> dict:
    """Run the benchmark described by `config`; returns the summary (also written to config.out)."""
    return _Run(config, retrieve, stream).run()
