"""parse_diagnostics on real captured output (tests/fixtures/evidence, see capture.sh) and edge cases."""

import pytest

from boundedcode.lang._text import evidence_lines
from boundedcode.lang.diagnostics import _ONE_LINE, Diagnostic, parse_diagnostics
from boundedcode.lang.frames import parse_frames
from evidence_files import EVIDENCE, T, evidence


JSX = "Support for the experimental syntax 'jsx' isn't currently enabled"
K13 = T + "/kotlin13/maven/src/main/kotlin/com/acme/Cart.kt"  # capture.sh kotlin13

# Every fixture that holds diagnostics, with every diagnostic parse_diagnostics must find in it.
# capture.sh monorepo: two packages' tsc errors, through Turborepo and through pnpm
MONOREPO_TSC = [
    Diagnostic(
        "src/cart.ts", 2, 9, "TS2322: Type 'string' is not assignable to type 'number'.", "error", "tsc"
    ),
    Diagnostic(
        "src/server.ts", 2, 31, "TS2339: Property 'missing' does not exist on type 'string'.", "error", "tsc"
    ),
]
EXPECTED = {
    # A sanitizer's summary, at the innermost frame of the report (a system header's, clang++'s SEGV)
    "c/asan.txt": [
        Diagnostic(T + "/c/cart.c", 7, None, "heap-buffer-overflow in total", "error", "AddressSanitizer")
    ],
    "c/asan_use_after_free.txt": [
        Diagnostic(T + "/c/uaf.c", 13, None, "heap-use-after-free in main", "error", "AddressSanitizer")
    ],
    "c/asan_clang_cpp.txt": [
        Diagnostic(
            "/usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/stl_vector.h",
            988,
            40,
            "SEGV in std::vector<int, std::allocator<int> >::size() const",
            "error",
            "AddressSanitizer",
        )
    ],
    "c/tsan.txt": [Diagnostic(T + "/c/race.c", 6, None, "data race in bump", "error", "ThreadSanitizer")],
    "c/ubsan_summary.txt": [
        Diagnostic("cart.c", 5, 16, "signed-integer-overflow", "error", "UndefinedBehaviorSanitizer")
    ],
    "c/clang_errors_color.txt": [
        Diagnostic(
            "broken.c", 6, 20, "too few arguments to function call, expected 2, have 1", "error", "gcc"
        ),
        Diagnostic("broken.c", 3, 12, "'total' declared here", "note", "gcc"),
        Diagnostic("broken.c", 7, 24, "use of undeclared identifier 'missing'", "error", "gcc"),
    ],
    "c/assert_c.txt": [Diagnostic("src/cart.c", 4, None, "Assertion `n > 0' failed", "error", "assert")],
    "c/assert_cpp.txt": [
        Diagnostic(
            "src/ledger.cpp",
            7,
            None,
            'Assertion `entries.empty() && "ledger closed with entries"\' failed',
            "error",
            "assert",
        )
    ],
    "c/assert_musl.txt": [Diagnostic("src/cart.c", 4, None, "Assertion failed: n > 0", "error", "assert")],
    # the report renderers Rust's tools share: miette's box in ASCII and in Unicode, its mark the
    # severity; codespan-reporting's corner
    **{
        name: [
            Diagnostic(
                "src/lint.js",
                1,
                10,
                "eslint(no-unused-vars): Function 'f' is declared but never used.",
                "warning",
                "miette",
            ),
            Diagnostic(
                "src/lint.js",
                4,
                7,
                "eslint(no-unused-vars): Variable 'unused' is declared but never used. Unused variables"
                " should start with a '_'.",
                "warning",
                "miette",
            ),
            Diagnostic(
                "src/lint.js",
                2,
                3,
                "eslint(no-debugger): `debugger` statement is not allowed",
                "warning",
                "miette",
            ),
        ]
        for name in ("javascript/oxlint.txt", "javascript/oxlint_color.txt")
    },
    "zig/compile_error.txt": [
        Diagnostic("src/bad.zig", 2, 19, "use of undeclared identifier 'y'", "error", "generic")
    ],
    # a logger's call site in an error's record (go-kit's info record names none)
    "go/gokit_caller.txt": [Diagnostic("main.go", 21, None, "checkout failed", "error", "logger")],
    # (its exception's record names the handler, its traceback the failure: only the trace counts)
    "python/loguru.txt": [
        Diagnostic("shop/orders.py", 10, None, "order not placed: an item has no price", "error", "logger")
    ],
    "go/zap_json.txt": [Diagnostic("shop/main.go", 24, None, "checkout failed", "error", "logger")],
    "go/zap_console.txt": [Diagnostic("shop/main.go", 28, None, "checkout failed", "error", "logger")],
    "go/logrus_caller.txt": [
        Diagnostic(
            T + "/loggers/src/example.com/shop/main.go", 33, None, "checkout failed", "error", "logger"
        )
    ],
    "go/logrus_json.txt": [
        Diagnostic(
            T + "/loggers/src/example.com/shop/main.go", 38, None, "checkout failed", "error", "logger"
        )
    ],
    # ansible-lint's places with a task or advice after them (a bare one is any tool's row)
    "yaml/ansible_lint.txt": [
        Diagnostic("playbook.yml", 1, 3, "", None, "generic"),
        Diagnostic("playbook.yml", 3, None, "Task/Handler: shell echo hello", None, "ansible-lint"),
        Diagnostic(
            "playbook.yml",
            3,
            7,
            "Use `ansible.builtin.shell` or `ansible.legacy.shell` instead.",
            None,
            "ansible-lint",
        ),
        Diagnostic("playbook.yml", 4, None, "", None, "generic"),
        Diagnostic("playbook.yml", 5, 13, "Task/Handler: install", None, "ansible-lint"),
        Diagnostic("playbook.yml", 5, None, "apt", None, "ansible-lint"),
        Diagnostic("playbook.yml", 5, None, "Task/Handler: install", None, "ansible-lint"),
        Diagnostic(
            "playbook.yml",
            6,
            7,
            "Use `ansible.builtin.apt` or `ansible.legacy.apt` instead.",
            None,
            "ansible-lint",
        ),
    ],
    # semgrep's matched lines under its file and each finding's rule
    "python/semgrep.txt": [
        Diagnostic("shop/run.py", 5, None, "shell-true", None, "semgrep"),
        Diagnostic("shop/run.py", 9, None, "no-eval", None, "semgrep"),
    ],
    "go/test_json.txt": [
        Diagnostic("example.com/shop/cart/cart_test.go", 7, None, "Total = 4, want 3", None, "go")
    ],
    # mypy's spans (--show-error-end) and its colours, curses' reset 'ESC(B' among them
    "python/mypy_error_end.txt": [
        Diagnostic(
            "shop/cart.py",
            5,
            18,
            'Incompatible types in assignment (expression has type "str", variable has type "int")  [assignment]',
            "error",
            "mypy",
        )
    ],
    "python/mypy_color.txt": [
        Diagnostic(
            "shop/cart.py", 5, None, "Incompatible types in assignment (expression has type", "error", "mypy"
        )
    ],
    "python/ruff_grouped.txt": [
        Diagnostic("shop/cart.py", 1, 8, "F401 [*] `os` imported but unused", None, "ruff")
    ],
    "python/ruff_azure.txt": [
        Diagnostic(T + "/pyformats/shop/cart.py", 1, 8, "`os` imported but unused", "error", "azure")
    ],
    # an error logged through Airflow's layout and a pathname's, and as pytest captures it
    "python/logging_layouts.txt": [
        Diagnostic("payments.py", 8, None, "payment declined: 120", "error", "logger"),
        Diagnostic(T + "/pyformats/shop/payments.py", 8, None, "payment declined: 120", "error", "logger"),
    ],
    "python/pytest_captured_log.txt": [
        Diagnostic("payments.py", 8, None, "payment declined: 120", "error", "logger")
    ],
    # each package's build behind its task: Turborepo's 'web:build: ', pnpm's 'packages/web build: '
    "javascript/turbo_build.txt": MONOREPO_TSC,
    "javascript/pnpm_recursive.txt": MONOREPO_TSC,
    "css/postcss.txt": [
        Diagnostic(
            T + "/bundlers/css/src/cart.css", 1, 1, "CssSyntaxError: Unclosed block", "error", "generic"
        )
    ],
    "javascript/vite_vue.txt": [Diagnostic(T + "/bundlers/vue/src/Cart.vue", 7, 6, "", "error", "vite")],
    "javascript/vite_rolldown.txt": [Diagnostic("src/main.js", 4, 13, "", None, "miette")],
    "javascript/svelte_check_machine.txt": [
        Diagnostic(
            "src/Cart.svelte",
            3,
            25,
            "This reference only captures the initial value of `count`. Did you mean to reference it inside a"
            " `$derived(...)` instead?",
            "warning",
            "svelte-check",
        ),
        Diagnostic(
            "src/Cart.svelte",
            3,
            9,
            "Type 'number' is not assignable to type 'string'.",
            "error",
            "svelte-check",
        ),
        Diagnostic(
            "src/Cart.svelte",
            6,
            11,
            "Property 'missing' does not exist on type 'string'.",
            "error",
            "svelte-check",
        ),
    ],
    # g++'s instantiation context: the place that instantiated the template, 3 blanks after it
    "c/gxx_instantiation.txt": [
        Diagnostic("src/cart.cpp", 1, None, "includes the file with the error", "note", "gcc"),
        Diagnostic("src/cart.cpp", 9, 33, "required from here", None, "generic"),
        Diagnostic(
            "include/shop/sum.hpp",
            7,
            45,
            "request for member ‘price’ in ‘item’, which is of non-class type ‘const int’",
            "error",
            "gcc",
        ),
    ],
    # Twig's place in its message, a template with no file; the uncaught one's file is the template
    "php/twig_errors.txt": [
        Diagnostic("receipt.html.twig", 2, None, 'Twig\\Error\\SyntaxError: Unexpected "}"', "error", "twig")
    ],
    # ctest -V: each line of a test's output behind the test's number
    "c/ctest_verbose.txt": [
        Diagnostic(T + "/ctest/tests/cart_test.cpp", 7, None, "Failure", None, "generic")
    ],
    "ruby/rspec_shared_example.txt": [
        Diagnostic(
            "spec/cart_spec.rb",
            12,
            None,
            'Shared Example Group: "a priced cart" called from ./spec/cart_spec.rb:12',
            "error",
            "rspec",
        )
    ],
    "ruby/byebug_where.txt": [],  # its frames' '--> ' is no rustc arrow
    # the file that failed to load, after the frame that required it
    "ruby/require_syntax_error.txt": [
        Diagnostic(
            T + "/rubyload/lib/cart.rb",
            4,
            None,
            "syntax error, unexpected `end' (SyntaxError)",
            "error",
            "ruby",
        )
    ],
    "ocaml/type_error.txt": [Diagnostic("bad.ml", 1, 37, "", None, "generic")],
    "nim/compile_error.txt": [
        Diagnostic(
            T + "/backtraces/nim/src/bad.nim", 2, 17, "undeclared field: 'missing'", "error", "generic"
        )
    ],
    # druntime's exception line is the first frame of its trace, not a diagnostic in 'AssertError@source'
    "d/assert_error.txt": [],
    # djLint's rows under the template's path
    "html/djlint.txt": [
        Diagnostic(
            "shop/cart.html",
            2,
            0,
            'H013 Img tag should have an alt attribute. <img src="cart.png">',
            None,
            "djlint",
        )
    ],
    "javascript/swc.txt": [Diagnostic("src/syntax.js", 2, 1, "Expression expected", "error", "miette")],
    "toml/taplo.txt": [Diagnostic(T + "/renderers/Cargo.toml", 3, 10, "invalid TOML", "error", "codespan")],
    # ty's codes are longer than rustc's, and it has an 'info' severity
    "python/ty.txt": [
        Diagnostic(
            "shop/typed.py",
            2,
            14,
            'Object of type `Literal["x"]` is not assignable to `int`',
            "error",
            "rustc",
        ),
        Diagnostic("shop/typed.py", 3, 12, "Return type does not match returned value", "error", "rustc"),
        Diagnostic("shop/typed.py", 6, 7, "Argument to function `total` is incorrect", "error", "rustc"),
        Diagnostic("shop/typed.py", 1, 5, "Function defined here", "info", "rustc"),
    ],
    # a secondary span in another file of the crate, under '  ::: ': the note's place
    "rust/rustc_other_file.txt": [
        Diagnostic("src/main.rs", 7, 30, "the trait bound `Item: Priced` is not satisfied", "error", "rustc"),
        Diagnostic("src/cart.rs", 12, 9, "", "note", "rustc"),
        Diagnostic("src/main.rs", 3, 1, "the trait `Priced` is not implemented for `Item`", "help", "rustc"),
        Diagnostic(
            "src/cart.rs", 1, 1, "this trait has no implementations, consider adding one", "help", "rustc"
        ),
        Diagnostic("src/cart.rs", 5, 17, "required by a bound in `total`", "note", "rustc"),
    ],
    "c/gcc_errors.txt": [
        Diagnostic("broken.c", 6, 13, "too few arguments to function ‘total’", "error", "gcc"),
        Diagnostic("broken.c", 3, 12, "declared here", "note", "gcc"),
        Diagnostic("broken.c", 7, 24, "‘missing’ undeclared (first use in this function)", "error", "gcc"),
        Diagnostic(
            "broken.c",
            7,
            24,
            "each undeclared identifier is reported only once for each function it appears in",
            "note",
            "gcc",
        ),
    ],
    "c/gpp_errors.txt": [
        Diagnostic(
            "broken.cpp",
            3,
            35,
            "cannot convert ‘std::string’ {aka ‘std::__cxx11::basic_string<char>’} to ‘int’ in return",
            "error",
            "gcc",
        ),
    ],
    "c/linker.txt": [
        Diagnostic(T + "/c/link.c", 2, None, "undefined reference to `reorder'", None, "generic"),
    ],
    "c/msvc_crlf.txt": [
        Diagnostic(
            "C:/src/shop/cart.cpp", 12, None, "C2065: 'missing': undeclared identifier", "error", "msvc"
        ),
        Diagnostic(
            "C:/src/shop/cart.cpp",
            8,
            20,
            "C4244: 'return': conversion from 'double' to 'int', possible loss of data",
            "warning",
            "msvc",
        ),
        Diagnostic(
            "C:/src/shop/include/cart.h", 15, None, "see declaration of 'Cart::total'", "note", "msvc"
        ),
        Diagnostic(
            "C:/Program Files/Microsoft Visual Studio/2022/VC/include/vector",
            1120,
            9,
            "C2440: 'initializing': cannot convert from 'int' to 'std::string'",
            "error",
            "msvc",
        ),
        Diagnostic(
            "C:/src/Shop/Cart.cs",
            7,
            24,
            "CS0029: Cannot implicitly convert type 'int' to 'string'",
            "error",
            "csc",
        ),
    ],
    "csharp/mcs_errors.txt": [
        Diagnostic(
            "Broken.cs", 7, 24, "CS0029: Cannot implicitly convert type `int' to `string'", "error", "csc"
        ),
        Diagnostic(
            "Broken.cs",
            8,
            20,
            "CS0103: The name `missing' does not exist in the current context",
            "error",
            "csc",
        ),
    ],
    "go/build_error.txt": [
        Diagnostic("build/broken.go", 7, 9, "undefined: undefinedName", None, "go"),
    ],
    "go/test_fail_plain.txt": [
        Diagnostic(
            "example.com/shop/ledger/ledger_test.go", 9, None, 'balance("negative") = -1, want 0', None, "go"
        ),
        Diagnostic("example.com/shop/ledger/ledger_test.go", 16, None, "post failed", None, "go"),
    ],
    "go/vet.txt": [
        Diagnostic(
            "build/broken.go", 6, 2, 'fmt.Printf format %d has arg "text" of wrong type string', None, "go"
        ),
    ],
    "javascript/eslint.txt": [
        Diagnostic(
            T + "/javascript/lint/src/cart.js",
            1,
            7,
            "'unused' is assigned a value but never used (no-unused-vars)",
            "error",
            "eslint",
        ),
        Diagnostic(
            T + "/javascript/lint/src/cart.js",
            2,
            10,
            "'total' is defined but never used (no-unused-vars)",
            "error",
            "eslint",
        ),
        Diagnostic(T + "/javascript/lint/src/cart.js", 3, 42, "Missing semicolon (semi)", "error", "eslint"),
        Diagnostic(
            T + "/javascript/lint/src/cart.js", 5, 13, "'totl' is not defined (no-undef)", "error", "eslint"
        ),
        Diagnostic(
            T + "/javascript/lint/src/util.js",
            1,
            1,
            "Unexpected var, use let or const instead (no-var)",
            "warning",
            "eslint",
        ),
        Diagnostic(
            T + "/javascript/lint/src/util.js",
            1,
            5,
            "'x' is assigned a value but never used (no-unused-vars)",
            "error",
            "eslint",
        ),
        Diagnostic(T + "/javascript/lint/src/util.js", 1, 10, "Missing semicolon (semi)", "error", "eslint"),
    ],
    "javascript/tsc_paren.txt": [
        Diagnostic(
            "ts/src/broken.ts",
            2,
            7,
            "TS2322: Type 'string' is not assignable to type 'number'.",
            "error",
            "tsc",
        ),
        Diagnostic(
            "ts/src/broken.ts",
            3,
            20,
            "TS2345: Argument of type 'number' is not assignable to parameter of type 'Item[]'.",
            "error",
            "tsc",
        ),
        Diagnostic(
            "ts/src/broken.ts",
            4,
            14,
            "TS2322: Type 'number' is not assignable to type 'string'.",
            "error",
            "tsc",
        ),
    ],
    "javascript/tsc_pretty.txt": [
        Diagnostic(
            "ts/src/broken.ts",
            2,
            7,
            "TS2322: Type 'string' is not assignable to type 'number'.",
            "error",
            "tsc",
        ),
        Diagnostic(
            "ts/src/broken.ts",
            3,
            20,
            "TS2345: Argument of type 'number' is not assignable to parameter of type 'Item[]'.",
            "error",
            "tsc",
        ),
        Diagnostic(
            "ts/src/broken.ts",
            4,
            14,
            "TS2322: Type 'number' is not assignable to type 'string'.",
            "error",
            "tsc",
        ),
    ],
    "jvm/javac.txt": [
        Diagnostic(
            "java/com/acme/orders/Broken.java",
            5,
            None,
            "incompatible types: int cannot be converted to String",
            "error",
            "javac",
        ),
        Diagnostic("java/com/acme/orders/Broken.java", 6, None, "cannot find symbol", "error", "javac"),
    ],
    "jvm/kotlin_gradle.txt": [
        Diagnostic(
            "/home/dev/shop/src/main/kotlin/com/acme/Orders.kt",
            4,
            21,
            "Type mismatch: inferred type is Int but String was expected",
            "error",
            "kotlinc",
        ),
        Diagnostic(
            "/home/dev/shop/src/main/kotlin/com/acme/Orders.kt",
            2,
            5,
            "Parameter 'x' is never used",
            "warning",
            "kotlinc",
        ),
        Diagnostic(
            "/home/dev/shop/src/main/kotlin/com/acme/Cart.kt",
            5,
            12,
            "Unresolved reference: missing",
            "error",
            "kotlinc",
        ),
    ],
    "jvm/kotlinc.txt": [
        Diagnostic(
            "Broken.kt",
            4,
            21,
            "the integer literal does not conform to the expected type String",
            "error",
            "kotlinc",
        ),
        Diagnostic("Broken.kt", 5, 12, "unresolved reference: missing", "error", "kotlinc"),
    ],
    "jvm/maven_compile.txt": [
        Diagnostic(
            T + "/surefire/compile/src/main/java/com/acme/Broken.java",
            5,
            20,
            "incompatible types: int cannot be converted to java.lang.String",
            "error",
            "javac",
        ),
        Diagnostic(
            T + "/surefire/compile/src/main/java/com/acme/Broken.java",
            6,
            16,
            "cannot find symbol",
            "error",
            "javac",
        ),
    ],
    "mixed/interleaved_go_jest.txt": [
        Diagnostic(
            "example.com/shop/ledger/ledger_test.go", 9, None, 'balance("negative") = -1, want 0', None, "go"
        ),
        Diagnostic("example.com/shop/ledger/ledger_test.go", 16, None, "post failed", None, "go"),
    ],
    "php/phpstan_raw.txt": [
        Diagnostic(
            "/home/dev/shop/src/Cart.php",
            12,
            None,
            "Method Shop\\Cart::total() should return int but returns string.",
            None,
            "phpstan",
        ),
        Diagnostic(
            "/home/dev/shop/src/Orders.php",
            7,
            None,
            "Parameter #1 $cart of function Shop\\reorder expects Shop\\Cart, int given.",
            None,
            "phpstan",
        ),
    ],
    "c/gcc_spaced_path.txt": [
        Diagnostic(
            T + "/spaced/John Smith/shop/src/cart.c", 5, 17, "expected ‘;’ before ‘}’ token", "error", "gcc"
        ),
        Diagnostic(
            T + "/spaced/John Smith/shop/src/cart.c",
            4,
            9,
            "unused variable ‘unused’ [-Wunused-variable]",
            "warning",
            "gcc",
        ),
    ],
    "c/clang_spaced_path.txt": [
        Diagnostic(
            T + "/spaced/John Smith/shop/src/cart.c",
            5,
            17,
            "expected ';' after return statement",
            "error",
            "gcc",
        ),
    ],
    "c/make_recursive.txt": [
        Diagnostic(T + "/make/src/cart.c", 3, 17, "expected ‘;’ before ‘}’ token", "error", "gcc"),
        Diagnostic(
            T + "/make/src/cart.c", 2, 9, "unused variable ‘unused’ [-Werror=unused-variable]", "error", "gcc"
        ),
        # make's failed recipes: the sub-make's in the directory it entered, then the top one's
        Diagnostic(T + "/make/src/Makefile", 5, None, "cart.o: Error 1", "error", "make"),
        Diagnostic("Makefile", 2, None, "all: Error 2", "error", "make"),
    ],
    "c/make_recipe.txt": [
        Diagnostic("src/cart.c", 2, 17, "expected ‘;’ before ‘}’ token", "error", "gcc"),
        Diagnostic(T + "/makerules/rules/build.mk", 5, None, "out/cart.o: Error 1", "error", "make"),
        Diagnostic("Makefile", 6, None, "start: Error 2", "error", "make"),
    ],
    "c/cpplint.txt": [
        Diagnostic(
            "src/ledger.cpp",
            0,
            None,
            'No copyright message found.  You should have a line: "Copyright [year] <Copyright Owner>"  [legal/copyright] [5]',
            None,
            "generic",
        ),
        Diagnostic(
            "src/ledger.cpp",
            2,
            None,
            "Lines should be <= 80 characters long  [whitespace/line_length] [2]",
            None,
            "generic",
        ),
        Diagnostic(
            "src/ledger.cpp", 2, None, "Missing spaces around <  [whitespace/operators] [3]", None, "generic"
        ),
        Diagnostic(
            "src/ledger.cpp", 2, None, "Missing space after ;  [whitespace/semicolon] [3]", None, "generic"
        ),
        Diagnostic(
            "src/ledger.cpp", 2, None, "Missing space before {  [whitespace/braces] [5]", None, "generic"
        ),
    ],
    "php/phpcs.txt": [
        Diagnostic(
            T + "/phpcs/src/Cart.php",
            1,
            None,
            "Header blocks must be separated by a single blank",
            "error",
            "phpcs",
        ),
        Diagnostic(
            T + "/phpcs/src/Cart.php",
            4,
            None,
            "Opening brace of a class must be on the line after",
            "error",
            "phpcs",
        ),
        Diagnostic(
            T + "/phpcs/src/Cart.php", 5, None, "Opening brace should be on a new line", "error", "phpcs"
        ),
        Diagnostic(
            T + "/phpcs/src/Cart.php", 7, None, "Newline required after opening brace", "error", "phpcs"
        ),
        Diagnostic(
            T + "/phpcs/src/Cart.php", 7, None, "Closing brace must be on a line by itself", "error", "phpcs"
        ),
        Diagnostic(
            T + "/phpcs/src/Orders.php",
            9,
            None,
            "Line exceeds 120 characters; contains 178 characters",
            "warning",
            "phpcs",
        ),
    ],
    "php/phpstan_table.txt": [
        Diagnostic(
            "src/Cart.php",
            12,
            None,
            "Method Shop\\Cart::total() should return int but returns string.",
            None,
            "phpstan",
        ),
        Diagnostic(
            "src/Cart.php", 18, None, "Call to an undefined method Shop\\Cart::totl().", None, "phpstan"
        ),
        Diagnostic(
            "src/Orders.php",
            7,
            None,
            "Parameter #1 $cart of function Shop\\reorder expects Shop\\Cart, int",
            None,
            "phpstan",
        ),
    ],
    "python/mypy.txt": [
        Diagnostic(
            "lint/bad.py",
            3,
            18,
            'Incompatible types in assignment (expression has type "str", variable has type "int")  [assignment]',
            "error",
            "mypy",
        ),
        Diagnostic(
            "lint/bad.py", 4, 12, 'Name "missing_name" is not defined  [name-defined]', "error", "mypy"
        ),
    ],
    "python/pylint.txt": [
        Diagnostic(
            "lint/bad.py",
            1,
            0,
            "C0114: Missing module docstring (missing-module-docstring)",
            "convention",
            "pylint",
        ),
        Diagnostic(
            "lint/bad.py",
            2,
            0,
            "C0116: Missing function or method docstring (missing-function-docstring)",
            "convention",
            "pylint",
        ),
        Diagnostic(
            "lint/bad.py",
            4,
            11,
            "E0602: Undefined variable 'missing_name' (undefined-variable)",
            "error",
            "pylint",
        ),
        Diagnostic(
            "lint/bad.py", 2, 10, "W0613: Unused argument 'items' (unused-argument)", "warning", "pylint"
        ),
        Diagnostic("lint/bad.py", 1, 0, "W0611: Unused import os (unused-import)", "warning", "pylint"),
    ],
    "python/pyright.txt": [
        Diagnostic(
            T + "/python/lint/bad.py",
            3,
            18,
            'Type "Literal[\'text\']" is not assignable to declared type "int"',
            "error",
            "pyright",
        ),
        Diagnostic(
            T + "/python/lint/bad.py",
            4,
            12,
            '"missing_name" is not defined (reportUndefinedVariable)',
            "error",
            "pyright",
        ),
    ],
    "python/ruff.txt": [
        Diagnostic("lint/bad.py", 1, 1, "I001 [*] Import block is un-sorted or un-formatted", None, "ruff"),
        Diagnostic("lint/bad.py", 1, 8, "F401 [*] `os` imported but unused", None, "ruff"),
        Diagnostic("lint/bad.py", 4, 12, "F821 Undefined name `missing_name`", None, "ruff"),
    ],
    "python/ruff_full.txt": [
        Diagnostic("lint/bad.py", 1, 1, "I001 [*] Import block is un-sorted or un-formatted", None, "ruff"),
        Diagnostic("lint/bad.py", 1, 8, "F401 [*] `os` imported but unused", None, "ruff"),
        Diagnostic("lint/bad.py", 4, 12, "F821 Undefined name `missing_name`", None, "ruff"),
    ],
    "ruby/rubocop.txt": [
        Diagnostic(
            T + "/ruby/lint/bad.rb",
            1,
            1,
            "[Correctable] Style/FrozenStringLiteralComment: Missing frozen string literal comment.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            T + "/ruby/lint/bad.rb",
            1,
            5,
            "Naming/MethodName: Use snake_case for method names.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            T + "/ruby/lint/bad.rb",
            1,
            11,
            "Naming/MethodParameterName: Method parameter must be at least 3 characters long.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            T + "/ruby/lint/bad.rb",
            2,
            3,
            "Lint/UselessAssignment: Useless assignment to variable - `y`.",
            "warning",
            "rubocop",
        ),
        Diagnostic(
            T + "/ruby/lint/bad.rb",
            2,
            7,
            "[Correctable] Style/StringLiterals: Prefer single-quoted strings when you don't need string interpolation or special symbols.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            T + "/ruby/lint/bad.rb",
            3,
            3,
            "[Correctable] Style/RedundantReturn: Redundant `return` detected.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            T + "/ruby/lint/bad.rb",
            3,
            11,
            "[Correctable] Layout/SpaceAroundOperators: Surrounding space missing for operator `+`.",
            "convention",
            "rubocop",
        ),
    ],
    "ruby/rubocop_default.txt": [
        Diagnostic(
            "lint/bad.rb",
            1,
            1,
            "[Correctable] Style/FrozenStringLiteralComment: Missing frozen string literal comment.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            "lint/bad.rb",
            1,
            5,
            "Naming/MethodName: Use snake_case for method names.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            "lint/bad.rb",
            1,
            11,
            "Naming/MethodParameterName: Method parameter must be at least 3 characters long.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            "lint/bad.rb",
            2,
            3,
            "Lint/UselessAssignment: Useless assignment to variable - y.",
            "warning",
            "rubocop",
        ),
        Diagnostic(
            "lint/bad.rb",
            2,
            7,
            "[Correctable] Style/StringLiterals: Prefer single-quoted strings when you don't need string interpolation or special symbols.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            "lint/bad.rb",
            3,
            3,
            "[Correctable] Style/RedundantReturn: Redundant return detected.",
            "convention",
            "rubocop",
        ),
        Diagnostic(
            "lint/bad.rb",
            3,
            11,
            "[Correctable] Layout/SpaceAroundOperators: Surrounding space missing for operator +.",
            "convention",
            "rubocop",
        ),
    ],
    "rust/rustc_error.txt": [
        Diagnostic("src/main.rs", 8, 24, "cannot find value `missing` in this scope", "error", "rustc"),
        Diagnostic("src/main.rs", 3, 5, "mismatched types", "error", "rustc"),
    ],
    "rust/rustc_error_color.txt": [
        Diagnostic("src/main.rs", 8, 24, "cannot find value `missing` in this scope", "error", "rustc"),
        Diagnostic("src/main.rs", 3, 5, "mismatched types", "error", "rustc"),
    ],
    "swift/swiftc.txt": [
        Diagnostic(
            "/home/dev/shop/Sources/Shop/Cart.swift",
            12,
            18,
            "cannot convert value of type 'String' to expected argument type 'Int'",
            "error",
            "swiftc",
        ),
        Diagnostic(
            "/home/dev/shop/Sources/Shop/Cart.swift", 3, 10, "'total(_:_:)' declared here", "note", "swiftc"
        ),
        Diagnostic(
            "/home/dev/shop/Sources/Shop/Orders.swift",
            7,
            9,
            "initialization of immutable value 'unused' was never used",
            "warning",
            "swiftc",
        ),
    ],
    # a location alone on its line: ExUnit's failing tests, node's error line above its source
    "elixir/exunit.txt": [
        Diagnostic("test/cart_test.exs", 4, None, "", None, "generic"),
        Diagnostic("test/cart_test.exs", 8, None, "", None, "generic"),
    ],
    "javascript/node_uncaught.txt": [Diagnostic(T + "/javascript/lib/cart.js", 3, None, "", None, "generic")],
    "javascript/babel.txt": [
        Diagnostic(T + "/build/src/cart.js", 4, 23, "Unexpected token", None, "generic")
    ],
    # Babel 7 before its code frame ('… (3:29):'), alone and as Jest shows it; Babel 6's through
    # Jest 23, without the error's name
    "javascript/babel_jsx.txt": [
        Diagnostic(T + "/webtools/jest/src/App.test.js", 3, 29, JSX, None, "generic"),
    ],
    "javascript/jest_babel_jsx.txt": [
        Diagnostic(T + "/webtools/jest/src/App.test.js", 3, 29, JSX, None, "generic"),
    ],
    "javascript/jest23_babel6.txt": [
        Diagnostic(T + "/webtools/jest23/src/App.test.js", 3, 28, "Unexpected token", None, "generic"),
    ],
    "javascript/prettier.txt": [
        Diagnostic("src/cart.js", 4, 24, "SyntaxError: Unexpected token", "error", "generic")
    ],
    "javascript/webpack.txt": [
        Diagnostic("src/cart.js", 4, 23, "", "error", "generic"),
        Diagnostic("src/index.js", 1, 0, "", None, "generic"),  # the import of the failing module
    ],
    # TypeScript through webpack (capture.sh webpackts): the message is on the line below each place
    "javascript/webpack_ts_loader.txt": [
        Diagnostic("src/cart.ts", 12, 15, "", None, "generic"),  # webpack 5's module place, 0-based
        Diagnostic(T + "/webpackts/ts5/src/cart.ts", 12, 16, "", "error", "tsc"),
        Diagnostic("src/index.ts", 1, 0, "", None, "generic"),
        Diagnostic("src/index.ts", 3, 6, "", None, "generic"),
        Diagnostic(T + "/webpackts/ts5/src/index.ts", 3, 7, "", "error", "tsc"),
    ],
    "javascript/webpack4_ts_loader.txt": [
        Diagnostic("src/cart.ts", 12, 15, "", None, "generic"),
        Diagnostic(T + "/webpackts/ts4/src/cart.ts", 12, 16, "", "error", "tsc"),
        Diagnostic("src/index.ts", 3, 6, "", None, "generic"),
        Diagnostic(T + "/webpackts/ts4/src/index.ts", 3, 7, "", "error", "tsc"),
    ],
    "javascript/webpack_fork_ts_checker.txt": [
        Diagnostic("src/cart.ts", 12, 16, "", "error", "tsc"),
        Diagnostic("src/index.ts", 3, 7, "", "error", "tsc"),
    ],
    # Vite's module, its query off, esbuild's 'ERROR:' its severity (capture.sh vite)
    "javascript/vite_worker.txt": [
        Diagnostic(T + "/vite/src/cart.worker.ts", 4, 24, 'Unexpected ";"', "error", "generic"),
        Diagnostic(T + "/vite/src/cart.worker.ts", 4, 24, "", None, "generic"),
    ],
    "javascript/webpack4_fork_ts_checker.txt": [
        Diagnostic(T + "/webpackts/ts4/src/cart.ts", 12, 16, "", "error", "tsc"),
        Diagnostic(T + "/webpackts/ts4/src/index.ts", 3, 7, "", "error", "tsc"),
    ],
    "python/black.txt": [Diagnostic("shop/cart.py", 5, 17, "", "error", "generic")],
    # Sphinx: a page's warnings at their line (its 'WARNING:' the severity); a docstring's (its own line
    # numbers) at its file.
    "python/sphinx.txt": [
        Diagnostic(
            T + "/docs/docs/index.rst",
            4,
            None,
            "toctree contains reference to nonexisting document 'missing_page' [toc.not_readable]",
            "warning",
            "generic",
        ),
        Diagnostic(
            T + "/docs/mymod.py",
            0,
            None,
            "docstring of mymod.func: Field list ends without a blank line; unexpected unindent. [docutils]",
            "warning",
            "sphinx",
        ),
        Diagnostic(
            T + "/docs/mymod.py",
            0,
            None,
            "docstring of mymod.func: Definition list ends without a blank line; unexpected unindent. [docutils]",
            "warning",
            "sphinx",
        ),
        Diagnostic(
            T + "/docs/docs/index.rst",
            19,
            None,
            'Unknown directive type "nonexistent-directive".',
            "error",
            "generic",
        ),
        Diagnostic(T + "/docs/docs/usage.rst", 5, None, "Title underline too short.", "warning", "generic"),
        Diagnostic(
            T + "/docs/docs/usage.rst",
            7,
            None,
            "Inline interpreted text or phrase reference start-string without end-string. [docutils]",
            "warning",
            "generic",
        ),
        Diagnostic(
            T + "/docs/docs/index.rst",
            12,
            None,
            "undefined label: 'no-such-label' [ref.ref]",
            "warning",
            "generic",
        ),
        Diagnostic(
            T + "/docs/docs/index.rst",
            12,
            None,
            "unknown document: 'nowhere' [ref.doc]",
            "warning",
            "generic",
        ),
    ],
    "php/phpmd.txt": [
        Diagnostic(
            T + "/runners/php/mess.php",
            4,
            None,
            "ShortVariable: Avoid variables with short names like $a. Configured minimum length is 3.",
            None,
            "phpmd",
        ),
        Diagnostic(
            T + "/runners/php/mess.php",
            4,
            None,
            "UnusedFormalParameter: Avoid unused parameters such as '$unused'.",
            None,
            "phpmd",
        ),
        Diagnostic(
            T + "/runners/php/mess.php",
            6,
            None,
            "ShortVariable: Avoid variables with short names like $x. Configured minimum length is 3.",
            None,
            "phpmd",
        ),
        Diagnostic(
            T + "/runners/php/mess.php",
            6,
            None,
            "UnusedLocalVariable: Avoid unused local variables such as '$x'.",
            None,
            "phpmd",
        ),
        Diagnostic(
            T + "/runners/php/mess.php",
            8,
            None,
            "EvalExpression: The method Do_It() contains an eval expression.",
            None,
            "phpmd",
        ),
        Diagnostic(
            T + "/runners/php/mess.php",
            9,
            None,
            "GotoStatement: The method Do_It() utilizes a goto statement.",
            None,
            "phpmd",
        ),
        Diagnostic(
            T + "/runners/php/src/Calc.php",
            6,
            None,
            "ShortVariable: Avoid variables with short names like $x. Configured minimum length is 3.",
            None,
            "phpmd",
        ),
    ],
    "jvm/gradle4_compile.txt": [
        Diagnostic(
            T + "/runners/gradle/src/main/java/demo/Calc.java",
            9,
            None,
            "incompatible types: int cannot be converted to String",
            "error",
            "javac",
        ),
        Diagnostic(
            T + "/runners/gradle/src/main/java/demo/Calc.java",
            10,
            None,
            "cannot find symbol",
            "error",
            "javac",
        ),
    ],
    "haskell/ghc9.txt": [
        Diagnostic("src/Shop/Cart.hs", 12, 5, "", "error", "ghc"),
        Diagnostic("src/Shop/Orders.hs", 12, 3, "[-Wincomplete-patterns]", "warning", "ghc"),
        Diagnostic("src/Shop/Orders.hs", 17, 1, "[-Wunused-top-binds]", "warning", "ghc"),
        Diagnostic("src/Shop/Orders.hs", 17, 1, "[-Wincomplete-patterns]", "warning", "ghc"),
    ],
    "markdown/markdownlint_048.txt": [
        Diagnostic(
            "docs/README.md",
            1,
            None,
            'MD022/blanks-around-headings: Headings should be surrounded by blank lines [Expected: 1; Actual: 0; Below] [Context: "# Shop"]',
            "error",
            "generic",
        ),
        Diagnostic(
            "docs/README.md",
            2,
            None,
            'MD022/blanks-around-headings: Headings should be surrounded by blank lines [Expected: 1; Actual: 0; Above] [Context: "## Cart"]',
            "error",
            "generic",
        ),
        Diagnostic(
            "docs/README.md",
            2,
            None,
            'MD022/blanks-around-headings: Headings should be surrounded by blank lines [Expected: 1; Actual: 0; Below] [Context: "## Cart"]',
            "error",
            "generic",
        ),
        Diagnostic(
            "docs/README.md",
            3,
            10,
            "MD009/no-trailing-spaces: Trailing spaces [Expected: 0 or 2; Actual: 3]",
            "error",
            "generic",
        ),
        Diagnostic(
            "docs/README.md",
            5,
            None,
            'MD032/blanks-around-lists: Lists should be surrounded by blank lines [Context: "* item"]',
            "error",
            "generic",
        ),
        Diagnostic(
            "docs/README.md",
            6,
            1,
            "MD004/ul-style: Unordered list style [Expected: asterisk; Actual: plus]",
            "error",
            "generic",
        ),
        Diagnostic(
            "docs/README.md",
            6,
            None,
            'MD032/blanks-around-lists: Lists should be surrounded by blank lines [Context: "+ other"]',
            "error",
            "generic",
        ),
    ],
    "c/gcc_included_from.txt": [
        Diagnostic("shop/cart.h", 2, None, "includes the file with the error", "note", "gcc"),
        Diagnostic("main.c", 2, None, "includes the file with the error", "note", "gcc"),
        Diagnostic("shop/types.h", 3, 5, "unknown type name ‘price_t’", "error", "gcc"),
    ],
    "jvm/gradle4_where.txt": [
        Diagnostic(T + "/wheres/gradle/build.gradle", 5, None, "", None, "generic"),
    ],
    "c/glog_check.txt": [
        Diagnostic("main.cc", 7, None, "opening the table", "info", "glog"),
        Diagnostic("main.cc", 8, None, "the index is stale", "error", "glog"),
        Diagnostic("table.cc", 5, None, "row 5 is past the end of 3 rows", "warning", "glog"),
        Diagnostic(
            "table.cc", 6, None, "Check failed: row < rows_ (5 vs. 3) row out of range", "fatal", "glog"
        ),
    ],
    "javascript/chromium_console.txt": [
        Diagnostic(T + "/logs/web/js/cart.js", 4, None, "cart.js loaded", None, "chromium"),
        Diagnostic(T + "/logs/web/index.html", 5, None, "cart failed to load", None, "chromium"),
        Diagnostic(
            T + "/logs/web/js/cart.js",
            2,
            None,
            "Uncaught TypeError: Cannot read properties of null (reading 'reduce')",
            "error",
            "chromium",
        ),
    ],
    "javascript/firefox_console.txt": [
        Diagnostic(
            T + "/logs/web/js/cart.js",
            2,
            None,
            'TypeError: can\'t access property "reduce", items is null',
            "error",
            "firefox",
        ),
        # Firefox's own module, at shutdown: a place in Firefox's tree, none in a project's.
        Diagnostic(
            "resource://nimbus/lib/SharedDataMap.sys.mjs",
            247,
            None,
            "Error: SharedDataMap: in shutdown",
            "error",
            "firefox",
        ),
    ],
    "go/text_template.txt": [
        Diagnostic(
            "cart.tmpl",
            4,
            19,
            'executing "cart.tmpl" at <.Cart.Items>: nil pointer evaluating interface {}.Items',
            "error",
            "go-template",
        ),
    ],
    # Hugo names the file in full, then the template again as Go's error does: one place.
    "go/hugo_template.txt": [
        Diagnostic(
            T + "/templates/hugo/layouts/_default/single.html",
            4,
            3,
            'execute of template failed: template: _default/single.html:4:3: executing "_default/single.html" at'
            ' <partial "missing.html" .>: error calling partial: partial "missing.html" not found',
            "error",
            "go-template",
        ),
    ],
    "ruby/jekyll_liquid.txt": [
        Diagnostic(
            T + "/templates/jekyll/_layouts/default.html",
            5,
            None,
            "Liquid syntax error (line 5): 'endfo' is not a valid delimiter for for tags. use endfor",
            "error",
            "liquid",
        ),
    ],
    "python/django_template_debug.txt": [
        Diagnostic(T + "/templates/django/shop/templates/cart.html", 4, None, "", "error", "django"),
    ],
    # rustdoc names the example's first line; the runner's two lines of it are one place.
    "rust/doctest.txt": [
        Diagnostic("src/lib.rs", 3, None, "total", "error", "rustdoc"),
    ],
    "javascript/playwright_test.txt": [
        Diagnostic("cart.spec.js", 5, 3, "cart › totals", None, "playwright"),
    ],
    "jvm/clojure_errors.txt": [
        Diagnostic(
            "cart.clj",
            4,
            None,
            "Execution error (ArithmeticException) at shop.cart/total",
            "error",
            "clojure",
        ),
        Diagnostic("shop/broken.clj", 5, 1, "Syntax error reading source at", "error", "clojure"),
    ],
    # kotlinc 1.3's GradleStyle renderer (Gradle's plugin before 1.8), and kotlin-maven-plugin 1.3's rows
    # above Maven's summary: the same three places, each once.
    "jvm/kotlinc13_gradle_style.txt": [
        Diagnostic(
            K13, 7, 28, "Type mismatch: inferred type is Int but String was expected", "error", "kotlinc"
        ),
        Diagnostic(
            K13, 8, 16, "Type mismatch: inferred type is String but Int was expected", "error", "kotlinc"
        ),
        Diagnostic(K13, 11, 24, "Unresolved reference: missing", "error", "kotlinc"),
    ],
    "jvm/kotlin_maven.txt": [
        Diagnostic(
            K13, 7, 28, "Type mismatch: inferred type is Int but String was expected", "error", "kotlinc"
        ),
        Diagnostic(
            K13, 8, 16, "Type mismatch: inferred type is String but Int was expected", "error", "kotlinc"
        ),
        Diagnostic(K13, 11, 24, "Unresolved reference: missing", "error", "kotlinc"),
    ],
    "mixed/ansible_syntax.txt": [
        Diagnostic(T + "/configs/ansible/playbook.yml", 7, 8, "", None, "ansible"),
    ],
    # The marks of the YAML error under the traceback: the document's own lines.
    "python/pyyaml.txt": [
        Diagnostic("config.yml", 3, 10, "", None, "yaml"),
        Diagnostic("config.yml", 4, 8, "", None, "yaml"),
    ],
    "css/less.txt": [
        Diagnostic(T + "/configs/styles/cart.less", 3, 8, "ParseError: Unrecognised input", None, "less"),
    ],
    "javascript/rollup.txt": [
        Diagnostic("src/main.js", 2, 18, "Expression expected", None, "rollup"),
        Diagnostic("src/main.js", 2, 18, "", None, "rollup"),
    ],
    "python/absl_logging.txt": [
        Diagnostic("main.py", 7, None, "starting", "info", "glog"),
        Diagnostic("ledger.py", 6, None, "overdraft of 20 refused", "error", "glog"),
        Diagnostic("ledger.py", 8, None, "posting 3", "warning", "glog"),
    ],
    "python/pydocstyle.txt": [
        Diagnostic("lint/messy.py", 1, None, "at module level", None, "pydocstyle"),
        Diagnostic("lint/messy.py", 2, None, "in public function `f`", None, "pydocstyle"),
        Diagnostic("lint/messy.py", 10, None, "in public class `thing`", None, "pydocstyle"),
        Diagnostic("lint/messy.py", 11, None, "in public method `Method`", None, "pydocstyle"),
    ],
    # capture.sh verilator: the severity before the place, put after it
    "verilog/verilator_lint.txt": [
        Diagnostic(
            "rtl/cart.sv", 4, 22, "Can't find definition of variable: 'undefined_sig'", "error", "generic"
        ),
        Diagnostic(
            "rtl/cart.sv",
            6,
            10,
            "[IMPLICIT] Signal definition not found, creating implicitly: 'unused'",
            "warning",
            "generic",
        ),
    ],
    # capture.sh buflint: no blank between the column and the message
    "mixed/buf_lint.txt": [
        Diagnostic("proto/shop/cart.proto", line, column, message, None, "generic")
        for line, column, message in [
            (
                3,
                1,
                'Package name "shop" should be suffixed with a correctly formed version, such as "shop.v1".',
            ),
            (5, 9, 'Service name "Cart" should be suffixed with "Service".'),
            (6, 3, 'RPC "addItem" has the same type "shop.AddRequest" for the request and response.'),
            (6, 7, 'RPC name "addItem" should be PascalCase, such as "AddItem".'),
            (
                6,
                15,
                'RPC request type "AddRequest" should be named "AddItemRequest" or "CartAddItemRequest".',
            ),
            (
                6,
                36,
                'RPC response type "AddRequest" should be named "AddItemResponse" or "CartAddItemResponse".',
            ),
            (10, 10, 'Field name "itemName" should be lower_snake_case, such as "item_name".'),
        ]
    ],
    # capture.sh crystal: each instantiation's 'In src/cart.cr:L:C', then the type's trace (a file
    # and a line each)
    "crystal/error_trace.txt": [
        Diagnostic("src/cart.cr", 10, 23, "", "error", "crystal"),
        Diagnostic("src/cart.cr", 6, 16, "", "error", "crystal"),
        Diagnostic("src/cart.cr", 6, None, "", None, "generic"),
        *(
            Diagnostic("/usr/lib/crystal/lib/enumerable.cr", line, None, "", None, "generic")
            for line in (1552, 1553, 1589, 1590, 1628, 1629, 751, 752, 755)
        ),
    ],
    # capture.sh testthat: both reporters (R CMD check's draws its rule to the console's width: no wrap)
    **dict.fromkeys(
        ("r/testthat_progress.txt", "r/testthat_check.txt"),
        [
            Diagnostic("test-cart.R", 4, None, "total adds the tax", "error", "testthat"),
            Diagnostic("test-cart.R", 8, None, "an empty cart fails loudly", "error", "testthat"),
        ],
    ),
    # capture.sh elixircompile: the place after the exception's name, no frame
    "elixir/compile_error.txt": [
        Diagnostic(
            "lib/cart.ex",
            3,
            None,
            "CompileError: undefined function tax_rate/0 (expected Shop.Cart to define such a function or for it"
            " to be imported, but none are available)",
            "error",
            "elixirc",
        )
    ],
    # capture.sh ldobjects: both definitions' places behind their objects
    "c/ld_multiple_definition.txt": [
        Diagnostic(T + "/ldobjects/b.c", 1, None, "multiple definition of `total'", "error", "ld"),
        Diagnostic(T + "/ldobjects/a.c", 1, None, "first defined here", "note", "ld"),
    ],
    # capture.sh zigrefs: the error (its reference trace is frames)
    "zig/reference_trace.txt": [
        Diagnostic("src/main.zig", 5, 35, "type 'u32' does not support field access", "error", "generic")
    ],
    # capture.sh godot: the engine's places and the script's, 'res://' its project's root
    "gdscript/godot3_script_error.txt": [
        Diagnostic("core/os/dir_access.cpp", 185, None, "", "error", "godot"),
        Diagnostic("core/translation.cpp", 945, None, "", "error", "godot"),
        Diagnostic("core/translation.cpp", 969, None, "", "error", "godot"),
        Diagnostic("scripts/cart.gd", 6, None, "", "error", "godot"),
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_diagnostics(name):
    assert parse_diagnostics(evidence(name)) == EXPECTED[name]


def test_pydoclint_rows_are_in_the_file_above_them():
    found = parse_diagnostics(evidence("python/pydoclint.txt"))
    assert {(d.path, d.line, d.tool) for d in found} == {("shop/cart.py", 9, "pydoclint")}
    assert [d.message.split(":")[0] for d in found] == [
        "DOC101",
        "DOC106",
        "DOC107",
        "DOC109",
        "DOC110",
        "DOC103",
        "DOC201",
    ]


def test_a_log_record_names_its_call_site_only_at_an_error_or_worse():
    text = (
        "[2026-12-06 09:24:48,125] {payments.py:8} WARNING - slow payment\n"
        "2026-12-06 09:24:48,125 CRITICAL [shop/payments.py:9] payment failed\n"
        "ERROR    shop.payments:README.md:3 not a source file\n"
    )
    assert [(d.path, d.line, d.severity, d.message) for d in parse_diagnostics(text)] == [
        ("shop/payments.py", 9, "critical", "payment failed")
    ]


def test_a_task_runner_s_prefix_is_taken_off_where_it_starts_two_lines_or_more():
    relayed = "web:build: $ tsc -p .\nweb:build: src/cart.ts(2,9): error TS2322: no\n"
    assert evidence_lines(relayed) == ["$ tsc -p .", "src/cart.ts(2,9): error TS2322: no", ""]
    once = "cart.py:total: a word after a place"
    assert evidence_lines(once) == [once]


def test_twig_s_place_beside_php_s_uncaught_frame():
    line = (
        'PHP Fatal error:  Uncaught Twig\\Error\\RuntimeError: Variable "cart" does not exist in "@Shop/cart.html.twig"'
        " at line 3. in /srv/app/vendor/twig/twig/src/Template.php:415"
    )
    assert [(d.path, d.line, d.tool) for d in parse_diagnostics(line)] == [("cart.html.twig", 3, "twig")]


def test_a_number_before_a_line_is_a_ctest_prefix_only_under_its_test_command():
    numbered = "1: src/cart.cpp:7: Failure\n2: src/cart.cpp:9: Failure\n"
    assert parse_diagnostics(numbered) == []  # a list's numbers
    assert [d.line for d in parse_diagnostics("1: Test command: /srv/build/cart_test\n" + numbered)] == [7]


@pytest.mark.parametrize(
    ("name", "tool", "places"),
    [
        ("go/staticcheck_stylish", "staticcheck", {(9, 2), (15, 21), (21, 3), (21, 6)}),
        ("go/vet_json", "go vet", {(13, 17), (14, 12), (15, 9)}),
        ("php/phpcs_emacs", "phpcs", {(1, 1), (2, 1), (2, 18), (3, 3), (3, 24), (3, 34), (3, 36), (3, 65)}),
        ("ruby/rubocop_simple", "rubocop", {(1, 1), (2, 1), (2, 5), (2, 16), (2, 21), (2, 19), (4, 1)}),
    ],
)
def test_more_linters_reports_give_each_row_s_place(name, tool, places):
    found = parse_diagnostics(evidence(f"{name}.txt"))
    assert {d.tool for d in found} == {tool}
    assert {(d.line, d.column) for d in found} == places
    if tool == "rubocop":  # each row in the file its '== app/pay.rb ==' header named
        assert {d.path for d in found if d.severity == "error"} == {"app/pay.rb"}
    if tool == "phpcs":
        assert found[0].message == "Header blocks must be separated by a single blank line"


def test_curses_reset_of_a_character_set_is_no_part_of_the_text():
    assert evidence_lines("\x1b[1m\x1b[31merror:\x1b(B\x1b[m Incompatible") == ["error: Incompatible"]


def test_every_line_a_format_matches_holds_one_of_its_hints():
    # A format is tried only on lines holding a hint: a hint a matching line lacks loses its rows.
    fixtures = sorted(p for p in EVIDENCE.rglob("*") if p.is_file() and p.suffix != ".sh")
    matched = 0
    for path in fixtures:
        for line in evidence_lines(path.read_bytes().decode("utf-8", "replace")):
            for row in _ONE_LINE:
                if row.pattern.match(line):
                    matched += 1
                    assert not row.hints or any(h in line for h in row.hints), (path.name, line, row.hints)
    assert matched > 300  # the fixtures hold the formats' rows


# Stack traces and test reports print file:line too; none of it is a diagnostic.
TRACES = [
    "python/pytest_long.txt",
    "python/pytest_short.txt",
    "ruby/uncaught.txt",
    "ruby/rspec.txt",
    "c/ubsan.txt",
    "swift/fatal_error.txt",
    "php/phpunit.txt",
    "php/uncaught.txt",
    "jvm/java_caused_by.txt",
    "go/panic_goroutine.txt",
]


@pytest.mark.parametrize("name", TRACES)
def test_frames_are_not_diagnostics(name):
    assert parse_diagnostics(evidence(name)) == []


@pytest.mark.parametrize(
    "text",
    [
        "http://host:8080: connection refused",
        'Get "http://example.com:8080/x": dial tcp 127.0.0.1:8080: connect: connection refused',
        "example.com:443: certificate expired",
        "localhost:5432: could not connect",
        "12:30:45: job started",
        "  3:7  error  Missing semicolon  semi",  # an eslint row without its file line
    ],
)
def test_not_a_file_location(text):
    assert parse_diagnostics(text) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        # Black before 24.1, then with its target version
        ("error: cannot format shop/cart.py: Cannot parse: 5:17: def reorder(cart)", ("shop/cart.py", 5, 17)),
        (
            "error: cannot format shop/cart.py: Cannot parse for target version Python 3.12: 5:17: def f(",
            ("shop/cart.py", 5, 17),
        ),
        # after an exception's name, a dotted word that is no source file's name is no place
        ("ValueError: x.y: bad value (1:2)", None),
        # Babel through Jest on Windows, before its code frame; Babel 6's without the error's name
        (
            "    SyntaxError: D:\\shop\\src\\App.test.js: Support for the experimental syntax 'jsx' isn't"
            " currently enabled (6:32):",
            ("D:/shop/src/App.test.js", 6, 32),
        ),
        (
            "    C:/Users/dev/shop/App.test.js: Unexpected token (7:35)",
            ("C:/Users/dev/shop/App.test.js", 7, 35),
        ),
        # …an absolute file only: a relative name and a message is a sentence as often
        ("    App.test.js: Unexpected token (7:35)", None),
    ],
)
def test_a_formatter_s_and_a_parser_s_position_after_the_file(text, expected):
    found = [(d.path, d.line, d.column) for d in parse_diagnostics(text)]
    assert found == ([expected] if expected else [])


