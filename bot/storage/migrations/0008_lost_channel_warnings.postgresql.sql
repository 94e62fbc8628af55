-- PostgreSQL's version of 0008_lost_channel_warnings.sql (see there for what and why).

ALTER TABLE delivery_problems ADD COLUMN warn_until DOUBLE PRECISION;
ALTER TABLE delivery_problems ADD COLUMN warned_at DOUBLE PRECISION;
