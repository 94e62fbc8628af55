-- PostgreSQL's version of 0002_announcements.sql.
CREATE TABLE announcements (
    match_id BIGINT PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    version  BIGINT NOT NULL CHECK (version >= 0)
);

-- games already started when this migration runs count as announced
INSERT INTO announcements (match_id, version)
SELECT id, version FROM matches WHERE status <> 'lobby';
