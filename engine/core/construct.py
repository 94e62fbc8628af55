"""Building pydantic models from fields already checked, fast: what a state sampler and a
search's playouts need many thousands of times a second."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


def construct(cls: type[M], **fields: Any) -> M:
    """``cls.model_construct(**fields)`` for fields that are all given and already of their
    types (they come from a valid view or state), at a fifth of its cost: what it does, less
    the defaults and aliases it looks up."""
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", fields)
    object.__setattr__(obj, "__pydantic_fields_set__", set(fields))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj
