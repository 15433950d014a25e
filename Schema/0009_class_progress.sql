-- A class's way through the course (`serve --class`): for each team and step, the request that first showed the
-- step done, and the team's last mistake on it. The class's record: a restart, a server reset and a team's own
-- reset keep it; only the teacher's DELETE /__admin/class/progress removes it.
CREATE TABLE class_progress (
    team         TEXT NOT NULL,    -- class_teams.identifier
    step         TEXT NOT NULL,    -- the course's step: I-1 … II-2 on v2, 1 … 4 on v1, search
    record       TEXT NOT NULL CHECK (record IN ('done', 'mistake')),
    at           REAL NOT NULL,    -- unix seconds the request arrived
    journal_run  INTEGER NOT NULL, -- the journal (server run) whose request id this is
    request_id   INTEGER NOT NULL,
    method       TEXT NOT NULL,
    target       TEXT NOT NULL,
    status       INTEGER NOT NULL,
    by_address   INTEGER NOT NULL, -- 1: the request was the team's by its client address, not its identifier
    mistake_kind TEXT,             -- a mistake's kind (missingIdentifier, secretsConfused, a multipart kind, …)
    message      TEXT,             -- a mistake's message, as the app got it
    PRIMARY KEY (team, step, record)
) WITHOUT ROWID;