def test_generic_colon_and_paren_formats():
    text = "Makefile:12: *** missing separator.  Stop.\nsrc/app.cfg(7,3): unknown key 'x'\n"
    assert parse_diagnostics(text) == [
        Diagnostic("Makefile", 12, None, "*** missing separator.  Stop.", None, "generic"),
        Diagnostic("src/app.cfg", 7, 3, "unknown key 'x'", None, "generic"),
    ]


def test_rustc_location_without_its_header_still_counts():
    assert parse_diagnostics("  --> src/lib.rs:3:4\n") == [Diagnostic("src/lib.rs", 3, 4, "", None, "rustc")]


def test_rustc_note_has_its_own_location():
    text = (
        "error[E0061]: wrong arity\n --> src/main.rs:6:13\nnote: function defined here\n --> src/lib.rs:3:4\n"
    )
    assert [(d.path, d.severity, d.message) for d in parse_diagnostics(text)] == [
        ("src/main.rs", "error", "wrong arity"),
        ("src/lib.rs", "note", "function defined here"),
    ]


def test_a_path_is_relative_to_the_directory_make_entered_until_it_leaves_it():
    log = """\
make[1]: Entering directory '/srv/shop/lib'
make[2]: Entering directory '/srv/shop/lib/money'
round.c:3:5: error: expected ';' before '}' token
make[2]: Leaving directory '/srv/shop/lib/money'
cart.c:8:1: error: unknown type name 'item'
/srv/shop/include/cart.h:4:1: error: expected identifier
C:\\shop\\win.c:4:1: error: expected identifier
make[1]: Leaving directory '/srv/shop/lib'
main.c:2:1: error: expected identifier
"""
    assert [(d.path, d.line) for d in parse_diagnostics(log)] == [
        ("/srv/shop/lib/money/round.c", 3),
        ("/srv/shop/lib/cart.c", 8),
        ("/srv/shop/include/cart.h", 4),
        ("C:/shop/win.c", 4),
        ("main.c", 2),
    ]


