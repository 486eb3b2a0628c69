"""parse_frames on real captured output (tests/fixtures/evidence, see capture.sh) and edge cases."""

import sys
from pathlib import Path

import pytest

from boundedcode.lang._text import MAX_CHARS, _evidence_lines, evidence_lines
from boundedcode.lang.diagnostics import parse_diagnostics
from boundedcode.lang.frames import Frame, exception_lines, is_frame_line, parse_frames
from evidence_files import T, evidence


# One program's trace as three structured loggers keep it, and one as two loggers of Python keep
# it (capture.sh jsonlogs); one breakpoint's stack as pdb and ipdb list it (capture.sh pdb).
JSON_LOGGED_NODE = [
    Frame(T + "/jsonlogs/lib/cart.js", 2, 55, None, None, "javascript", 0),
    Frame(T + "/jsonlogs/lib/cart.js", 2, 16, "total", None, "javascript", 1),
    Frame(T + "/jsonlogs/main.js", 4, 10, "checkout", None, "javascript", 2),
    Frame(T + "/jsonlogs/main.js", 21, 3, "Object.<anonymous>", None, "javascript", 3),
    Frame("node:internal/modules/cjs/loader", 1521, 14, "Module._compile", None, "javascript", 4),
    Frame("node:internal/modules/cjs/loader", 1623, 10, "Module._extensions..js", None, "javascript", 5),
    Frame("node:internal/modules/cjs/loader", 1266, 32, "Module.load", None, "javascript", 6),
    Frame("node:internal/modules/cjs/loader", 1091, 12, "Module._load", None, "javascript", 7),
    Frame("node:internal/modules/run_main", 164, 12, "Function.executeUserEntryPoint", None, "javascript", 8),
]
JSON_LOGGED_PYTHON = [
    Frame(T + "/jsonlogs/shop/cart.py", 2, None, None, None, "python", 0),
    Frame(T + "/jsonlogs/shop/cart.py", 2, None, "total", None, "python", 1),
    Frame(T + "/jsonlogs/shop/app.py", 9, None, "checkout", None, "python", 2),
    Frame(T + "/jsonlogs/shop/app.py", 14, None, "run", None, "python", 3),
]
AT_BREAKPOINT = [
    Frame(T + "/pdb/shop/cart.py", 7, None, "checked_total", None, "python", 0),
    Frame(T + "/pdb/shop/app.py", 9, None, "review", None, "python", 1),
    Frame(T + "/pdb/run.py", 6, None, None, None, "python", 2),
]

