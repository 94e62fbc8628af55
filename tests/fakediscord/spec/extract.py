"""Writes ``openapi.json`` here: the part of Discord's OpenAPI description the fake Discord uses.

Run it with the path of the upstream ``specs/openapi.json`` (github.com/discord/discord-api-spec)::

    python tests/fakediscord/spec/extract.py path/to/openapi.json

It keeps the operations in :data:`OPERATIONS` (the routes the fake serves), the schemas in
:data:`GATEWAY_SCHEMAS` (what the gateway's dispatches are checked against) and every component
those refer to, directly or not; nothing in what it keeps is changed. The output is sorted and
indented so that a new upstream version shows as a readable diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

# (method, path template) of every route the fake Discord answers
OPERATIONS = [
    ("get", "/users/@me"),
    ("get", "/users/{user_id}"),
    ("post", "/users/@me/channels"),
    ("get", "/oauth2/applications/@me"),
    ("get", "/gateway"),
    ("get", "/gateway/bot"),
    ("get", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("put", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("put", "/applications/{application_id}/commands"),
    ("post", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("post", "/webhooks/{webhook_id}/{webhook_token}"),
    ("get", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("delete", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("get", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("delete", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("get", "/channels/{channel_id}"),
    ("post", "/channels/{channel_id}/messages"),
    ("get", "/channels/{channel_id}/messages/{message_id}"),
    ("patch", "/channels/{channel_id}/messages/{message_id}"),
]

# the REST objects that gateway dispatches carry (READY, GUILD_CREATE, INTERACTION_CREATE)
GATEWAY_SCHEMAS = [
    "ApplicationIntegrationType",
    "AvailableLocalesEnum",
    "EntitlementResponse",
    "GuildChannelResponse",
    "GuildMemberResponse",
    "GuildResponse",
    "GuildRoleResponse",
    "InteractionContextType",
    "InteractionTypes",
    "MessageResponse",
    "PrivateChannelResponse",
    "PrivateGuildMemberResponse",
    "ThreadResponse",
    "UserPIIResponse",
    "UserResponse",
]


def refs(node: Any) -> set[str]:
    """Every ``#/components/...`` reference inside a JSON value."""
    found: set[str] = set()
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/"):
            found.add(ref)
        for value in node.values():
            found |= refs(value)
    elif isinstance(node, list):
        for value in node:
            found |= refs(value)
    return found


def extract(spec: dict[str, Any]) -> dict[str, Any]:
    paths: dict[str, dict[str, Any]] = {}
    for method, template in OPERATIONS:
        item = spec["paths"][template]
        kept = paths.setdefault(template, {})
        if "parameters" in item:
            kept["parameters"] = item["parameters"]
        kept[method] = item[method]
    components: dict[str, dict[str, Any]] = {}
    todo = refs(paths) | {f"#/components/schemas/{name}" for name in GATEWAY_SCHEMAS}
    done: set[str] = set()
    while todo:
        ref = todo.pop()
        done.add(ref)
        _, _, section, name = ref.split("/", 3)
        value = spec["components"][section][name]
        components.setdefault(section, {})[name] = value
        todo |= refs(value) - done
    return {
        "openapi": spec["openapi"],
        "info": spec["info"],
        "externalDocs": spec.get("externalDocs", {}),
        "paths": paths,
        "components": {section: dict(sorted(items.items()))
                       for section, items in sorted(components.items())},
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    spec = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    reduced = extract(spec)
    out = HERE / "openapi.json"
    out.write_text(json.dumps(reduced, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    schemas = len(reduced["components"].get("schemas", {}))
    print(f"{out.name}: {len(OPERATIONS)} operations, {schemas} schemas")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
