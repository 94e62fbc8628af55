-- PostgreSQL's version of 0003_set_aside_turn_deadlines.sql (see there for what and why).
-- PostgreSQL changes constraints and keys in place, so nothing is rebuilt; the columns of
-- matches and deadlines end up in the same order as SQLite's rebuilt tables.

ALTER TABLE matches DROP CONSTRAINT matches_status_check;
ALTER TABLE matches ADD CONSTRAINT matches_status_check
    CHECK (status IN ('lobby', 'active', 'finished', 'aborted', 'set_aside'));
ALTER TABLE matches
    ADD COLUMN set_aside_reason TEXT,              -- why the match could not be rebuilt
    ADD COLUMN chosen_seed      BIGINT,            -- a seed a person asked for, shown to all
    ADD COLUMN seed_secret      BIGINT,            -- mixed into chosen_seed; revealed after the end
    -- the newest version whose notice Discord took (-1: none)
    ADD COLUMN announced        BIGINT NOT NULL DEFAULT -1;

UPDATE matches SET announced = a.version FROM announcements a WHERE a.match_id = matches.id;
DROP TABLE announcements;  -- its one number per match now lives in matches.announced

DROP INDEX matches_open_channel;
DROP INDEX matches_status;
CREATE UNIQUE INDEX matches_open_channel
    ON matches (channel_id) WHERE status IN ('lobby', 'active', 'set_aside');
CREATE INDEX matches_status ON matches (status, id);
CREATE INDEX matches_channel ON matches (channel_id, status, id);
CREATE INDEX matches_unannounced ON matches (id)
    WHERE announced < version AND status IN ('active', 'finished');

-- A turn deadline lasts the whole turn; an answer window has its own clock beside it. The
-- columns are rebuilt in SQLite's order (kind and turn after match_id).
CREATE TABLE deadlines_new (
    match_id  BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind      TEXT   NOT NULL CHECK (kind IN ('turn', 'answer')),
    turn      BIGINT NOT NULL,                  -- the game's turn; -1: written before 0003
    version   BIGINT NOT NULL,                  -- the version it was set at (names this row)
    seats     TEXT   NOT NULL,                  -- JSON array of seat numbers
    due_at    DOUBLE PRECISION NOT NULL,
    remind_at DOUBLE PRECISION,
    reminded  SMALLINT NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    PRIMARY KEY (match_id, kind)
);

INSERT INTO deadlines_new (match_id, kind, turn, version, seats, due_at, remind_at, reminded)
SELECT match_id, 'turn', -1, version, seats, due_at, remind_at, reminded FROM deadlines;

DROP TABLE deadlines;
ALTER TABLE deadlines_new RENAME TO deadlines;
ALTER TABLE deadlines RENAME CONSTRAINT deadlines_new_pkey TO deadlines_pkey;

CREATE INDEX deadlines_due ON deadlines (due_at);
CREATE INDEX deadlines_remind ON deadlines (remind_at) WHERE reminded = 0;

-- A notice Discord refused for good (channel deleted, access lost): not retried, told once.
CREATE TABLE delivery_problems (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version  BIGINT NOT NULL,
    reason   TEXT   NOT NULL,
    at       DOUBLE PRECISION NOT NULL
);

-- A finished match's log, as one zlib-compressed JSON array of [seq, seat, action, events,
-- created_at].
CREATE TABLE archived_logs (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    entries  BYTEA NOT NULL
);
