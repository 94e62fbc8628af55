"""Writes the golden records: ``python -m tests.golden.make [GAME ...]``.

Plays every game listed in ``tests.golden.records.GOLDEN`` (or only those of the games named)
with the game's best bot and writes its record to ``tests/golden/records/``. A record whose
game played the same way is rewritten byte for byte, so an unchanged game shows no change.
Records kept there under other names (an old rules version kept on purpose) are left alone.
"""

from __future__ import annotations

import argparse
import sys

from engine import catalog
from tests.golden.records import GOLDEN, MAX_BYTES, RECORDS, dump, play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.make", description=__doc__)
    parser.add_argument("games", nargs="*", help="only these games (ids), e.g. ships")
    args = parser.parse_args(argv)
    catalog.load()
    known = {spec.game for spec in GOLDEN}
    unknown = sorted(set(args.games) - known)
    if unknown:
        print(f"no golden records for {', '.join(unknown)} (games: {', '.join(sorted(known))})",
              file=sys.stderr)
        return 2
    RECORDS.mkdir(parents=True, exist_ok=True)
    status = 0
    for spec in GOLDEN:
        if args.games and spec.game not in args.games:
            continue
        record = play(spec)
        data = dump(record)
        if len(data) > MAX_BYTES:
            print(f"{spec.name}: {len(data)} bytes, more than {MAX_BYTES}: choose a shorter "
                  "game (another seed or fewer seats)", file=sys.stderr)
            status = 1
            continue
        before = spec.path.read_bytes() if spec.path.exists() else None
        change = "new" if before is None else "unchanged" if before == data else "rewritten"
        spec.path.write_bytes(data)
        outcome = record["outcome"]
        print(f"{spec.name}: rules {record['setup']['rules_version']}, "
              f"{len(record['log'])} actions, {outcome['end_reason']}, scores "
              f"{outcome['scores']}, {len(data) // 1024} KB, {change}")
    return status


if __name__ == "__main__":
    sys.exit(main())
