-- 0003: matches that cannot be rebuilt are set aside (a status of their own, with the reason);
-- a seed chosen by a person is kept apart from the seed the game runs on; deadlines belong to a
-- turn or an answer window rather than to one version; failed deliveries are recorded; the
-- announcement ledger moves into matches; a finished game's log is kept as one compressed
-- archive.
-- SQLite cannot change a CHECK constraint or a primary key in place, so matches and deadlines
-- are rebuilt (the runner turns foreign keys off around migrations and checks them before
-- committing, so rebuilding the parent table cascades nothing).

CREATE TABLE matches_new (
    id               INTEGER PRIMARY KEY,
    channel_id       INTEGER NOT NULL,
    guild_id         INTEGER,
    game             TEXT    NOT NULL,
    options          TEXT    NOT NULL,          -- JSON object
    seed             INTEGER NOT NULL,          -- what the game runs on
    status           TEXT    NOT NULL
                     CHECK (status IN ('lobby', 'active', 'finished', 'aborted', 'set_aside')),
    version          INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    rules_version    TEXT    NOT NULL,
    host_id          INTEGER NOT NULL,
    settings         TEXT    NOT NULL,          -- JSON object
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL,
    finished_at      REAL,
    set_aside_reason TEXT,                      -- why the match could not be rebuilt
    chosen_seed      INTEGER,                   -- a seed a person asked for, shown to all
    seed_secret      INTEGER,                   -- mixed into chosen_seed; revealed after the end
    -- the newest version whose notice Discord took (-1: none); a match ahead of it lost an
    -- announcement to a crash, a stop or an outage, and it is posted again
    announced        INTEGER NOT NULL DEFAULT -1
);

INSERT INTO matches_new (id, channel_id, guild_id, game, options, seed, status, version,
                         rules_version, host_id, settings, created_at, updated_at, finished_at,
                         announced)
SELECT id, channel_id, guild_id, game, options, seed, status, version,
       rules_version, host_id, settings, created_at, updated_at, finished_at,
       coalesce((SELECT a.version FROM announcements a WHERE a.match_id = matches.id), -1)
FROM matches;

DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
DROP TABLE announcements;  -- its one number per match now lives in matches.announced

-- At most one open match per channel; a match set aside still holds its channel until the
-- host aborts it.
CREATE UNIQUE INDEX matches_open_channel
    ON matches (channel_id) WHERE status IN ('lobby', 'active', 'set_aside');
CREATE INDEX matches_status ON matches (status, id);
CREATE INDEX matches_channel ON matches (channel_id, status, id);
-- what a start must post again: found without reading the whole history
CREATE INDEX matches_unannounced ON matches (id)
    WHERE announced < version AND status IN ('active', 'finished');

-- A turn deadline lasts the whole turn (every action inside it keeps it); an answer window
-- (reaction, bid, bribe) has its own clock beside it.
CREATE TABLE deadlines_new (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL CHECK (kind IN ('turn', 'answer')),
    turn      INTEGER NOT NULL,                 -- the game's turn; -1: written before 0003
    version   INTEGER NOT NULL,                 -- the version it was set at (names this row)
    seats     TEXT    NOT NULL,                 -- JSON array of seat numbers
    due_at    REAL    NOT NULL,
    remind_at REAL,
    reminded  INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    PRIMARY KEY (match_id, kind)
) WITHOUT ROWID;

INSERT INTO deadlines_new (match_id, kind, turn, version, seats, due_at, remind_at, reminded)
SELECT match_id, 'turn', -1, version, seats, due_at, remind_at, reminded FROM deadlines;

DROP TABLE deadlines;
ALTER TABLE deadlines_new RENAME TO deadlines;

CREATE INDEX deadlines_due ON deadlines (due_at);
CREATE INDEX deadlines_remind ON deadlines (remind_at) WHERE reminded = 0;

-- A notice Discord refused for good (channel deleted, access lost): not retried, told once.
CREATE TABLE delivery_problems (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    reason   TEXT    NOT NULL,
    at       REAL    NOT NULL
) WITHOUT ROWID;

-- A finished match's log, as one zlib-compressed JSON array of [seq, seat, action, events,
-- created_at]: the log is the game, and whole it compresses many times better than row by row.
CREATE TABLE archived_logs (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    entries  BLOB NOT NULL
);