def test_make_s_failed_recipe_is_its_makefile_s_line():
    log = (
        "make[1]: *** [/srv/ndk/build/core/build-binary.mk:424: /srv/shop/obj/board.o] Error 1\n"
        "mingw32-make: *** [C:\\shop\\Makefile:18: start] Error 2\n"
        "make: *** [cart] Error 1\n"  # before make 4.3: no place
        # CMake's, and the build folder's Makefile below them
        "gmake[2]: *** [CMakeFiles/shop.dir/build.make:90: CMakeFiles/shop.dir/src/cart.c.o] Error 1\n"
        "gmake: *** [Makefile:91: all] Error 2\n"
    )
    assert [(d.path, d.line, d.message) for d in parse_diagnostics(log)] == [
        ("/srv/ndk/build/core/build-binary.mk", 424, "/srv/shop/obj/board.o: Error 1"),
        ("C:/shop/Makefile", 18, "start: Error 2"),
    ]


def test_a_go_test_row_s_file_is_in_the_package_its_output_ends_with():
    log = (
        "--- FAIL: TestPost (0.00s)\n"
        "    ledger_test.go:16: post failed\n"
        "FAIL\n"
        "FAIL\texample.com/shop/ledger\t0.003s\n"
        "--- FAIL: TestSum (0.00s)\n"
        "    total_test.go:15: sum of [1 2]\n"
        "FAIL\texample.com/shop/cart [build failed]\n"
        "ok  \texample.com/shop/tax\t(cached)\n"
        "    rounding_test.go:4: still running\n"
    )
    assert [(d.path, d.line) for d in parse_diagnostics(log)] == [
        ("example.com/shop/ledger/ledger_test.go", 16),
        ("example.com/shop/cart/total_test.go", 15),
        ("rounding_test.go", 4),
    ]


