-- Matches, their seats, the action log, snapshots, turn deadlines and results.
-- JSON columns hold text produced by the game layer; storage never looks inside.

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    channel_id    INTEGER NOT NULL,
    guild_id      INTEGER,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL,          -- JSON object
    seed          INTEGER NOT NULL,
    status        TEXT    NOT NULL
                  CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
    version       INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    rules_version TEXT    NOT NULL,
    host_id       INTEGER NOT NULL,
    settings      TEXT    NOT NULL,          -- JSON object
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    finished_at   REAL
);

-- At most one open match per channel, enforced by the database itself.
CREATE UNIQUE INDEX matches_open_channel
    ON matches (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX matches_status ON matches (status);

CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    position INTEGER NOT NULL CHECK (position >= 0),   -- join order
    seat     INTEGER CHECK (seat >= 0),                -- turn order, set at start
    user_id  INTEGER,                                  -- NULL for a bot
    name     TEXT    NOT NULL,
    bot      TEXT,
    PRIMARY KEY (match_id, position)
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_user ON seats (match_id, user_id) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX seats_seat ON seats (match_id, seat) WHERE seat IS NOT NULL;

CREATE TABLE actions (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq >= 1),      -- the version this action produced
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                       -- JSON object
    events     TEXT    NOT NULL,                       -- JSON array
    created_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE snapshots (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version >= 0),
    state      TEXT    NOT NULL,                       -- the game's state, as given
    created_at REAL    NOT NULL,
    PRIMARY KEY (match_id, version)
);

CREATE TABLE deadlines (
    match_id  INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,
    seats     TEXT    NOT NULL,                        -- JSON array of seat numbers
    due_at    REAL    NOT NULL,
    remind_at REAL,
    reminded  INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1))
);

CREATE INDEX deadlines_due ON deadlines (due_at);
CREATE INDEX deadlines_remind ON deadlines (remind_at) WHERE reminded = 0;

CREATE TABLE results (
    match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    finished_at REAL NOT NULL,
    end_reason  TEXT NOT NULL,
    outcome     TEXT NOT NULL,                         -- JSON object
    seats       TEXT NOT NULL                          -- JSON array
);

CREATE INDEX results_game ON results (game, finished_at);
