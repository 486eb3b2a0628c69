"""contracts: a route in the prose at its definitions first, then at the handlers that register it."""

import pytest

from boundedcode import MemoryTree, retrieve
from boundedcode.lang.routes import PARAM, parse_route, route_match

from ..conftest import write_tree

GET_ORDER = "GET /api/v1/orders/{id} returns 500 for an unknown id"


def run(files, message, **kw):
    return retrieve(message, tree=MemoryTree(files), **kw)


def found(result, strategy="contracts"):
    """(path, line, symbol, reason) of the items the strategy contributed to, in rank order."""
    return [(it.path, it.line, it.symbol, it.reason) for it in result.items if strategy in it.strategies]


def contracts_run(result):
    return next(s for s in result.strategies if s.strategy == "contracts")


# --- routes ----------------------------------------------------------------------


def test_parameters_match_in_every_spelling_and_specs_match_under_a_base():
    message = parse_route("GET /api/v1/orders/{id}")
    assert message.segments == ("api", "v1", "orders", PARAM)
    for spelling in (
        "/orders/{id}",
        "/orders/:id",
        "/orders/<int:id>",
        "/orders/<id>",
        "^orders/(?P<pk>[0-9]+)/$",
        "/api/v1/orders/{id:[0-9]+}",
        "${BASE}/orders/${id}",
    ):
        assert route_match(parse_route(spelling), message)[0] == "full", spelling
    assert route_match(parse_route("/orders/search"), message) is None  # another route
    assert route_match(parse_route("/v2/orders/{id}"), message) is None  # another version
    assert route_match(parse_route("POST /api/v1/orders/{id}"), message) is None
    # A prefix (a controller's base path) matches the middle, and says what is left below it.
    assert route_match(parse_route("/api/v1/orders"), message) == ("prefix", 3, 0, (PARAM,))


# --- definitions -------------------------------------------------------------------

OPENAPI = """openapi: 3.0.3
info:
  title: shop
servers:
  - url: https://shop.example.com/api/v1
paths:
  /orders:
    get:
      operationId: listOrders
  /orders/{id}:
    parameters:
      - name: id
    get:
      operationId: getOrder
    delete:
      operationId: deleteOrder
components:
  schemas:
    orders:
      type: array
"""

SWAGGER = """{
  "swagger": "2.0",
  "basePath": "/api/v1",
  "paths": {
    "/orders/{orderId}": {
      "get": {
        "operationId": "findOrder"
      }
    }
  }
}
"""

ASYNCAPI = """asyncapi: 2.6.0
info:
  title: order events
channels:
  /orders/{id}/events:
    subscribe:
      message:
        name: OrderEvent
"""

PROTO = """syntax = "proto3";
package acme.orders.v1;

service OrderService {
  rpc ListOrders(ListOrdersRequest) returns (ListOrdersResponse) {
    option (google.api.http) = { get: "/v1/orders" };
  }
  rpc GetOrder(GetOrderRequest) returns (Order) {
    option (google.api.http) = {
      get: "/v1/orders/{id}"
    };
  }
}
"""

GRAPHQL = """type Order {
  id: ID!
  cancelOrder: Boolean
}

type Query {
  order(id: ID!): Order
}

type Mutation {
  cancelOrder(id: ID!): Order
}
"""


@pytest.mark.parametrize(
    "files, message, expected",
    [
        (
            {"api/openapi.yaml": OPENAPI},
            GET_ORDER,
            ("api/openapi.yaml", 13, "getOrder", "defines GET /orders/{id} (OpenAPI)"),
        ),
        (
            {"api/openapi.yaml": OPENAPI},
            "DELETE /orders/:id is not idempotent",
            ("api/openapi.yaml", 15, "deleteOrder", "defines DELETE /orders/{id} (OpenAPI)"),
        ),
        (
            {"api/swagger.json": SWAGGER},
            GET_ORDER,
            ("api/swagger.json", 6, "findOrder", "defines GET /orders/{orderId} (Swagger)"),
        ),
        (
            {"api/asyncapi.yaml": ASYNCAPI},
            "the /orders/{id}/events endpoint drops messages",
            ("api/asyncapi.yaml", 5, None, "defines /orders/{id}/events (AsyncAPI)"),
        ),
        (
            {"proto/orders.proto": PROTO},
            GET_ORDER,
            ("proto/orders.proto", 8, "GetOrder", "defines rpc GetOrder GET /v1/orders/{id} (protobuf)"),
        ),
        (
            {"proto/orders.proto": PROTO},
            "POST /acme.orders.v1.OrderService/GetOrder times out",
            ("proto/orders.proto", 8, "GetOrder", "defines rpc OrderService.GetOrder (protobuf)"),
        ),
        (
            {"schema/schema.graphql": GRAPHQL},
            "The `cancelOrder` mutation returns null",
            ("schema/schema.graphql", 11, "cancelOrder", "defines Mutation.cancelOrder (GraphQL)"),
        ),
    ],
)
def test_definitions_in_contract_files(files, message, expected):
    result = run(files, message)
    assert found(result)[0] == expected