@pytest.mark.parametrize(
    "line",
    [
        "see /usr/share/doc/foo bar.txt:3: error: nothing",  # not at the line's start
        "relative dir/cart.c:3:1: error: expected identifier",  # not absolute: a sentence's words
        "/home/John Smith/notes: 3 items, error: none",  # no file with a line
    ],
)
def test_a_spaced_path_is_read_only_where_a_compiler_prints_one(line):
    assert parse_diagnostics(line + "\n") == []


# As rows reach an agent pasted into an issue or relayed by a CI service (none of these wrappers
# can be captured here: each is a row of a captured format with the wrapper around it).
@pytest.mark.parametrize(
    "line, path",
    [
        ("`src/shop/cart.py:12: error: Incompatible types in assignment`", "src/shop/cart.py"),
        ("```src/shop/cart.py:12: error: Incompatible types in assignment", "src/shop/cart.py"),
        ("> src/shop/cart.py:12: error: Incompatible types in assignment", "src/shop/cart.py"),
        ("> > src/shop/cart.py:12: error: Incompatible types in assignment", "src/shop/cart.py"),
        (
            "1>src/Shop/Cart.cs(12,5,12,9): error CS0246: The type 'Price' could not be found",
            "src/Shop/Cart.cs",
        ),
        (
            "2024-03-01T10:22:33.4567890Z ##[error]src/Shop/Cart.cs(12,5): error CS0246: missing",
            "src/Shop/Cart.cs",
        ),
        ("##[warning]src/shop/cart.c:12:3: warning: unused variable 'n'", "src/shop/cart.c"),
    ],
)
def test_markdown_and_ci_markers_around_a_row_are_no_part_of_it(line, path):
    assert [(d.path, d.line) for d in parse_diagnostics(line + "\n")] == [(path, 12)]


