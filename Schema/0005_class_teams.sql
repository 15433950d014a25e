-- The teams of a class (`openmarket serve --class ROSTER.csv`): each gets its credentials once, at the first start
-- that lists it, and keeps them across restarts. On v2 a team is also a vendor of the same identifier and secret.
CREATE TABLE class_teams (
    name       TEXT PRIMARY KEY,
    identifier TEXT NOT NULL UNIQUE,
    secret     TEXT NOT NULL,
    created_at REAL NOT NULL -- unix seconds
);
