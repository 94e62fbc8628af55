-- 0005: a due deadline is claimed as a lease rather than removed before it is applied. The
-- process that claims it pushes due_at a few minutes ahead and writes its name in held_by;
-- the row goes only once the deadline's effect is stored (a seat handed to a bot, a late turn
-- played), so a process that dies half way leaves the deadline due again once the lease runs
-- out, for itself after a restart or for another process. NULL: nobody holds it.

ALTER TABLE deadlines ADD COLUMN held_by TEXT;
