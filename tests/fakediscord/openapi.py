"""Checks what the bot sends and what the fake answers against Discord's OpenAPI description.

``spec/openapi.json`` is the part of Discord's official description (github.com/discord/
discord-api-spec, MIT; see ``spec/README.md``) that covers the routes the fake serves and the
objects its gateway sends. :func:`spec` loads it once per process; each schema is compiled into
plain Python checks the first time it is used, so a check costs tens of microseconds, not the
milliseconds a general JSON-Schema library spends on Discord's deeply nested unions.

Each check returns a list of problems, one readable line each, starting with the JSON path it is
about (``$.allowed_mentions.users: has a duplicate item '2001'``); an empty list means the
payload conforms.

- :meth:`Spec.check_request`: the JSON body of a request (or the ``payload_json`` part of a
  multipart one) against the operation's request body schema;
- :meth:`Spec.check_response`: an answer against the operation's response for its status;
- :meth:`Spec.check_dispatch`: a gateway dispatch. The description has no gateway schemas, so
  events are checked through the REST objects they carry: READY's user, GUILD_CREATE's guild
  with its channels, members and threads, and INTERACTION_CREATE's interaction, whose envelope
  (:data:`INTERACTION`) is put together here from the documented fields and the description's
  schemas for its parts.

The validator covers the part of JSON Schema 2020-12 (OpenAPI 3.1) that the description uses:
``$ref``, ``oneOf``/``anyOf``/``allOf``, ``type`` (a list where null is allowed), ``enum``,
``const``, ``required``, ``properties``, ``additionalProperties``, ``items``, ``minItems``/
``maxItems``, ``uniqueItems``, ``minLength``/``maxLength``, ``minimum``/``maximum``,
``minProperties``/``maxProperties``, ``pattern``, and the integer formats ``int32``/``int64``
(as ranges). Other ``format`` values, titles and descriptions are annotations; a keyword it
does not know makes compiling fail, so a new version of the description cannot be checked
only in part without anyone noticing.

Where the description is stricter about requests than Discord and its developer docs, the docs
win (:data:`REQUEST_READINGS`): a snowflake sent *to* Discord may be a JSON integer as well as a
string of digits (discord.py sends ``allowed_mentions`` ids as integers), and a command's
``default_member_permissions`` a string of digits as well as an integer (the docs' type).
Answers are checked against the description as it is.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["INTERACTION", "Spec", "spec"]

SPEC_FILE = Path(__file__).resolve().parent / "spec" / "openapi.json"
SNOWFLAKE = "#/components/schemas/SnowflakeType"

# a compiled schema: checks a value found at a JSON path, appending problems to a list
Check = Callable[[Any, str, list[str]], None]

ANNOTATIONS = frozenset({"title", "description", "format", "contentEncoding", "x-discord-union",
                         "deprecated", "default", "examples", "example", "readOnly",
                         "writeOnly"})
INTEGER_FORMATS = {"int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1)}
DIGITS = {"type": "string", "pattern": "^[0-9]+$"}

# what Discord takes in requests, where the description says less: (JSON pointer into the
# description, the schema that replaces what is there)
REQUEST_READINGS: list[tuple[str, dict[str, Any]]] = [
    (SNOWFLAKE, {"anyOf": [{"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
                           {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}]}),
    ("#/components/schemas/ApplicationCommandUpdateRequest/properties/"
     "default_member_permissions",
     {"anyOf": [{"type": ["integer", "null"], "minimum": 0, "maximum": 18014398509481983},
                {**DIGITS, "maxLength": 17}]}),
]


def _schema(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


# The interaction object of INTERACTION_CREATE (developer docs, "Receiving and Responding":
# the interaction object), from the description's schemas for its parts. Fields the docs say
# are always sent to bots are required; data is left open, as its shape depends on the type.
INTERACTION: dict[str, Any] = {
    "type": "object",
    "required": ["id", "application_id", "type", "token", "version", "app_permissions",
                 "locale", "entitlements", "authorizing_integration_owners", "context",
                 "attachment_size_limit"],
    "properties": {
        "id": {"$ref": SNOWFLAKE},
        "application_id": {"$ref": SNOWFLAKE},
        "type": _schema("InteractionTypes"),
        "data": {"type": "object"},
        "guild": {"type": "object", "required": ["id"],
                  "properties": {"id": {"$ref": SNOWFLAKE}}},
        "guild_id": {"$ref": SNOWFLAKE},
        "channel": {"oneOf": [_schema("GuildChannelResponse"),
                              _schema("PrivateChannelResponse"), _schema("ThreadResponse")]},
        "channel_id": {"$ref": SNOWFLAKE},
        "member": {"allOf": [_schema("PrivateGuildMemberResponse"),
                             {"required": ["permissions"]}]},
        "user": _schema("UserResponse"),
        "token": {"type": "string", "minLength": 1},
        "version": {"const": 1},
        "message": _schema("MessageResponse"),
        "app_permissions": DIGITS,
        "locale": _schema("AvailableLocalesEnum"),
        "guild_locale": _schema("AvailableLocalesEnum"),
        "entitlements": {"type": "array", "items": _schema("EntitlementResponse")},
        "authorizing_integration_owners": {
            "type": "object", "minProperties": 1,
            "properties": {"0": {"$ref": SNOWFLAKE}, "1": {"$ref": SNOWFLAKE}},
            "additionalProperties": False},
        "context": _schema("InteractionContextType"),
        "attachment_size_limit": {"type": "integer", "minimum": 0},
    },
}

# what each dispatch carries that the description has a schema for: (where, schema); "x[]"
# is every item of the list x, "" the whole event
DISPATCHES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "READY": [("user", _schema("UserPIIResponse"))],
    "GUILD_CREATE": [
        ("", _schema("GuildResponse")),
        ("channels[]", _schema("GuildChannelResponse")),
        ("members[]", _schema("GuildMemberResponse")),
        ("threads[]", _schema("ThreadResponse")),
    ],
    "INTERACTION_CREATE": [("", INTERACTION)],
}


# --- JSON types -------------------------------------------------------------------------------
def _is_integer(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


TYPES: dict[str, Callable[[object], bool]] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": _is_integer,
    "number": _is_number,
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}
TYPE_NAMES = {"null": "null", "boolean": "a boolean", "integer": "an integer",
              "number": "a number", "string": "a string", "array": "a list",
              "object": "an object"}


def kind(value: object) -> str:
    """The JSON name of a value's type, for messages."""
    for name in ("null", "boolean", "integer", "number", "string", "array", "object"):
        if TYPES[name](value):
            return TYPE_NAMES[name]
    return type(value).__name__


