-- PostgreSQL's version of 0005_deadline_leases.sql (see there for what and why).

ALTER TABLE deadlines ADD COLUMN held_by TEXT;