def test_formats_real_issues_show():
    log = (
        "In file included from src/shop/cart.h:4,\n"
        "                 from src/main.c:9:\n"
        "src/shop/types.h:12:5: error: unknown type name 'price_t'\n"
        "* Where:\n"
        "Build file '/home/dev/shop/build.gradle.kts' line: 37\n"
        "FatalThrowableError in CartController.php line 33:\n"
        '[2024-05-01 10:00:00] production.ERROR: boom {"exception":"[object] (RuntimeException(code: 0):'
        " boom at /var/www/shop/app/Http/Controllers/CartController.php:41)\n"
        "'package:shop/src/cart.dart': Failed assertion: line 12 pos 7: 'n > 0': is not true.\n"
    )
    assert [(d.path, d.line) for d in parse_diagnostics(log)] == [
        ("src/shop/cart.h", 4),  # gcc's include chain, the error's header last
        ("src/main.c", 9),
        ("src/shop/types.h", 12),
        ("/home/dev/shop/build.gradle.kts", 37),  # Gradle's '* Where:'
        ("CartController.php", 33),  # Laravel 5's error page
        ("shop/lib/src/cart.dart", 12),  # a failed Dart assertion
    ]
    # Laravel's log (Monolog's line of an exception) is the throw's frame, its trace's first
    assert [(f.path, f.line) for f in parse_frames(log)] == [
        ("/var/www/shop/app/Http/Controllers/CartController.php", 41)
    ]


def test_log_lines_as_tensorflow_android_and_browsers_relay_them():
    log = (
        "2026-12-03 18:29:44.726811: E tensorflow/core/kernels/queue_op.cc:17] Queue closed\n"
        "12-01 11:40:02.512 4321-4321/com.acme.shop A/art: art/runtime/thread.cc:289] Check failed\n"
        "12-01 11:40:02.512  4321  4321 F art     : art/runtime/runtime.cc:512] Runtime aborting\n"
        '[4321:1203/183254.547:INFO:CONSOLE(4)] "Uncaught x", source: http://localhost:8080/static/cart.js (4)\n'
        "JavaScript warning: http://localhost:8080/static/cart.js, line 5: unreachable code after return statement\n"
        "see the [docs](docs/logging.md:3] for more\n"  # a bracket in prose is no log line
    )
    assert [(d.path, d.line, d.severity) for d in parse_diagnostics(log)] == [
        ("tensorflow/core/kernels/queue_op.cc", 17, "error"),
        ("art/runtime/thread.cc", 289, None),
        ("art/runtime/runtime.cc", 512, None),
        ("/static/cart.js", 4, "error"),  # Chromium's console before version 1xx, a served script
        ("/static/cart.js", 5, "warning"),  # Firefox's
    ]


@pytest.mark.parametrize(
    "line, expected",
    [
        # Chrome's console copied, the source first
        (
            "main.js:12 Uncaught TypeError: Cannot read properties of undefined (reading 'total')",
            ("main.js", 12, None),
        ),
        (
            'react-dom.development.js:86 Warning: Each child in a list should have a unique "key" prop.',
            ("react-dom.development.js", 86, None),
        ),
        ("index.html:1 GET http://localhost:8080/favicon.ico 404 (Not Found)", ("index.html", 1, None)),
        # Firefox's and Safari's, the source last
        ("TypeError: cart.items is undefined      cart.min.js:1:538", ("cart.min.js", 1, 538)),
        # Xcode's issue navigator
        (
            "Shop/Cart/CartView.swift:146:13 Cannot find 'priceLabel' in scope",
            ("Shop/Cart/CartView.swift", 146, 13),
        ),
    ],
)
def test_a_console_or_an_issue_list_copied_as_text(line, expected):
    assert [(d.path, d.line, d.column) for d in parse_diagnostics(line + "\n")] == [expected]


@pytest.mark.parametrize(
    "line",
    [
        "see main.js:12 for the call",  # prose before it
        "src/cart.ts:3:4 - error TS2322: Type 'string' is not assignable",  # tsc --pretty, read as such
        "main.py:12 Uncaught TypeError",  # no page's script
    ],
)
def test_no_copied_console_row(line):
    found = parse_diagnostics(line + "\n")
    assert all(d.tool != "console" for d in found)


def test_bitbake_s_log_of_a_failed_task_but_no_markdown_table():
    log = (
        "ERROR: shop-1.0-r0 do_compile: oe_runmake failed\n"
        "| In file included from ../src/cart.c:3:\n"
        "| ../src/types.h:12:5: error: unknown type name 'price_t'\n"
        "| file | line | what |\n"
        "| src/ledger.c:9:1: error: x | y |\n"  # a table's cell
    )
    assert [(d.path, d.line) for d in parse_diagnostics(log)] == [
        ("../src/cart.c", 3),
        ("../src/types.h", 12),
    ]


