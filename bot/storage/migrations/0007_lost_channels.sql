-- 0007: a match's posts refused for good say whether the channel is out of the bot's reach
-- (deleted, the bot removed from the server or short of a permission there) or refused for
-- another reason (a post Discord will not take for what it holds). lost_at: since when the
-- channel has been out of reach, in this stretch of refusals; NULL while the refusals are of
-- the other kind. Only it counts towards ending a game as abandoned (PORTOLAN_ABANDON_DAYS).
-- Rows from before start NULL: the next refusal of a lost channel (its posts are tried again
-- within hours, and at each start) starts their clock.

ALTER TABLE delivery_problems ADD COLUMN lost_at REAL;