# Every fixture that holds frames, with every frame parse_frames must find in it.
OBJECTS_PYTHON = [
    Frame(T + "/frameobjects/shop/cart.py", 2, None, None, None, "python", 0),
    Frame(T + "/frameobjects/shop/cart.py", 2, None, "total", None, "python", 1),
    Frame(T + "/frameobjects/shop/cart.py", 6, None, "checkout", None, "python", 2),
    Frame(T + "/frameobjects/shop/app.py", 16, None, "run", None, "python", 3),
]
ZIG_STD = "/tmp/capture/s59/pyenv/lib/python3.11/site-packages/ziglang/lib/std"  # capture.sh zig
OBJECTS_JVM = [
    Frame("Cart.java", 8, None, "com.acme.shop.Cart.total", "com.acme.shop", "jvm", 0),
    Frame("Main.java", 13, None, "com.acme.shop.Main.main", "com.acme.shop", "jvm", 1),
]
SUREFIRE = [
    Frame("CartTest.java", 13, None, "com.acme.CartTest.testCount", "com.acme", "jvm", 0),
    Frame("CartTest.java", 8, None, "com.acme.CartTest.testTotal", "com.acme", "jvm", 0),
    Frame("CartTest.java", 8, None, "CartTest.testTotal", None, "jvm", 0),
    Frame("CartTest.java", 13, None, "CartTest.testCount", None, "jvm", 0),
]
RUNNER_RELAYED = [
    Frame(T + "/pasted/js/src/cart.js", 2, 55, None, None, "javascript", 0),
    Frame(T + "/pasted/js/src/cart.js", 2, 16, "total", None, "javascript", 1),
    Frame(T + "/pasted/js/src/server.js", 4, 15, "Timeout._onTimeout", None, "javascript", 2),
    Frame("node:internal/timers", 581, 17, "listOnTimeout", None, "javascript", 3),
    Frame("node:internal/timers", 519, 7, "process.processTimers", None, "javascript", 4),
]
EXPECTED = {
    "c/asan.txt": [
        Frame(T + "/c/cart.c", 7, None, "total", None, "c", 0),
        Frame(T + "/c/cart.c", 14, None, "reorder", None, "c", 1),
        Frame(T + "/c/cart.c", 19, None, "main", None, "c", 2),
        Frame("../sysdeps/nptl/libc_start_call_main.h", 58, None, "__libc_start_call_main", None, "c", 3),
        Frame("../csu/libc-start.c", 360, None, "__libc_start_main_impl", None, "c", 4),
        Frame(
            "../../../../src/libsanitizer/asan/asan_malloc_linux.cpp",
            69,
            None,
            "__interceptor_malloc",
            None,
            "c",
            0,
        ),
        Frame(T + "/c/cart.c", 12, None, "reorder", None, "c", 1),
    ],
    "c/asan_clang_cpp.txt": [
        Frame(
            "/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h",
            988,
            40,
            "std::vector<int, std::allocator<int> >::size",
            None,
            "c",
            0,
        ),
        Frame(
            "/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h",
            1152,
            19,
            "std::vector<int, std::allocator<int> >::_M_range_check",
            None,
            "c",
            1,
        ),
        Frame(
            "/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h",
            1175,
            2,
            "std::vector<int, std::allocator<int> >::at",
            None,
            "c",
            2,
        ),
        Frame(T + "/c/crash.cpp", 5, 48, "Cart::total", None, "c", 3),
        Frame(T + "/c/crash.cpp", 8, 45, "reorder", None, "c", 4),
        Frame(T + "/c/crash.cpp", 10, 29, "main", None, "c", 5),
        Frame("csu/../sysdeps/nptl/libc_start_call_main.h", 58, 16, "__libc_start_call_main", None, "c", 6),
        Frame("csu/../csu/libc-start.c", 360, 3, "__libc_start_main", None, "c", 7),
    ],
    "c/gdb_optimized.txt": [  # 'scale=scale@entry=2' is an argument, not Firefox's 'function@file'
        Frame("ledger.cpp", 6, None, "post", None, "c", 0),
        Frame("ledger.cpp", 10, None, "settle", None, "c", 1),
        Frame("../sysdeps/nptl/libc_start_call_main.h", 58, None, "__libc_start_call_main", None, "c", 2),
        Frame("../csu/libc-start.c", 360, None, "__libc_start_main_impl", None, "c", 3),
    ],
    "c/gdb_backtrace.txt": [
        Frame(
            "/usr/include/c++/12/bits/stl_vector.h",
            988,
            None,
            "std::vector<int, std::allocator<int> >::size",
            None,
            "c",
            0,
        ),
        Frame(
            "/usr/include/c++/12/bits/stl_vector.h",
            1152,
            None,
            "std::vector<int, std::allocator<int> >::_M_range_check",
            None,
            "c",
            1,
        ),
        Frame(
            "/usr/include/c++/12/bits/stl_vector.h",
            1175,
            None,
            "std::vector<int, std::allocator<int> >::at",
            None,
            "c",
            2,
        ),
        Frame("crash.cpp", 5, None, "Cart::total", None, "c", 3),
        Frame("crash.cpp", 8, None, "reorder", None, "c", 4),
        Frame("crash.cpp", 10, None, "main", None, "c", 5),
    ],
    "c/tsan.txt": [
        Frame(T + "/c/race.c", 6, None, "bump", None, "c", 0),
        Frame(
            "../../../../src/libsanitizer/tsan/tsan_interceptors_posix.cpp",
            1001,
            None,
            "pthread_create",
            None,
            "c",
            0,
        ),
        Frame(T + "/c/race.c", 13, None, "main", None, "c", 1),
        Frame(T + "/c/race.c", 12, None, "main", None, "c", 1),
    ],
    "c/ubsan.txt": [
        Frame("overflow.c", 4, 18, None, None, "c", 0),
    ],
    "csharp/dotnet_test.txt": [
        Frame("/home/dev/shop/src/Shop/Cart.cs", 21, None, "Shop.Cart.TotalAsync", None, "csharp", 0),
        Frame(
            "/home/dev/shop/tests/Shop.Tests/CartTests.cs",
            14,
            None,
            "Shop.Tests.CartTests.TotalIsSummed",
            None,
            "csharp",
            1,
        ),
    ],
    "csharp/dotnet_windows_crlf.txt": [
        Frame("C:/src/Shop/Cart.cs", 12, None, "Shop.Cart.Total", None, "csharp", 0),
        Frame("C:/src/Shop/Program.cs", 9, None, "Shop.Program.Reorder", None, "csharp", 1),
        Frame("C:/src/Shop/Program.cs", 13, None, "Shop.Program.Reorder", None, "csharp", 0),
        Frame("C:/src/Shop/Program.cs", 18, None, "Shop.Program.Main", None, "csharp", 1),
    ],
    "csharp/mono_exception.txt": [
        Frame(T + "/csharp/Cart.cs", 12, None, "Shop.Cart.Total", None, "csharp", 0),
        Frame(T + "/csharp/Cart.cs", 20, None, "Shop.Program.Reorder", None, "csharp", 1),
        Frame(T + "/csharp/Cart.cs", 21, None, "Shop.Program.Reorder", None, "csharp", 0),
        Frame(T + "/csharp/Cart.cs", 24, None, "Shop.Program.Main", None, "csharp", 1),
    ],
    "dart/dart_test.txt": [
        Frame("shop/lib/src/cart.dart", 12, 18, "Cart.total", None, "dart", 0),
        Frame("test/cart_test.dart", 7, 5, "main.<fn>.<fn>", None, "dart", 1),
    ],
    "dart/unhandled_exception.txt": [
        Frame("dart:core-patch/growable_array.dart", 343, 5, "List.first", None, "dart", 0),
        Frame("shop/lib/src/cart.dart", 12, 18, "Cart.total", None, "dart", 1),
        Frame("shop/lib/shop.dart", 8, 10, "reorder", None, "dart", 2),
        Frame("/home/dev/shop/bin/shop.dart", 5, 3, "main", None, "dart", 3),
        Frame(
            "dart:isolate-patch/isolate_patch.dart",
            297,
            19,
            "_delayEntrypointInvocation.<anonymous closure>",
            None,
            "dart",
            4,
        ),
        Frame(
            "dart:isolate-patch/isolate_patch.dart",
            184,
            12,
            "_RawReceivePort._handleMessage",
            None,
            "dart",
            5,
        ),
    ],
    "elixir/exunit.txt": [
        Frame("test/cart_test.exs", 5, None, None, None, "elixir", 0),
        Frame("lib/cart.ex", 2, None, "Shop.Cart.total", None, "elixir", 0),
        Frame("test/cart_test.exs", 9, None, None, None, "elixir", 1),
    ],
    # a stacktrace inspected (a long frame broken after its arity), then a GenServer's crash as
    # Logger formats it and its exit's reason inspected, pretty and on one line: the same frames
    "elixir/inspected_stacktrace.txt": [
        Frame("lib/cart.ex", 2, None, "Shop.Cart.total", None, "elixir", 0),
        Frame("run.exs", 5, None, ":elixir_compiler_0.__FILE__", None, "elixir", 1),
        Frame("src/elixir_compiler.erl", 65, None, ":elixir_compiler.dispatch", None, "elixir", 2),
        Frame("src/elixir_compiler.erl", 50, None, ":elixir_compiler.compile", None, "elixir", 3),
        Frame("src/elixir_lexical.erl", 15, None, ":elixir_lexical.run", None, "elixir", 4),
        Frame("src/elixir_compiler.erl", 17, None, ":elixir_compiler.quoted", None, "elixir", 5),
        Frame(
            "lib/module/parallel_checker.ex", 100, None, "Module.ParallelChecker.verify", None, "elixir", 6
        ),
        Frame("lib/code.ex", 1245, None, "Code.require_file", None, "elixir", 7),
        Frame("lib/cart.ex", 8, None, "Shop.Server.handle_call", None, "elixir", 1),
        Frame("gen_server.erl", 1149, None, ":gen_server.try_handle_call", None, "elixir", 2),
        Frame("gen_server.erl", 1178, None, ":gen_server.handle_msg", None, "elixir", 3),
        Frame("proc_lib.erl", 240, None, ":proc_lib.init_p_do_apply", None, "elixir", 4),
        Frame("gen.erl", 256, None, ":gen.do_call", None, "elixir", 0),
        Frame("lib/gen_server.ex", 1035, None, "GenServer.call", None, "elixir", 1),
        Frame("run.exs", 14, None, None, None, "elixir", 2),
        Frame("src/elixir_compiler.erl", 65, None, ":elixir_compiler.dispatch", None, "elixir", 3),
        Frame("src/elixir_compiler.erl", 50, None, ":elixir_compiler.compile", None, "elixir", 4),
        Frame("src/elixir_lexical.erl", 15, None, ":elixir_lexical.run", None, "elixir", 5),
        Frame("src/elixir_compiler.erl", 17, None, ":elixir_compiler.quoted", None, "elixir", 6),
        Frame(
            "lib/module/parallel_checker.ex", 100, None, "Module.ParallelChecker.verify", None, "elixir", 7
        ),
    ],
    "elixir/runtime_error.txt": [
        Frame("lib/cart.ex", 2, None, "Shop.Cart.total", None, "elixir", 0),
        Frame("erl_eval.erl", 744, None, ":erl_eval.do_apply", None, "elixir", 1),
        Frame("lib/code.ex", 422, None, "Code.validated_eval_string", None, "elixir", 2),
        Frame("lib/enum.ex", 975, None, 'Enum."-each/2-lists^foreach/1-0-"', None, "elixir", 3),
        Frame("lib/mix/tasks/run.ex", 140, None, "Mix.Tasks.Run.run", None, "elixir", 4),
        Frame("lib/mix/tasks/run.ex", 84, None, "Mix.Tasks.Run.run", None, "elixir", 5),
    ],
    "erlang/boot_stack.txt": [
        Frame("src/cart.erl", 5, None, "cart:total", None, "erlang", 0),
        Frame("src/cart.erl", 8, None, "cart:main", None, "erlang", 1),
        Frame("src/orders.erl", 4, None, "orders:place", None, "erlang", 0),
        Frame("erl_eval.erl", 744, None, "erl_eval:do_apply", None, "erlang", 1),
    ],
    "erlang/gen_server_report.txt": [
        Frame("src/cart.erl", 5, None, "cart:total", None, "erlang", 0),
        Frame("src/cart_server.erl", 12, None, "cart_server:handle_call", None, "erlang", 1),
        Frame("gen_server.erl", 1149, None, "gen_server:try_handle_call", None, "erlang", 2),
        Frame("gen_server.erl", 1178, None, "gen_server:handle_msg", None, "erlang", 3),
        Frame("proc_lib.erl", 240, None, "proc_lib:init_p_do_apply", None, "erlang", 4),
        Frame("gen.erl", 256, None, "gen:do_call", None, "erlang", 0),
        Frame("gen_server.erl", 366, None, "gen_server:call", None, "erlang", 1),
        Frame("erl_eval.erl", 744, None, "erl_eval:do_apply", None, "erlang", 2),
        Frame("erl_eval.erl", 480, None, "erl_eval:expr", None, "erlang", 3),
        Frame("erl_eval.erl", 136, None, "erl_eval:exprs", None, "erlang", 4),
    ],
    "erlang/logger_single_line.txt": [
        Frame("src/cart.erl", 5, None, "cart:total", None, "erlang", 0),
        Frame("src/cart_server.erl", 12, None, "cart_server:handle_call", None, "erlang", 1),
        Frame("gen_server.erl", 1149, None, "gen_server:try_handle_call", None, "erlang", 2),
        Frame("gen_server.erl", 1178, None, "gen_server:handle_msg", None, "erlang", 3),
        Frame("proc_lib.erl", 240, None, "proc_lib:init_p_do_apply", None, "erlang", 4),
        Frame("gen.erl", 256, None, "gen:do_call", None, "erlang", 0),
        Frame("gen_server.erl", 366, None, "gen_server:call", None, "erlang", 1),
        Frame("erl_eval.erl", 744, None, "erl_eval:do_apply", None, "erlang", 2),
        Frame("erl_eval.erl", 480, None, "erl_eval:expr", None, "erlang", 3),
    ],
    "go/panic_goroutine.txt": [
        Frame(T + "/go/cart/cart.go", 8, None, "example.com/shop/cart.(*Cart).Total", None, "go", 0),
        Frame(T + "/go/cmd/shop/main.go", 11, None, "main.reorder", None, "go", 1),
        Frame(T + "/go/cmd/shop/main.go", 19, None, "main.main.func1", None, "go", 2),
        Frame(T + "/go/cmd/shop/main.go", 17, None, "main.main", None, "go", 3),
    ],
    "go/panic_truncated.txt": [
        Frame(T + "/go/cart/cart.go", 8, None, "example.com/shop/cart.(*Cart).Total", None, "go", 0),
        Frame(T + "/go/cmd/shop/main.go", 11, None, "main.reorder", None, "go", 1),
    ],
    "go/test_fail.txt": [
        Frame(
            "/usr/lib/go-1.19/src/testing/testing.go", 1396, None, "testing.tRunner.func1.2", None, "go", 0
        ),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1399, None, "testing.tRunner.func1", None, "go", 1),
        Frame("/usr/lib/go-1.19/src/runtime/panic.go", 884, None, "panic", None, "go", 2),
        Frame(T + "/go/cart/cart.go", 8, None, "example.com/shop/cart.(*Cart).Total", None, "go", 3),
        Frame(T + "/go/cart/cart_test.go", 7, None, "example.com/shop/cart.TestTotal.func1", None, "go", 4),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1446, None, "testing.tRunner", None, "go", 5),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1493, None, "testing.(*T).Run", None, "go", 6),
    ],
    "go/test_fail_plain.txt": [
        Frame(
            "/usr/lib/go-1.19/src/testing/testing.go", 1396, None, "testing.tRunner.func1.2", None, "go", 0
        ),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1399, None, "testing.tRunner.func1", None, "go", 1),
        Frame("/usr/lib/go-1.19/src/runtime/panic.go", 884, None, "panic", None, "go", 2),
        Frame(T + "/go/cart/cart.go", 8, None, "example.com/shop/cart.(*Cart).Total", None, "go", 3),
        Frame(T + "/go/cart/cart_test.go", 7, None, "example.com/shop/cart.TestTotal.func1", None, "go", 4),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1446, None, "testing.tRunner", None, "go", 5),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1493, None, "testing.(*T).Run", None, "go", 6),
    ],
    "go/test_fail_verbose.txt": [
        Frame(
            "/usr/lib/go-1.19/src/testing/testing.go", 1396, None, "testing.tRunner.func1.2", None, "go", 0
        ),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1399, None, "testing.tRunner.func1", None, "go", 1),
        Frame("/usr/lib/go-1.19/src/runtime/panic.go", 884, None, "panic", None, "go", 2),
        Frame(T + "/go/cart/cart.go", 8, None, "example.com/shop/cart.(*Cart).Total", None, "go", 3),
        Frame(T + "/go/cart/cart_test.go", 7, None, "example.com/shop/cart.TestTotal.func1", None, "go", 4),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1446, None, "testing.tRunner", None, "go", 5),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1493, None, "testing.(*T).Run", None, "go", 6),
    ],
    "go/windows_crlf.txt": [
        Frame(
            "C:/Users/dev/shop/cart/cart.go", 8, None, "example.com/shop/cart.(*Cart).Total", None, "go", 0
        ),
        Frame("C:/Users/dev/shop/cmd/shop/main.go", 17, None, "main.main", None, "go", 1),
    ],
    "javascript/browser_webpack.txt": [
        Frame("src/cart.ts", 12, 18, "Cart.total", None, "javascript", 0),
        Frame("src/shop.ts", 8, 10, "reorder", None, "javascript", 1),
        Frame("/static/js/main.js", 1, 2345, "HTMLButtonElement.<anonymous>", None, "javascript", 2),
        Frame("src/cart.ts", 12, 18, "total", None, "javascript", 0),
        Frame("/static/js/main.js", 1, 2399, "reorder", None, "javascript", 1),
    ],
    "javascript/firefox_gjs.txt": [
        Frame("engines/cart.js", 1, 25, "total", None, "javascript", 0),
        Frame("engines/cart.js", 2, 33, "reorder", None, "javascript", 1),
        Frame("engines/cart.js", 3, 14, None, None, "javascript", 2),
    ],
    "javascript/jest.txt": [
        Frame("src/cart.test.js", 3, 59, "Object.toBe", None, "javascript", 0),
        Frame("src/cart.test.js", 5, 51, "Object.toBe", None, "javascript", 0),
        Frame("src/price.test.js", 1, 46, "Object.toBeGreaterThan", None, "javascript", 0),
    ],
    "javascript/jest_color.txt": [
        Frame("src/price.test.js", 1, 46, "Object.toBeGreaterThan", None, "javascript", 0),
    ],
    "javascript/node_async.txt": [
        Frame(T + "/javascript/async.js", 3, 9, "load", None, "javascript", 0),
        Frame(T + "/javascript/async.js", 5, 25, "main", None, "javascript", 1),
    ],
    "javascript/node_sourcemap.txt": [
        Frame(T + "/javascript/ts/src/cart.ts", 5, 56, None, None, "javascript", 0),
        Frame(T + "/javascript/ts/src/cart.ts", 5, 23, "Cart.total", None, "javascript", 1),
        Frame(T + "/javascript/ts/src/main.ts", 3, 18, "Object.<anonymous>", None, "javascript", 2),
        Frame("node:internal/modules/cjs/loader", 1521, 14, "Module._compile", None, "javascript", 3),
        Frame("node:internal/modules/cjs/loader", 1623, 10, "Module._extensions..js", None, "javascript", 4),
        Frame("node:internal/modules/cjs/loader", 1266, 32, "Module.load", None, "javascript", 5),
        Frame("node:internal/modules/cjs/loader", 1091, 12, "Module._load", None, "javascript", 6),
        Frame(
            "node:internal/modules/run_main", 164, 12, "Function.executeUserEntryPoint", None, "javascript", 7
        ),
        Frame("node:internal/main/run_main_module", 28, 49, None, None, "javascript", 8),
    ],
    "javascript/node_uncaught.txt": [
        Frame(T + "/javascript/lib/cart.js", 3, 64, None, None, "javascript", 0),
        Frame(T + "/javascript/lib/cart.js", 3, 31, "Cart.total", None, "javascript", 1),
        Frame(T + "/javascript/lib/cart.js", 6, 31, "reorder", None, "javascript", 2),
        Frame(T + "/javascript/main.js", 2, 18, "Timeout._onTimeout", None, "javascript", 3),
        Frame("node:internal/timers", 581, 17, "listOnTimeout", None, "javascript", 4),
        Frame("node:internal/timers", 519, 7, "process.processTimers", None, "javascript", 5),
    ],
    "javascript/safari_jsc.txt": [
        Frame("engines/cart.js", 1, 37, "total", None, "javascript", 0),
        Frame("engines/cart.js", 2, 38, "reorder", None, "javascript", 1),
        Frame("engines/cart.js", 3, 14, None, None, "javascript", 2),
    ],
    "javascript/windows_crlf.txt": [
        Frame("C:/Users/dev/shop/lib/cart.js", 3, 64, None, None, "javascript", 0),
        Frame("C:/Users/dev/shop/lib/cart.js", 3, 31, "Cart.total", None, "javascript", 1),
        Frame("C:/Users/dev/shop/lib/orders.mjs", 6, 31, "reorder", None, "javascript", 2),
    ],
    "jvm/groovy.txt": [
        Frame("orders.groovy", 2, None, "Orders.place", None, "jvm", 0),
        Frame("orders.groovy", 4, None, "orders.run", None, "jvm", 1),
        Frame(
            "NativeMethodAccessorImpl.java",
            77,
            None,
            "jdk.internal.reflect.NativeMethodAccessorImpl.invoke",
            "jdk.internal.reflect",
            "jvm",
            2,
        ),
        Frame(
            "DelegatingMethodAccessorImpl.java",
            43,
            None,
            "jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke",
            "jdk.internal.reflect",
            "jvm",
            3,
        ),
    ],
    "jvm/java_caused_by.txt": [
        Frame("Orders.java", 14, None, "com.acme.orders.Orders.place", "com.acme.orders", "jvm", 0),
        Frame("Orders.java", 19, None, "com.acme.orders.Orders.main", "com.acme.orders", "jvm", 1),
        Frame(
            "ImmutableCollections.java",
            333,
            None,
            "java.util.ImmutableCollections$AbstractImmutableList.outOfBounds",
            "java.util",
            "jvm",
            0,
        ),
        Frame(
            "ImmutableCollections.java",
            585,
            None,
            "java.util.ImmutableCollections$List12.get",
            "java.util",
            "jvm",
            1,
        ),
        Frame("Orders.java", 7, None, "com.acme.orders.Orders$Line.total", "com.acme.orders", "jvm", 2),
        Frame("Orders.java", 12, None, "com.acme.orders.Orders.place", "com.acme.orders", "jvm", 3),
    ],
    "jvm/java_truncated.txt": [
        Frame("Orders.java", 14, None, "com.acme.orders.Orders.place", "com.acme.orders", "jvm", 0),
        Frame("Orders.java", 19, None, "com.acme.orders.Orders.main", "com.acme.orders", "jvm", 1),
    ],
    "jvm/kotlin.txt": [
        Frame("Orders.kt", 4, None, "com.acme.orders.Orders.place", "com.acme.orders", "jvm", 0),
        Frame("Orders.kt", 8, None, "com.acme.orders.OrdersKt.main", "com.acme.orders", "jvm", 1),
    ],
    "jvm/scala.txt": [
        Frame("Orders.scala", 4, None, "com.acme.orders.Orders$.place", "com.acme.orders", "jvm", 0),
        Frame("Orders.scala", 5, None, "com.acme.orders.Orders$.main", "com.acme.orders", "jvm", 1),
        Frame(
            "NativeMethodAccessorImpl.java",
            77,
            None,
            "jdk.internal.reflect.NativeMethodAccessorImpl.invoke",
            "jdk.internal.reflect",
            "jvm",
            2,
        ),
        Frame(
            "DelegatingMethodAccessorImpl.java",
            43,
            None,
            "jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke",
            "jdk.internal.reflect",
            "jvm",
            3,
        ),
        Frame("Method.java", 569, None, "java.lang.reflect.Method.invoke", "java.lang.reflect", "jvm", 4),
        Frame(
            "ScalaClassLoader.scala",
            70,
            None,
            "scala.reflect.internal.util.ScalaClassLoader$$anonfun$run$1.apply",
            "scala.reflect.internal.util",
            "jvm",
            5,
        ),
        Frame(
            "ScalaClassLoader.scala",
            31,
            None,
            "scala.reflect.internal.util.ScalaClassLoader$class.asContext",
            "scala.reflect.internal.util",
            "jvm",
            6,
        ),
        Frame(
            "ScalaClassLoader.scala",
            101,
            None,
            "scala.reflect.internal.util.ScalaClassLoader$URLClassLoader.asContext",
            "scala.reflect.internal.util",
            "jvm",
            7,
        ),
        Frame(
            "ScalaClassLoader.scala",
            70,
            None,
            "scala.reflect.internal.util.ScalaClassLoader$class.run",
            "scala.reflect.internal.util",
            "jvm",
            8,
        ),
        Frame(
            "ScalaClassLoader.scala",
            101,
            None,
            "scala.reflect.internal.util.ScalaClassLoader$URLClassLoader.run",
            "scala.reflect.internal.util",
            "jvm",
            9,
        ),
        Frame(
            "ObjectRunner.scala",
            22,
            None,
            "scala.tools.nsc.CommonRunner$class.run",
            "scala.tools.nsc",
            "jvm",
            10,
        ),
        Frame(
            "ObjectRunner.scala", 39, None, "scala.tools.nsc.ObjectRunner$.run", "scala.tools.nsc", "jvm", 11
        ),
        Frame(
            "ObjectRunner.scala",
            29,
            None,
            "scala.tools.nsc.CommonRunner$class.runAndCatch",
            "scala.tools.nsc",
            "jvm",
            12,
        ),
        Frame(
            "ObjectRunner.scala",
            39,
            None,
            "scala.tools.nsc.ObjectRunner$.runAndCatch",
            "scala.tools.nsc",
            "jvm",
            13,
        ),
        Frame(
            "MainGenericRunner.scala",
            65,
            None,
            "scala.tools.nsc.MainGenericRunner.runTarget$1",
            "scala.tools.nsc",
            "jvm",
            14,
        ),
        Frame(
            "MainGenericRunner.scala",
            87,
            None,
            "scala.tools.nsc.MainGenericRunner.run$1",
            "scala.tools.nsc",
            "jvm",
            15,
        ),
        Frame(
            "MainGenericRunner.scala",
            98,
            None,
            "scala.tools.nsc.MainGenericRunner.process",
            "scala.tools.nsc",
            "jvm",
            16,
        ),
        Frame(
            "MainGenericRunner.scala",
            103,
            None,
            "scala.tools.nsc.MainGenericRunner$.main",
            "scala.tools.nsc",
            "jvm",
            17,
        ),
    ],
    "jvm/surefire3_junit5.txt": [
        Frame(
            "AssertionFailureBuilder.java",
            151,
            None,
            "org.junit.jupiter.api.AssertionFailureBuilder.build",
            "org.junit.jupiter.api",
            "jvm",
            0,
        ),
        Frame("CartTest.java", 8, None, "com.acme.CartTest.testTotal", "com.acme", "jvm", 1),
        Frame("Cart.java", 9, None, "com.acme.Cart.count", "com.acme", "jvm", 0),
        Frame("CartTest.java", 13, None, "com.acme.CartTest.testCount", "com.acme", "jvm", 1),
        Frame("CartTest.java", 8, None, "CartTest.testTotal", None, "jvm", 0),
    ],
    # The tests' traces, then Maven's summary of them (each test at its class's line).
    "jvm/surefire_junit4.txt": SUREFIRE,
    "jvm/surefire_junit5.txt": SUREFIRE,
    "c/cmake_error.txt": [
        Frame("cmake/targets.cmake", 2, None, "add_library", None, "cmake", 0),
        Frame("CMakeLists.txt", 4, None, "shop_library", None, "cmake", 1),
    ],
    "c/valgrind_leak.txt": [
        Frame("cart.c", 6, None, "total", None, "c", 0),
        Frame("main.c", 6, None, "main", None, "c", 1),
        Frame("cart.c", 4, None, "total", None, "c", 0),
        Frame("cart.c", 12, None, "reserve", None, "c", 0),
        Frame("main.c", 5, None, "main", None, "c", 1),
    ],
    "c/valgrind_memcheck.txt": [
        Frame("cart.c", 6, None, "total", None, "c", 0),
        Frame("main.c", 6, None, "main", None, "c", 1),
        Frame("cart.c", 4, None, "total", None, "c", 0),
    ],
    "c/lldb_segv.txt": [
        Frame("cart.c", 7, 48, "total", None, "c", 0),
        Frame("cart.c", 13, 12, "main", None, "c", 1),
    ],
    # clang -O1: an optimized function's frames end ' [opt]'
    "c/lldb_opt.txt": [
        Frame("cart.c", 7, 64, "total", None, "c", 0),
        Frame("cart.c", 12, 12, "reorder", None, "c", 1),
        Frame("cart.c", 17, 12, "main", None, "c", 2),
    ],
    "c/lldb_cpp.txt": [
        Frame("cart.cpp", 11, 27, "shop::Cart::total", None, "c", 0),
        Frame("cart.cpp", 21, 20, "main", None, "c", 1),
    ],
    "c/lldb_threads.txt": [
        Frame("worker.cpp", 18, 14, "main", None, "c", 0),
        Frame("worker.cpp", 7, 19, "shop::price_of", None, "c", 0),
        Frame("worker.cpp", 11, 11, "shop::reprice", None, "c", 1),
    ],
    "rust/lldb_panic.txt": [
        Frame("src/pricing.rs", 2, 5, None, None, "rust", 0),
        Frame("pricing.rs", 2, 5, "cart::pricing::unit_price", None, "rust", 0),
        Frame("pricing.rs", 6, 38, "cart::pricing::total::{{closure}}", None, "rust", 1),
        Frame("pricing.rs", 6, 62, "cart::pricing::total", None, "rust", 2),
        Frame("main.rs", 5, 20, "cart::main", None, "rust", 3),
    ],
    "javascript/vitest.txt": [
        Frame("src/cart.ts", 3, 39, None, None, "javascript", 0),
        Frame("src/cart.ts", 2, 16, "total", None, "javascript", 1),
        Frame("src/cart.test.ts", 5, 10, None, None, "javascript", 2),
        Frame("src/cart.test.ts", 9, 48, None, None, "javascript", 0),
    ],
    "mixed/compose_relayed.txt": [
        Frame(T + "/relayed/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/relayed/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/relayed/shop/server.py", 6, None, "handle", None, "python", 2),
        Frame(T + "/relayed/shop/server.py", 11, None, None, None, "python", 3),
        Frame(T + "/relayed/shop/cart.py", 2, None, "total", None, "python", 0),
        Frame(T + "/relayed/shop/worker.py", 7, None, "drain", None, "python", 1),
        Frame(T + "/relayed/shop/worker.py", 12, None, None, None, "python", 2),
    ],
    "mixed/interleaved_go_jest.txt": [
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1396, None, None, None, "go", 0),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1399, None, "testing.tRunner.func1", None, "go", 1),
        Frame("src/cart.test.js", 3, 59, "Object.toBe", None, "javascript", 0),
        Frame("/usr/lib/go-1.19/src/runtime/panic.go", 884, None, "panic", None, "go", 0),
        Frame(T + "/go/cart/cart.go", 8, None, "example.com/shop/cart.(*Cart).Total", None, "go", 1),
        Frame(T + "/go/cart/cart_test.go", 7, None, "example.com/shop/cart.TestTotal.func1", None, "go", 2),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1446, None, None, None, "go", 0),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1493, None, None, None, "go", 1),
        Frame("src/cart.test.js", 5, 51, "Object.toBe", None, "javascript", 0),
        Frame("src/price.test.js", 1, 46, "Object.toBeGreaterThan", None, "javascript", 0),
    ],
    "mixed/interleaved_jvm_python.txt": [
        Frame("Orders.java", 14, None, "com.acme.orders.Orders.place", "com.acme.orders", "jvm", 0),
        Frame("Orders.java", 19, None, "com.acme.orders.Orders.main", "com.acme.orders", "jvm", 0),
        Frame(T + "/python/shop/main.py", 9, None, None, None, "python", 0),
        Frame(
            "ImmutableCollections.java",
            333,
            None,
            "java.util.ImmutableCollections$AbstractImmutableList.outOfBounds",
            "java.util",
            "jvm",
            0,
        ),
        Frame(
            "ImmutableCollections.java",
            585,
            None,
            "java.util.ImmutableCollections$List12.get",
            "java.util",
            "jvm",
            0,
        ),
        Frame(T + "/python/shop/cart.py", 6, None, "total", None, "python", 0),
        Frame("Orders.java", 7, None, "com.acme.orders.Orders$Line.total", "com.acme.orders", "jvm", 0),
        Frame("Orders.java", 12, None, "com.acme.orders.Orders.place", "com.acme.orders", "jvm", 0),
    ],
    "php/fatal.txt": [
        Frame(T + "/php/bin/fatal.php", 4, None, "total", None, "php", 0),
        Frame(T + "/php/bin/fatal.php", 6, None, None, None, "php", 1),
    ],
    "php/phpunit.txt": [
        Frame(T + "/php/src/Cart.php", 9, None, None, None, "php", 0),
        Frame(T + "/php/tests/CartTest.php", 18, None, None, None, "php", 1),
        Frame(T + "/php/tests/CartTest.php", 13, None, None, None, "php", 0),
        Frame(T + "/php/tests/CartTest.php", 24, None, None, None, "php", 0),
    ],
    "php/phpunit_color.txt": [
        Frame(T + "/php/src/Cart.php", 9, None, None, None, "php", 0),
        Frame(T + "/php/tests/CartTest.php", 18, None, None, None, "php", 1),
        Frame(T + "/php/tests/CartTest.php", 13, None, None, None, "php", 0),
        Frame(T + "/php/tests/CartTest.php", 24, None, None, None, "php", 0),
    ],
    # the error's place, then its stack under 'stack traceback:' (a C function's rows no file's)
    "lua/lua54_traceback.txt": [
        Frame("shop/cart.lua", 16, None, None, None, "lua", 0),
        Frame("shop/cart.lua", 16, None, "shop.cart.total", None, "lua", 1),
        Frame("main.lua", 6, None, "checkout", None, "lua", 2),
        Frame("main.lua", 10, None, None, None, "lua", 3),
        Frame("shop/cart.lua", 5, None, None, None, "lua", 0),
        Frame("shop/cart.lua", 5, None, "price_of", None, "lua", 0),
        Frame("shop/cart.lua", 15, None, "shop.cart.total", None, "lua", 1),
        Frame("missing.lua", 5, None, "checkout", None, "lua", 2),
        Frame("missing.lua", 9, None, None, None, "lua", 3),
    ],
    "lua/luajit_traceback.txt": [
        Frame("shop/cart.lua", 16, None, None, None, "lua", 0),
        Frame("shop/cart.lua", 16, None, "total", None, "lua", 1),
        Frame("main.lua", 6, None, "checkout", None, "lua", 2),
        Frame("main.lua", 10, None, None, None, "lua", 3),
        Frame("shop/cart.lua", 5, None, None, None, "lua", 0),
        Frame("shop/cart.lua", 5, None, "price_of", None, "lua", 0),
        Frame("shop/cart.lua", 15, None, "total", None, "lua", 1),
        Frame("missing.lua", 5, None, "checkout", None, "lua", 2),
        Frame("missing.lua", 9, None, None, None, "lua", 3),
    ],
    "lua/openresty.txt": [
        Frame(T + "/luas/shop/cart.lua", 5, None, None, None, "lua", 0),
        Frame(T + "/luas/shop/cart.lua", 5, None, "price_of", None, "lua", 0),
        Frame(T + "/luas/shop/cart.lua", 15, None, "total", None, "lua", 1),
        Frame(T + "/luas/handler.lua", 4, None, "checkout", None, "lua", 2),
        Frame(T + "/luas/handler.lua", 8, None, None, None, "lua", 3),
    ],
    # php-fpm's trace in nginx's log as rsyslog keeps it, on one line: '#012', a JSON string's '\n'
    "php/nginx_rsyslog.txt": [
        Frame(T + "/fpm/shop/cart.php", 3, None, "total", None, "php", 0),
        Frame(T + "/fpm/shop/index.php", 5, None, "checkout", None, "php", 1),
        Frame(T + "/fpm/shop/index.php", 7, None, None, None, "php", 2),
    ],
    "php/nginx_rsyslog_json.txt": [
        Frame(T + "/fpm/shop/cart.php", 3, None, "total", None, "php", 0),
        Frame(T + "/fpm/shop/index.php", 5, None, "checkout", None, "php", 1),
        Frame(T + "/fpm/shop/index.php", 7, None, None, None, "php", 2),
    ],
    # A throwable echoed: its own line, then the error handler's frame and the caller's.
    "php/throwable_echoed.txt": [
        Frame(T + "/pasted/php/src/Cart.php", 9, None, None, None, "php", 0),
        Frame(T + "/pasted/php/src/Cart.php", 9, None, "price", None, "php", 1),
        Frame(T + "/pasted/php/src/Cart.php", 13, None, None, None, "php", 2),
    ],
    # An error tracker's rows in Python's layout, a Ruby event's: the newest first, as it prints them.
    "ruby/sentry_issue.txt": [
        Frame("app/models/cart.rb", 7, None, "block in total", None, "ruby", 0),
        Frame("app/models/cart.rb", 7, None, "total", None, "ruby", 1),
        Frame("app/controllers/carts_controller.rb", 12, None, "show", None, "ruby", 2),
        Frame(
            "actionpack/lib/action_controller/metal/basic_implicit_render.rb",
            6,
            None,
            "send_action",
            None,
            "ruby",
            3,
        ),
    ],
    # Each line of a task's printed traceback behind a Celery worker's record prefix.
    "python/celery_worker.txt": [
        Frame(T + "/pasted/celery/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/pasted/celery/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/pasted/celery/tasks.py", 14, None, "checkout", None, "python", 2),
    ],
    # A module no application holds, and the call's arguments in place of its arity.
    "elixir/genserver_args.txt": [
        Frame("lib/worker.ex", 10, None, "Shop.Ledger.post", None, "elixir", 0),
        Frame("lib/worker.ex", 6, None, "Shop.Worker.handle_cast", None, "elixir", 1),
        Frame("gen_server.erl", 1123, None, ":gen_server.try_dispatch", None, "elixir", 2),
        Frame("gen_server.erl", 1200, None, ":gen_server.handle_msg", None, "elixir", 3),
        Frame("proc_lib.erl", 240, None, ":proc_lib.init_p_do_apply", None, "elixir", 4),
    ],
    # Sidekiq's record before the backtrace's first row (its innermost frame).
    "ruby/sidekiq_job_error.txt": [
        Frame(T + "/sidekiq/app/jobs/import_job.rb", 3, None, "fetch", None, "ruby", 0),
        Frame(T + "/sidekiq/app/jobs/import_job.rb", 3, None, "block in perform", None, "ruby", 1),
        Frame(T + "/sidekiq/app/jobs/import_job.rb", 3, None, "sum", None, "ruby", 2),
        Frame(T + "/sidekiq/app/jobs/import_job.rb", 3, None, "perform", None, "ruby", 3),
        Frame("run.rb", 7, None, None, None, "ruby", 4),
    ],
    # A wrapper the compiler made names no file, and its trace goes on below it.
    "go/race_autogenerated.txt": [
        Frame(T + "/goautogen/main.go", 7, None, "main.(*Ledger).Post", None, "go", 0),
        Frame(T + "/goautogen/main.go", 18, None, "main.main.func1", None, "go", 1),
        Frame(T + "/goautogen/main.go", 18, None, "main.main", None, "go", 0),
    ],
    # ... and relayed by docker compose from a container named by `container_name` (no number).
    "mixed/compose_named_celery.txt": [
        Frame(T + "/pasted/celery/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/pasted/celery/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/pasted/celery/tasks.py", 14, None, "checkout", None, "python", 2),
    ],
    # A process runner's prefix before each line it relays: concurrently's command, pm2's process.
    "javascript/concurrently.txt": RUNNER_RELAYED,
    "javascript/pm2_logs.txt": RUNNER_RELAYED,
    # A spec's class is its describe's words.
    "ruby/minitest_describe.txt": [
        Frame("test/cart_spec.rb", 15, None, "Array::when empty#test_0001_totals", None, "ruby", 0),
        Frame("test/cart_spec.rb", 9, None, "cart-totals#test_0001_adds", None, "ruby", 0),
    ],
    "php/uncaught.txt": [
        Frame(T + "/php/bin/run.php", 4, None, None, None, "php", 0),
        Frame(T + "/php/src/Cart.php", 9, None, "Shop\\Cart->total", None, "php", 0),
        Frame(T + "/php/src/Cart.php", 17, None, "Shop\\reorder", None, "php", 1),
        Frame(T + "/php/bin/run.php", 5, None, None, None, "php", 2),
    ],
    # As a page shows it: bold paths, line breaks and the trace's escaped '-&gt;' read as plain text.
    "php/uncaught_html.txt": [
        Frame(T + "/php/bin/run.php", 4, None, None, None, "php", 0),
        Frame(T + "/php/src/Cart.php", 9, None, "Shop\\Cart->total", None, "php", 0),
        Frame(T + "/php/src/Cart.php", 17, None, "Shop\\reorder", None, "php", 1),
        Frame(T + "/php/bin/run.php", 5, None, None, None, "php", 2),
    ],
    "php/uncaught_log.txt": [
        Frame(T + "/php/bin/run.php", 4, None, None, None, "php", 0),
        Frame(T + "/php/src/Cart.php", 9, None, "Shop\\Cart->total", None, "php", 0),
        Frame(T + "/php/src/Cart.php", 17, None, "Shop\\reorder", None, "php", 1),
        Frame(T + "/php/bin/run.php", 5, None, None, None, "php", 2),
    ],
    "python/faulthandler.txt": [
        Frame(
            "/root/.pyenv/versions/3.11.7/lib/python3.11/ctypes/__init__.py",
            519,
            None,
            "string_at",
            None,
            "python",
            0,
        ),
        Frame(T + "/reports/shop/native.py", 5, None, "crash", None, "python", 1),
        Frame(T + "/reports/shop/main.py", 6, None, None, None, "python", 2),
    ],
    "python/honcho.txt": [
        Frame(T + "/relayed/shop/cart.py", 2, None, "total", None, "python", 0),
        Frame(T + "/relayed/shop/worker.py", 7, None, "drain", None, "python", 1),
        Frame(T + "/relayed/shop/worker.py", 12, None, None, None, "python", 2),
        Frame(T + "/relayed/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/relayed/shop/server.py", 6, None, "handle", None, "python", 2),
        Frame(T + "/relayed/shop/server.py", 11, None, None, None, "python", 3),
    ],
    "python/ipython7_cell.txt": [
        Frame(T + "/ipython/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/ipython/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/ipython/shop/server.py", 5, None, "handle", None, "python", 2),
    ],
    "python/ipython7_script.txt": [
        Frame(T + "/ipython/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/ipython/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/ipython/shop/server.py", 5, None, "handle", None, "python", 2),
        Frame(T + "/ipython/report.py", 3, None, None, None, "python", 3),
    ],
    "python/django22_debug.txt": [
        Frame(T + "/django22/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/django22/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/django22/shop/cart.py", 6, None, "checkout", None, "python", 2),
        Frame(T + "/django22/report.py", 18, None, "pay", None, "python", 3),
        Frame(T + "/django22/report.py", 20, None, "pay", None, "python", 0),
        Frame(T + "/django22/report.py", 25, None, None, None, "python", 1),
    ],
    "javascript/next14_dev.txt": [
        Frame("lib/cart.js", 2, 55, None, None, "javascript", 0),
        Frame("lib/cart.js", 6, 55, "eval", None, "javascript", 1),
        Frame("lib/cart.js", 6, 18, "total", None, "javascript", 2),
        Frame("app/page.js", 12, 67, "Page", None, "javascript", 3),
    ],
    "javascript/next15_dev.txt": [
        Frame("lib/cart.js", 2, 55, "eval", None, "javascript", 0),
        Frame("lib/cart.js", 2, 16, "total", None, "javascript", 1),
        Frame("app/page.js", 4, 19, "Page", None, "javascript", 2),
    ],
    "ocaml/backtrace.txt": [
        Frame("list.ml", 191, None, "Stdlib__List.assoc", None, "ocaml", 0),
        Frame("cart.ml", 1, None, "Cart.total", None, "ocaml", 1),
        Frame("list.ml", 121, None, "Stdlib__List.fold_left", None, "ocaml", 2),
        Frame("main.ml", 3, None, "Main", None, "ocaml", 3),
    ],
    "nim/traceback.txt": [
        Frame("/usr/lib/nim/lib/system/fatal.nim", 54, None, "sysFatal", None, "nim", 0),
        Frame(T + "/backtraces/nim/src/cart.nim", 2, None, "total", None, "nim", 1),
        Frame(T + "/backtraces/nim/src/shop.nim", 3, None, "shop", None, "nim", 2),
    ],
    "d/assert_error.txt": [
        Frame("source/cart.d", 5, None, None, None, "d", 0),
        Frame("source/cart.d", 5, None, "cart.total", None, "d", 1),
        Frame("source/app.d", 7, None, "_Dmain", None, "d", 2),
    ],
    "php/symfony_debug_text.txt": [
        Frame(T + "/symfony/page.php", 13, None, "checkout", None, "php", 0),
        Frame(T + "/symfony/page.php", 18, None, None, None, "php", 1),
        Frame(T + "/symfony/src/Cart.php", 10, None, "Shop\\Cart::total", None, "php", 0),
        Frame(T + "/symfony/page.php", 11, None, "checkout", None, "php", 1),
        Frame(T + "/symfony/page.php", 18, None, None, None, "php", 2),
    ],
    "php/collision.txt": [
        Frame("app/Services/Cart.php", 10, None, None, None, "php", 0),
        # the frames between 1 and 15 were folded away: 15's function is not the one 1 is in
        Frame("app/Console/Commands/Checkout.php", 18, None, None, None, "php", 0),
        Frame("artisan", 13, None, None, None, "php", 1),
    ],
    "go/test_json.txt": [
        Frame(
            "/usr/lib/go-1.19/src/testing/testing.go", 1396, None, "testing.tRunner.func1.2", None, "go", 0
        ),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1399, None, "testing.tRunner.func1", None, "go", 1),
        Frame("/usr/lib/go-1.19/src/runtime/panic.go", 884, None, "panic", None, "go", 2),
        Frame(T + "/gojson/cart/cart.go", 12, None, "example.com/shop/cart.Last", None, "go", 3),
        Frame(T + "/gojson/cart/cart_test.go", 12, None, "example.com/shop/cart.TestLast", None, "go", 4),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1446, None, "testing.tRunner", None, "go", 5),
        Frame("/usr/lib/go-1.19/src/testing/testing.go", 1493, None, "testing.(*T).Run", None, "go", 6),
    ],
    # Xdebug's call stacks: outermost first, each row the function called at its place
    "php/xdebug_display.txt": [
        Frame(T + "/xdebug/src/Cart.php", 9, None, None, None, "php", 0),
        Frame(T + "/xdebug/run.php", 7, None, "checkout", None, "php", 0),
        Frame(T + "/xdebug/run.php", 10, None, None, None, "php", 1),
        Frame(T + "/xdebug/src/Cart.php", 16, None, None, None, "php", 0),
    ],
    "php/xdebug_log.txt": [
        Frame(T + "/xdebug/src/Cart.php", 9, None, None, None, "php", 0),
        Frame(T + "/xdebug/run.php", 7, None, "checkout", None, "php", 0),
        Frame(T + "/xdebug/run.php", 10, None, None, None, "php", 1),
        Frame(T + "/xdebug/src/Cart.php", 16, None, "Shop\\Cart::total", None, "php", 0),
        Frame(T + "/xdebug/run.php", 7, None, "checkout", None, "php", 1),
        Frame(T + "/xdebug/run.php", 10, None, None, None, "php", 2),
    ],
    "ruby/byebug_where.txt": [
        Frame(T + "/rubydebug/debug.rb", 6, None, "Object.checkout", None, "ruby", 0),
        Frame(T + "/rubydebug/debug.rb", 9, None, "Object.pay", None, "ruby", 1),
        Frame(T + "/rubydebug/debug.rb", 10, None, None, None, "ruby", 2),
    ],
    "ruby/minitest_spec.txt": [Frame("test/cart_spec.rb", 5, None, "Cart#test_0001_totals", None, "ruby", 0)],
    # PHPUnit --teamcity: each failure's trace in its service message's details
    "php/phpunit_teamcity.txt": [
        Frame(T + "/teamcity/tests/CartTest.php", 9, None, None, None, "php", 0),
        Frame(T + "/teamcity/src/Cart.php", 7, None, None, None, "php", 0),
        Frame(T + "/teamcity/tests/CartTest.php", 14, None, None, None, "php", 1),
    ],
    "python/ipython8_cell.txt": [
        Frame(T + "/ipython/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/ipython/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/ipython/shop/server.py", 5, None, "handle", None, "python", 2),
    ],
    "python/ipython8_color.txt": [
        Frame(T + "/ipython/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/ipython/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/ipython/shop/server.py", 5, None, "handle", None, "python", 2),
    ],
    "python/ipython8_script.txt": [
        Frame(T + "/ipython/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/ipython/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/ipython/shop/server.py", 5, None, "handle", None, "python", 2),
        Frame(T + "/ipython/report.py", 3, None, None, None, "python", 3),
    ],
    "python/pytest_color.txt": [
        Frame("shop/cart.py", 9, None, "rate", None, "python", 0),
        Frame("shop/cart.py", 6, None, "total", None, "python", 1),
        Frame("shop/cart.py", 14, None, "reorder", None, "python", 2),
        Frame("shop/cart.py", 16, None, "reorder", None, "python", 0),
        Frame("tests/test_cart.py", 23, None, "test_reorder", None, "python", 1),
    ],
    "python/pytest_long.txt": [
        Frame("shop/cart.py", 9, None, "rate", None, "python", 0),
        Frame("shop/cart.py", 6, None, "total", None, "python", 1),
        Frame("tests/test_cart.py", 6, None, "helper", None, "python", 2),
        Frame("tests/test_cart.py", 11, None, "test_total", None, "python", 3),
        Frame("tests/test_cart.py", 14, None, "test_empty", None, "python", 0),
        Frame("tests/test_cart.py", 19, None, "test_pair", None, "python", 0),
        Frame("shop/cart.py", 14, None, "reorder", None, "python", 2),
        Frame("shop/cart.py", 16, None, "reorder", None, "python", 0),
        Frame("tests/test_cart.py", 23, None, "test_reorder", None, "python", 1),
    ],
    # Two failed steps calling one step definition: the second trace's repeat of its frame is dropped.
    "ruby/cucumber.txt": [
        Frame(
            "features/step_definitions/cart_steps.rb", 13, None, "/^the total is (\\d+)$/", None, "ruby", 0
        ),
        Frame("features/cart.feature", 5, None, "Then the total is 0", None, "ruby", 1),
        Frame("features/cart.feature", 10, None, "Then the total is 5", None, "ruby", 1),
    ],
    # Dart Sass's stack of a style sheet, innermost first: a mixin's call, then the root.
    "css/sass.txt": [
        Frame("_buttons.scss", 3, 10, "button", None, "css", 0),
        Frame("cart.scss", 4, 3, None, None, "css", 1),
    ],
    # Nix's evaluation trace: each step's position, innermost first, the source between them.
    "mixed/nix_show_trace.txt": [
        Frame(T + "/configs/nix/lib/prices.nix", 2, 40, None, None, "nix", 0),
        Frame(T + "/configs/nix/lib/prices.nix", 2, 33, None, None, "nix", 1),
        Frame(T + "/configs/nix/lib/prices.nix", 2, 13, None, None, "nix", 2),
        Frame(T + "/configs/nix/lib/prices.nix", 2, 9, None, None, "nix", 3),
        Frame(T + "/configs/nix/default.nix", 5, 11, None, None, "nix", 4),
        Frame(T + "/configs/nix/default.nix", 5, 3, None, None, "nix", 5),
    ],
    "javascript/node_abort_on_uncaught.txt": [
        Frame(T + "/logs/node/lib/price.js", 2, 19, "price", None, "javascript", 0),
        Frame(T + "/logs/node/abort.js", 2, 38, "total", None, "javascript", 1),
        Frame(T + "/logs/node/abort.js", 3, 1, "Object.<anonymous>", None, "javascript", 2),
    ],
    # Each failed check its own trace, its calls printed outermost first.
    "python/pytest_check.txt": [
        Frame("tests/test_cart.py", 11, None, "test_totals", None, "python", 0),
        Frame("tests/test_cart.py", 7, None, "check_total", None, "python", 0),
        Frame("tests/test_cart.py", 12, None, "test_totals", None, "python", 1),
        Frame("tests/test_cart.py", 14, None, "test_totals", None, "python", 0),
        Frame("tests/test_cart.py", 13, None, "test_totals", None, "python", 1),
    ],
    "python/pytest_short.txt": [
        Frame("shop/cart.py", 9, None, "rate", None, "python", 0),
        Frame("shop/cart.py", 6, None, "total", None, "python", 1),
        Frame("tests/test_cart.py", 6, None, "helper", None, "python", 2),
        Frame("tests/test_cart.py", 11, None, "test_total", None, "python", 3),
        Frame("tests/test_cart.py", 14, None, "test_empty", None, "python", 0),
        Frame("tests/test_cart.py", 19, None, "test_pair", None, "python", 0),
        Frame("shop/cart.py", 14, None, "reorder", None, "python", 2),
        Frame("shop/cart.py", 16, None, "reorder", None, "python", 0),
        Frame("tests/test_cart.py", 23, None, "test_reorder", None, "python", 1),
    ],
    # A module that does not compile, found while pytest collects: the SyntaxError's location
    # under pytest's 'E' prefix is a trace of its own.
    "python/pytest_collect_syntax.txt": [
        Frame("tests_collect/test_imports_broken.py", 1, None, None, None, "python", 0),
        Frame(
            "/tmp/capture2/venv/lib/python3.11/site-packages/_pytest/assertion/rewrite.py",
            185,
            None,
            "exec_module",
            None,
            "python",
            1,
        ),
        Frame(
            "/root/.pyenv/versions/3.11.7/lib/python3.11/importlib/__init__.py",
            126,
            None,
            "import_module",
            None,
            "python",
            2,
        ),
        Frame(
            "/tmp/capture2/venv/lib/python3.11/site-packages/_pytest/pathlib.py",
            640,
            None,
            "import_path",
            None,
            "python",
            3,
        ),
        Frame(
            "/tmp/capture2/venv/lib/python3.11/site-packages/_pytest/python.py",
            528,
            None,
            "importtestmodule",
            None,
            "python",
            4,
        ),
        Frame(T + "/docs/broken/bad_syntax.py", 6, None, None, None, "python", 0),
    ],
    "python/rich_traceback.txt": [  # rich's panel, its sides off; outermost first as printed
        Frame(T + "/python/richshop/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/python/richshop/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/python/richshop/shop/cart.py", 6, None, "checkout", None, "python", 2),
        Frame(T + "/python/richshop/plain.py", 7, None, None, None, "python", 3),
    ],
    "python/typer_rich.txt": [
        Frame(T + "/python/richshop/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/python/richshop/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/python/richshop/shop/cart.py", 6, None, "checkout", None, "python", 2),
        Frame(T + "/python/richshop/app.py", 10, None, "main", None, "python", 3),
    ],
    "python/rich_wrapped_path.txt": [  # the path's head on the line above its tail
        Frame(
            T
            + "/python/richshop/venv/lib/python3.11/site-packages/acme_shop_toolkit/checkout_processing/cart_calculations/pricing_and_totals_module.py",
            2,
            None,
            None,
            None,
            "python",
            0,
        ),
        Frame(
            T
            + "/python/richshop/venv/lib/python3.11/site-packages/acme_shop_toolkit/checkout_processing/cart_calculations/pricing_and_totals_module.py",
            2,
            None,
            "total",
            None,
            "python",
            1,
        ),
        Frame(
            T
            + "/python/richshop/venv/lib/python3.11/site-packages/acme_shop_toolkit/checkout_processing/cart_calculations/pricing_and_totals_module.py",
            6,
            None,
            "checkout",
            None,
            "python",
            2,
        ),
        Frame(T + "/python/richshop/deep.py", 10, None, None, None, "python", 3),
    ],
    "python/traceback_cause.txt": [
        Frame(T + "/python/shop/cart.py", 9, None, "rate", None, "python", 0),
        Frame(T + "/python/shop/cart.py", 6, None, "total", None, "python", 1),
        Frame(T + "/python/shop/cart.py", 14, None, "reorder", None, "python", 2),
        Frame(T + "/python/shop/cart.py", 16, None, "reorder", None, "python", 0),
        Frame(T + "/python/shop/main.py", 5, None, None, None, "python", 1),
    ],
    "python/traceback_context.txt": [
        Frame(T + "/python/shop/cart.py", 9, None, "rate", None, "python", 0),
        Frame(T + "/python/shop/cart.py", 6, None, "total", None, "python", 1),
        Frame(T + "/python/shop/cart.py", 21, None, "restock", None, "python", 2),
        Frame(T + "/python/shop/cart.py", 23, None, "restock", None, "python", 0),
        Frame(T + "/python/shop/main.py", 7, None, None, None, "python", 1),
    ],
    "python/traceback_truncated.txt": [
        Frame(T + "/python/shop/cart.py", 9, None, None, None, "python", 0),
        Frame(T + "/python/shop/cart.py", 6, None, "total", None, "python", 1),
        Frame(T + "/python/shop/cart.py", 14, None, "reorder", None, "python", 2),
    ],
    "python/traceback_zero.txt": [
        Frame(T + "/python/shop/cart.py", 6, None, "total", None, "python", 0),
        Frame(T + "/python/shop/main.py", 9, None, None, None, "python", 1),
    ],
    "python/unittest.txt": [
        Frame(T + "/python/shop/cart.py", 9, None, "rate", None, "python", 0),
        Frame(T + "/python/tests/test_unit.py", 10, None, "test_rate", None, "python", 1),
        Frame(T + "/python/tests/test_unit.py", 7, None, "test_total", None, "python", 0),
    ],
    "python/unittest_py310.txt": [
        Frame("/home/dev/shop/shop/tests/test_cart.py", 7, None, "test_total", None, "python", 0),
    ],
    "python/windows_crlf.txt": [
        Frame("C:/Users/dev/shop/shop/cart.py", 6, None, "total", None, "python", 0),
        Frame("C:/Users/dev/shop/shop/main.py", 9, None, None, None, "python", 1),
    ],
    "ruby/minitest.txt": [
        Frame(T + "/ruby/lib/cart.rb", 11, None, "tax", None, "ruby", 0),
        Frame(T + "/ruby/lib/cart.rb", 7, None, "total", None, "ruby", 1),
        Frame("test/test_cart.rb", 10, None, "test_empty", None, "ruby", 2),
        # a failed assertion's place, under '2) Failure:'
        Frame("test/test_cart.rb", 6, None, "TestCart#test_total", None, "ruby", 0),
    ],
    "javascript/ava.txt": [
        Frame(T + "/runners/ava/price.js", 6, 11, "discount", None, "javascript", 0),
        Frame(T + "/runners/ava/test.js", 9, 8, None, None, "javascript", 1),
        Frame(
            "/tmp/capture3/npm/node_modules/ava/lib/test.js", 525, 26, "Test.callFn", None, "javascript", 2
        ),
        Frame("/tmp/capture3/npm/node_modules/ava/lib/test.js", 534, 33, "Test.run", None, "javascript", 3),
        Frame(
            "/tmp/capture3/npm/node_modules/ava/lib/runner.js",
            280,
            33,
            "Runner.runSingle",
            None,
            "javascript",
            4,
        ),
        Frame(
            "/tmp/capture3/npm/node_modules/ava/lib/runner.js",
            362,
            30,
            "Runner.runTest",
            None,
            "javascript",
            5,
        ),
        Frame(
            "node:internal/process/task_queues",
            95,
            5,
            "process.processTicksAndRejections",
            None,
            "javascript",
            6,
        ),
        Frame("/tmp/capture3/npm/node_modules/ava/lib/runner.js", 515, 21, None, None, "javascript", 7),
        Frame(
            "/tmp/capture3/npm/node_modules/ava/lib/runner.js", 523, 15, "Runner.start", None, "javascript", 8
        ),
    ],
    "javascript/tap.txt": [
        Frame("price.test.js", 5, 5, "Test.<anonymous>", None, "javascript", 0),
        Frame("price.test.js", 4, 3, "Object.<anonymous>", None, "javascript", 1),
        Frame("price.js", 6, 11, "discount", None, "javascript", 0),
        Frame("price.test.js", 9, 11, "Test.<anonymous>", None, "javascript", 1),
    ],
    "javascript/tap_base.txt": [
        Frame("price.test.js", 5, 5, "Test.<anonymous>", None, "javascript", 0),
        Frame("price.test.js", 4, 3, "Object.<anonymous>", None, "javascript", 1),
        Frame("price.js", 6, 11, "discount", None, "javascript", 0),
        Frame("price.test.js", 9, 11, "Test.<anonymous>", None, "javascript", 1),
    ],
    "javascript/node_error_properties.txt": [
        Frame(
            "node:internal/modules/esm/module_job", 433, 13, "ModuleJobSync.runSync", None, "javascript", 0
        ),
        Frame(
            "node:internal/modules/esm/loader",
            389,
            47,
            "ModuleLoader.importSyncForRequire",
            None,
            "javascript",
            1,
        ),
        Frame("node:internal/modules/cjs/loader", 1363, 24, "loadESMFromCJS", None, "javascript", 2),
        Frame("node:internal/modules/cjs/loader", 1503, 5, "Module._compile", None, "javascript", 3),
        Frame("node:internal/modules/cjs/loader", 1623, 10, "Module._extensions..js", None, "javascript", 4),
        Frame("node:internal/modules/cjs/loader", 1266, 32, "Module.load", None, "javascript", 5),
        Frame("node:internal/modules/cjs/loader", 1091, 12, "Module._load", None, "javascript", 6),
        Frame("node:internal/modules/cjs/loader", 1289, 19, "Module.require", None, "javascript", 7),
        Frame("node:internal/modules/helpers", 182, 18, "require", None, "javascript", 8),
        Frame(T + "/runners/esm/main_tla.cjs", 1, 11, "Object.<anonymous>", None, "javascript", 9),
    ],
    "ruby/minitest_rake.txt": [
        Frame(T + "/runners/minitest/lib/stack.rb", 16, None, "pop", None, "ruby", 0),
        Frame(T + "/runners/minitest/test/test_stack.rb", 11, None, "test_pop_empty", None, "ruby", 1),
        Frame(T + "/runners/minitest/test/test_stack.rb", 7, None, "TestStack#test_size", None, "ruby", 0),
    ],
    "haskell/callstack.txt": [
        Frame("app/Main.hs", 7, 26, "priceOf", None, "haskell", 0),
        Frame("app/Main.hs", 11, 35, "total", None, "haskell", 1),
        Frame("app/Main.hs", 14, 15, None, None, "haskell", 2),
    ],
    "ruby/rspec.txt": [
        Frame("spec/cart_spec.rb", 5, None, "block (2 levels) in <top (required)>", None, "ruby", 0),
        Frame("lib/cart.rb", 11, None, "tax", None, "ruby", 0),
        Frame("lib/cart.rb", 7, None, "total", None, "ruby", 1),
        Frame("spec/cart_spec.rb", 9, None, "block (2 levels) in <top (required)>", None, "ruby", 2),
    ],
    "ruby/ruby26_reversed.txt": [
        Frame("/home/dev/shop/lib/cart.rb", 11, None, "tax", None, "ruby", 0),
        Frame("/home/dev/shop/lib/cart.rb", 7, None, "total", None, "ruby", 1),
        Frame("bin/run.rb", 7, None, None, None, "ruby", 2),
    ],
    "ruby/ruby34_quotes.txt": [
        Frame("/home/dev/shop/lib/cart.rb", 11, None, "Cart#tax", None, "ruby", 0),
        Frame("/home/dev/shop/lib/cart.rb", 7, None, "Cart#total", None, "ruby", 1),
        Frame("bin/run.rb", 4, None, "block in Object#reorder", None, "ruby", 2),
        Frame("bin/run.rb", 7, None, None, None, "ruby", 3),
    ],
    "ruby/uncaught.txt": [
        Frame(T + "/ruby/lib/cart.rb", 11, None, "tax", None, "ruby", 0),
        Frame(T + "/ruby/lib/cart.rb", 7, None, "total", None, "ruby", 1),
        Frame("bin/run.rb", 4, None, "block in reorder", None, "ruby", 2),
        Frame("bin/run.rb", 4, None, "map", None, "ruby", 3),
        Frame("bin/run.rb", 4, None, "reorder", None, "ruby", 4),
        Frame("bin/run.rb", 7, None, None, None, "ruby", 5),
    ],
    "rust/cargo_doctest.txt": [
        Frame("src/lib.rs", 5, 1, None, None, "rust", 0),
    ],
    "rust/cargo_test.txt": [
        Frame("src/cart.rs", 12, 9, None, None, "rust", 0),
        Frame("src/cart.rs", 2, 17, None, None, "rust", 0),
    ],
    "rust/cargo_test_crlf.txt": [
        Frame("src/cart.rs", 12, 9, None, None, "rust", 0),
        Frame("src/cart.rs", 2, 17, None, None, "rust", 0),
    ],
    "rust/cargo_test_quiet.txt": [
        Frame("src/cart.rs", 2, 17, None, None, "rust", 0),
        Frame("src/cart.rs", 2, 17, "shop::cart::total", None, "rust", 0),
        Frame("src/cart.rs", 17, 9, "shop::cart::tests::empty", None, "rust", 1),
        Frame("src/cart.rs", 16, 15, "shop::cart::tests::empty::{{closure}}", None, "rust", 2),
        Frame("src/cart.rs", 12, 9, None, None, "rust", 0),
        Frame("src/cart.rs", 12, 9, "shop::cart::tests::sums_prices", None, "rust", 0),
        Frame("src/cart.rs", 11, 21, "shop::cart::tests::sums_prices::{{closure}}", None, "rust", 1),
    ],
    "rust/panic.txt": [
        Frame("src/cart.rs", 2, 17, None, None, "rust", 0),
    ],
    "rust/panic_backtrace.txt": [
        Frame("src/cart.rs", 2, 17, None, None, "rust", 0),
        Frame("src/cart.rs", 2, 17, "shop::cart::total", None, "rust", 0),
        Frame("src/main.rs", 2, 5, "shop::reorder", None, "rust", 1),
        Frame("src/main.rs", 6, 20, "shop::main", None, "rust", 2),
    ],
    # each frame's address before its function; the standard library's frames (its '/rustc/…/library/'
    # source) and the C runtime's below main
    "rust/panic_backtrace_full.txt": [
        Frame("src/cart.rs", 2, 17, None, None, "rust", 0),
        Frame(T + "/rust/shop/src/cart.rs", 2, 17, "shop::cart::total", None, "rust", 0),
        Frame(T + "/rust/shop/src/main.rs", 2, 5, "shop::reorder", None, "rust", 1),
        Frame(T + "/rust/shop/src/main.rs", 6, 20, "shop::main", None, "rust", 2),
        Frame("csu/../sysdeps/nptl/libc_start_call_main.h", 58, 16, "__libc_start_call_main", None, "c", 3),
        Frame("csu/../csu/libc-start.c", 360, 3, "__libc_start_main_impl", None, "c", 4),
    ],
    "rust/panic_old_format.txt": [
        Frame("src/cart.rs", 2, 17, None, None, "rust", 0),
        Frame("src/cart.rs", 12, 9, None, None, "rust", 0),
    ],
    "swift/crash_backtrace.txt": [
        Frame("/home/dev/shop/Sources/Shop/Cart.swift", 12, 18, "Cart.total", None, "swift", 0),
        Frame("/home/dev/shop/Sources/Shop/Orders.swift", 7, 10, "reorder", None, "swift", 1),
    ],
    "swift/fatal_error.txt": [
        Frame("Shop/Cart.swift", 21, None, None, None, "swift", 0),
        Frame("Shop/Orders.swift", 9, None, None, None, "swift", 0),
        Frame("Swift/ContiguousArrayBuffer.swift", 600, None, None, None, "swift", 0),
    ],
    "swift/macos_crash_report.txt": [
        Frame("Cart.swift", 12, None, "Cart.total", None, "swift", 0),
        Frame("Orders.swift", 7, None, "reorder", None, "swift", 1),
        Frame("main.swift", 4, None, "main", None, "swift", 2),
    ],
    # Guice's binding source, the modules that installed it after it; then the exception's trace.
    "jvm/guice_creation.txt": [
        Frame("CartModule.java", 9, None, "com.acme.shop.CartModule.configure", "com.acme.shop", "jvm", 0),
        Frame(
            "Errors.java",
            554,
            None,
            "com.google.inject.internal.Errors.throwCreationExceptionIfErrorsExist",
            "com.google.inject.internal",
            "jvm",
            0,
        ),
        Frame(
            "InternalInjectorCreator.java",
            161,
            None,
            "com.google.inject.internal.InternalInjectorCreator.initializeStatically",
            "com.google.inject.internal",
            "jvm",
            1,
        ),
        Frame(
            "InternalInjectorCreator.java",
            108,
            None,
            "com.google.inject.internal.InternalInjectorCreator.build",
            "com.google.inject.internal",
            "jvm",
            2,
        ),
        Frame(
            "Guice.java", 87, None, "com.google.inject.Guice.createInjector", "com.google.inject", "jvm", 3
        ),
        Frame(
            "Guice.java", 69, None, "com.google.inject.Guice.createInjector", "com.google.inject", "jvm", 4
        ),
        Frame(
            "Guice.java", 59, None, "com.google.inject.Guice.createInjector", "com.google.inject", "jvm", 5
        ),
        Frame("Main.java", 7, None, "com.acme.shop.Main.main", "com.acme.shop", "jvm", 6),
    ],
    # A debugger's `where`: outermost first, the current frame marked '>' (alone: a position).
    "python/ipdb_breakpoint.txt": AT_BREAKPOINT,
    "python/pdb_breakpoint.txt": AT_BREAKPOINT,
    "python/pdb_post_mortem.txt": [
        Frame(T + "/pdb/run.py", 1, None, None, None, "python", 0),
        Frame(T + "/pdb/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/pdb/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/pdb/shop/app.py", 5, None, "checkout", None, "python", 2),
        Frame(T + "/pdb/run.py", 8, None, None, None, "python", 3),
        Frame("/root/.pyenv/versions/3.11.7/lib/python3.11/bdb.py", 600, None, "run", None, "python", 4),
        Frame("/root/.pyenv/versions/3.11.7/lib/python3.11/pdb.py", 1659, None, "_run", None, "python", 5),
        Frame("/root/.pyenv/versions/3.11.7/lib/python3.11/pdb.py", 1793, None, "main", None, "python", 6),
    ],
    # A structured log's record: the trace one string, its line breaks escaped.
    "javascript/bunyan.txt": JSON_LOGGED_NODE,
    "javascript/pino.txt": JSON_LOGGED_NODE,
    "javascript/winston_json.txt": JSON_LOGGED_NODE,
    "jvm/log4j2_json.txt": [
        Frame("Cart.java", 8, None, "com.acme.shop.Cart.total", "com.acme.shop", "jvm", 0),
        Frame("Main.java", 12, None, "com.acme.shop.Main.main", "com.acme.shop", "jvm", 1),
    ],
    "python/json_logger.txt": JSON_LOGGED_PYTHON,
    "python/result_repr.txt": [
        Frame(T + "/jsonlogs/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/jsonlogs/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/jsonlogs/shop/app.py", 9, None, "checkout", None, "python", 2),
        Frame(T + "/jsonlogs/shop/app.py", 41, None, None, None, "python", 3),
    ],
    "python/structlog_json.txt": JSON_LOGGED_PYTHON,
    # Frames written as data: objects in a list, a tracker's own scheme off the path, the order
    # the line's key tells (Python's 'lineno' outermost first; the JVM's 'line', 'lineNumber' not).
    "python/structlog_dict_tracebacks.txt": OBJECTS_PYTHON,
    "python/frame_summary.txt": OBJECTS_PYTHON[:3] + [OBJECTS_PYTHON[3]._replace(line=21)],
    "python/sentry_event.txt": [
        Frame("shop/cart.py", 2, None, None, None, "python", 0),
        Frame("shop/cart.py", 2, None, "total", None, "python", 1),
        Frame("shop/cart.py", 6, None, "checkout", None, "python", 2),
        Frame("app.py", 36, None, "run", None, "python", 3),
    ],
    "javascript/sentry_event.txt": [
        Frame("src/cart.js", 2, 55, None, None, "javascript", 0),
        Frame("src/cart.js", 2, 16, "total", None, "javascript", 1),
        Frame("src/cart.js", 6, 10, "checkout", None, "javascript", 2),
        Frame("main.js", 15, 3, None, None, "javascript", 3),
        Frame("node:internal/modules/cjs/loader", 1521, 14, "Module._compile", None, "unknown", 4),
        Frame("node:internal/modules/cjs/loader", 1623, 10, "Module._extensions..js", None, "unknown", 5),
        Frame("node:internal/modules/cjs/loader", 1266, 32, "Module.load", None, "unknown", 6),
        Frame("node:internal/modules/cjs/loader", 1091, 12, "Module._load", None, "unknown", 7),
        Frame(
            "node:internal/modules/run_main",
            164,
            12,
            "Function.executeUserEntryPoint [as runMain]",
            None,
            "unknown",
            8,
        ),
    ],
    "jvm/log4j2_json_frames.txt": OBJECTS_JVM,
    # Gradle's short exception format: each failed test's place in its class, a trace of its own
    "jvm/gradle4_test.txt": [
        Frame("CartTest.java", 16, None, None, None, "jvm", 0),
        Frame("CartTest.java", 11, None, None, None, "jvm", 0),
    ],
    # AWS Lambda's Node.js error: the stack a JSON list of lines, the body and the log line of it
    # (one trace twice: each record's its own, the second's frames the same)
    "javascript/lambda_error.txt": [
        Frame(T + "/lambda/src/cart.js", 2, 55, None, None, "javascript", 0),
        Frame(T + "/lambda/src/cart.js", 2, 16, "total", None, "javascript", 1),
        Frame(T + "/lambda/index.js", 3, 46, "exports.handler", None, "javascript", 2),
        Frame(T + "/lambda/run.js", 4, 1, "Object.<anonymous>", None, "javascript", 3),
        Frame("node:internal/modules/cjs/loader", 1521, 14, "Module._compile", None, "javascript", 4),
        Frame("node:internal/modules/cjs/loader", 1623, 10, "Module._extensions..js", None, "javascript", 5),
        Frame("node:internal/modules/cjs/loader", 1266, 32, "Module.load", None, "javascript", 6),
        Frame("node:internal/modules/cjs/loader", 1091, 12, "Module._load", None, "javascript", 7),
        Frame(
            "node:internal/modules/run_main", 164, 12, "Function.executeUserEntryPoint", None, "javascript", 8
        ),
    ],
    # Monolog's line of a logged exception (Laravel's log): the throw's place first, then its trace
    "php/monolog_line.txt": [
        Frame(T + "/monolog/src/Cart.php", 9, None, "Shop\\\\Cart->total", None, "php", 0),
        Frame(T + "/monolog/run.php", 18, None, "checkout", None, "php", 1),
        Frame(T + "/monolog/run.php", 22, None, None, None, "php", 2),
    ],
    # ... the same record where a collector made its lines one
    "php/monolog_line_flattened.txt": [
        Frame(T + "/monolog/src/Cart.php", 9, None, "Shop\\\\Cart->total", None, "php", 0),
        Frame(T + "/monolog/run.php", 18, None, "checkout", None, "php", 1),
        Frame(T + "/monolog/run.php", 22, None, None, None, "php", 2),
    ],
    # and its JSON: the exception's place over its trace's list of places
    "php/monolog_json.txt": [
        Frame(T + "/monolog/src/Cart.php", 9, None, None, None, "php", 0),
        Frame(T + "/monolog/run.php", 18, None, None, None, "php", 1),
        Frame(T + "/monolog/run.php", 22, None, None, None, "php", 2),
    ],
    # a notebook's saved traceback: strings in JSON, their colour codes escaped
    "python/notebook_json.txt": [
        Frame(T + "/notebook/shop/cart.py", 2, None, None, None, "python", 0),
        Frame(T + "/notebook/shop/cart.py", 2, None, "total", None, "python", 1),
        Frame(T + "/notebook/shop/cart.py", 6, None, "checkout", None, "python", 2),
    ],
    # Zig's panic and failed test, innermost first; the standard library's frames are its install's
    "zig/panic.txt": [
        Frame(T + "/zig/src/cart.zig", 5, 26, "total", None, "zig", 0),
        Frame(T + "/zig/src/main.zig", 6, 42, "main", None, "zig", 1),
        Frame(ZIG_STD + "/start.zig", 788, 64, "callMain", None, "zig", 2),
        Frame(ZIG_STD + "/start.zig", 248, 5, "_start", None, "zig", 3),
    ],
    "zig/test_fail.txt": [
        Frame(ZIG_STD + "/testing.zig", 93, 17, "expectEqualInner__func_962", None, "zig", 0),
        Frame(ZIG_STD + "/testing.zig", 57, 5, "expectEqual", None, "zig", 1),
        Frame(T + "/zig/src/cart.zig", 10, 5, "test.total of an empty cart", None, "zig", 2),
    ],
    "jvm/jackson_exception.txt": OBJECTS_JVM,
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_frames(name):
    assert parse_frames(evidence(name)) == EXPECTED[name]


