-- 0004: ratings, and what the history of finished games needs.
-- Each player's rating per server and game, kept up to date in the transaction that finishes
-- a game (bot/ratings.py says who is rated); a seat a bot took over remembers the person who
-- held it (so that leaving a game counts as last place); a finished game remembers the message
-- that showed its last board (the history links to it).

ALTER TABLE seats ADD COLUMN left_user_id INTEGER;
ALTER TABLE matches ADD COLUMN final_message_id INTEGER;

CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,                    -- 0: no server (the local table)
    game       TEXT    NOT NULL,
    player     TEXT    NOT NULL,                    -- 'u<user id>' or 'bot:<name>'
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL CHECK (games >= 0),
    wins       REAL    NOT NULL,
    places     TEXT    NOT NULL,                    -- JSON array: each game's place, in order
    best_match INTEGER,
    best_key   TEXT    NOT NULL,                    -- JSON array: how good that result was
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);

CREATE INDEX results_finished ON results (finished_at, match_id);
CREATE INDEX matches_guild_finished ON matches (guild_id, status, finished_at);