def test_definitions_come_before_handlers():
    files = {
        "api/openapi.yaml": OPENAPI,
        "server/routes.go": "package server\n\nfunc routes(r chi.Router) {\n"
        '\tr.Get("/api/v1/orders/{id}", getOrder)\n}\n',
    }
    result = run(files, GET_ORDER)
    assert [p for p, *_ in found(result)] == ["api/openapi.yaml", "server/routes.go"]
    assert result.items[0].score > result.items[1].score


# --- handlers ------------------------------------------------------------------------

HANDLERS = [
    # Go: net/http (1.22 patterns), chi, gin, echo, gorilla/mux.
    (
        "go/main.go",
        "package main\n\nfunc main() {\n\tmux := http.NewServeMux()\n"
        '\tmux.HandleFunc("GET /api/v1/orders/{id}", getOrder)\n}\n',
        5,
        "getOrder",
    ),
    (
        "go/chi.go",
        'package api\n\nfunc Routes(r chi.Router) {\n\tr.Get("/orders/{id}", h.GetOrder)\n'
        '\tr.Post("/orders", h.CreateOrder)\n}\n',
        4,
        "h.GetOrder",
    ),
    (
        "go/gin.go",
        'package api\n\nfunc Register(r *gin.Engine) {\n\tv1 := r.Group("/api/v1")\n'
        '\tv1.GET("/orders/:id", getOrder)\n}\n',
        5,
        "getOrder",
    ),
    (
        "go/echo.go",
        'package api\n\nfunc Register(e *echo.Echo) {\n\te.GET("/api/v1/orders/:id", getOrder)\n}\n',
        4,
        "getOrder",
    ),
    (
        "go/mux.go",
        "package api\n\nfunc Register(r *mux.Router) {\n"
        '\tr.HandleFunc("/orders/{id:[0-9]+}", getOrder).Methods("GET")\n'
        '\tr.HandleFunc("/orders/{id:[0-9]+}", deleteOrder).Methods("DELETE")\n}\n',
        4,
        "getOrder",
    ),
    # JavaScript and TypeScript: Express, Koa, NestJS.
    (
        "web/routes.ts",
        "import { Router } from 'express';\nconst router = Router();\n"
        "router.get('/orders/:id', auth, getOrder);\nexport default router;\n",
        3,
        "getOrder",
    ),
    (
        "web/koa.js",
        "const router = new Router();\nrouter.get('/api/v1/orders/:id', async (ctx) => {\n"
        "  ctx.body = await load(ctx.params.id);\n});\n",
        2,
        None,
    ),
    (
        "web/orders.controller.ts",
        "@Controller('orders')\nexport class OrdersController {\n  @Get()\n"
        "  list() { return []; }\n\n  @Get(':id')\n  findOne(@Param('id') id: string) {\n"
        "    return this.orders.get(id);\n  }\n}\n",
        6,
        "findOne",
    ),
    # Python: Flask, FastAPI, Django.
    (
        "app/views.py",
        "from flask import Flask\napp = Flask(__name__)\n\n\n"
        '@app.route("/orders/<int:order_id>", methods=["GET"])\ndef get_order(order_id):\n'
        "    return {}\n",
        5,
        "get_order",
    ),
    (
        "app/api.py",
        'router = APIRouter(prefix="/api/v1")\n\n\n@router.get("/orders/{order_id}")\n'
        "async def read_order(order_id: int):\n    return {}\n",
        4,
        "read_order",
    ),
    (
        "shop/urls.py",
        "from django.urls import path, re_path\nfrom . import views\n\nurlpatterns = [\n"
        '    path("orders/", views.order_list),\n'
        '    path("orders/<int:pk>/", views.order_detail, name="order-detail"),\n]\n',
        6,
        "views.order_detail",
    ),
    (
        "legacy/urls.py",
        'urlpatterns = [\n    re_path(r"^orders/(?P<pk>[0-9]+)/$", views.order_detail),\n]\n',
        2,
        "views.order_detail",
    ),
    # Java Spring: a class prefix and the method's mapping below it.
    (
        "java/src/main/java/com/acme/OrderController.java",
        'package com.acme;\n\n@RestController\n@RequestMapping("/api/v1/orders")\npublic class OrderController {\n'
        "    @GetMapping\n    public List<Order> list() { return List.of(); }\n\n"
        '    @GetMapping("/{id}")\n    public Order get(@PathVariable long id) {\n        return null;\n    }\n}\n',
        9,
        "get",
    ),
    # PHP: Laravel and Symfony.
    (
        "routes/api.php",
        "<?php\n\nuse Illuminate\\Support\\Facades\\Route;\n\n"
        "Route::get('/orders/{id}', [OrderController::class, 'show']);\n",
        5,
        "OrderController@show",
    ),
    (
        "src/Controller/OrderController.php",
        "<?php\nnamespace App\\Controller;\n\nclass OrderController\n{\n"
        "    #[Route('/api/v1/orders/{id}', name: 'order_show', methods: ['GET'])]\n"
        "    public function show(int $id): Response\n    {\n    }\n}\n",
        6,
        "show",
    ),
    # Ruby on Rails: a route and resources.
    (
        "config/routes.rb",
        "Rails.application.routes.draw do\n  namespace :api do\n"
        '    get "orders/:id", to: "orders#show"\n  end\nend\n',
        3,
        "orders#show",
    ),
    (
        "config/routes.rb",
        "Rails.application.routes.draw do\n  resources :users\n  resources :orders\nend\n",
        3,
        None,
    ),
    # Rust: axum and actix-web.
    (
        "src/main.rs",
        "fn app() -> Router {\n    Router::new()\n"
        '        .route("/orders/:id", get(get_order).delete(delete_order))\n}\n',
        3,
        "get_order",
    ),
    (
        "src/handlers.rs",
        '#[get("/orders/{id}")]\nasync fn get_order(path: web::Path<u64>) -> impl Responder {\n'
        "    HttpResponse::Ok()\n}\n",
        1,
        "get_order",
    ),
    # Route files in YAML: serverless, Symfony.
    (
        "serverless.yml",
        "functions:\n  getOrder:\n    handler: orders.get\n    events:\n      - http: GET orders/{id}\n",
        5,
        None,
    ),
    (
        "config/routes.yaml",
        "order_show:\n    path: /orders/{id}\n    controller: App\\Controller\\Orders::show\n",
        2,
        None,
    ),
    # C#: ASP.NET attributes under a controller route.
    (
        "Controllers/OrdersController.cs",
        '[ApiController]\n[Route("api/v1/orders")]\npublic class OrdersController : ControllerBase\n{\n'
        '    [HttpGet("{id}")]\n    public ActionResult<Order> Get(int id)\n    {\n        return null;\n    }\n}\n',
        5,
        "Get",
    ),
]


