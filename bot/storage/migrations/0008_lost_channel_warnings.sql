-- 0008: the seated players of a game whose channel is out of the bot's reach (lost_at, 0007)
-- are told so by a private message each, once in each stretch of it. The process that claims
-- the warning holds it until warn_until (a lease, as a deadline's claim in 0005) and sets
-- warned_at once it is sent; one that dies in between leaves it to be claimed again when the
-- lease runs out. Both are cleared with lost_at (a refusal of another kind) and go with the
-- row (a post that gets through), so a channel lost again is told of again. Rows from before
-- start NULL: their players are told at the next look.

ALTER TABLE delivery_problems ADD COLUMN warn_until REAL;
ALTER TABLE delivery_problems ADD COLUMN warned_at REAL;
