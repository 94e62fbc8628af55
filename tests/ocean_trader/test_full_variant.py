"""The contract's checks on the full game (the platform's random playouts use the default
options, the short game): random play with shares, auctions, claims and challenges, for a fixed
number of moves, since random players need not ever finish a full game."""

from __future__ import annotations

import pytest

from engine.core import Accepted, LogEntry, Rng, SetupRecord, replay, step
from engine.ocean_trader import GAME
from engine.ocean_trader.state import OceanTraderState

MOVES = 700


def _random_play(seats: int, seed: int) -> tuple[SetupRecord, list[LogEntry],
                                                 list[OceanTraderState]]:
    setup = SetupRecord(game=GAME.id, rules_version=GAME.rules_version, seats=seats, seed=seed,
                        options={"variant": "full"})
    state = setup.create(GAME)
    chooser = Rng.from_seed(seed)
    log: list[LogEntry] = []
    states = [state]
    for _ in range(MOVES):
        if GAME.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(GAME.actors(state)))
        legal = GAME.legal_actions(state, seat)
        # random players claim and auction far too often; favour the share moves a little
        share = [a for a in legal if a.type in {"buy_share", "claim_majority",
                                                  "challenge_claim", "auction_share"}]
        pick = chooser.choice(share if share and chooser.below(4) == 0 else legal)
        result = step(GAME, state, seat, pick, state.version)
        assert isinstance(result, Accepted), result
        log.append(LogEntry.of(result))
        state = result.state  # type: ignore[assignment]
        states.append(state)
    return setup, log, states


@pytest.mark.parametrize("seats", [2, 5])
def test_full_game_random_play_keeps_the_contract(seats: int) -> None:
    setup, log, states = _random_play(seats, 11)
    kinds = {e.kind for entry in log for e in entry.events}
    assert {"buy_share", "claim", "auction"} <= kinds
    assert replay(GAME, setup, log) == states[-1]
    rng = Rng.from_seed(5)
    pool = {a.key(): a for s in states for seat in range(seats)
            for a in GAME.legal_actions(s, seat)}
    keys = sorted(pool)
    for state in states:
        # what the table knows of a holding is the truth: a holding shown in a challenge and
        # kept by what the table saw since, and a claimant above what its challengers showed
        for player in state.players:
            assert player.shown is None or player.shown == player.shares
        if state.claim is not None and state.claim.beaten:
            assert state.claim.beaten < state.players[state.claim.claimant].shares
    assert any(p.shown is not None for s in states for p in s.players)
    for state in states[::3]:
        assert GAME.load_state(state.model_dump_json()) == state
        for seat in range(seats):
            legal = {a.key() for a in GAME.legal_actions(state, seat)}
            for key in [*legal, *(keys[rng.below(len(keys))] for _ in range(15))]:
                verdict = GAME.validate(state, seat, pool[key])
                assert (verdict is None) == (key in legal), (key, verdict)
        for owner in [None, *range(seats)]:
            scrambled = GAME.scramble_secrets(state, owner, rng)
            for viewer in [None, *range(seats)]:
                if viewer != owner or owner is None:
                    assert GAME.view(scrambled, viewer) == GAME.view(state, viewer)
