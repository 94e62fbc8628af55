-- The newest version of each match whose notice (channel lines, board, pings, DMs) has been
-- handed to Discord. A match whose version is ahead of it lost an announcement to a crash or
-- a stop between committing a move and posting it; the bot posts it again when it starts.
CREATE TABLE announcements (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL CHECK (version >= 0)
) WITHOUT ROWID;

-- games already started when this migration runs count as announced
INSERT INTO announcements (match_id, version)
SELECT id, version FROM matches WHERE status <> 'lobby';
