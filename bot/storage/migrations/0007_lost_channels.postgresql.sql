-- PostgreSQL's version of 0007_lost_channels.sql (see there for what and why).

ALTER TABLE delivery_problems ADD COLUMN lost_at DOUBLE PRECISION;
