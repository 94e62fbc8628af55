"""Under ``make test`` the end-to-end tests keep to their groups (``tests/e2e/conftest.py``):
pytest-xdist's ``--dist loadgroup`` shows a test's group as the suffix of its id, and a pytest
it cannot work with drops the suffix without a word, spreading the timed tests over every
worker, two or three bot processes at once."""

from __future__ import annotations

import pytest


def test_this_module_runs_as_its_own_group(request: pytest.FixtureRequest) -> None:
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("only under pytest-xdist's --dist loadgroup, as make test runs")
    assert request.node.nodeid.endswith("@e2e-test_grouping"), request.node.nodeid