FRAMELESS = [
    "c/gcc_errors.txt",
    "go/build_error.txt",
    "javascript/eslint.txt",
    "jvm/javac.txt",
    "python/mypy.txt",
    "rust/rustc_error.txt",
    "php/phpstan_table.txt",
    "shell/shellcheck.txt",
]


@pytest.mark.parametrize("name", FRAMELESS)
def test_diagnostics_are_not_frames(name):
    assert parse_frames(evidence(name)) == []


def test_python_chained_tracebacks_are_separate_traces_innermost_first():
    frames = parse_frames(evidence("python/traceback_cause.txt"))
    assert [(f.line, f.function, f.depth) for f in frames] == [
        (9, "rate", 0),
        (6, "total", 1),
        (14, "reorder", 2),
        (16, "reorder", 0),
        (5, None, 1),
    ]


def test_django_s_old_debug_text_takes_the_line_from_the_numbered_row_below_its_file():
    text = (
        'File "/srv/shop/views.py" in pay\n'
        "  18.         return checkout(items)\n\n"
        'File "/srv/shop/cart.py" in total\n\n'  # no source: no numbered row, no line
        'File "/srv/shop/cart.py" in checkout\n'
        "  6.     return total(items) * 100\n"
        "  7. not a frame: the numbered row follows only a file's\n"
    )
    assert [(f.path, f.line, f.function) for f in parse_frames(text)] == [
        ("/srv/shop/cart.py", 6, "checkout"),
        ("/srv/shop/views.py", 18, "pay"),
    ]


def test_next_js_overlay_source_is_the_innermost_place_of_the_trace_below():
    text = "Source\napp/cart/page.tsx (12:5) @ total\n\n  11 | x\n> 12 |   y\n"
    assert parse_frames(text) == [Frame("app/cart/page.tsx", 12, 5, None, None, "javascript", 0)]
    assert parse_frames("see lib/cart.js (2:55) and more @ home") == []


def test_symfony_s_text_trace_names_the_function_called_at_the_place_below_it():
    text = (
        "  at /srv/app/src/Cart.php:10\n"
        "  at Shop\\Cart::total('tea')\n"  # no parentheses in its arguments: .NET's shape
        "     (/srv/app/src/Checkout.php:11)\n"
        "  at checkout(array('tea'))\n"
        "     (/srv/app/public/index.php:5)\n"
    )
    assert [(f.path, f.line, f.function) for f in parse_frames(text)] == [
        ("/srv/app/src/Cart.php", 10, "Shop\\Cart::total"),
        ("/srv/app/src/Checkout.php", 11, "checkout"),
        ("/srv/app/public/index.php", 5, None),
    ]
    dotnet = "   at Shop.Cart.Total()\n   at Shop.Program.Main(String[] args) in /src/Program.cs:line 5\n"
    assert [(f.language, f.function) for f in parse_frames(dotnet)] == [("csharp", "Shop.Program.Main")]


def test_collision_s_rows_name_the_function_called_at_the_place_above():
    text = (
        "  1   app/Console/Commands/Checkout.php:18\n"
        "      App\\Services\\Cart::total([])\n\n"
        "  2   vendor/laravel/framework/src/Illuminate/Container/BoundMethod.php:36\n"
        "      App\\Console\\Commands\\Checkout::handle()\n"
    )
    assert [(f.path, f.function) for f in parse_frames(text)] == [
        ("app/Console/Commands/Checkout.php", "App\\Console\\Commands\\Checkout::handle"),
        ("vendor/laravel/framework/src/Illuminate/Container/BoundMethod.php", None),
    ]
    assert parse_frames("      App\\Services\\Cart::total([])\n") == []  # no place above it


