-- A vendor no longer configured is retired rather than deleted: its products stay (a delete would cascade to
-- them) and still show its name, but its identifier no longer authenticates.
ALTER TABLE vendors ADD COLUMN retired INTEGER NOT NULL DEFAULT 0;