@pytest.mark.parametrize(
    "line, expected",
    [
        # Windows PowerShell's error record, and PowerShell 7's
        ("At C:\\scripts\\deploy.ps1:12 char:5", ("C:/scripts/deploy.ps1", 12, 5)),
        ("Get-Item: C:\\scripts\\deploy.ps1:12", ("C:/scripts/deploy.ps1", 12, None)),
        # kotlinc's errors in a CI log's indented step; kotlin-maven-plugin's, a Windows path with a space
        (
            "    e: /home/runner/work/shop/src/test/kotlin/CartTest.kt: (110, 5): Type inference failed.",
            ("/home/runner/work/shop/src/test/kotlin/CartTest.kt", 110, 5),
        ),
        (
            "[WARNING] C:\\Work Space\\shop\\src\\main\\kotlin\\Cart.kt: (3, 9) Parameter 'x' is never used",
            ("C:/Work Space/shop/src/main/kotlin/Cart.kt", 3, 9),
        ),
        # Ansible before 2.8
        (
            "The error appears to have been in '/srv/site/site.yml': line 3, column 1, but may",
            ("/srv/site/site.yml", 3, 1),
        ),
    ],
)
def test_documented_error_locations(line, expected):
    assert [(d.path, d.line, d.column) for d in parse_diagnostics(line + "\n")] == [expected]


def test_kotlin_maven_plugin_s_rows_before_maven_s_summary():
    log = evidence("jvm/kotlin_maven.txt").partition("[INFO] BUILD FAILURE")[0]  # a log cut before it
    assert [(d.line, d.column, d.tool) for d in parse_diagnostics(log)] == [
        (7, 28, "kotlinc"),
        (8, 16, "kotlinc"),
        (11, 24, "kotlinc"),
    ]


def test_rails_error_page_and_a_liquid_error_without_a_line():
    page = (
        "Showing /srv/shop/app/views/carts/show.html.erb where line #12 raised:\n"
        "  Liquid Exception: undefined method `size' for nil in /srv/site/_posts/2024-01-01-cart.md\n"
    )
    assert [(d.path, d.line) for d in parse_diagnostics(page)] == [
        ("/srv/shop/app/views/carts/show.html.erb", 12),
        ("/srv/site/_posts/2024-01-01-cart.md", 0),  # the file as a whole
    ]


@pytest.mark.parametrize(
    "line, expected",
    [
        # dart analyze (Dart 3) and flutter analyze (Dart 2)
        (
            "  error - lib/cart.dart:12:5 - Undefined name 'x'. - undefined_identifier",
            ("lib/cart.dart", 12, "error"),
        ),
        (
            "  info • Unused import: 'dart:io' • lib/cart.dart:3:8 • unused_import",
            ("lib/cart.dart", 3, "info"),
        ),
        # xcpretty's and xcbeautify's marks before an xcodebuild row: the severity they took out
        (
            "❌  /Users/dev/Shop/Cart/CartView.swift:12:5: cannot find 'x' in scope",
            ("/Users/dev/Shop/Cart/CartView.swift", 12, "error"),
        ),
        (
            "⚠️  /Users/dev/Shop/Cart/Cart.swift:3:9: variable 'y' was never used",
            ("/Users/dev/Shop/Cart/Cart.swift", 3, "warning"),
        ),
        # the same behind xcpretty's '▸ ' and fastlane's time, on a path with a space
        (
            "[19:41:52]: ▸ ⚠️  /Users/dev/Shop App/Cart/Cart.swift:3:9: variable 'y' was never used",
            ("/Users/dev/Shop App/Cart/Cart.swift", 3, "warning"),
        ),
        # Clojure's compiler and macro expansion
        ("Syntax error compiling fn* at (shop/cart.clj:12:5).", ("shop/cart.clj", 12, "error")),
        (
            "Syntax error macroexpanding clojure.core/let at (shop/cart.clj:3:1).",
            ("shop/cart.clj", 3, "error"),
        ),
        # Playwright Test with a browser's project
        ("  1) [chromium] › cart.spec.ts:5:3 › cart › totals ──────────", ("cart.spec.ts", 5, None)),
    ],
)
def test_documented_rows_of_other_tools(line, expected):
    assert [(d.path, d.line, d.severity) for d in parse_diagnostics(line + "\n")] == [expected]


def test_a_yaml_string_s_mark_is_no_file():
    assert parse_diagnostics('  in "<unicode string>", line 4, column 7\n') == []


def test_webpack_s_importers_of_the_failing_module_are_places():
    log = "ERROR in ./src/cart.js 4:23\nModule parse failed\n @ ./src/index.js 1:0-35 3:12-17\n @ ./src/app.js 4:0-53\n"
    assert [(d.path, d.line) for d in parse_diagnostics(log)] == [
        ("src/cart.js", 4),
        ("src/index.js", 1),
        ("src/app.js", 4),
    ]


def test_webpack_s_span_over_lines_is_at_its_first():
    log = "ERROR in ./src/cart.js 4:2-6:3\n./src/price.ts 7:0-9:1\n"
    assert [(d.path, d.line) for d in parse_diagnostics(log)] == [("src/cart.js", 4), ("src/price.ts", 7)]


@pytest.mark.parametrize(
    "line, path",
    [
        # a Vue component's script block as Vite names it, a dependency's cache query
        ("file: /srv/shop/src/App.vue?vue&type=script&setup=true&lang.ts:8:23", "/srv/shop/src/App.vue"),
        (
            '/srv/shop/src/App.vue?vue&type=script&lang.ts:8:23: ERROR: Unexpected ";"',
            "/srv/shop/src/App.vue",
        ),
        ("/src/main.ts?v=3f2a1b0c:8:3", "/src/main.ts"),
    ],
)
def test_a_bundler_s_query_is_no_part_of_the_file(line, path):
    assert [(d.path, d.line) for d in parse_diagnostics(line + "\n")] == [(path, 8)]


def test_a_sanitizer_s_summary_quoted_alone():
    log = (
        "SUMMARY: AddressSanitizer: heap-use-after-free /srv/shop/src/cart.c:12:5 in total\n"
        "SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior /srv/shop/src/cart.c:7:12 in \n"
        "SUMMARY: AddressSanitizer: 24 byte(s) leaked in 1 allocation(s).\n"  # no place
        "SUMMARY: AddressSanitizer: SEGV (/srv/shop/bin/cart+0x1a2b) in main\n"  # an unsymbolized binary's
    )
    assert [(d.path, d.line, d.column) for d in parse_diagnostics(log)] == [
        ("/srv/shop/src/cart.c", 12, 5),
        ("/srv/shop/src/cart.c", 7, 12),
    ]


def test_angular_cli_s_tsc_row_after_webpack_s_error():
    line = "ERROR in src/app/cart.ts(15,8): error TS2322: Type 'string' is not assignable to type 'number'.\n"
    assert parse_diagnostics(line) == [
        Diagnostic(
            "src/app/cart.ts",
            15,
            8,
            "TS2322: Type 'string' is not assignable to type 'number'.",
            "error",
            "tsc",
        )
    ]


def test_visual_studio_s_error_list_copied_as_text():
    rows = (
        "Error\tC2065\t'total': undeclared identifier\tshop\tC:\\src\\shop\\cart.cpp\t90\t\t\n"
        "\t\tWarnung\t3\twarning C4244: conversion\tD:\\build\\shop\\include\\price.h\t58\t1\tshop-static\n"
        "Severity\tCode\tDescription\tProject\tFile\tLine\tSuppression State\n"
        'Warning (active)\tE0020\tidentifier "n" is undefined\tshop\tC:\\src\\shop\\cart.cpp\t14\t\n'
        "Name\tAge\tCity\tCountry\n"  # a table with no file in it
        # Visual Studio 2010's, its tabs turned into spaces
        "Error   1   error C2065: 'n' : undeclared identifier   C:\\src\\shop\\impl\\reader.cpp  57\n"
        "Error   2   error LNK2019: unresolved external symbol   C:\\src\\shop\\main.obj  shop\n"
    )
    assert [(d.path, d.line, d.severity) for d in parse_diagnostics(rows)] == [
        ("C:/src/shop/cart.cpp", 90, "error"),
        ("D:/build/shop/include/price.h", 58, "warnung"),
        ("C:/src/shop/cart.cpp", 14, "warning"),
        ("C:/src/shop/impl/reader.cpp", 57, "error"),
    ]


def test_code_blocks_build_log():
    log = (
        "||=== Build: Debug in shop (compiler: GNU GCC Compiler) ===|\n"
        "/srv/shop/src/pcg.h||In function 'int main()':|\n"
        "/srv/shop/src/pcg.h|83|error: 'x' was not declared in this scope|\n"
        "src\\cart.cpp|12|warning: unused variable 'n' [-Wunused-variable]\n"
        "| cart.py | 12 | a table's row |\n"
    )
    assert [(d.path, d.line, d.severity, d.tool) for d in parse_diagnostics(log)] == [
        ("/srv/shop/src/pcg.h", 83, "error", "gcc"),
        ("src/cart.cpp", 12, "warning", "gcc"),
    ]


def test_the_bsds_and_macos_assert_message():
    """FreeBSD's and macOS's libc print the expression first (documented; no such libc here)."""
    text = "Assertion failed: (n > 0), function total, file src/cart.c, line 4.\nAbort trap: 6"
    assert parse_diagnostics(text) == [
        Diagnostic("src/cart.c", 4, None, "Assertion failed: (n > 0)", "error", "assert")
    ]


def test_semgrep_s_report_indented_as_it_prints_it():
    """After a line of prose its file's header keeps semgrep's indent; a row without a file above
    it is no place."""
    report = "Findings:\n    shop/run.py\n    ❯❱ shell-true\n            5┆ return run(cmd)\n"
    assert parse_diagnostics(report) == [Diagnostic("shop/run.py", 5, None, "shell-true", None, "semgrep")]
    assert parse_diagnostics("            5┆ return run(cmd)\n") == []


def test_a_tool_s_row_quoted_in_a_sentence_s_code_span():
    line = "Fix the error `e2e/specs/cart.e2e.ts(86,45): error TS2345: Argument of type 'number'.` from CI"
    assert [(d.path, d.line, d.column, d.tool) for d in parse_diagnostics(line)] == [
        ("e2e/specs/cart.e2e.ts", 86, 45, "tsc")
    ]
    assert [(d.path, d.line) for d in parse_diagnostics("This is because `sessions.py:313` is:")] == [
        ("sessions.py", 313)
    ]
    # a span that starts as no path does: a type's name
    assert parse_diagnostics("within the type `[closure@src/main.rs:316:39: 324:14]`") == []


def test_a_bracketed_level_is_no_command_s_prefix():
    maven = "[ERROR] /srv/shop/src/Cart.java:[12,5] cannot find symbol\n[ERROR] /srv/shop/src/Cart.java:[14,9] boom\n"
    assert evidence_lines(maven)[:2] == maven.splitlines()
    assert evidence_lines("[api] up\n[api] src/cart.ts(2,9): error TS2322: no\n")[:2] == [
        "up",
        "src/cart.ts(2,9): error TS2322: no",
    ]


def test_a_log_record_s_windows_place_keeps_its_drive():
    line = (
        "ERROR:D:\\AndroidProjects\\Shop\\app\\src\\main\\res\\layout\\activity_cart.xml:42: AAPT: error: "
        "resource color/yellow (aka com.acme.shop:color/yellow) not found."
    )
    [found] = parse_diagnostics(line)
    assert (found.path, found.line) == (
        "D:/AndroidProjects/Shop/app/src/main/res/layout/activity_cart.xml",
        42,
    )


def test_a_drive_s_path_with_a_blank_before_a_linter_s_row():
    # ktlint through Gradle on Windows (seen in issues), flake8's row on a path with a blank
    text = (
        "C:\\kotlin projects\\style\\src\\main\\kotlin\\Data.kt:1:1: class BankAccountData should be declared in a file named BankAccountData.kt\n"
        "C:\\Users\\John Smith\\shop\\cart.py:3:1: F401 'os' imported but unused\n"
    )
    assert [(d.path, d.line, d.column) for d in parse_diagnostics(text)] == [
        ("C:/kotlin projects/style/src/main/kotlin/Data.kt", 1, 1),
        ("C:/Users/John Smith/shop/cart.py", 3, 1),
    ]
    # without a column, or a relative path with a blank, it is a sentence's
    assert parse_diagnostics("C:\\my docs\\notes.txt:3: see the list\nmy docs/notes.txt:3:1: see\n") == []


def test_tsc_s_summary_names_each_file_s_first_error():
    text = evidence("javascript/tsc_summary.txt")
    summary = text[text.index("Found 3 errors") :]  # the tail a CI log's excerpt keeps
    assert [(d.path, d.line, d.tool) for d in parse_diagnostics(summary)] == [
        ("src/cart.ts", 1, "tsc"),
        ("src/orders.ts", 1, "tsc"),
    ]
    # a count and a place with no table's header above it is no row
    assert parse_diagnostics("     2  src/cart.ts:1\n") == []


def test_webpack_s_error_in_before_a_pretty_tsc_row_is_no_part_of_its_path():
    # Angular CLI's build: 'ERROR in ' then tsc's --pretty row (seen in issues)
    line = "ERROR in src/app/cart/cart.component.ts:102:15 - error TS2554: Expected 1 arguments, but got 0."
    [found] = parse_diagnostics(line)
    assert (found.path, found.line, found.column, found.tool) == (
        "src/app/cart/cart.component.ts",
        102,
        15,
        "tsc",
    )


def test_a_span_over_lines_names_its_first():
    # the Android Gradle plugin's blame position of a merged resource: start line and column, then end
    line = "/srv/shop/app/src/main/res/values/styles.xml:1908:5-1912:13: AAPT: error: style attribute 'attr/fab' not found."
    [found] = parse_diagnostics(line)
    assert (found.path, found.line, found.column) == ("/srv/shop/app/src/main/res/values/styles.xml", 1908, 5)


