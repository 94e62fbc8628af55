-- PostgreSQL's version of 0004_ratings.sql (ratings, the user who left a seat, the final
-- board's message), with BIGINT and DOUBLE PRECISION as in 0001.

ALTER TABLE seats ADD COLUMN left_user_id BIGINT;
ALTER TABLE matches ADD COLUMN final_message_id BIGINT;

CREATE TABLE ratings (
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      BIGINT  NOT NULL CHECK (games >= 0),
    wins       DOUBLE PRECISION NOT NULL,
    places     TEXT    NOT NULL,
    best_match BIGINT,
    best_key   TEXT    NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);

CREATE INDEX results_finished ON results (finished_at, match_id);
CREATE INDEX matches_guild_finished ON matches (guild_id, status, finished_at);