def test_node_s_warnings_an_error_s_cause_and_its_throw_are_traces_of_their_own():
    frames = parse_frames(evidence("javascript/node_cause.txt"))
    traces: list[list[int | None]] = []
    for frame in frames:
        if frame.depth == 0:
            traces.append([])
        if frame.path.endswith("/nodecauses/cart.js"):
            traces[-1].append(frame.line)
    assert traces == [[16], [17], [11, 18], [4, 4, 9, 18]]


def test_a_thread_dump_s_frames_keep_their_files_and_stacks_through_the_monitors():
    frames = parse_frames(evidence("jvm/jstack_thread_dump.txt"))
    assert {f.language for f in frames} == {"jvm"}
    assert "Reference.java" in {f.path for f in frames}  # 'java.base@17.0.15/Reference.java'
    shop = [(f.line, f.depth) for f in frames if f.path == "Checkout.java"]
    assert shop == [(8, 0), (23, 1), (15, 1)]  # the worker's 'pay' at 8 is the main thread's


def test_code_a_php_file_evaluated_is_that_file_s_line():
    twig = parse_frames(evidence("php/twig_errors.txt"))
    assert (twig[1].path, twig[1].line) == ("/usr/share/php/Twig/Environment.php", 361)
    assert [f.depth for f in twig] == list(range(8))  # one trace, the eval()'d row in it
    error = "PHP Warning:  Undefined variable $x in /srv/app/src/Runner.php(12) : eval()'d code on line 3"
    assert [(f.path, f.line) for f in parse_frames(error)] == [("/srv/app/src/Runner.php", 12)]


def test_pytest_long_format_takes_the_function_from_the_def_above():
    text = "    def rate(self):\n>       raise LookupError('x')\nE       LookupError: x\n\nshop/cart.py:9: LookupError\n"
    assert parse_frames(text) == [Frame("shop/cart.py", 9, None, "rate", None, "python", 0)]


def test_php_frames_name_the_function_they_are_in_not_the_one_they_call():
    frames = parse_frames(evidence("php/uncaught.txt"))
    assert [(Path(f.path).name, f.line, f.function) for f in frames[1:]] == [
        ("Cart.php", 9, "Shop\\Cart->total"),
        ("Cart.php", 17, "Shop\\reorder"),
        ("run.php", 5, None),
    ]


def test_ruby_before_3_prints_outermost_first_when_numbered():
    frames = parse_frames(evidence("ruby/ruby26_reversed.txt"))
    assert [(f.line, f.function, f.depth) for f in frames] == [(11, "tax", 0), (7, "total", 1), (7, None, 2)]


def test_a_restarted_numbering_starts_a_new_trace():
    text = "#0 0x1 in f /a.c:1:1\n#1 0x2 in g /a.c:2:1\n#0 0x3 in h /b.c:3:1\n"
    assert [(f.path, f.depth) for f in parse_frames(text)] == [("/a.c", 0), ("/a.c", 1), ("/b.c", 0)]


def test_go_121_created_by_in_goroutine():
    frames = parse_frames(evidence("go/windows_crlf.txt"))
    assert frames[-1] == Frame("C:/Users/dev/shop/cmd/shop/main.go", 17, None, "main.main", None, "go", 1)


def test_v8_function_decorations_are_dropped():
    text = "Error: x\n    at new Cart (/app/cart.js:2:9)\n    at Function.run [as main] (/app/run.js:5:3)\n"
    assert [f.function for f in parse_frames(text)] == ["Cart", "Function.run"]


def test_firefox_s_frames_indented_under_its_console_s_stack():
    # Firefox's console prints an error's stack indented under 'Stack:'; a page's copy indents them
    # with blanks and a tab (seen in issues)
    frames = parse_frames(evidence("javascript/firefox_console.txt"))
    assert ("resource://services-settings/Utils.sys.mjs", 257, "fetch/</request.onerror") in {
        (f.path, f.line, f.function) for f in frames
    }
    copied = "Error: boom\n    \tZone.prototype.run@http://shop.local:81/js/zone.js:114:24\n    \tdrain@http://shop.local:81/js/zone.js:401:25\n"
    assert [(f.path, f.line, f.depth) for f in parse_frames(copied)] == [
        ("/js/zone.js", 114, 0),
        ("/js/zone.js", 401, 1),
    ]


def test_a_labelled_path_with_a_version_in_it_is_no_firefox_frame():
    # Vite's 'file:' line in a pnpm checkout (seen in issues): an '@' in a package's directory
    line = "file: /srv/shop/node_modules/.pnpm/vitepress@1.0.0-alpha.32/node_modules/vitepress/A.vue?vue&type=script:1:8"
    assert parse_frames(line) == []


@pytest.mark.parametrize("name", ["lua/traceback.txt", "lua/lua54_traceback.txt", "lua/luajit_traceback.txt"])
def test_lua_s_rows_without_their_tab(name):
    # LÖVE's error screen, copied, has the traceback's rows unindented (seen in issues)
    text = evidence(name)
    dedented = "\n".join(line.lstrip("\t ") for line in text.split("\n"))
    frames = [(f.path, f.line, f.function, f.depth) for f in parse_frames(text)]
    assert frames
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(dedented)] == frames


def test_clojure_s_own_renderings_of_a_stack():
    frames = parse_frames(evidence("jvm/clojure_traces.txt"))
    rows = [(f.path, f.line, f.function, f.package) for f in frames if f.path == "cart.clj"]
    assert rows == [
        ("cart.clj", 4, "shop.cart/unit-price", "shop"),  # pst's namespaced function
        ("cart.clj", 3, "shop.cart/unit-price", "shop"),
        ("cart.clj", 4, "shop.cart$unit_price.invokeStatic", "shop"),  # print-cause-trace's class
        ("cart.clj", 3, "shop.cart$unit_price.invoke", "shop"),
    ]
    assert frames[0].depth == 0 and frames[0].path == "Numbers.java"
    # a JavaScript frame written so is no Clojure row
    assert parse_frames("    total (cart.js:4)\n") == []


def test_a_path_a_writer_elided_is_its_tail():
    # a report hides its home or its environment ('.../', '[...]/', seen in the development split's
    # messages and in issues): what follows is the path as far as it is known
    text = (
        "Traceback (most recent call last):\n"
        '  File ".../lib/site-packages/shop/cart.py", line 3, in total\n'
        '  File "/home/[...]/shop/orders.py", line 9, in place\n'
        '  File "/.../shop/checkout.py", line 4, in pay\n'
        "KeyError: 1\n"
    )
    assert [f.path for f in parse_frames(text)] == [
        "shop/checkout.py",
        "shop/orders.py",
        "lib/site-packages/shop/cart.py",
    ]


def test_a_jvm_trace_pasted_into_a_comment():
    # seen in issues: a trace kept in a code comment ('//   at …', a block comment's ' *   at …')
    text = "    // java.lang.ArithmeticException: / by zero\n    //   at example.Main$.x(A.scala:6)\n    //   at example.Main$.main(A.scala:10)\n"
    assert [(f.path, f.line, f.depth) for f in parse_frames(text)] == [("A.scala", 6, 0), ("A.scala", 10, 1)]
    assert parse_frames(" *   at com.acme.Cart.total(Cart.java:3)\n")[0].path == "Cart.java"


def test_nim_s_procedures_in_a_column():
    # Nim before 1.0 padded each place to the widest (seen in issues); outermost first
    text = "Traceback (most recent call last)\ncart.nim(8)       cart\ncart.nim(4)       total\nre.nim(75)        re\nError: unhandled exception: nothing to repeat [EInvalidRegEx]\n"
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(text)] == [
        ("re.nim", 75, "re", 0),
        ("cart.nim", 4, "total", 1),
        ("cart.nim", 8, "cart", 2),
    ]


def test_an_elixir_entry_s_arguments_however_long():
    # a crash's entry whose arguments are longer than any name (a process's state, seen in issues)
    state = "%{config: [" + ", ".join(f'queue{n}: "q{n}"' for n in range(60)) + "]}"
    text = f"** (FunctionClauseError) no function clause matching in Shop.Consumer.terminate/2\n    lib/consumer.ex:306: Shop.Consumer.terminate({{:noproc, nil}}, {state})\n    (stdlib) gen_server.erl:673: :gen_server.try_terminate/3\n"
    assert len(text) > 600
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(text)] == [
        ("lib/consumer.ex", 306, "Shop.Consumer.terminate", 0),
        ("gen_server.erl", 673, ":gen_server.try_terminate", 1),
    ]


def test_frames_without_a_file_keep_their_trace_going():
    # V8's '(<anonymous>)' after a page took it for a tag ('()'), R8's '(SourceFile:18)' (seen in issues)
    v8 = (
        "TypeError: Invalid value used as weak map key\n"
        "at WeakMap.set ()\n"
        "at normalize (./src/props.js:12:11)\n"
        "at Generator.next ()\n"
        "at render (./src/render.js:30:7)\n"
    )
    assert [(f.path, f.depth) for f in parse_frames(v8)] == [("src/props.js", 0), ("src/render.js", 1)]
    android = (
        "java.lang.IllegalStateException: not attached\n"
        "\tat androidx.fragment.app.Fragment.requireActivity(SourceFile:18)\n"
        "\tat com.acme.shop.CartFragment.onClick(CartFragment.kt:42)\n"
        "\tat android.os.Handler.handleCallback(Handler.java:938)\n"
    )
    found = parse_frames(android)
    assert [(f.path, f.language, f.depth) for f in found] == [
        ("CartFragment.kt", "jvm", 0),
        ("Handler.java", "jvm", 1),
    ]


def test_a_groovy_script_s_frame_names_its_path():
    # Gradle's build script in a JVM trace
    text = (
        "groovy.lang.MissingPropertyException: Could not get unknown property 'ossrhUsername'\n"
        "\tat org.gradle.internal.metaobject.AbstractDynamicObject.getMissingProperty(AbstractDynamicObject.java:83)\n"
        "\tat build_7ah6kf0cfoz1$_run_closure15.doCall(/srv/shop/build.gradle:164)\n"
        "\tat org.gradle.api.internal.ClosureBackedAction.execute(ClosureBackedAction.java:71)\n"
    )
    assert [(f.path, f.line, f.language, f.depth) for f in parse_frames(text)] == [
        ("AbstractDynamicObject.java", 83, "jvm", 0),
        ("/srv/shop/build.gradle", 164, "jvm", 1),
        ("ClosureBackedAction.java", 71, "jvm", 2),
    ]


def test_go_rows_behind_a_log_s_record():
    # a log that records each line a plugin printed ('15:08:10 T:1587278832  NOTICE: ' and blanks), a
    # CI page's line number and time: the rows' paths as printed (a path never holds two blanks)
    text = evidence("go/race_autogenerated.txt").replace("\t", "    ")
    bare = [(f.path, f.line, f.depth) for f in parse_frames(text)]
    for prefix in (
        "15:08:10 364.664001 T:1587278832  NOTICE: [plugin.video.shop]     ",
        " 13047 2024-08-09T01:45:13.2084768Z ",
    ):
        logged = "".join(prefix + line for line in text.splitlines(keepends=True))
        assert [(f.path, f.line, f.depth) for f in parse_frames(logged)] == bare


def test_v8_frames_in_a_webpack_layer_and_behind_a_zone():
    # Next.js's server frames name their module in webpack's layer; zone.js's long stack traces end
    # each frame with its zone (seen in issues: Next.js 13 and 14, Angular 2 to 8)
    text = (
        "Error: boom\n"
        "    at total (webpack-internal:///(rsc)/./lib/cart.ts:6:18)\n"
        "    at Page (webpack-internal:///(app-pages-browser)/./app/page.tsx:12:11)\n"
        "    at webpack-internal:///(sc_server)/./app/layout.tsx:3:5\n"
        "    at Cart (webpack-internal:///(ssr)/./app/(shop)/cart/page.tsx:4:9)\n"
    )
    assert [(f.path, f.line, f.function) for f in parse_frames(text)] == [
        ("lib/cart.ts", 6, "total"),
        ("app/page.tsx", 12, "Page"),
        ("app/layout.tsx", 3, None),
        ("app/(shop)/cart/page.tsx", 4, "Cart"),
    ]
    zoned = (
        "Error: Uncaught (in promise): TypeError: x is undefined\n"
        "    at CartComponent.total (http://localhost:4200/main.bundle.js:120:31) [angular]\n"
        "    at http://localhost:4200/main.bundle.js:88:5 [<root>]\n"
    )
    assert [(f.path, f.line) for f in parse_frames(zoned)] == [
        ("/main.bundle.js", 120),
        ("/main.bundle.js", 88),
    ]
    # a name in parentheses is a directory's only where a '/' follows it
    assert parse_frames("    at f (/app/a (copy).js:1:2)\n") == []


def test_jvm_frame_keeps_package_and_bare_file_name():
    [frame] = parse_frames("\tat com.acme.orders.Orders$Line.total(Orders.java:7) ~[shop.jar:1.0]")
    assert frame == Frame(
        "Orders.java", 7, None, "com.acme.orders.Orders$Line.total", "com.acme.orders", "jvm", 0
    )


def test_a_randomized_runner_s_seed_frame_names_no_file():
    trace = (
        "java.lang.AssertionError: expected:<1> but was:<0>\n"
        "\tat __randomizedtesting.SeedInfo.seed([9F04C2D1A7B3E5F6:0A1B2C3D4E5F6071]:0)\n"
        "\tat com.acme.orders.Orders.total(Orders.java:7)\n"
    )
    frames = parse_frames(trace)
    assert [(f.path, f.line, f.language) for f in frames if f.path] == [("Orders.java", 7, "jvm")]


@pytest.mark.parametrize(
    "text, expected",
    [
        # RSpec indents a cause's rows under '--- Caused by: ---' inside its '# '.
        (
            "     # --- Caused by: ---\n     # KeyError:\n     #   key not found: :rate\n"
            "     #   ./lib/cart.rb:11:in `fetch'\n",
            [("lib/cart.rb", 11, "ruby")],
        ),
        # A goroutine dump quoted behind a bar, a non-breaking space before it.
        (
            "goroutine 1 [running]:\nmain.total(...)\n\xa0 | /src/shop/cart.go:8 +0x1d\n",
            [("/src/shop/cart.go", 8, "go")],
        ),
        # A forge's message whose block opens on the trace's first row.
        ("<pre> lib/cart.rb:7:in `total': boom (RuntimeError)\n", [("lib/cart.rb", 7, "ruby")]),
    ],
)
def test_a_frame_behind_a_quote_a_cause_s_indent_or_a_block_tag_keeps_its_file(text, expected):
    assert [(f.path, f.line, f.language) for f in parse_frames(text)] == expected


@pytest.mark.parametrize(
    "prefix",
    [
        "2024-03-01T10:22:33.4567890Z ",  # GitHub Actions
        "[2024-03-01T10:22:33.456Z] ",  # Jenkins' timestamper
        "[10:22:33] ",  # a build tool's clock
        "Mar 01 10:22:33 web01 gunicorn[1234]: ",  # journalctl, syslog
        "Mar  1 10:22:33 web01 app: ",
        "2024-03-01T10:22:33.456789+00:00 app[web.1]: ",  # Heroku
        "2024-03-01T10:22:33+00:00 web01 app[12]: ",  # syslog with an ISO time
        "2024-03-01T10:22:33.123456Z 01E ",  # GitLab's timestamped job log
        "2024-03-01T10:22:33.123456Z 01O+ ",
        "[pod/web-7d9c/app] ",  # kubectl logs --prefix
        "I/python  ( 4415): ",  # adb logcat -v brief (Kivy's Python on Android)
        "[   28s] ",  # Open Build Service
        "[task 2020-03-20T14:13:57.855Z] ",  # Taskcluster
        "#12 46.59 ",  # docker build --progress=plain (BuildKit)
    ],
)
def test_a_trace_behind_a_log_s_line_prefix_keeps_its_frames(prefix):
    trace = (
        "Traceback (most recent call last):\n"
        '  File "/srv/shop/views.py", line 9, in index\n'
        "    return 1 / 0\n"
        "ZeroDivisionError: division by zero\n"
    )
    prefixed = "".join(prefix + line + "\n" for line in trace.splitlines())
    assert [(f.path, f.line) for f in parse_frames(prefixed)] == [("/srv/shop/views.py", 9)]


@pytest.mark.parametrize(
    "text",
    [
        # adb logcat -v brief, as Flutter's issue template asks for it
        "E/flutter ( 4415): [ERROR:flutter/runtime/dart_vm_initializer.cc(41)] Unhandled Exception: Bad"
        " state: No element\nE/flutter ( 4415): #0      CartModel.total (package:shop/cart.dart:12:24)\n"
        "E/flutter ( 4415): #1      CartPage.build (package:shop/cart_page.dart:30:16)\n",
        # what `flutter run` relays from an iOS device
        "flutter: #0      CartModel.total (package:shop/cart.dart:12:24)\n"
        "flutter: #1      CartPage.build (package:shop/cart_page.dart:30:16)\n",
    ],
)
def test_a_flutter_trace_behind_a_device_log_s_prefix_keeps_its_frames(text):
    assert [(f.path, f.line, f.depth) for f in parse_frames(text)] == [
        ("shop/lib/cart.dart", 12, 0),
        ("shop/lib/cart_page.dart", 30, 1),
    ]


def test_flutter_run_verbose_s_clock_comes_off_a_compiler_error():
    """`flutter run -v` prints each line behind its clock ('[  +12 ms] '); the error is read as without it
    (a diagnostic, not a frame)."""
    from boundedcode.lang.diagnostics import parse_diagnostics

    log = "[  +12 ms] lib/cart.dart:12:24: Error: The getter 'prise' isn't defined for the class 'Item'.\n"
    log += "[        ]  - 'Item' is from 'package:shop/item.dart' ('lib/item.dart').\n"
    assert [(d.path, d.line, d.column) for d in parse_diagnostics(log)] == [("lib/cart.dart", 12, 24)]
    assert parse_frames(log) == []


def test_sbt_s_level_before_a_trace_s_rows_comes_off():
    """sbt prints a run's exception behind its level: '[error] \tat shop.Cart.total(Cart.scala:12)'."""
    log = "[error] java.lang.RuntimeException: boom\n[error] \tat shop.Cart.total(Cart.scala:12)\n"
    log += "[error] \tat shop.Main$.main(Main.scala:5)\n"
    assert [(f.path, f.line, f.depth) for f in parse_frames(log)] == [
        ("Cart.scala", 12, 0),
        ("Main.scala", 5, 1),
    ]


@pytest.mark.parametrize(
    "derived, source",
    [
        ("python/journal.txt", "python/traceback_cause.txt"),
        ("jvm/jenkins_timestamps.txt", "jvm/java_caused_by.txt"),
    ],
)
def test_a_log_s_copy_of_a_captured_trace_gives_the_trace_s_frames(derived, source):
    assert parse_frames(evidence(derived)) == parse_frames(evidence(source)) != []


def test_a_process_manager_s_relayed_lines_are_read_per_process_and_nothing_else_moves():
    # Two services' lines mixed as docker compose relays them, between a report's prose lines;
    # rustc's gutter ('2 |') and a table row ('| a | b |') are no process's lines.
    text = (
        "It fails on start:\n"
        "web-1     | Traceback (most recent call last):\n"
        "worker-1  | Traceback (most recent call last):\n"
        'web-1     |   File "/app/shop/server.py", line 6, in handle\n'
        'worker-1  |   File "/app/shop/worker.py", line 7, in drain\n'
        "web-1     | KeyError: 'qty'\n"
        "worker-1  | TypeError: 'NoneType' object is not iterable\n"
        "\n"
        "2 |     let x = total();\n"
        "| a | b |\n"
    )
    assert evidence_lines(text) == [
        "It fails on start:",
        "Traceback (most recent call last):",
        '  File "/app/shop/server.py", line 6, in handle',
        "KeyError: 'qty'",
        "",
        "Traceback (most recent call last):",
        '  File "/app/shop/worker.py", line 7, in drain',
        "TypeError: 'NoneType' object is not iterable",
        "",
        "2 |     let x = total();",
        "| a | b |",
        "",
    ]


def test_a_named_container_s_lines_are_relayed_where_two_or_more_start_so():
    # compose's prefix of a container named by `container_name` has no number: read where the name
    # starts two lines or more (a log's own prefix behind it off too); a table row without its outer
    # pipes whose first cell is said once keeps it.
    text = (
        "celeryworker  | [2024-03-01 10:22:33,456: WARNING/ForkPoolWorker-1] Traceback (most recent call last):\n"
        'celeryworker  | [2024-03-01 10:22:33,456: WARNING/ForkPoolWorker-1]   File "/app/tasks.py", line 9, in run\n'
        "celeryworker  |     return total(items)\n"
        "\n"
        "price | cart.py:3\n"
    )
    assert evidence_lines(text) == [
        "Traceback (most recent call last):",
        '  File "/app/tasks.py", line 9, in run',
        "    return total(items)",
        "",
        "price | cart.py:3",
        "",
    ]