@pytest.mark.parametrize(
    "line",
    [
        # Android Studio's build window, copied: Kotlin's rows without their severity
        "app/src/main/java/com/acme/shop/CartActivity.kt: (5, 20): Unresolved reference: total",
        "file:///C:/src/shop/app/src/main/java/com/acme/shop/CartActivity.kt:5:20 Unresolved reference: total",
    ],
)
def test_a_kotlin_row_copied_without_its_severity(line):
    [found] = parse_diagnostics(line)
    assert (found.path.rpartition("/")[2], found.line, found.column, found.tool) == (
        "CartActivity.kt",
        5,
        20,
        "kotlinc",
    )
    assert parse_diagnostics(line.replace(".kt", ".txt")) == []  # a Kotlin file's only


def test_next_js_s_compile_error_place_above_its_message():
    found = parse_diagnostics(evidence("javascript/next14_module_not_found.txt"))
    assert [(d.path, d.line, d.column, d.severity, d.tool) for d in found] == [
        ("app/layout.js", 1, 1, "error", "next")
    ]


def test_gradle_s_script_place_in_the_exception_that_carries_it():
    line = (
        "Caused by: org.gradle.internal.exceptions.LocationAwareException: "
        "Build file 'C:\\Users\\Paulo Victor\\shop\\app\\build.gradle' line: 15"
    )
    assert [(d.path, d.line) for d in parse_diagnostics(line)] == [
        ("C:/Users/Paulo Victor/shop/app/build.gradle", 15)
    ]


def test_flutter_analyze_s_own_renderings():
    text = (
        "Analyzing shop...\n"
        "\n"
        "  error • The method 'total' isn't defined for the type 'Cart' at lib/src/cart.dart:172:25 • (undefined_method)\n"
        "  error - Expected an identifier - lib\\orders.dart:17:32         - missing_identifier\n"
        "  error • Target of URI doesn't exist: 'package:flutter/material.dart' •\n"
        "         lib/main.dart:1:8 • uri_does_not_exist\n"
        "  error - Expected an identifier - lib\\constant.dart:4:36 -\n"
        "         missing_identifier\n"
    )
    assert [(d.path, d.line, d.column) for d in parse_diagnostics(text)] == [
        ("lib/src/cart.dart", 172, 25),
        ("lib/orders.dart", 17, 32),
        ("lib/main.dart", 1, 8),
        ("lib/constant.dart", 4, 36),
    ]


@pytest.mark.parametrize(
    ("name", "places"),
    [
        # ruff's grouped rows, each place padded to its file's widest
        (
            "python/ruff_grouped_padded",
            {("shop/cart.py", 2, 8), ("shop/cart.py", 2, 12), ("shop/cart.py", 15, 5)},
        ),
        # ninja's build directory: gcc's '../src/cart.c' is the checkout's src/cart.c
        ("c/meson_ninja", {("src/cart.c", 4, 16), ("src/cart.c", 5, 1)}),
        # rust-lld: the place that refers to an undefined symbol
        ("rust/lld_undefined_symbol", {("src/main.rs", 6, None)}),
    ],
)
def test_rows_a_survey_of_real_tools_found_unread(name, places):
    assert {(d.path, d.line, d.column) for d in parse_diagnostics(evidence(f"{name}.txt"))} == places


@pytest.mark.parametrize(
    ("name", "places"),
    [
        # an ES module's failed import: its place a URL above the source line
        ("javascript/node_esm_missing_export", {(T + "/jssurvey/esm/main.js", 1, None)}),
        # Biome's console reporter on any file it checks
        (
            "javascript/biome_css_json",
            {("data/prices.json", 2, 3), ("styles/cart.css", 2, 10), ("styles/cart.css", 3, 3)},
        ),
        # TypeScript 7's related information, indented and without a severity
        ("javascript/tsc7_related_pretty", {("src/checkout.ts", 3, 43), ("src/cart.ts", 1, 39)}),
        # Bun's annotations, a title with a colon in it
        ("javascript/bun_test_annotations", {("bun/cart.test.ts", 7, 54), ("src/cart.ts", 7, 59)}),
    ],
)
def test_rows_a_survey_of_javascript_s_tools_found_unread(name, places):
    assert {(d.path, d.line, d.column) for d in parse_diagnostics(evidence(f"{name}.txt"))} == places


@pytest.mark.parametrize(
    ("name", "rows"),
    [
        # Create React App's formatter: 'Line 3:45:' under the file, no severity per row
        (
            "javascript/eslint_cra",
            [
                ("src/cart.js", 3, 45, None, "Missing semicolon (semi)"),
                ("src/cart.js", 5, 48, None, "Missing semicolon (semi)"),
                ("src/cart.js", 7, 33, None, "'unused' is not defined (no-undef)"),
            ],
        ),
        # eslint 7's codeframe: the place after the message, a colon after it
        (
            "javascript/eslint7_codeframe",
            [
                (
                    "src/cart.js",
                    1,
                    1,
                    "warning",
                    "'use strict' is unnecessary inside of modules (strict)",
                ),
                ("src/cart.js", 3, 45, "error", "Missing semicolon (semi)"),
                ("src/cart.js", 5, 48, "error", "Missing semicolon (semi)"),
                ("src/cart.js", 7, 33, "error", "'unused' is not defined (no-undef)"),
            ],
        ),
    ],
)
def test_eslint_s_older_formatters(name, rows):
    parsed = parse_diagnostics(evidence(f"{name}.txt"))
    assert [(d.path, d.line, d.column, d.severity, d.message) for d in parsed] == rows


def test_a_line_named_in_words_is_a_row_only_under_a_file():
    # 'Line 3:45:' with no file above it names nothing; a sentence with ' at x.js:3:4:' is no codeframe
    assert parse_diagnostics("Compiled.\n  Line 3:45:  Missing semicolon  semi\n") == []
    assert parse_diagnostics("Compiled.\n3:45  error  Missing semicolon  semi\n") == []
    assert parse_diagnostics("error: it failed at build time, see docs.txt:3:4: later\n") == []


def test_esbuild_before_0_14_marks_its_rows():
    # ' > src/app.ts:2:24: error: …', its column from 0 as esbuild counts it
    assert [
        (d.path, d.line, d.column, d.severity, d.message)
        for d in parse_diagnostics(evidence("javascript/esbuild011.txt"))
    ] == [
        ("src/app.ts", 2, 24, "error", 'Could not resolve "./missing"'),
        ("src/cart.ts", 5, 0, "error", 'Unexpected "}"'),
    ]


@pytest.mark.parametrize(
    "name",
    [
        "javascript/eslint",
        "javascript/eslint_cra",
        "css/stylelint",
        "go/staticcheck_stylish",
        "ruby/reek",
        "yaml/yamllint",
    ],
)
def test_a_grouping_linter_s_rows_without_their_indentation(name):
    # copied from a page that collapses leading blanks (a rendered issue, a chat): each row still
    # sits under its file
    text = evidence(f"{name}.txt")
    dedented = "\n".join(line.lstrip(" \t") for line in text.split("\n"))
    places = {(d.path, d.line) for d in parse_diagnostics(text)}
    assert places
    assert {(d.path, d.line) for d in parse_diagnostics(dedented)} == places


# Rows a survey of less common tools' output pasted into public issues found unread (beside the
# captured ones above): older releases and tools that do not run here.
@pytest.mark.parametrize(
    "line, expected",
    [
        # Verilator before 3.9, no column
        ("%Error: cpu.v:138: syntax error, unexpected bit", ("cpu.v", 138, None, "error")),
        # GHDL before 2.0, prototool: no blank after the column
        (
            'src/vhdl/cpu_test.vhdl:264:7:error: no declaration for "x"',
            ("src/vhdl/cpu_test.vhdl", 264, 7, "error"),
        ),
        (
            'pkg/sql/processors.proto:95:12:Field name "zigzag" must be lower_snake_case.',
            ("pkg/sql/processors.proto", 95, 12, None),
        ),
        # Crystal before 0.24, the message on the place's line
        ("Error in ./src/cli_test.cr:12: undefined method 'caption'", ("src/cli_test.cr", 12, None, "error")),
        (
            "in ./src/cryload/cli.cr:10: instantiating 'Cryload::LoadGenerator:Class#new(String, Int32)'",
            ("src/cryload/cli.cr", 10, None, None),
        ),
        # testthat's older and development headings
        ("  7. Failure (at test-iso8601.r#144): Pelago non-matching", ("test-iso8601.r", 144, None, "error")),
        (
            "  1. Failure(@test-play.R#30): runTest.newVar handles random vectors.",
            ("test-play.R", 30, None, "error"),
        ),
        (" 1. Error: etl nyctaxi (@test-nyctaxi.R#9)", ("test-nyctaxi.R", 9, None, "error")),
        (
            "── 1. Error: failure (@test-that.R#99)  ───────────────────────────",
            ("test-that.R", 99, None, "error"),
        ),
        ("ERROR (test-that.R:111:5): failure", ("test-that.R", 111, 5, "error")),
        ("── Warning ('test-api.R:12:3'): old api ──", ("test-api.R", 12, 3, "warning")),
        # Elixir's syntax error
        ("** (SyntaxError) lib/cart.ex:12:5: syntax error before: ')'", ("lib/cart.ex", 12, 5, "error")),
        # Godot 4's place of a script's error, its editor's and its output panel's rows, its debugger's
        (
            "          at: GDScript::reload (res://addons/xr/player_body.gd:4)",
            ("addons/xr/player_body.gd", 4, None, "error"),
        ),
        (
            "  ERROR: res://addons/player2/api.gd:586 - Parse Error: Identifier not declared.",
            ("addons/player2/api.gd", 586, None, "error"),
        ),
        (
            "  res://ui/hud.gd:46 - Invalid set index 'value' (on base: 'PanelContainer').",
            ("ui/hud.gd", 46, None, "error"),
        ),
        (
            "  <C Source>     modules/gdscript/gdscript_editor.cpp:321 @ debug_get_stack_level_instance()",
            ("modules/gdscript/gdscript_editor.cpp", 321, None, "error"),
        ),
        # Vivado's place at the row's end, protolint's at its start
        (
            "ERROR: [Synth 8-1031] pin_number is not declared [/home/dev/fpga/src/top.vhdl:168]",
            ("/home/dev/fpga/src/top.vhdl", 168, None, "error"),
        ),
        (
            "CRITICAL WARNING: [Synth 8-3352] multi-driven net [/home/dev/fpga/src/top.vhdl:12]",
            ("/home/dev/fpga/src/top.vhdl", 12, None, "warning"),
        ),
        (
            '[proto/cloudEndpoints.proto:121:13] Field name "Disabled" must be LowerSnakeCase',
            ("proto/cloudEndpoints.proto", 121, 13, None),
        ),
        # SwiftPM's swiftbuild backend: the severity first, no colon after the column
        (
            "info: /srv/ci/shop/Sources/Cart.swift:160:20 protocol requires nested type 'FfiType'",
            ("/srv/ci/shop/Sources/Cart.swift", 160, 20, "info"),
        ),
        # the Dart analysis server in IntelliJ, meson before 0.47, gfortran before 5
        (
            "error: Undefined name 'JSON'. (undefined_identifier at [shop] lib/second.dart:34)",
            ("lib/second.dart", 34, None, "error"),
        ),
        (
            "Meson encountered an error in file meson.build, line 12, column 0:",
            ("meson.build", 12, 0, "error"),
        ),
        (
            "/home/dev/coretran/src/core/m_allocate.f90:44.4:",
            ("/home/dev/coretran/src/core/m_allocate.f90", 44, 4, None),
        ),
        # Julia before 0.7, the file it stopped loading
        (
            "while loading /srv/shop/calsim.jl, in expression starting on line 102",
            ("/srv/shop/calsim.jl", 102, None, "error"),
        ),
    ],
)
def test_rows_a_survey_of_less_common_tools_found_unread(line, expected):
    assert [(d.path, d.line, d.column, d.severity) for d in parse_diagnostics(line + "\n")] == [expected]


@pytest.mark.parametrize(
    "line",
    [
        "12:30:45:done",  # a clock, no file
        "cart.py:12:5:3",  # a span's numbers, no message
        "see cart.py:12:5:x",  # not at the line's start
        "In the end it works",  # Crystal's 'In' names a place
        "Failure (test-cart.py:4): not testthat's",  # testthat's files are R's
        "ERROR: [Synth 8-1031] no place in brackets",
    ],
)
def test_lines_like_the_less_common_tools_rows_that_are_none(line):
    assert parse_diagnostics(line + "\n") == []


def test_clojure_before_1_10_ends_an_exception_s_message_with_its_place():
    text = (
        'Exception in thread "main" java.lang.RuntimeException: Unable to resolve symbol: tax in this context,'
        " compiling:(shop/cart.clj:4:3)\n"
    )
    assert [(d.path, d.line, d.column, d.tool) for d in parse_diagnostics(text)] == [
        ("shop/cart.clj", 4, 3, "clojure")
    ]


def test_gradle_s_kotlin_script_errors_in_one_exception():
    text = (
        "ScriptCompilationException(errors=[ScriptCompilationError(message=Unresolved reference: grgit,"
        " location=/home/dev/.gradle/.tmp/gradle-kotlin-dsl-1674.tmp/build.gradle.kts (52:41)),"
        " ScriptCompilationError(message=Unresolved reference: version, location=/home/dev/.gradle/.tmp/"
        "gradle-kotlin-dsl-1674.tmp/build.gradle.kts (53:39))])\n"
    )
    assert [(d.path.rpartition("/")[2], d.line, d.column, d.message) for d in parse_diagnostics(text)] == [
        ("build.gradle.kts", 52, 41, "Unresolved reference: grgit"),
        ("build.gradle.kts", 53, 39, "Unresolved reference: version"),
    ]


