"""Game content: YAML files under ``data/`` loaded once into frozen pydantic models."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar, get_args

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import ContentError

DATA_DIR = Path(__file__).resolve().parents[2] / "data"

# Where a value comes from; the reference data marks each (see data/README.md).
Provenance = Literal["found", "inferred", "reconstructed", "unknown"]


class ContentModel(BaseModel):
    """Base for content: immutable, and a misspelt key is an error rather than ignored."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Sourced(ContentModel):
    """An item whose values share one provenance, with an optional note on the source."""

    provenance: Provenance
    source: str | None = None


T = TypeVar("T")


class SourcedValue(ContentModel, Generic[T]):
    """A single value with its own provenance."""

    value: T
    provenance: Provenance
    source: str | None = None


def effect_kinds(union: object, key: str) -> tuple[str, ...]:
    """The values of the discriminator ``key`` over a discriminated union of effect models
    (``Annotated[A | B | ..., Field(discriminator=key)]``), in the union's order."""
    return tuple(get_args(model.model_fields[key].annotation)[0]
                 for model in get_args(get_args(union)[0]))


M = TypeVar("M", bound=BaseModel)

# PyYAML's safe loader in C where its wheel has libyaml (it reads the same documents to the
# same values, about ten times quicker: every process, the bot's board workers too, reads the
# data once at start), else the same loader in Python
SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_content(path: Path, text: str, model: type[M]) -> M:
    try:
        raw: Any = yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "?"
        raise ContentError(f"{path}: {where}: not valid YAML ({err})") from None
    try:
        return model.model_validate(raw)
    except ValidationError as err:
        problems = []
        for e in err.errors():
            where = "/".join(str(p) for p in e["loc"]) or "(top)"
            problems.append(f"{path}: {where}: {e['msg']}")
        raise ContentError("\n".join(problems)) from None


@functools.cache
def load_content(relative: str, model: type[M]) -> M:
    """Loads ``data/<relative>`` into ``model`` once per process."""
    path = DATA_DIR / relative
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise ContentError(f"{path}: cannot read: {err.strerror}") from None
    return parse_content(path, text, model)