@pytest.mark.parametrize(
    "name, expected",
    [
        ("python/traceback_cause.txt", ["LookupError: no rate configured", "RuntimeError: reorder failed"]),
        *(
            (f"python/{n}.txt", ["KeyError: 'qty'"])
            for n in (
                "ipython7_cell",
                "ipython7_script",
                "ipython8_cell",
                "ipython8_color",
                "ipython8_script",
            )
        ),
    ],
)
def test_the_line_naming_the_exception_ends_a_python_or_an_ipython_traceback(name, expected):
    assert exception_lines(evidence(name)) == expected


def test_a_sentence_naming_a_file_and_a_function_is_no_ipython_row():
    assert parse_frames("The bug is in shop/cart.py in total():\n----> 2 return sum(items)\n") == []


def test_a_versioned_url_is_no_firefox_function_at_a_file():
    """Deno 1.0's caret line: the `@` is the module's version, not Firefox's `function@file`."""
    assert parse_frames("► https://deno.land/std@0.50.0/http/_io.ts:10:5\n") == []


def test_a_runtime_s_frame_with_a_line_and_no_file_counts_without_a_place():
    """Bun (JavaScriptCore) prints its module loader's frames as 'at f (2:1)': no file named 2."""
    trace = "error: boom\n      at /srv/app/cart.js:3:9\n      at loadAndEvaluateModule (2:1)\n"
    assert [(f.path, f.line, f.depth) for f in parse_frames(trace)] == [("/srv/app/cart.js", 3, 0)]


def test_a_trace_in_julia_s_logging_box_keeps_its_frames():
    """Julia's `@error` draws its record in a box ('│' before each line): the Stacktrace inside is
    read as without it, the record's own place ('└ @ Main ~/shop/main.jl:7', where `@error` ran)
    its outermost."""
    box = (
        "┌ Error: Failed to load\n│   exception =\n│    BoundsError: attempt to access 3-element"
        " Vector{Int64} at index [4]\n│    Stacktrace:\n│     [1] getindex\n│       @ ./essentials.jl:13"
        " [inlined]\n│     [2] total(items::Vector{Int64})\n│       @ Main ~/shop/cart.jl:4\n"
        "└ @ Main ~/shop/main.jl:7\n"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(box)] == [
        ("essentials.jl", 13, 0),
        ("~/shop/cart.jl", 4, 1),
        ("~/shop/main.jl", 7, 2),
    ]


def test_exact_duplicates_are_dropped():
    trace = 'Traceback (most recent call last):\n  File "/a.py", line 3, in f\nValueError\n'
    assert len(parse_frames(trace * 3)) == 1


@pytest.mark.parametrize(
    "line",
    [
        "\tat com.acme.Orders.place(Orders.java:42)",
        '  File "/srv/app/cart.py", line 12, in total',
        "tests/test_cart.py:12: in test_total",
        "lib/cart.rb:11:in `tax'",
        "    (shop 0.1.0) lib/cart.ex:2: Shop.Cart.total/1",
        "overflow.c:4:18: runtime error: signed integer overflow",
        "  * frame #0: 0x0000555555555158 cart`total(items=0x0000000000000000, n=2) at cart.c:7:48",
    ],
)
def test_is_frame_line(line):
    assert is_frame_line(line)


@pytest.mark.parametrize(
    "line", ["src/x.c:12:5: error: boom", "GET http://localhost:8080/x", "at the moment", ""]
)
def test_is_not_frame_line(line):
    assert not is_frame_line(line)


def test_lldb_frames_of_libraries_keep_the_trace_but_name_no_file():
    # a shared library's, the C++ and Rust standard libraries' (legacy-mangled too), one without
    # debug information: their base names would find a project's file of the same name
    bt = """\
* thread #1, name = 'cart', stop reason = breakpoint 1.1
  * frame #0: 0x000055555557f4d8 cart`__rustc::rust_panic at panicking.rs:886:25
    frame #1: 0x0000555555568b14 cart`cart::pricing::unit_price::h975a86d5059593ce(price=0, qty=1) at pricing.rs:2:5
    frame #2: 0x0000555555568f56 cart`_$LT$core..slice..iter..Iter$LT$T$GT$$u20$as$u20$core..iter..traits..iterator..Iterator$GT$::fold::hbf6910509f8a3127(self=Iter<(u32, u32)> @ 0x00007fffffffe228, init=0) at macros.rs:279:27
    frame #3: 0x0000555555568c85 cart`_$LT$u32$u20$as$u20$core..iter..traits..accum..Sum$GT$::sum::hc05924b2ff3cb5d1(iter=Map) at accum.rs:50:22
    frame #4: 0x0000555555558854 worker`void std::__invoke_impl<void, void (*)(int)>(__f=0x0) at invoke.h:61:14
    frame #5: 0x0000555555569152 cart`cart::pricing::total::_$u7b$$u7b$closure$u7d$$u7d$::he5f79a46d8c6ff6a((null)=0x00007fffffffe203) at pricing.rs:6:38
    frame #6: 0x00007ffff7dfb24a libc.so.6`__libc_start_call_main(main=(cart`main at main.c:11:16), argc=1) at libc_start_call_main.h:58:16
    frame #7: 0x0000555555568981 cart`_start + 33
"""
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(bt)] == [
        ("pricing.rs", 2, "cart::pricing::unit_price", 0),
        ("pricing.rs", 6, "cart::pricing::total::{{closure}}", 1),
    ]


def test_traces_as_real_issues_show_them():
    text = (
        # behind a Markdown quote (a reply quoting the trace)
        "> Traceback (most recent call last):\n"
        '>   File "/srv/shop/cart.py", line 3, in total\n'
        "> KeyError: 'price'\n"
        "\n"
        # relayed by mod_wsgi into Apache's error log (2.4's prefix, then 2.2's)
        "[Tue Feb 19 10:23:02.693604 2019] [wsgi:error] [pid 4147:tid 1401] [client 10.0.0.5:5678]"
        " Traceback (most recent call last):\n"
        '[Tue Feb 19 10:23:02.693604 2019] [wsgi:error] [pid 4147:tid 1401] [client 10.0.0.5:5678]   File "/srv/shop/views.py", line 41, in inner\n'
        "[Tue Feb 19 10:23:02 2019] [error] [client 10.0.0.5] ValueError: no price\n"
        "\n"
        # Rust before 1.47 (no column) and Elixir before 1.10 (no version)
        "thread '<main>' panicked at 'no price', src/pricing.rs:2\n"
        "thread ‘<main>’ panicked at ‘no price’, src/tax.rs:7\n"  # as a forum curls its quotes
        "\n"
        "** (File.Error) could not read file\n"
        "    (elixir) lib/file.ex:1067: File.cd!/2\n"
        "    (shop) lib/shop/cart.ex:12: Shop.Cart.total/1\n"
        "\n"
        # Android Studio's logcat pane indents a continuation far
        "java.lang.RuntimeException: no price\n" + " " * 100 + "\tat com.acme.shop.Cart.total(Cart.java:12)\n"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(text)] == [
        ("/srv/shop/cart.py", 3, 0),
        ("/srv/shop/views.py", 41, 0),
        ("src/pricing.rs", 2, 0),
        ("src/tax.rs", 7, 0),
        ("lib/file.ex", 1067, 0),
        ("lib/shop/cart.ex", 12, 1),
        ("Cart.java", 12, 0),
    ]


def test_an_error_tracker_s_backtrace_of_a_rails_app():
    # errbit's (Airbrake's) rows, then Honeybadger's; the gems' rows stay outside the project.
    text = (
        "NoMethodError: undefined method `price' for nil\n"
        "[PROJECT_ROOT]/app/models/cart.rb:18→ total\n"
        "[PROJECT_ROOT]/app/controllers/carts_controller.rb:7→ show\n"
        "[GEM_ROOT]/gems/actionpack-7.1.2/lib/action_controller/metal/basic_implicit_render.rb:6→ send_action\n"
        "\n"
        "RuntimeError: no price\n"
        "  line 31 of [PROJECT_ROOT]/app/models/order.rb: place\n"
        "  line 12 of [PROJECT_ROOT]/app/controllers/orders_controller.rb: create\n"
        "the line 3 of the poem: nothing\n"
    )
    frames = [(f.path, f.line, f.function, f.depth) for f in parse_frames(text)]
    del frames[2]  # the gem's row, a place in no checkout
    assert frames == [
        ("app/models/cart.rb", 18, "total", 0),
        ("app/controllers/carts_controller.rb", 7, "show", 1),
        ("app/models/order.rb", 31, "place", 0),
        ("app/controllers/orders_controller.rb", 12, "create", 1),
    ]


def test_a_tracker_s_arrow_rows_of_python_code_run_outermost_first():
    text = (
        "/usr/lib/python3.11/site-packages/shop/views.py:40→ checkout\n"
        "/usr/lib/python3.11/site-packages/shop/cart.py:12→ total\n"
    )
    assert [(f.path.rpartition("packages/")[2], f.line, f.language, f.depth) for f in parse_frames(text)] == [
        ("shop/cart.py", 12, "python", 0),
        ("shop/views.py", 40, "python", 1),
    ]


@pytest.mark.parametrize(
    "line",
    [
        '"Fatal error: Call to undefined function rate() in /srv/shop/src/Cart.php on line 47"',
        "It says: Fatal error: Call to undefined function rate() in /srv/shop/src/Cart.php on line 47.",
    ],
)
def test_a_php_error_quoted_or_ending_a_sentence(line):
    assert [(f.path, f.line) for f in parse_frames(line + "\n")] == [("/srv/shop/src/Cart.php", 47)]


def test_dart_code_s_two_line_frames_with_elided_folders():
    console = (
        "When the exception was thrown, this was the stack\n"
        "#0      CartState.build \n"
        "package:shop/…/cart/cart_view.dart:191\n"
        "#1      StatefulElement.build \n"
        "package:flutter/…/widgets/framework.dart:4334\n"
    )
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(console)] == [
        ("cart/cart_view.dart", 191, "CartState.build", 0),
        ("widgets/framework.dart", 4334, "StatefulElement.build", 1),
    ]


def test_karma_s_frame_is_the_source_its_map_gives():
    trace = "    at UserContext.<anonymous> (webpack:///./src/cart.spec.ts:12:5 <- src/test.ts:1234:56)\n"
    assert [(f.path, f.line, f.column) for f in parse_frames(trace)] == [("src/cart.spec.ts", 12, 5)]


def test_julia_s_stack_traces_innermost_first():
    since_1_6 = (
        "ERROR: LoadError: BoundsError: attempt to access 3-element Vector{Int64} at index [4]\n"
        "Stacktrace:\n"
        " [1] getindex\n"
        "   @ ./essentials.jl:13 [inlined]\n"
        " [2] total(items::Vector{Int64})\n"
        "   @ Shop ~/shop/src/cart.jl:12\n"
        " [3] top-level scope\n"
        "   @ ~/shop/run.jl:3\n"
    )
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(since_1_6)] == [
        ("essentials.jl", 13, "getindex", 0),
        ("~/shop/src/cart.jl", 12, "total", 1),
        ("~/shop/run.jl", 3, None, 2),
    ]
    before = " [1] getindex at ./array.jl:729 [inlined]\n [2] total(::Array{Int64,1}) at /home/dev/shop/src/cart.jl:12\n"
    assert [(f.path, f.line, f.function) for f in parse_frames(before)] == [
        ("array.jl", 729, "getindex"),
        ("/home/dev/shop/src/cart.jl", 12, "total"),
    ]


def test_a_powershell_script_s_stack():
    stack = "at Get-Total, C:\\scripts\\cart.ps1: line 12\nat <ScriptBlock>, C:\\scripts\\run.ps1: line 3\n"
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(stack)] == [
        ("C:/scripts/cart.ps1", 12, "Get-Total", 0),
        ("C:/scripts/run.ps1", 3, None, 1),
    ]


def test_nix_s_error_before_2_4_on_one_line():
    log = (
        "error: undefined variable 'missing' at /srv/shop/lib/prices.nix:2:50\n"
        "while evaluating 'sum' at /srv/shop/lib/prices.nix:2:9, called from /srv/shop/default.nix:5:11:\n"
    )
    assert [(f.path, f.line, f.column) for f in parse_frames(log)] == [
        ("/srv/shop/lib/prices.nix", 2, 50),
        ("/srv/shop/lib/prices.nix", 2, 9),
    ]


def test_a_jvm_trace_as_play_console_and_crashlytics_print_it():
    """A space before the parenthesis (Java and Kotlin files); the frames without a file, an R8
    build's '(Unknown Source:12)' too, keep the trace going and name no file."""
    trace = (
        "java.lang.IllegalStateException: no price\n"
        "  at com.acme.shop.Cart.total (Cart.java:42)\n"
        "  at com.acme.shop.Cart.access$000 (Unknown Source)\n"
        "  at java.lang.reflect.Method.invoke (Native Method)\n"
        "  at com.acme.shop.CartKt.checkout (Cart.kt:12)\n"
        "  at com.acme.shop.Main.run (Unknown Source:7)\n"
        "  at com.acme.shop.Main.main (Main.java:5)\n"
    )
    expected = [("Cart.java", 42, "jvm", 0), ("Cart.kt", 12, "jvm", 1), ("Main.java", 5, "jvm", 2)]
    assert [(f.path, f.line, f.language, f.depth) for f in parse_frames(trace)] == expected
    unspaced = trace.replace(" (", "(")
    assert [(f.path, f.line, f.language, f.depth) for f in parse_frames(unspaced)] == expected
    # V8's frame without a column reads the same but for its file
    assert [(f.path, f.language) for f in parse_frames("    at total (cart.js:12)\n")] == [
        ("cart.js", "javascript")
    ]


def test_an_elixir_module_s_frame_in_an_erlang_stack_term():
    """OTP prints an Elixir module by its atom ('Elixir.Shop.Cart'): the function as Elixir names it."""
    report = (
        "** Reason for termination ==\n"
        "** {badarith,[{'Elixir.Shop.Cart','total!',1,[{file,\"lib/shop/cart.ex\"},{line,2}]},"
        '{elixir,eval_external_handler,3,[{file,"src/elixir.erl"},{line,386}]}]}\n'
    )
    assert [(f.path, f.line, f.function, f.language, f.depth) for f in parse_frames(report)] == [
        ("lib/shop/cart.ex", 2, "Shop.Cart.total!", "elixir", 0),
        ("src/elixir.erl", 386, "elixir:eval_external_handler", "erlang", 1),
    ]


def test_php_s_trace_on_one_line_its_newlines_made_spaces():
    """A log viewer's copy of php-fpm's error in nginx's log, the newlines made spaces."""
    line = (
        '2024/05/02 10:11:12 [error] 31#31: *7 FastCGI sent in stderr: "PHP message: PHP Fatal error:  Uncaught'
        " RuntimeException: no price in /srv/shop/cart.php:3 Stack trace: #0 /srv/shop/index.php(5): total()"
        ' #1 {main}   thrown in /srv/shop/cart.php on line 3" while reading response header from upstream\n'
    )
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(line)] == [
        ("/srv/shop/cart.php", 3, "total", 0),
        ("/srv/shop/index.php", 5, None, 1),
    ]


def test_the_rust_standard_library_s_source_is_no_file_of_a_checkout():
    """'/rustc/<commit>/library/…' is the toolchain's source, whatever precedes its row (here
    nothing: V8 read a row without a function above it as JavaScript's 'at /file:1:2')."""
    rows = "             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/panicking.rs:72:14\n"
    assert parse_frames(rows) == []
    panic = "thread 'main' panicked at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/alloc/src/vec/mod.rs:9:5:\n"
    assert parse_frames(panic) == []


def test_lldb_s_frames_of_a_swift_app_marked_optimized_or_compiler_made():
    """Xcode's lldb marks an optimized function ' [opt]' and a compiler-made one ' [artificial]', whose
    place is no file ('<compiler-generated>:0')."""
    bt = (
        "* thread #1, queue = 'com.apple.main-thread', stop reason = Fatal error\n"
        "  * frame #0: 0x0000000100003f20 Shop`CartView.total() at CartView.swift:12:9 [opt]\n"
        "    frame #1: 0x0000000100003f40 Shop`@objc CartView.total() at <compiler-generated>:0 [artificial]\n"
        "    frame #2: 0x0000000100003f80 Shop`CartView.load() at CartView.swift:20:5 [opt] [artificial]\n"
    )
    assert [(f.path, f.line, f.function, f.language, f.depth) for f in parse_frames(bt)] == [
        ("CartView.swift", 12, "CartView.total", "swift", 0),
        ("CartView.swift", 20, "CartView.load", "swift", 1),
    ]


def test_an_elixir_stacktrace_inspected_on_one_line_since_1_15():
    """Elixir 1.15 on inspects a charlist 'file: ~c"lib/shop/cart.ex"'; quoted atoms for names."""
    line = (
        '12:01:02.003 [error] Task failed: {%ArithmeticError{message: "bad argument"}, [{Shop.Cart, :"total!", 1,'
        ' [file: ~c"lib/shop/cart.ex", line: 2]}, {:erlang, :/, [1, 0], [error_info: %{module: :erl_erts_errors}]},'
        ' {Shop.Orders, :place, 2, [file: ~c"lib/shop/orders.ex", line: 14]}]}\n'
    )
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(line)] == [
        ("lib/shop/cart.ex", 2, "Shop.Cart.total!", 0),
        ("lib/shop/orders.ex", 14, "Shop.Orders.place", 1),
    ]


def test_whoops_plain_text_trace_innermost_first():
    """Whoops' PlainTextHandler (Laravel's and Slim's consoles): 'in file … on line N', then
    '%3d. Class->function() file:line' rows, innermost first (no toolchain for it here)."""
    text = (
        "Whoops\\Exception\\ErrorException: Undefined variable $total in file /srv/shop/src/Cart.php on line 12\n"
        "Stack trace:\n"
        "  1. Shop\\Cart->total() /srv/shop/src/Cart.php:12\n"
        "  2. Shop\\Http\\CartController->show() /srv/shop/src/Http/CartController.php:30\n"
        "  3. main() /srv/shop/public/index.php:7\n"
    )
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(text)] == [
        ("/srv/shop/src/Cart.php", 12, None, 0),
        ("/srv/shop/src/Cart.php", 12, "Shop\\Cart->total", 0),
        ("/srv/shop/src/Http/CartController.php", 30, "Shop\\Http\\CartController->show", 1),
        ("/srv/shop/public/index.php", 7, "main", 2),
    ]


def test_a_structured_log_cut_inside_its_trace_keeps_the_frames_before_the_cut():
    """A log that cuts a long record (nginx's 2 KB, a collector's limit) leaves its string open."""
    record = evidence("python/json_logger.txt").rstrip("\n")
    cut = record[: record.index("line 2, in <genexpr>")]
    frames = parse_frames(cut)
    assert [(f.path.rsplit("/", 1)[-1], f.line) for f in frames] == [
        ("cart.py", 2),
        ("app.py", 9),
        ("app.py", 14),
    ]


def test_a_structured_logs_escapes_are_undone():
    record = (
        '2024-03-01T10:22:33.4567890Z {"level":"error","stack":"Error: no price\\n'
        "    at total (C:\\\\src\\\\shop\\\\cart.js:2:16)\\n"
        '    at \\u0063heckout (C:\\/src\\/shop\\/main.js:4:10)"}'
    )
    assert [(f.path, f.line, f.function) for f in parse_frames(record)] == [
        ("C:/src/shop/cart.js", 2, "total"),
        ("C:/src/shop/main.js", 4, "checkout"),
    ]


def test_a_string_with_one_escaped_line_break_stays_one_line():
    """Source a compiler or a trace quotes (`printf("%d\\n", t)`) is no text of lines."""
    lines = ["cart.c:5:5: warning: unused result", '    5 |     printf("total %d\\n", t); puts("a\\nb");']
    assert evidence_lines("\n".join(lines)) == lines


def test_a_json_record_of_one_printed_line_reads_as_that_line():
    """docker's json-file log: each record one line of the stream, the record's fields left out."""
    records = [
        '{"log":"Traceback (most recent call last):\\n","stream":"stderr","time":"2024-03-01T10:22:33Z"}',
        '{"log":"  File \\"/srv/shop/cart.py\\", line 2, in total\\n","stream":"stderr","time":"2024-03-01T10:22:33Z"}',
        '{"log":"KeyError: \'price\'\\n","stream":"stderr","time":"2024-03-01T10:22:33Z"}',
    ]
    assert evidence_lines("\n".join(records)) == [
        "Traceback (most recent call last):",
        '  File "/srv/shop/cart.py", line 2, in total',
        "KeyError: 'price'",
    ]
    two = '{"msg":"a\\n","err":"b\\n"}'  # no one line of a stream: as it is
    assert evidence_lines(two) == [two]


def _hard_wrapped(text: str, width: int) -> str:
    """`text` as a console `width` columns wide copies it: each longer line in pieces."""
    return "\n".join(
        line[start : start + width]
        for line in text.split("\n")
        for start in range(0, max(len(line), 1), width)
    )


