-- PostgreSQL's version of 0006_told_deadlines.sql (see there for what and why).

ALTER TABLE deadlines ADD COLUMN told SMALLINT NOT NULL DEFAULT 0 CHECK (told IN (0, 1));