def _short(value: object, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _canonical(value: object) -> object:
    """A key under which JSON-equal values are equal (1 and 1.0; not 1 and true)."""
    if isinstance(value, bool) or value is None:
        return ("b", value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str | int | float):
        return value
    return ("j", json.dumps(value, sort_keys=True))


# --- the compiler ---------------------------------------------------------------------------
@dataclass
class Compiled:
    """A compiled schema: its check, and the JSON types it takes (None: any), which the unions
    use to tell which alternative a value was meant for."""

    check: Check
    types: frozenset[str] | None


class Compiler:
    """Compiles schemas of one document; ``$ref`` targets are compiled once and shared."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self._refs: dict[str, Compiled] = {}

    def resolve(self, ref: str) -> Any:
        if not ref.startswith("#/"):
            raise ValueError(f"only local references are supported, not {ref!r}")
        node: Any = self.document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node

    def ref(self, ref: str) -> Compiled:
        compiled = self._refs.get(ref)
        if compiled is not None:
            return compiled
        slot: list[Compiled] = []
        # a placeholder while the target compiles, for schemas that contain themselves
        self._refs[ref] = Compiled(lambda v, p, out: slot[0].check(v, p, out), None)
        compiled = self.compile(self.resolve(ref))
        slot.append(compiled)
        self._refs[ref] = compiled
        return compiled

    def compile(self, node: Any) -> Compiled:
        if node is True or node == {}:
            return Compiled(lambda v, p, out: None, None)
        if node is False:
            return Compiled(lambda v, p, out: out.append(f"{p}: is not allowed"), None)
        if not isinstance(node, dict):
            raise ValueError(f"not a schema: {node!r}")
        unknown = set(node) - ANNOTATIONS - set(KEYWORDS) - {"type"}
        if unknown:
            raise ValueError(f"unsupported schema keywords {sorted(unknown)}")
        types = self._types(node)
        checks = [KEYWORDS[key](self, node) for key in KEYWORDS if key in node]
        checks = [c for c in checks if c is not None]
        if types is not None:
            accepts = [TYPES[t] for t in types]
            expected = " or ".join(TYPE_NAMES[t] for t in sorted(types))

            def typed(value: Any, path: str, out: list[str]) -> None:
                if not any(accept(value) for accept in accepts):
                    out.append(f"{path}: must be {expected}, not {kind(value)}")
                    return
                for check in checks:
                    check(value, path, out)
            return Compiled(typed, frozenset(types))
        if len(checks) == 1:
            return Compiled(checks[0], self._implied_types(node))

        def every(value: Any, path: str, out: list[str]) -> None:
            for check in checks:
                check(value, path, out)
        return Compiled(every, self._implied_types(node))

    @staticmethod
    def _types(node: dict[str, Any]) -> list[str] | None:
        declared = node.get("type")
        if declared is None:
            return None
        names = [declared] if isinstance(declared, str) else list(declared)
        for name in names:
            if name not in TYPES:
                raise ValueError(f"unknown type {name!r}")
        return names

    def _implied_types(self, node: dict[str, Any]) -> frozenset[str] | None:
        """The types a schema without ``type`` takes, when a $ref or union says."""
        if "$ref" in node:
            return self.ref(node["$ref"]).types
        for key in ("oneOf", "anyOf"):
            if key in node:
                found: set[str] = set()
                for branch in node[key]:
                    types = self.compile_cached(branch).types
                    if types is None:
                        return None
                    found |= types
                return frozenset(found)
        if "const" in node:
            return frozenset(t for t in TYPES if TYPES[t](node["const"]))
        return None

    def compile_cached(self, node: Any) -> Compiled:
        if isinstance(node, dict) and set(node) == {"$ref"}:
            return self.ref(node["$ref"])
        return self.compile(node)


# --- keywords: each returns a check for its node, or None when it checks nothing ------------
def _ref(compiler: Compiler, node: dict[str, Any]) -> Check:
    ref = node["$ref"]
    target = compiler.ref(ref)
    return lambda value, path, out: target.check(value, path, out)


def _enum(compiler: Compiler, node: dict[str, Any]) -> Check:
    allowed = list(node["enum"])
    keys = {_canonical(v) for v in allowed}
    shown = ", ".join(_short(v, 30) for v in allowed[:12]) + (", ..." if len(allowed) > 12 else "")

    def check(value: Any, path: str, out: list[str]) -> None:
        if _canonical(value) not in keys:
            out.append(f"{path}: {_short(value)} is not one of {shown}")
    return check


def _const(compiler: Compiler, node: dict[str, Any]) -> Check:
    return _enum(compiler, {"enum": [node["const"]]})


def _properties(compiler: Compiler, node: dict[str, Any]) -> Check | None:
    fields = {name: compiler.compile_cached(sub).check
              for name, sub in node["properties"].items()}
    if not fields:
        return None

    def check(value: Any, path: str, out: list[str]) -> None:
        if not isinstance(value, dict):
            return
        for name, item in value.items():
            field = fields.get(name)
            if field is not None:
                field(item, f"{path}.{name}", out)
    return check


def _additional(compiler: Compiler, node: dict[str, Any]) -> Check | None:
    extra = node["additionalProperties"]
    if extra is True or extra == {}:
        return None
    known = set(node.get("properties", {}))
    if extra is False:
        def closed(value: Any, path: str, out: list[str]) -> None:
            if isinstance(value, dict):
                for name in value:
                    if name not in known:
                        out.append(f"{path}.{name}: is not a field of this object")
        return closed
    sub = compiler.compile_cached(extra).check

    def check(value: Any, path: str, out: list[str]) -> None:
        if isinstance(value, dict):
            for name, item in value.items():
                if name not in known:
                    sub(item, f"{path}.{name}", out)
    return check


def _required(compiler: Compiler, node: dict[str, Any]) -> Check | None:
    names = list(node["required"])
    if not names:
        return None

    def check(value: Any, path: str, out: list[str]) -> None:
        if isinstance(value, dict):
            for name in names:
                if name not in value:
                    out.append(f"{path}.{name}: is required")
    return check


def _items(compiler: Compiler, node: dict[str, Any]) -> Check:
    sub = compiler.compile_cached(node["items"]).check

    def check(value: Any, path: str, out: list[str]) -> None:
        if isinstance(value, list):
            for i, item in enumerate(value):
                sub(item, f"{path}[{i}]", out)
    return check


def _bound(kind_: type, measure: Callable[[Any], int], what: str, low: bool,
           key: str) -> Callable[[Compiler, dict[str, Any]], Check]:
    """minLength/maxLength, minItems/maxItems, minProperties/maxProperties."""
    def make(compiler: Compiler, node: dict[str, Any]) -> Check:
        limit = node[key]

        def check(value: Any, path: str, out: list[str]) -> None:
            if not isinstance(value, kind_):
                return
            size = measure(value)
            if low and size < limit:
                out.append(f"{path}: has {size} {what}, fewer than the minimum of {limit}")
            elif not low and size > limit:
                out.append(f"{path}: has {size} {what}, more than the maximum of {limit}")
        return check
    return make


def _unique(compiler: Compiler, node: dict[str, Any]) -> Check | None:
    if not node["uniqueItems"]:
        return None

    def check(value: Any, path: str, out: list[str]) -> None:
        if not isinstance(value, list):
            return
        seen: set[str] = set()
        for item in value:
            key = _canonical(item)
            if key in seen:
                out.append(f"{path}: has a duplicate item {_short(item)}; items must be unique")
                return
            seen.add(key)
    return check


def _minimum(compiler: Compiler, node: dict[str, Any]) -> Check:
    limit = node["minimum"]

    def check(value: Any, path: str, out: list[str]) -> None:
        if _is_number(value) and value < limit:
            out.append(f"{path}: {value} is less than the minimum of {limit}")
    return check


def _maximum(compiler: Compiler, node: dict[str, Any]) -> Check:
    limit = node["maximum"]

    def check(value: Any, path: str, out: list[str]) -> None:
        if _is_number(value) and value > limit:
            out.append(f"{path}: {value} is more than the maximum of {limit}")
    return check


def _format(compiler: Compiler, node: dict[str, Any]) -> Check | None:
    bounds = INTEGER_FORMATS.get(node["format"])
    if bounds is None:
        return None  # an annotation (date-time, uri, ...): Discord's own checks vary
    low, high = bounds
    name = node["format"]

    def check(value: Any, path: str, out: list[str]) -> None:
        if _is_integer(value) and not low <= value <= high:
            out.append(f"{path}: {value} does not fit in {name}")
    return check


def _pattern(compiler: Compiler, node: dict[str, Any]) -> Check:
    pattern = re.compile(node["pattern"])

    def check(value: Any, path: str, out: list[str]) -> None:
        if isinstance(value, str) and not pattern.search(value):
            out.append(f"{path}: {_short(value)} does not match {node['pattern']}")
    return check


def _all_of(compiler: Compiler, node: dict[str, Any]) -> Check:
    subs = [compiler.compile_cached(sub).check for sub in node["allOf"]]

    def check(value: Any, path: str, out: list[str]) -> None:
        for sub in subs:
            sub(value, path, out)
    return check


def _discriminator(compiler: Compiler, branches: list[Any]) -> tuple[str, list[list[Any]]] | None:
    """The property whose value tells a union's alternatives apart, and each one's values: a
    ``type`` every alternative requires and gives as an enum or const, without overlaps."""
    found: list[list[Any]] = []
    for branch in branches:
        target = branch
        while isinstance(target, dict) and set(target) == {"$ref"}:
            target = compiler.resolve(target["$ref"])
        if not isinstance(target, dict) or "type" not in target.get("required", []):
            return None
        prop = target.get("properties", {}).get("type", {})
        values = [prop["const"]] if "const" in prop else prop.get("enum")
        if not values:
            return None
        found.append(list(values))
    flat = [_canonical(v) for values in found for v in values]
    if len(flat) != len(set(flat)):
        return None
    return "type", found


def _union(exactly_one: bool) -> Callable[[Compiler, dict[str, Any]], Check]:
    key = "oneOf" if exactly_one else "anyOf"

    def make(compiler: Compiler, node: dict[str, Any]) -> Check:
        branches = node[key]
        if all(isinstance(b, dict) and "const" in b and set(b) <= ANNOTATIONS | {"const"}
               for b in branches):  # an enumeration written as named constants
            return _enum(compiler, {"enum": [b["const"] for b in branches]})
        compiled = [compiler.compile_cached(b) for b in branches]
        discriminated = _discriminator(compiler, branches)
        if discriminated is not None:
            field, values = discriminated
            by_value = {_canonical(v): c.check for c, vs in zip(compiled, values, strict=True)
                        for v in vs}
            allowed = ", ".join(_short(v) for vs in values for v in vs)

            def switch(value: Any, path: str, out: list[str]) -> None:
                if not isinstance(value, dict):
                    out.append(f"{path}: must be an object, not {kind(value)}")
                elif field not in value:
                    out.append(f"{path}.{field}: is required")
                elif (branch := by_value.get(_canonical(value[field]))) is None:
                    out.append(f"{path}.{field}: {_short(value[field])} is not one of {allowed}")
                else:
                    branch(value, path, out)
            return switch

        def check(value: Any, path: str, out: list[str]) -> None:
            results = []
            for branch in compiled:
                problems: list[str] = []
                branch.check(value, path, problems)
                if not problems and not exactly_one:
                    return
                results.append((branch, problems))
            passed = sum(1 for _, problems in results if not problems)
            if passed == 1 or (passed and not exactly_one):
                return
            if passed > 1:
                out.append(f"{path}: fits {passed} of the alternatives; exactly one is allowed")
                return
            # none fits: report the alternative meant for this type that came closest
            meant = [(b, p) for b, p in results if b.types is None
                     or any(TYPES[t](value) for t in b.types)]
            if meant:
                out.extend(min(meant, key=lambda r: len(r[1]))[1])
                return
            names = list(dict.fromkeys(t for b in compiled for t in sorted(b.types or ())))
            out.append(f"{path}: must be {' or '.join(TYPE_NAMES[t] for t in names)}, "
                       f"not {kind(value)}")
        return check
    return make


KEYWORDS: dict[str, Callable[[Compiler, dict[str, Any]], Check | None]] = {
    "$ref": _ref,
    "enum": _enum,
    "const": _const,
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional,
    "items": _items,
    "minItems": _bound(list, len, "items", True, "minItems"),
    "maxItems": _bound(list, len, "items", False, "maxItems"),
    "uniqueItems": _unique,
    "minLength": _bound(str, len, "characters", True, "minLength"),
    "maxLength": _bound(str, len, "characters", False, "maxLength"),
    "minProperties": _bound(dict, len, "fields", True, "minProperties"),
    "maxProperties": _bound(dict, len, "fields", False, "maxProperties"),
    "minimum": _minimum,
    "maximum": _maximum,
    "format": _format,
    "pattern": _pattern,
    "allOf": _all_of,
    "oneOf": _union(True),
    "anyOf": _union(False),
}


# --- operations -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Operation:
    method: str
    template: str
    pattern: re.Pattern[str]
    node: dict[str, Any]

    def request_schema(self) -> Any:
        """The JSON request body's schema, or None if the operation takes no body."""
        content = self.node.get("requestBody", {}).get("content", {})
        return content.get("application/json", {}).get("schema")

    def response(self, status: int, document: dict[str, Any]) -> dict[str, Any] | None:
        """The description of an answer with this status (``4XX`` covers 400-499)."""
        responses = self.node.get("responses", {})
        response = responses.get(str(status), responses.get(f"{str(status)[0]}XX"))
        if isinstance(response, dict) and "$ref" in response:
            response = document["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
        return response


def _template_pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[^}]+\})", template)
    return re.compile("".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts))