@pytest.mark.parametrize(
    "name", ["python/traceback_cause", "rust/panic_backtrace", "c/asan", "go/panic_system"]
)
def test_a_console_s_hard_wrap_reads_as_the_lines_it_cut(name):
    text = evidence(f"{name}.txt")
    wrapped = _hard_wrapped(text, 60 if name == "python/traceback_cause" else 80)
    assert wrapped != text
    assert parse_frames(wrapped) == parse_frames(text)
    assert parse_diagnostics(wrapped) == parse_diagnostics(text)


def test_lines_as_wide_as_each_other_are_no_wrap_where_one_is_wider_or_a_record_follows():
    piece = "x" * 70
    assert evidence_lines("\n".join([piece, "a", piece, "b", piece, "c", "y" * 71])) == [
        piece,
        "a",
        piece,
        "b",
        piece,
        "c",
        "y" * 71,
    ]
    records = [f"Mar 01 10:22:33 web01 app[1]: {'z' * 40}"] * 4
    assert len(evidence_lines("\n".join(records))) == 4


def test_a_report_s_rows_as_wide_as_each_other_are_no_wrap():
    # yamllint's rows, each 70 wide and wider than every other line: each starts with other numbers
    # in the same places, as a report's next row does and a wrapped piece's rest does not
    text = evidence("yaml/yamllint_same_width.txt")
    assert [(d.path, d.line) for d in parse_diagnostics(text)] == [
        ("vars/packages.yml", n) for n in (3, 4, 5, 6)
    ]
    # the same width with the numbers elsewhere is still a wrap
    assert evidence_lines("a" * 64 + "\nb 1\n" + "c" * 64 + "\nd 2\n" + "e" * 64 + "\nf") == [
        "a" * 64 + "b 1",
        "c" * 64 + "d 2",
        "e" * 64 + "f",
    ]


def test_rows_as_wide_as_each_other_each_with_an_indented_line_below_are_no_wrap():
    # ts-loader's rows, the widest lines, each with its message indented below: a console's cut
    # leaves a line's rest at the next line's start, not an indentation
    text = evidence("javascript/ts_loader_rows.txt")
    rows = [(d.path, d.line, d.column) for d in parse_diagnostics(text) if d.tool == "tsc"]
    assert rows == [(T + "/tsloader/src/pay.ts", n, 13) for n in (2, 3, 4)]


def test_a_teamcity_message_s_details_read_as_their_lines():
    message = "##teamcity[testFailed name='t' message='boom' details='    at f (/srv/a.js:2:3)|n    at |[g|] (/srv/b.js:4:5)|n' flowId='1']"
    assert evidence_lines(message) == [
        "##teamcity[testFailed name='t' message='boom'  flowId='1']",
        "at f (/srv/a.js:2:3)",
        "at [g] (/srv/b.js:4:5)",
        "",
    ]


def test_an_escaped_emojis_halves_are_no_characters_that_cannot_be_printed():
    record = '{"msg":"paid \\ud83d\\ude00\\n  File \\"/srv/shop/cart.py\\", line 2, in total\\nKeyError: 1"}'
    lines = evidence_lines(record)
    assert "paid \ufffd\ufffd" in lines and "\n".join(lines).encode("utf-8")
    assert [(f.path, f.line) for f in parse_frames(record)] == [("/srv/shop/cart.py", 2)]


@pytest.mark.parametrize(
    "name",
    [
        "python/ipython8_color",
        "python/pytest_color",
        "rust/rustc_error_color",
        "javascript/tsc_pretty",
        "javascript/jest_color",
    ],
)
def test_coloured_output_whose_esc_bytes_were_lost_reads_as_the_coloured(name):
    """Pasted into a forge's text box, '\\x1b[1;31mKeyError\\x1b[0m' keeps '[1;31mKeyError[0m'."""
    pasted, coloured = evidence(f"{name}_pasted.txt"), evidence(f"{name}.txt")
    assert "\x1b" not in pasted and ("[0m" in pasted or "[39m" in pasted)
    assert parse_frames(pasted) == parse_frames(coloured)
    assert parse_diagnostics(pasted) == parse_diagnostics(coloured)
    assert parse_frames(pasted) or parse_diagnostics(pasted)


def test_a_bracketed_name_is_no_colour_code():
    text = "== [models/orders.sql] FAIL\n[1;31mL:   1 | P:  11 | LT01 | Expected single whitespace[0m"
    assert evidence_lines(text) == [
        "== [models/orders.sql] FAIL",
        "L:   1 | P:  11 | LT01 | Expected single whitespace",
    ]


@pytest.mark.parametrize(
    ("derived", "name"),
    [
        ("go/panic_system_indented", "go/panic_system"),
        ("c/valgrind_memcheck_indented", "c/valgrind_memcheck"),
        ("jvm/surefire_junit4_indented", "jvm/surefire_junit4"),
        ("python/traceback_cause_nbsp", "python/traceback_cause"),
    ],
)
def test_an_indented_code_block_and_a_web_pages_blanks_read_as_the_output(derived, name):
    """A message indents a pasted log four spaces (a Markdown code block); a web page's copy
    indents with non-breaking spaces."""
    pasted, printed = evidence(f"{derived}.txt"), evidence(f"{name}.txt")
    assert pasted != printed
    assert parse_frames(pasted) == parse_frames(printed) != []
    assert parse_diagnostics(pasted) == parse_diagnostics(printed)


def test_only_a_block_after_a_blank_line_is_unindented():
    """Markdown's indented block cannot interrupt a paragraph: a wrapped line stays as it is."""
    lines = ["Fails here:", "    at total (/srv/shop/cart.js:2:16)", "", "    a.py:1: error: x", "b", "    c"]
    assert evidence_lines("\n".join(lines)) == [
        "Fails here:",
        "    at total (/srv/shop/cart.js:2:16)",
        "",
        "a.py:1: error: x",
        "b",
        "    c",
    ]


def test_a_where_listing_quoted_in_a_reply_keeps_its_current_frame_last():
    """A reply quotes the listing ('> ' before each line): the current frame's own mark stays."""
    listing = [
        ">   /srv/shop/run.py(6)<module>()",
        "> -> review()",
        ">   /srv/shop/shop/app.py(9)review()",
        "> > /srv/shop/shop/cart.py(7)checked_total()",
        "> -> return total(items)",
        "> > /srv/shop/run.py(1)<module>()",
    ]
    frames = [(f.path, f.line, f.depth) for f in parse_frames("\n".join(listing))]
    assert frames == [
        ("/srv/shop/shop/cart.py", 7, 0),
        ("/srv/shop/shop/app.py", 9, 1),
        ("/srv/shop/run.py", 6, 2),
        ("/srv/shop/run.py", 1, 0),
    ]


def test_a_traceback_whose_quotes_a_chat_curled_reads_as_printed():
    printed = evidence("python/traceback_cause.txt")
    curled = printed.replace('File "', "File \u201c").replace('", line', "\u201d, line")
    assert curled != printed
    assert parse_frames(curled) == parse_frames(printed) != []


@pytest.mark.parametrize(
    "name", ["python/traceback_cause", "jvm/java_caused_by", "javascript/node_uncaught", "ruby/cause"]
)
def test_a_trace_whose_line_breaks_were_lost_reads_as_printed(name):
    """Each line break a space (a one-line field, a log aggregator's view): the same traces, each
    innermost first, a chained one a trace of its own."""
    flattened, printed = evidence(f"{name}_flattened.txt"), evidence(f"{name}.txt")
    assert "\n" not in flattened.strip()
    assert parse_frames(flattened) == parse_frames(printed) != []


@pytest.mark.parametrize(
    ("name", "places"),
    [
        # rsyslog's '#012' for each line break of a record Python's SysLogHandler sent
        (
            "python/syslog_escaped.txt",
            [("shop/cart.py", 2), ("shop/cart.py", 2), ("shop/cart.py", 6), ("shop/app.py", 10)],
        ),
        # log4j2's and logback's patterns for a one-line record: a separator, or a space
        ("jvm/log4j2_one_line.txt", [("Cart.java", 8), ("Main.java", 12)]),
        ("jvm/logback_one_line.txt", [("Cart.java", 8), ("Main.java", 12)]),
    ],
)
def test_a_logger_s_one_line_record_of_a_trace(name, places):
    frames = parse_frames(evidence(name))
    assert [(f.path.removeprefix(T + "/flattened/"), f.line) for f in frames] == places
    assert [f.depth for f in frames] == list(range(len(places)))


def test_a_line_holding_two_frame_openings_is_cut_but_v8_s_eval_origin_is_not():
    line = "Error: boom at Object.<anonymous> (/srv/app/main.js:1:2) at run (/srv/app/main.js:3:1)"
    assert [(f.function, f.line) for f in parse_frames(line)] == [("Object.<anonymous>", 1), ("run", 3)]
    evaled = "    at eval (eval at total (/srv/app/a.js:2:9), <anonymous>:1:1)"
    assert [f.function for f in parse_frames(evaled)] == ["total"]


def test_an_intel_mac_s_crash_report_has_a_tab_before_the_address():
    text = (
        "Thread 0 Crashed:: Dispatch queue: com.apple.main-thread\n"
        "0   libswiftCore.dylib            \t0x00007fff2c7434d1 _assertionFailure(_:_:file:line:flags:) + 513\n"
        "1   com.acme.Shop                 \t0x000000010b2376a5 Cart.total() + 917 (Cart.swift:187)\n"
        "2   com.acme.Shop                 \t0x000000010b2365d4 reorder(_:) + 1172 (Orders.swift:147)\n"
    )
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(text)] == [
        ("Cart.swift", 187, "Cart.total", 0),
        ("Orders.swift", 147, "reorder", 1),
    ]


@pytest.mark.parametrize(
    "line",
    [
        # Microsoft.Testing.Platform's `dotnet test`: the place without the word 'line'
        "   at Shop.Tests.CartTests.Total_of_none(String name) in /src/Shop.Tests/CartTests.cs:14",
        # runtimes of other languages: German, French, Spanish, Japanese
        "   bei Shop.Tests.CartTests.Total_of_none(String name) in C:\\src\\Shop.Tests\\CartTests.cs:Zeile 14",
        "   à Shop.Tests.CartTests.Total_of_none(String name) dans C:\\src\\Shop.Tests\\CartTests.cs:ligne 14",
        "   en Shop.Tests.CartTests.Total_of_none(String name) en C:\\src\\Shop.Tests\\CartTests.cs:línea 14",
        "   場所 Shop.Tests.CartTests.Total_of_none(String name) 場所 C:\\src\\Shop.Tests\\CartTests.cs:行 14",
    ],
)
def test_a_dotnet_frame_s_place_without_english_words(line):
    [frame] = parse_frames(line)
    assert (Path(frame.path.replace("\\", "/")).name, frame.line, frame.function, frame.language) == (
        "CartTests.cs",
        14,
        "Shop.Tests.CartTests.Total_of_none",
        "csharp",
    )


def test_a_go_dump_s_rows_without_their_tab_keep_their_offsets():
    text = "goroutine 1 [running]:\nmain.total(...)\n/src/shop/cart.go:8 +0x1d\nmain.main()\n/src/shop/main.go:12 +0x25\n"
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(text)] == [
        ("/src/shop/cart.go", 8, "main.total", 0),
        ("/src/shop/main.go", 12, "main.main", 1),
    ]
    assert parse_frames("see /src/shop/cart.go:8 for the loop") == []


def test_a_frame_made_bold_or_behind_a_console_s_arrows_keeps_its_place():
    bold = "java.lang.NullPointerException\n\tat **com.acme.Cart.total(Cart.java:9)**\n\tat com.acme.Main.main(Main.java:3)"
    assert [(f.path, f.line) for f in parse_frames(bold)] == [("Cart.java", 9), ("Main.java", 3)]
    arrows = "Error: boom\n\u2190[90m    at total (C:\\shop\\cart.js:2:9)\u2190[39m"
    assert [(f.path, f.line, f.function) for f in parse_frames(arrows)] == [("C:/shop/cart.js", 2, "total")]


def test_a_php_throwable_s_own_line_alone():
    line = "ErrorException: Undefined array key 2 in /srv/app/src/Cart.php:9"
    assert [(f.path, f.line, f.language) for f in parse_frames(line)] == [("/srv/app/src/Cart.php", 9, "php")]
    assert parse_frames("TypeError: boom in /srv/app/src/cart.js:9") == []  # PHP's files only


def test_a_tracker_s_rows_of_a_file_no_language_claims_follow_the_exception_s_line():
    tracked = 'ActionView::Template::Error: boom\n  File "app/views/cart.html.erb", line 6, in render\n  File "app/x.rb", line 2, in f'
    assert [(f.path, f.depth) for f in parse_frames(tracked)] == [
        ("app/views/cart.html.erb", 0),
        ("app/x.rb", 1),
    ]
    script = 'Traceback (most recent call last):\n  File "/usr/bin/shop", line 8, in <module>\n  File "/srv/shop/cart.py", line 2, in total'
    assert [(f.path, f.depth) for f in parse_frames(script)] == [
        ("/srv/shop/cart.py", 0),
        ("/usr/bin/shop", 1),
    ]


def test_a_url_after_an_at_sign_has_no_blank():
    line = "@test_deprecated: Test Failed at /src/Test/test/runtests.jl:807"
    assert parse_frames(line) == []  # Julia's macro, not a frame of Firefox's
    assert [(d.path, d.line) for d in parse_diagnostics(line)] == [("/src/Test/test/runtests.jl", 807)]


def test_ipython_7_s_row_of_an_imported_notebook():
    text = (
        "AttributeError                            Traceback (most recent call last)\n"
        "C:\\Users\\dev\\shop\\cart.ipynb in total(items)\n"
        '     20    "source": [\n'
        "---> 22     return sum(item.price for item in items)\n"
    )
    assert [(f.path, f.line, f.function) for f in parse_frames(text)] == [
        ("C:/Users/dev/shop/cart.ipynb", 22, "total")
    ]


def test_a_rails_log_s_backtrace_its_gems_named_by_the_cleaner():
    # Rails' log under the exception's line: bare rows, a gem's file behind its name and version
    text = (
        "NoMethodError (undefined method `price' for nil:NilClass):\n"
        "\n"
        "app/models/cart.rb:7:in `block in total'\n"
        "app/models/cart.rb:7:in `total'\n"
        "actionpack (7.1.3) lib/action_controller/metal/basic_implicit_render.rb:6:in `send_action'\n"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(text)] == [
        ("app/models/cart.rb", 7, 0),
        ("app/models/cart.rb", 7, 1),
        ("lib/action_controller/metal/basic_implicit_render.rb", 6, 2),
    ]
    # behind Heroku's header and the request's id the tagged logger puts before each line
    tagged = "".join(
        f"2024-02-22T06:18:40.278010+00:00 app[web.1]: [ef579088-55d9-41b1-aee5-0887dd5285ac] {line}\n"
        for line in text.splitlines()[2:]
    )
    assert parse_frames(tagged) == parse_frames(text)


def test_bugsnag_s_rows_are_innermost_first_in_any_language():
    text = (
        "## Stacktrace\n\n"
        "    app/models/cart.rb:7 - block in total\n"
        "    app/controllers/carts_controller.rb:12 - show\n"
        "\n"
        "    /srv/shop/src/Cart.php:9 - Shop\\Cart::total\n"
        "    /srv/shop/public/index.php:4 - [main]\n"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(text)] == [
        ("app/models/cart.rb", 7, 0),
        ("app/controllers/carts_controller.rb", 12, 1),
        ("/srv/shop/src/Cart.php", 9, 0),
        ("/srv/shop/public/index.php", 4, 1),
    ]


def test_a_bare_php_place_with_a_blank_is_an_absolute_path():
    assert [(f.path, f.line) for f in parse_frames("/home/John Smith/shop/src/Cart.php:9")] == [
        ("/home/John Smith/shop/src/Cart.php", 9)
    ]
    assert parse_frames("sfException in shop/src/Cart.php:9") == []


def test_maven_s_summary_alone_names_each_failed_test_s_line():
    summary = (
        "[ERROR] Failures: \n"
        "[ERROR]   CartTest.testTotal:8 expected:<3> but was:<4>\n"
        "[ERROR] Errors: \n"
        "[ERROR]   OrdersTest$Nested.testPlace:21 » IllegalState cannot place order\n"
        "[ERROR] CartTest.testFlaky\n"
        "[ERROR]   Run 1: CartTest.testFlaky:30 expected:<1> but was:<2>\n"
    )
    assert [(f.path, f.line, f.function, f.depth) for f in parse_frames(summary)] == [
        ("CartTest.java", 8, "CartTest.testTotal", 0),
        ("OrdersTest.java", 21, "OrdersTest$Nested.testPlace", 0),
        ("CartTest.java", 30, "CartTest.testFlaky", 0),
    ]
    assert parse_diagnostics(summary) == []  # no file named 'CartTest.testTotal'


def test_symfony_s_debug_text_copied_without_its_indent():
    printed = evidence("php/symfony_debug_text.txt")
    copied = "\n".join(
        line.lstrip() if line.lstrip().startswith("(") else line for line in printed.splitlines()
    )
    assert copied != printed
    assert parse_frames(copied) == parse_frames(printed)


def test_a_rich_frame_whose_function_the_panel_wrapped():
    frames = parse_frames(evidence("python/rich_narrow.txt"))
    assert [(Path(f.path).name, f.line, f.depth) for f in frames] == [
        ("cart.py", 9, 0),
        ("cart.py", 16, 1),
        ("run_narrow.py", 7, 2),
    ]


def test_django_s_debug_page_as_a_browser_shows_it():
    text = (
        "Exception Location:\t/srv/shop/store/cart.py, line 2, in price_of\n"
        "Traceback Switch to copy-and-paste view\n"
        "/srv/venv/lib/python3.11/site-packages/django/core/handlers/exception.py, line 55, in inner\n"
        "                response = get_response(request)\n"
        "Local vars\n"
        "/srv/shop/store/views.py, line 6, in total_view\n"
        '        return HttpResponse(str(total([{"price": 3}])))\n'
        "/srv/shop/store/cart.py, line 2, in price_of\n"
        '    return item["cost"]\n'
    )
    assert [(Path(f.path).name, f.line, f.function) for f in parse_frames(text)][:3] == [
        ("cart.py", 2, "price_of"),
        ("views.py", 6, "total_view"),
        ("exception.py", 55, "inner"),
    ]


def test_the_innermost_frame_a_tap_report_writes_in_a_failure_s_yaml():
    frames = parse_frames(evidence("javascript/vitest_tap.txt"))
    assert [(Path(f.path).name, f.line, f.column, f.depth) for f in frames] == [
        ("cart.test.ts", 7, 54, 0),
        ("cart.ts", 7, 13, 0),
    ]
    ava = "not ok 2 - checkout rejects negative\n  ---\n    at: 'total (/srv/shop/src/cart.ts:7:13)'\n  ...\n"
    assert [(f.path, f.line, f.function) for f in parse_frames(ava)] == [
        ("/srv/shop/src/cart.ts", 7, "total")
    ]


def test_a_workflow_command_s_escaped_trace_reads_as_its_lines():
    line = (
        "::error file=/srv/shop/src/cart.ts,line=7,title=cart › checkout rejects negative::RangeError: negative"
        " price for b%0A    at total (src/cart.ts:7:13)%0A    at checkout (src/checkout.ts:4:18)%0A"
        "    at Object.<anonymous> (test/cart.test.ts:10:20)"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(line)] == [
        ("src/cart.ts", 7, 0),
        ("src/checkout.ts", 4, 1),
        ("test/cart.test.ts", 10, 2),
    ]
    [annotation] = parse_diagnostics(line)
    assert (annotation.path, annotation.line, annotation.message) == (
        "/srv/shop/src/cart.ts",
        7,
        "RangeError: negative price for b",
    )


def test_an_error_s_own_line_starts_its_trace():
    # a JUnit report's two failures, Vitest's frames each under its error's line
    report = (
        "AssertionError: expected 6 to be 7 // Object.is equality\n"
        " ❯ test/cart.test.ts:7:54\n"
        "            </failure>\n"
        "        </testcase>\n"
        '        <testcase classname="test/cart.test.ts" name="cart &gt; checkout rejects negative">\n'
        '            <failure message="negative price for b" type="RangeError">\n'
        "RangeError: negative price for b\n"
        " ❯ total src/cart.ts:7:13\n"
        " ❯ checkout src/checkout.ts:4:13\n"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(report)] == [
        ("test/cart.test.ts", 7, 0),
        ("src/cart.ts", 7, 0),
        ("src/checkout.ts", 4, 1),
    ]
    # Hermes' trace, then the same symbolicated
    hermes = [(Path(f.path).name, f.depth) for f in parse_frames(evidence("javascript/hermes.txt"))]
    assert hermes[2:] == [("cart.js", 0), ("orders.js", 1)]