@pytest.mark.parametrize("path, source, line, symbol", HANDLERS, ids=[h[0] + f":{h[2]}" for h in HANDLERS])
def test_handlers_in_each_framework(path, source, line, symbol):
    result = run({path: source}, GET_ORDER)
    assert found(result)[:1] == [(path, line, symbol, found(result)[0][3])]
    assert found(result)[0][3].startswith("registers "), found(result)


def test_a_method_specific_route_that_only_shares_a_prefix_is_another_route():
    files = {
        "go/chi.go": 'package api\n\nfunc Routes(r chi.Router) {\n\tr.Get("/api/v1/orders", list)\n'
        '\tr.Post("/api/v1/orders/{id}", update)\n}\n'
    }
    result = run(files, GET_ORDER)
    assert found(result) == []
    assert contracts_run(result).ran and contracts_run(result).findings == 0


def test_clients_count_as_uses_after_handlers():
    files = {
        "server/routes.go": "package server\n\nfunc routes(r chi.Router) {\n"
        '\tr.Get("/api/v1/orders/{id}", getOrder)\n}\n',
        "web/client.ts": "export const getOrder = (id: string) =>\n"
        "  fetch(`/api/v1/orders/${id}`).then((r) => r.json());\n",
        "web/other.ts": "axios.get('/api/v1/orders/search', { params });\n",
    }
    result = run(files, GET_ORDER)
    assert [(p, line, reason) for p, line, _, reason in found(result)] == [
        ("server/routes.go", 4, "registers GET /api/v1/orders/{id}"),
        ("web/client.ts", 2, "calls /api/v1/orders/${id}"),
    ]


def test_a_route_starts_a_word():
    files = {
        "internal/orders/store.go": "package orders\n\nfunc routes(r chi.Router) {\n"
        '\tr.Get("/orders", list)\n}\n'
    }
    result = run(files, "the cache in internal/orders is never cleared")
    assert not contracts_run(result).ran
    assert not any(a.kind == "route" for a in result.anchors)


# --- one polyglot result ---------------------------------------------------------------

