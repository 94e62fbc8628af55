-- 0006: a missed turn deadline remembers that its channel was told of the miss ("Anna missed
-- the deadline; the bot plays this turn"). Its effect may be carried out again after a crash,
-- a stop or a lost channel (the claim of 0005 runs out and the deadline is taken up anew),
-- but the line is told once: by the claim that handed it to the channel, which then sets
-- told. A new clock (the next turn, new settings) starts untold.

ALTER TABLE deadlines ADD COLUMN told INTEGER NOT NULL DEFAULT 0 CHECK (told IN (0, 1));