# Traces a survey of production logs and less common runtimes pasted into public issues found unread
# or misread (none of these can run here: each is its runtime's own line shape).
def test_chrome_devtools_s_expanded_stack_copied():
    text = (
        "$main @ 0598f57e:0x70ee0e\n"  # a WebAssembly frame: an offset, no line
        "Module._main @ export.js:9\n"
        "callMain @ export.js:9\n"
        "Promise.then (async)\n"
        "(anonymous) @ export.js:684\n"
        "startGame @ https://example.test/game/export.js:716:12\n"
    )
    assert [(f.path, f.line, f.column, f.function, f.depth) for f in parse_frames(text)] == [
        ("export.js", 9, None, "Module._main", 0),
        ("export.js", 9, None, "callMain", 1),
        ("export.js", 684, None, None, 2),
        ("/game/export.js", 716, 12, "startGame", 3),
    ]
    # a REPL's place has no file
    assert parse_frames(" [1] top-level scope @ REPL[1]:1\n") == []


def test_whoops_s_stack_copied_from_its_page_numbered_down():
    text = (
        "#66 ErrorException in /srv/app/app/Http/Controllers/UserController.php:528\n"
        "#65 compact in /srv/app/app/Http/Controllers/UserController.php:528\n"
        "#64 App\\Http\\Controllers\\UserController:edit in /srv/app/vendor/laravel/framework/src/Illuminate/Routing/Controller.php:54\n"
    )
    assert [(f.line, f.function, f.language, f.depth) for f in parse_frames(text)] == [
        (528, "ErrorException", "php", 0),
        (528, "compact", "php", 1),
        (54, "App\\Http\\Controllers\\UserController::edit", "php", 2),
    ]


def test_runtime_lines_read_for_what_they_are():
    # a writer's cut after a JVM frame; Bun's builtin with no file; Dart's URI that lost its scheme
    jvm = "java.lang.NullPointerException\n\tat a.B.c(B.java:60)\n\tat leiningen.cljx$cljx.invoke(cljx.clj:33) ...\n"
    assert [(f.path, f.line) for f in parse_frames(jvm)] == [("B.java", 60), ("cljx.clj", 33)]
    assert parse_frames("SyntaxError: x\n      at processTicksAndRejections (:61:76)\n") == []
    dart = "#0      main.<anonymous closure> (///build/work/6cd1/exception_test.dart:38:7)\n"
    assert [f.path for f in parse_frames(dart)] == ["/build/work/6cd1/exception_test.dart"]


def test_tcl_s_error_info_innermost_first():
    text = (
        'invalid command name "4checkdisk"\n'
        "    while executing\n"
        '"\\002\\0034checkdisk\\017"\n'
        '    (in namespace eval "::checkDisk" script line 35)\n'
        "    invoked from within\n"
        '"namespace eval checkDisk {\n'
        "        variable ns [namespace current]\n"
        '        set ..."\n'
        '    (file "plugins/slv-disk.tcl" line 25)\n'
        "    invoked from within\n"
        '"source plugins/slv-disk.tcl"\n'
        '    (file "eggdrop.conf" line 294)\n'
    )
    assert [(f.path, f.line, f.language, f.depth) for f in parse_frames(text)] == [
        ("plugins/slv-disk.tcl", 25, "tcl", 0),
        ("eggdrop.conf", 294, "tcl", 1),
    ]


def test_ci_services_prefixes_before_a_trace():
    teamcity = (
        "[16:03:43] :\t [Step 4/7]      at Shop.Cart.Total() in /_/src/Shop/Cart.cs:line 108\n"
        "[16:03:43] :\t [Step 4/7]      at Shop.Program.Main() in /_/src/Shop/Program.cs:line 56\n"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(teamcity)] == [
        ("/_/src/Shop/Cart.cs", 108, 0),
        ("/_/src/Shop/Program.cs", 56, 1),
    ]
    cloud_foundry = (
        "   2021-12-21T16:06:48.53-0500 [APP/PROC/WEB/0] ERR Traceback (most recent call last):\n"
        '   2021-12-21T16:06:48.53-0500 [APP/PROC/WEB/0] ERR   File "/home/vcap/app/shop/cart.py", line 9, in total\n'
    )
    assert [(f.path, f.line) for f in parse_frames(cloud_foundry)] == [("/home/vcap/app/shop/cart.py", 9)]


def test_compilers_and_loaders_places_are_no_frames():
    # Elixir's compile error and warning, Julia's loaded file (PHP's 'on line' once read it), Godot's
    # error place: diagnostics; Godot's debugger's stack row: a frame
    for line in (
        "** (CompileError) lib/cart.ex:3: undefined function tax_rate/0",
        "lib/benchfella.ex:148: warning: function b2kib/1 is unused",
        "while loading /srv/shop/calsim.jl, in expression starting on line 102",
        "  res://ui/hud.gd:46 - Invalid set index 'value' (on base: 'PanelContainer').",
    ):
        assert parse_frames(line + "\n") == []
        assert len(parse_diagnostics(line + "\n")) == 1
    stack = "res://ui/hud.gd:50 - at function _process\nres://main.gd:12 - at function _ready\n"
    assert [(f.path, f.line, f.function, f.language, f.depth) for f in parse_frames(stack)] == [
        ("ui/hud.gd", 50, "_process", "gdscript", 0),
        ("main.gd", 12, "_ready", "gdscript", 1),
    ]
    # a PHP error's path with a blank still reads
    php = "PHP Warning:  Undefined variable $x in C:\\Program Files\\shop\\cart.php on line 3\n"
    assert [(f.path, f.line) for f in parse_frames(php)] == [("C:/Program Files/shop/cart.php", 3)]


@pytest.mark.parametrize("name", ["jvm/clojure_report_edn", "jvm/clojure_error_data"])
def test_clojure_s_trace_as_data(name):
    # capture.sh cljdata: ':trace' rows '[class method "File" line]', innermost first, the REPL's
    # evaluated code ('NO_SOURCE_FILE') no file but part of the trace
    frames = parse_frames(evidence(f"{name}.txt"))
    assert [(f.path, f.line, f.function, f.package, f.depth) for f in frames[:3]] == [
        ("Numbers.java", 190, "clojure.lang.Numbers.divide", "clojure.lang", 0),
        ("cart.clj", 4, "shop.cart$unit_price.invokeStatic", "shop", 1),
        ("cart.clj", 3, "shop.cart$unit_price.invoke", "shop", 2),
    ]
    assert [f.depth for f in frames] == list(range(len(frames)))
    # the data's other vectors are no frames
    assert parse_frames('  :at [clojure.lang.Numbers divide "Numbers.java" 190]}],\n') == []


def test_a_sanitizer_s_frames_pasted_without_their_report():
    # ThreadSanitizer's rows mid-stack, a template's parameters in the function, the module at the
    # end: not gdb's rows (gdb's 'from' or 'at' ends a frame, never a module's offset)
    text = (
        "#9 void std::thread::_Invoker<std::tuple<void (Thread::*)(), Thread*> >::_M_invoke<0ul, 1ul>"
        "(std::_Index_tuple<0ul, 1ul>) /usr/include/c++/9/thread:244:13 (fishmill+0x4db425)\n"
        "#10 Position::set(char const*) /home/dev/fishmill/src/position.cpp:205:5 (fishmill+0x4db3b8)\n"
    )
    assert [(f.path, f.line, f.column, f.depth) for f in parse_frames(text)] == [
        ("/usr/include/c++/9/thread", 244, 13, 0),
        ("/home/dev/fishmill/src/position.cpp", 205, 5, 1),
    ]
    gdb = "#1  0x000055555555519b in main (argc=1, argv=0x7ffe) at crash.cpp:8\n"
    assert [(f.path, f.line, f.function) for f in parse_frames(gdb)] == [("crash.cpp", 8, "main")]


def test_stern_s_pod_and_container_before_each_line():
    text = (
        "phonedb-57c69655fc-mfdj8 phonedb ** (FunctionClauseError) no function clause matching\n"
        "phonedb-57c69655fc-mfdj8 phonedb     (paddle 0.1.4) lib/paddle.ex:204: Paddle.handle_call/3\n"
        "phonedb-57c69655fc-mfdj8 phonedb     (stdlib 3.17.1) gen_server.erl:721: :gen_server.try_handle_call/4\n"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(text)] == [
        ("lib/paddle.ex", 204, 0),
        ("gen_server.erl", 721, 1),
    ]


def test_node_s_emitted_error_event_is_a_trace_of_its_own():
    # capture.sh nodeemitted: the error's trace, then where the stream emitted it
    frames = parse_frames(evidence("javascript/node_emitted_error.txt"))
    assert [(f.path.rpartition("/")[2], f.line, f.depth) for f in frames] == [
        ("feed.js", 5, 0),
        ("task_queues", 77, 1),
        ("destroy", 169, 0),
        ("destroy", 128, 1),
        ("task_queues", 82, 2),
    ]


def test_gnat_s_unhandled_exception_where_it_was_raised():
    # capture.sh gnat
    assert [(f.path, f.line, f.language, f.depth) for f in parse_frames(evidence("ada/raised.txt"))] == [
        ("cart.adb", 11, "ada", 0)
    ]
    assert parse_frames("raised ADA.IO_EXCEPTIONS.NAME_ERROR : cannot open data.txt\n") == []


def test_zig_s_reference_trace_below_a_compile_error():
    # capture.sh zigrefs: the functions that lead to the error, innermost first
    frames = parse_frames(evidence("zig/reference_trace.txt"))
    assert [(f.path, f.line, f.column, f.function, f.depth) for f in frames] == [
        ("src/main.zig", 10, 17, "checkout", 0),
        ("src/main.zig", 15, 40, "main", 1),
    ]
    # such a row with no 'referenced by:' above it is no frame
    assert parse_frames("    checkout: src/main.zig:10:17\n") == []


def test_a_template_s_row_in_a_rails_backtrace():
    text = (
        "actionview (7.0.3) lib/action_view/helpers/rendering_helper.rb:33:in `render'\n"
        "app/views/layouts/application.html.erb:17\n"
        "actionview (7.0.3) lib/action_view/base.rb:244:in `public_send'\n"
    )
    assert [(f.path, f.line, f.depth) for f in parse_frames(text)] == [
        ("lib/action_view/helpers/rendering_helper.rb", 33, 0),
        ("app/views/layouts/application.html.erb", 17, 1),
        ("lib/action_view/base.rb", 244, 2),
    ]
    # alone, a place, not a frame
    assert parse_frames("app/views/layouts/application.html.erb:17\n") == []


def test_a_build_tool_s_package_before_each_line():
    # Nix's builder's log and stack's, the package padded: relayed lines, the package off
    nix = (
        "nose3> Traceback (most recent call last):\n"
        'nose3>   File "/build/nose3-1.3.8/functional_tests/test_cases.py", line 53, in runTest\n'
        "nose3>     self.assertEqual(line.strip(), expect.pop(0))\n"
        "nose3> AssertionError: 'a' != 'b'\n"
    )
    assert [(f.path, f.line) for f in parse_frames(nix)] == [
        ("/build/nose3-1.3.8/functional_tests/test_cases.py", 53)
    ]
    stack = (
        "hspec-core      >\nhspec-core      >   test/Spec.hs:46:42:\nhspec-core      >   17) parses tuples\n"
    )
    assert [(d.path, d.line) for d in parse_diagnostics(stack)] == [("test/Spec.hs", 46)]
    # WebdriverIO's browser and worker, fastlane's level and time
    wdio = "[chrome 120.0.6099.71 windows #0-0]     at async TestCaseRunner.run (C:\\Dev\\shop\\src\\runner.ts:188:29)\n"
    assert [(f.path, f.line) for f in parse_frames(wdio)] == [("C:/Dev/shop/src/runner.ts", 188)]
    fastlane = "INFO [2020-05-02 13:00:15.22]: ▸   GeneralSeeAllUITests.swift:67\n"
    assert [(d.path, d.line) for d in parse_diagnostics(fastlane)] == [("GeneralSeeAllUITests.swift", 67)]
    # Karma's webpack URL: the source's path after 'webpack:/'
    karma = "    at UserContext.<anonymous> (http://localhost:9876/_karma_webpack_/webpack:/src/app/cart.spec.ts:151:23)\n"
    assert [(f.path, f.line) for f in parse_frames(karma)] == [("src/app/cart.spec.ts", 151)]


# Frames a survey of web frameworks' and servers' errors found unread or misread.
def test_frames_a_survey_of_web_frameworks_found_misread():
    # Node's header above an uncaught error's source line, a pnpm package's version in its path: no
    # Firefox frame cut at the '@'
    header = "/srv/shop/node_modules/.pnpm/svelte@3.37.0/node_modules/svelte/compiler.js:16752\n"
    assert parse_frames(header) == []
    # Sinatra's page lists its frames; Rails 4.2's release candidate wrote no blank before the backtick;
    # Ruby's Logger before each row
    sinatra = "- sinatra (1.4.6) lib/sinatra/base.rb:1027:in `route_missing'\n- sinatra (1.4.6) lib/sinatra/base.rb:988:in `route!'\n"
    assert [(f.path, f.line, f.depth) for f in parse_frames(sinatra)] == [
        ("lib/sinatra/base.rb", 1027, 0),
        ("lib/sinatra/base.rb", 988, 1),
    ]
    assert [
        f.function for f in parse_frames("  vendor/gems/actionpack/lib/debug_exceptions.rb:17:in`call'\n")
    ] == ["call"]
    logger = (
        "E, [2012-10-04T02:25:52.997018 #9422] ERROR -- : /srv/gems/sinatra-1.3.3/lib/sinatra/base.rb:99:in `call'\n"
        "E, [2012-10-04T02:25:53.010191 #9422] ERROR -- : /srv/gems/sinatra-1.3.3/lib/sinatra/base.rb:1389:in `call'\n"
    )
    assert [(f.line, f.depth) for f in parse_frames(logger)] == [(99, 0), (1389, 1)]
    # Rails' error page: a frame in a span
    assert [f.path for f in parse_frames('<span class="l">/app/app/models/cart.rb:7:in `total\'\n')] == [
        "/app/app/models/cart.rb"
    ]
    # Sentry's copy of a JavaScript frame, in Python's shape with a column
    sentry = 'TypeError: x\n  File "/app/server.cjs", line 2, col 769108, in handler\n'
    assert [(f.path, f.line, f.column, f.language) for f in parse_frames(sentry)] == [
        ("/app/server.cjs", 2, 769108, "javascript")
    ]
    # Vite's count of a repeated frame, a frame in an inspected array, Safari's native code in a trace
    v8 = (
        "    at a (/srv/shop/node_modules/vite/dist/node/chunks/dep.js:52816:44) (x2)\n"
        "    at b (/srv/shop/node_modules/esbuild/mod.js:698:30),\n"
    )
    assert [(f.line, f.depth) for f in parse_frames(v8)] == [(52816, 0), (698, 1)]
    safari = "Posts@http://localhost:3000/build/chunk.js:17:180\ndispatchEvent@[native code]\nrender@http://localhost:3000/build/entry.js:11:35\n"
    assert [(f.line, f.depth) for f in parse_frames(safari)] == [(17, 0), (11, 1)]  # one trace
    # a WordPress warning quoted in a list
    wordpress = "'Warning: Invalid argument in D:\\site\\wp-includes\\translations.php on line 1283',\n"
    assert [(f.path, f.line) for f in parse_frames(wordpress)] == [
        ("D:/site/wp-includes/translations.php", 1283)
    ]
    # Nitro's frame with a file URL's path on Windows
    nuxt = "    at Object.handler (/D:/code/shop/.nuxt/chunks/nitro.mjs:3404:29)\n"
    assert [f.path for f in parse_frames(nuxt)] == ["D:/code/shop/.nuxt/chunks/nitro.mjs"]


def test_the_parsers_split_one_text_into_its_lines_once_and_each_caller_gets_its_own_list():
    text = 'Traceback (most recent call last):\n  File "shop/cart.py", line 3, in total\nKeyError: 1\n'
    _evidence_lines.cache_clear()
    parse_frames(text)
    parse_diagnostics(text)
    exception_lines(text)
    assert (_evidence_lines.cache_info().misses, _evidence_lines.cache_info().hits) == (1, 2)
    lines = evidence_lines(text)
    lines.clear()
    assert evidence_lines(text) == [
        "Traceback (most recent call last):",
        '  File "shop/cart.py", line 3, in total',
        "KeyError: 1",
        "",
    ]


def test_a_text_over_the_bounds_is_not_kept_after_its_lines_are_made():
    long = "x = 1\n" * (MAX_CHARS // 6 + 10)
    references = sys.getrefcount(long)
    assert evidence_lines(long)[:2] == ["x = 1", "x = 1"]
    assert sys.getrefcount(long) == references  # only its cut, within the bounds, is kept


@pytest.mark.parametrize(
    "fixture",
    [
        "keyboard_interrupt",  # Ctrl-C: the trace ends in KeyboardInterrupt, as CPython prints it
        "keyboard_interrupt_ipython",
        "keyboard_interrupt_pytest",
        "pytest_timeout",  # a timer: the failure pytest-timeout raises at the end
        "pytest_timeout_thread",  # its dump between two banners, the first after the progress
        "faulthandler_timeout",  # its dump below `Timeout (0:00:01)!`
        "py_spy_dump",  # a running program's stacks, each under its thread's header
        "py_spy_dump_locals",  # each frame's arguments and locals below it
    ],
)
def test_a_trace_someone_or_a_timer_stopped_is_marked_interrupted_and_keeps_its_depths(fixture):
    frames = parse_frames(evidence(f"python/{fixture}.txt"))
    stock = [(f.line, f.depth) for f in frames if f.path.endswith("shop/stock.py")]
    assert stock == [(5, 2), (10, 3), (10, 4)]  # under threading.py's two frames
    assert all(f.interrupted for f in frames)
    # An exception's trace is not.
    assert not any(f.interrupted for f in parse_frames(evidence("python/ipython8_script.txt")))


@pytest.mark.parametrize(
    ("fixture", "stock"),
    [
        ("go/test_timeout.txt", [(6, 1), (14, 2)]),  # `panic: test timed out after 2s`, goroutines below
        ("go/sigquit.txt", [(6, 2), (14, 3)]),  # Ctrl-backslash: `SIGQUIT: quit`, then every goroutine
        ("ruby/interrupt.txt", [(3, 0), (3, 1), (8, 2), (8, 3), (8, 4)]),  # Ctrl-C: `…: Interrupt`
    ],
)
def test_go_s_and_ruby_s_stopped_programs_are_interrupted_traces(fixture, stock):
    frames = parse_frames(evidence(fixture))
    assert [(f.line, f.depth) for f in frames if "/stock." in f.path] == stock
    assert all(f.interrupted for f in frames)
    assert not any(f.interrupted for f in parse_frames(evidence("go/panic_goroutine.txt")))
    assert not any(f.interrupted for f in parse_frames(evidence("ruby/uncaught.txt")))


def test_a_panic_after_a_timed_out_test_s_goroutines_is_no_part_of_their_dump():
    dump = evidence("go/test_timeout.txt")
    frames = parse_frames(dump + evidence("go/panic_goroutine.txt"))
    dumped = len(parse_frames(dump))
    assert all(f.interrupted for f in frames[:dumped])
    assert frames[dumped:] and not any(f.interrupted for f in frames[dumped:])


def test_an_exception_s_trace_after_a_timer_s_dump_is_not_interrupted():
    """A log that holds a timer's dump and then a program's traceback: the dump ends where a trace
    of another kind starts."""
    dump, raised = evidence("python/faulthandler_timeout.txt"), evidence("python/keyboard_interrupt.txt")
    raised = raised.replace("\nKeyboardInterrupt\n", "\nValueError: no stock\n")
    frames = parse_frames(dump + raised)
    dumped = len(parse_frames(dump))
    assert [f.interrupted for f in frames[:dumped]] == [True] * dumped
    assert frames[dumped:] and not any(f.interrupted for f in frames[dumped:])


def test_a_jvm_thread_dump_is_interrupted_traces_and_an_exception_is_not():
    """jstack (or SIGQUIT) prints where each thread of a running program waits: no frame is at fault."""
    assert all(f.interrupted for f in parse_frames(evidence("jvm/jstack_thread_dump.txt")))
    assert not any(f.interrupted for f in parse_frames(evidence("jvm/java_caused_by.txt")))


def test_pystack_s_dump_is_read_innermost_first_each_thread_a_trace():
    frames = parse_frames(evidence("python/pystack_remote.txt"))
    assert [
        (f.path.rpartition("interrupted/")[2], f.line, f.depth) for f in frames if "/stock" in f.path
    ] == [
        ("shop/stock.py", 5, 2),
        ("shop/stock.py", 10, 3),
        ("shop/stock.py", 10, 4),
    ]
    assert frames[-1].path.endswith("interrupt_run.py") and frames[-1].function is None  # `<module>`


def test_cpython_s_rows_under_a_most_recent_call_first_header_are_innermost_first():
    """gdb's py-bt prints CPython's rows innermost first under its own header: not reversed."""
    frames = parse_frames(evidence("python/gdb_py_bt.txt"))
    assert [(f.path.rpartition("/")[2], f.line, f.depth) for f in frames][2:] == [
        ("stock.py", 5, 2),
        ("stock.py", 10, 3),
        ("stock.py", 10, 4),
        ("interrupt_run.py", 3, 5),
    ]