def test_warnings_as_wide_as_one_another_above_their_places_are_no_wrap():
    # Elixir's compiler: three warnings of one width, the widest lines, most with an indented place
    # below (a console's wrap seldom goes on indented)
    text = (
        "warning: function BusCar.Api.get/1 is undefined (module BusCar.Api is not available)\n"
        "Found at 2 locations:\n"
        "  lib/bus_car/explain.ex:5\n"
        "  lib/bus_car/explain.ex:13\n"
        "\n"
        "warning: function BusCar.Api.get/1 is undefined (module BusCar.Api is not available)\n"
        "  lib/bus_car/search.ex:2\n"
        "\n"
        "warning: function BusCar.Api.put/2 is undefined (module BusCar.Api is not available)\n"
        "  lib/bus_car/index.ex:6\n"
    )
    assert [(d.path, d.line) for d in parse_diagnostics(text)] == [
        ("lib/bus_car/explain.ex", 5),
        ("lib/bus_car/explain.ex", 13),
        ("lib/bus_car/search.ex", 2),
        ("lib/bus_car/index.ex", 6),
    ]


# Rows a survey of linters and type checkers pasted from CI logs found unread (the tools do not run
# here, or not in these releases).
@pytest.mark.parametrize(
    "text, expected",
    [
        # errcheck: the code after a tab
        (
            "internal/cart/fetcher.go:126:18:\tf.provider.Close()\n",
            [("internal/cart/fetcher.go", 126, 18, None)],
        ),
        # golangci-lint's tab format
        (
            "internal/http.go:135:6        revive  exported: exported type AuthErrorFunc should have comment\n",
            [("internal/http.go", 135, 6, None)],
        ),
        # GitHub Actions' 'Error: ' before a tsc row
        (
            "Error: src/components/cart.vue(5,23): error TS2339: Property 'data' does not exist on type 'unknown'.\n",
            [("src/components/cart.vue", 5, 23, "error")],
        ),
        # pyre, cspell
        (
            "main/main.py:24:15 Unsupported operand [58]: `+` is not supported for operand types `str` and `int`.\n",
            [("main/main.py", 24, 15, "error")],
        ),
        (
            "docs/concepts/logs.md:17:1 - Unknown word (autoinstrumentation)\n",
            [("docs/concepts/logs.md", 17, 1, None)],
        ),
        # shellcheck before 0.7: no severity after the code; a script without an extension
        (
            "In deploy line 64:\n  it=$(urlencode $term)\n                 ^---^ SC2086: Double quote to prevent globbing.\n",
            [("deploy", 64, None, None)],
        ),
        # pylint before 2.0: the rows under the module's header
        (
            '************* Module shop.basics\nC:  9, 0: Invalid argument name "x" (invalid-name)\n',
            [("shop/basics.py", 9, None, "convention")],
        ),
        # stylelint 2 and 3: the file, then a row a line
        (
            "stylelint.scss\n15:1\tExpected indentation of 2 spaces (indentation)\n",
            [("stylelint.scss", 15, 1, None)],
        ),
        # SpotBugs through maven
        (
            "[ERROR] Medium: com.acme.Cart.getItems() may expose internal representation [com.acme.Cart] At Cart.java:[line 125] EI_EXPOSE_REP\n",
            [("Cart.java", 125, None, None)],
        ),
        # pytype: a traceback's row's shape, an error
        (
            "File \"shop/cart.py\", line 116, in read: unsupported operand type(s) for +: 'bytearray' and 'bytes' [unsupported-operands]\n",
            [("shop/cart.py", 116, None, "error")],
        ),
        # Psalm
        (
            "ERROR: UndefinedMethod - src/Post/PostController.php:58:44 - Method PostForm::getFirstErrors does not exist (see https://psalm.dev/022)\n",
            [("src/Post/PostController.php", 58, 44, "error")],
        ),
        # checkov's line range, PHPStan's line behind a colon
        (
            'Check: CKV_AWS_28: "Ensure backup"\n\tFile: /dynamodb.tf:33-59\n',
            [("/dynamodb.tf", 33, None, None)],
        ),
        (
            " ------ ---------------------------------\n  Line   tagController.php\n ------ ---------------------------------\n  :108   Method renameAction() has no return type specified.\n",
            [("tagController.php", 108, None, None)],
        ),
    ],
)
def test_rows_a_survey_of_linters_in_ci_found_unread(text, expected):
    assert [(d.path, d.line, d.column, d.severity) for d in parse_diagnostics(text)] == expected


def test_a_pytype_error_is_no_frame_of_a_traceback():
    line = 'File "shop/cart.py", line 116, in read: unsupported operand type(s) [unsupported-operands]\n'
    assert parse_frames(line) == []
    assert [(f.path, f.function) for f in parse_frames('  File "shop/cart.py", line 9, in total\n')] == [
        ("shop/cart.py", "total")
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        # bats (in TAP and its pretty formatter), a setup's failure
        ("not ok 1 totals\n# (in test file test/cart.bats, line 7)\n", [("test/cart.bats", 7, "bats")]),
        ("   (from function `setup' in test file test/cart.bats, line 4)\n", [("test/cart.bats", 4, "bats")]),
        # Test::More's failure on one line, Pester's place
        (
            "Failed test 'hbeat count' at t/07-client.t line 187. got: '4'\n",
            [("t/07-client.t", 187, "test-more")],
        ),
        (
            "        at line: 81 in C:\\projects\\shop\\Tests\\Cart.tests.ps1\n",
            [("C:/projects/shop/Tests/Cart.tests.ps1", 81, "pester")],
        ),
        # Playwright's line reporter on Windows, a folder's blank
        (
            "[1/1] [chromium] › e2e\\Fixed Income\\yields.spec.ts:84:9 › Fixed Income › shows yields\n",
            [("e2e/Fixed Income/yields.spec.ts", 84, "playwright")],
        ),
        # hspec's GHC span alone on its line
        ("  test/ParserSpec.hs:(48,13)-(52,20):\n", [("test/ParserSpec.hs", 48, "generic")]),
    ],
)
def test_places_test_runners_print_on_a_line_of_their_own(text, expected):
    assert [(d.path, d.line, d.tool) for d in parse_diagnostics(text)] == expected


# Places a survey of mobile, data and infrastructure tools' errors found unread.
@pytest.mark.parametrize(
    "text, expected",
    [
        # GitHub Actions' check of a workflow: a called workflow's place after the caller's
        (
            "The workflow is not valid. In .github/workflows/ci.yml (Line: 20, Col: 11): Error from called workflow"
            " acme/workflows/.github/workflows/plugins-ci.yml@v3 (Line: 104, Col: 11): A mapping was not expected\n",
            [
                (".github/workflows/ci.yml", 20, 11),
                ("acme/workflows/.github/workflows/plugins-ci.yml", 104, 11),
            ],
        ),
        (
            "Invalid workflow file: .github/workflows/test.yml#L1(Line: 24, Col: 13): Unexpected value 'on'\n",
            [(".github/workflows/test.yml", 24, 13)],
        ),
        # Ant's task before aapt's row
        (
            " [aapt] /home/dev/shop/res/menu/options_menu.xml:11: error: Error: No resource found\n",
            [("/home/dev/shop/res/menu/options_menu.xml", 11, None)],
        ),
        # BuildKit's Dockerfile above the lines it quotes; Helm 4's template behind 'Error: '
        (
            "Dockerfile:168\n--------------------\n 168 | >>> COPY .git /app/.git\n",
            [("Dockerfile", 168, None)],
        ),
        (
            'Error: shop/templates/rbac.yaml:2:13\n  executing "shop/templates/rbac.yaml" at <.Values.x>:\n',
            [("shop/templates/rbac.yaml", 2, 13)],
        ),
        # Helm's included template, the cause, after the including one
        (
            '[ERROR] templates/: template: shop/templates/kmskey.yaml:6:11: executing "shop/templates/object.yaml" at'
            ' <include "shop.fullname" .>: error calling include: template: shop/templates/_helpers.tpl:15:14: executing\n',
            [("shop/templates/kmskey.yaml", 6, 11), ("shop/templates/_helpers.tpl", 15, 14)],
        ),
        # CocoaPods' place of a Podfile's error
        (" #  from /Users/dev/shop/Podfile:28\n", [("/Users/dev/shop/Podfile", 28, None)]),
        # the manifest merger: a library's declaration and the app's manifest
        (
            "\tSuggestion: add 'tools:replace=\"android:appComponentFactory\"' to <application> element at"
            " AndroidManifest.xml:26:5-412:19 to override.\n",
            [("AndroidManifest.xml", 26, 5)],
        ),
        # Ansible's message as a list's item
        (
            "- The error appears to be in 'roles/add/tasks/main.yml': line 9, column 7\n",
            [("roles/add/tasks/main.yml", 9, 7)],
        ),
        # MSBuild under 'Program Files (x86)'; Dart's file URL's path on Windows
        (
            "1>C:\\Program Files (x86)\\Microsoft Visual Studio\\2019\\MSBuild\\Microsoft.MakeFile.Targets(46,5): error MSB3073: The command exited\n",
            [
                (
                    "C:/Program Files (x86)/Microsoft Visual Studio/2019/MSBuild/Microsoft.MakeFile.Targets",
                    46,
                    5,
                )
            ],
        ),
        (
            "/D:/apps/shop/lib/main.dart:368:22: Error: The method 'call' isn't defined\n",
            [("D:/apps/shop/lib/main.dart", 368, 22)],
        ),
        # psql's and mysql's places in the script they ran
        (
            'psql:D:/mimic/concepts/echo_data.sql:46: error:  syntax error near "`"\n',
            [("D:/mimic/concepts/echo_data.sql", 46, None)],
        ),
        (
            "ERROR 1064 (42000) at line 3 in file: './procedures/ratio.sql': You have an error in your SQL syntax\n",
            [("procedures/ratio.sql", 3, None)],
        ),
    ],
)
def test_places_a_survey_of_mobile_data_and_infrastructure_tools_found_unread(text, expected):
    assert [(d.path, d.line, d.column) for d in parse_diagnostics(text)] == expected


def test_a_python_warning_s_row_is_a_warning():
    text = "/srv/shop/conventions.py:492: SerializationWarning: variable 'test' has _Unsigned attribute\n"
    assert [(d.line, d.severity) for d in parse_diagnostics(text)] == [(492, "warning")]


@pytest.mark.parametrize(
    "text, expected",
    [
        # esbuild's place behind its namespace, under its error and in its summary
        (
            '✘ [ERROR] Could not resolve "./server.node.js"\n    node-file:/srv/shop/node_modules/react-dom/server.node.js:2:27:\n',
            [("/srv/shop/node_modules/react-dom/server.node.js", 2, 27, None)],
        ),
        (
            "deno:file:///srv/shop/islands/Counter.tsx:2:40: ERROR: [plugin: deno] The module was missing\n",
            [("/srv/shop/islands/Counter.tsx", 2, 40, "error")],
        ),
        # webpack's TypeScript row with a blank before the position (awesome-typescript-loader)
        (
            "ERROR in /srv/shop/src/api/base.service.ts (13,32): Property 'api' does not exist\n",
            [("/srv/shop/src/api/base.service.ts", 13, 32, "error")],
        ),
        # Drupal's log
        (
            "Error: Call to undefined method Drupal::entityManager() in Shop\\Plugin\\Filter->valueForm() (line 219 of /var/www/modules/shop/src/Plugin/Filter.php).\n",
            [("/var/www/modules/shop/src/Plugin/Filter.php", 219, None, "error")],
        ),
        # Sphinx's upper-case severity
        (
            "docs/index.rst:4: WARNING: toctree contains reference to nonexisting document 'x'\n",
            [("docs/index.rst", 4, None, "warning")],
        ),
    ],
)
def test_places_a_survey_of_web_frameworks_found_unread(text, expected):
    assert [(d.path, d.line, d.column, d.severity) for d in parse_diagnostics(text)] == expected


def test_places_on_the_line_below_their_file():
    # brakeman's text report: each warning's file, then its line; a warning with no line gives none
    brakeman = (
        "Message: Unescaped model attribute\n"
        "File: app/views/posts/show.html.erb\n"
        "Line: 51\n"
        "Message: Possible SQL injection\n"
        "File: app/models/post.rb\n"
        "Confidence: Weak\n"
        "Line: 7\n"
    )
    assert [(d.path, d.line, d.tool) for d in parse_diagnostics(brakeman)] == [
        ("app/views/posts/show.html.erb", 51, "brakeman"),
        ("app/models/post.rb", 7, "brakeman"),
    ]
    assert parse_diagnostics("Line: 51\n") == []
    assert parse_diagnostics("File: app/models/post.rb\n\nLine: 7\n") == []  # another block's
    # GitHub's page renders a workflow's check as a link, its place on the line below
    rendered = (
        "[Invalid workflow file: .github/workflows/automerge.yml#L1](https://github.com/acme/shop/actions/runs/1)\n"
        "(Line: 10, Col: 3): Unexpected value 'workflows'\n"
    )
    assert [(d.path, d.line, d.column, d.message) for d in parse_diagnostics(rendered)] == [
        (".github/workflows/automerge.yml", 10, 3, "Unexpected value 'workflows'")
    ]
    assert parse_diagnostics("(Line: 10, Col: 3): Unexpected value 'workflows'\n") == []
