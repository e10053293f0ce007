-- Issue #21: every place search (each keystroke of a location field) and every limited request
-- counts a hit here. Counts are worth nothing after a crash (a window restarts), so they need no
-- write-ahead log: a request no longer waits for its hit to be flushed to disk.
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