class Spec:
    """The description, prepared: its operations, and compiled checks made on first use."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        sent = copy.deepcopy(document)
        for pointer, schema in REQUEST_READINGS:
            *parents, last = pointer[2:].split("/")
            node = sent
            for part in parents:
                node = node[part]
            if last not in node:
                raise ValueError(f"{pointer} is not in the description")
            node[last] = schema
        self._requests = Compiler(sent)
        self._answers = Compiler(document)
        # literal segments first, so that .../messages/@original is not read as {message_id}
        self.operations = sorted(
            (Operation(method.upper(), template, _template_pattern(template), node)
             for template, item in document["paths"].items()
             for method, node in item.items() if method != "parameters"),
            key=lambda o: (o.template.count("{"), o.template))
        self._checks: dict[tuple[str, ...], Check] = {}

    def operation(self, method: str, path: str) -> Operation | None:
        """The operation a request is for (``path`` without the ``/api/v10`` prefix)."""
        return next((o for o in self.operations
                     if o.method == method and o.pattern.fullmatch(path)), None)

    def _check(self, key: tuple[str, ...], schema: Any, compiler: Compiler) -> Check:
        check = self._checks.get(key)
        if check is None:
            check = self._checks[key] = compiler.compile_cached(schema).check
        return check

    def check_request(self, method: str, path: str, body: Any) -> list[str]:
        """A request's JSON body (None: none was sent)."""
        operation = self.operation(method, path)
        if operation is None:
            return [f"{method} {path} is not an operation of Discord's API"]
        schema = operation.request_schema()
        if schema is None:
            return [] if body is None else [f"{method} {operation.template} takes no body"]
        if body is None:
            if operation.node.get("requestBody", {}).get("required", False):
                return [f"{method} {operation.template} needs a body"]
            return []
        out: list[str] = []
        check = self._check(("request", operation.method, operation.template), schema,
                            self._requests)
        check(body, "$", out)
        return out

    def check_response(self, method: str, path: str, status: int, body: Any) -> list[str]:
        """An answer: a status the operation has, and a body that fits it (None: no body)."""
        operation = self.operation(method, path)
        if operation is None:
            return []  # an unknown route is reported for the request already
        response = operation.response(status, self.document)
        if response is None:
            return [f"{status} is not an answer of {method} {operation.template}"]
        schema = response.get("content", {}).get("application/json", {}).get("schema")
        if schema is None:
            return [] if body is None else [f"$: a {status} answer has no body"]
        if body is None:
            return [f"$: a {status} answer needs a JSON body"]
        out: list[str] = []
        check = self._check(("response", operation.method, operation.template, str(status)),
                            schema, self._answers)
        check(body, "$", out)
        return out

    def check_dispatch(self, event: str, data: Any) -> list[str]:
        """The ``d`` of a gateway dispatch."""
        out: list[str] = []
        for i, (where, schema) in enumerate(DISPATCHES.get(event, [])):
            check = self._check(("dispatch", event, str(i)), schema, self._answers)
            for path, value in _select(data, where):
                check(value, path, out)
        return out

    def check_schema(self, name: str, value: Any, *, request: bool = False) -> list[str]:
        """A value against one named schema of the description (``UserResponse``)."""
        compiler = self._requests if request else self._answers
        out: list[str] = []
        self._check(("schema", name, str(request)), _schema(name), compiler)(value, "$", out)
        return out


def _select(data: Any, where: str) -> list[tuple[str, Any]]:
    """The values at ``where``: "" is the data itself, ``key`` one field, ``key[]`` each item."""
    if not where:
        return [("$", data)]
    key, each = where.removesuffix("[]"), where.endswith("[]")
    if not isinstance(data, dict) or key not in data:
        return []
    value = data[key]
    if each and isinstance(value, list):
        return [(f"$.{key}[{i}]", item) for i, item in enumerate(value)]
    return [(f"$.{key}", value)]


@cache
def spec() -> Spec:
    """The description, loaded once per process."""
    return Spec(json.loads(SPEC_FILE.read_text(encoding="utf-8")))