POLYGLOT = {
    "go/cmd/server/main.go": 'package main\n\nimport (\n\t"net/http"\n\n\t"example.com/shop/go/internal/db"\n'
    '\t"example.com/shop/go/orders"\n)\n\nfunc main() {\n\tstore := db.Open()\n'
    "\tmux := http.NewServeMux()\n"
    '\tmux.HandleFunc("GET /api/v1/orders/{id}", orders.Get(store))\n'
    '\thttp.ListenAndServe(":8080", mux)\n}\n',
    "go/internal/db/db.go": 'package db\n\nimport (\n\t"database/sql"\n\t"os"\n)\n\nfunc Open() *sql.DB {\n'
    '\tdb, _ := sql.Open("postgres", os.Getenv("SHOP_DB_URL"))\n\treturn db\n}\n',
    "go/orders/orders.go": "package orders\n\nfunc Get(store any) http.HandlerFunc { return nil }\n",
    "api/openapi.yaml": OPENAPI,
    "web/src/client.ts": "export async function fetchOrder(id: string) {\n"
    "  const res = await fetch(`/api/v1/orders/${id}`);\n  return res.json();\n}\n",
    "db/migrations/001_orders.sql": "CREATE TABLE orders (id serial PRIMARY KEY, total_cents bigint);\n",
    "db/migrations/002_order_items.sql": "CREATE TABLE order_items (order_id int REFERENCES orders(id));\n",
}


def test_polyglot_service_gets_definition_handler_and_reader_in_one_result(tmp_path):
    repo = write_tree(tmp_path, POLYGLOT)
    result = retrieve("GET /api/v1/orders/{id} returns 500 when SHOP_DB_URL is unset", str(repo))
    places = {it.path: (it.line, it.reason) for it in result.items}
    assert places["api/openapi.yaml"] == (13, "defines GET /orders/{id} (OpenAPI)")
    assert places["go/cmd/server/main.go"] == (13, "registers GET /api/v1/orders/{id}")
    assert places["go/internal/db/db.go"] == (9, "reads SHOP_DB_URL")
    assert result.paths.index("api/openapi.yaml") < result.paths.index("go/cmd/server/main.go")
    # The migration mentions orders too (discovery's content words), but ranks below all three.
    answers = [
        result.paths.index(p) for p in ("api/openapi.yaml", "go/cmd/server/main.go", "go/internal/db/db.go")
    ]
    assert all(i > max(answers) for i, p in enumerate(result.paths) if p.startswith("db/migrations/"))


def _contract_findings(files, message):
    """The contracts strategy's findings for `message`, by the route each places."""
    from boundedcode.checkout.budgets import DEFAULT_BUDGETS
    from boundedcode.checkout.walk import walk
    from boundedcode.navigator import Composite, PatternNavigator
    from boundedcode.scan import MemoryScanner, scan
    from boundedcode.scan.rescan import Rescan
    from boundedcode.seeds import message_anchors, message_facts
    from boundedcode.strategies import Evidence, PathIndex, Plan
    from boundedcode.strategies.contracts import ContractsStrategy

    tree = MemoryTree(files)
    anchors = message_anchors(message)
    paths = walk(tree, DEFAULT_BUDGETS).paths
    plan = Plan(tuple(anchors), message_facts(message, anchors))
    needles = [n for _, n in ContractsStrategy().needles(plan)]
    shared = scan(tree, paths, needles, DEFAULT_BUDGETS, float("inf"), MemoryScanner())
    rescan = Rescan(
        tree,
        paths,
        DEFAULT_BUDGETS,
        float("inf"),
        MemoryScanner(),
        shared,
        needles,
        bounds_reached=[],
        notes=[],
    )
    navigator = Composite([], PatternNavigator(tree, paths, occurrences=rescan.occurrences))
    ev = Evidence(
        plan, paths, PathIndex(paths), shared, tree.read, navigator, rescan, DEFAULT_BUDGETS, [], tree.size
    )
    out: dict[str, list] = {}
    for f in ContractsStrategy().find(ev):
        out.setdefault(f.anchor.text, []).append((f.path, f.line, f.reliability, f.specificity, f.reason))
    return out


def test_routes_that_share_words_are_each_placed_as_when_asked_alone():
    """A message listing routes reads each needle's lines once for all of them: each route's
    findings are the ones it has in a message of its own (the frameworks' handlers, a contract
    document, a client)."""
    files = {path: source for path, source, _, _ in HANDLERS}
    files["api/openapi.yaml"] = OPENAPI
    files["web/client.ts"] = "export const getOrder = (id: string) =>\n  fetch(`/api/v1/orders/${id}`);\n"
    routes = ["GET /api/v1/orders/{id}", "POST /api/v1/orders", "GET /api/v1/orders", "DELETE /orders/{id}"]
    together = _contract_findings(files, "These fail: " + ", ".join(routes))
    assert len(together) == len(routes) and sum(map(len, together.values())) > len(HANDLERS)
    for route in routes:
        alone = _contract_findings(files, f"This fails: {route}")
        assert together[route] == alone[route], route
