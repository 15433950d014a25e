-- OpenMarket emulator store: one database serves one API generation (v1a, v1b, v2a or v2b).

-- Settings fixed when the database is created, e.g. key 'api_generation'.
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- Configured vendors (v2). A new vendor gets the next id; a known one (by identifier) keeps its id for good.
CREATE TABLE vendors (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    identifier TEXT NOT NULL UNIQUE,
    secret     TEXT NOT NULL,
    created_at REAL NOT NULL -- unix seconds
);

-- AUTOINCREMENT: an id is never handed out twice, not after a delete and not after a restart.
CREATE TABLE products (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    vendor_id          INTEGER REFERENCES vendors (id) ON DELETE CASCADE, -- NULL on v1
    name               TEXT NOT NULL,
    description        TEXT NOT NULL,
    price              REAL NOT NULL,
    currency           TEXT NOT NULL,
    discounted_price   REAL,              -- NULL when none was given
    stock              INTEGER NOT NULL,
    registered_at      REAL NOT NULL,     -- unix seconds with fraction
    -- NULL means the first image by position.
    thumbnail_image_id INTEGER REFERENCES images (id) ON DELETE SET NULL,
    password           TEXT,              -- v1: guards PATCH and DELETE
    product_secret     TEXT,              -- v2a: returned by the secret lookup, required by DELETE
    delete_token       TEXT UNIQUE        -- v2b: the token in the archived delete URI
);

CREATE INDEX products_by_vendor ON products (vendor_id);
-- Deleting an image looks up products that use it as thumbnail.
CREATE INDEX products_by_thumbnail ON products (thumbnail_image_id) WHERE thumbnail_image_id IS NOT NULL;
-- A narrow covering index, so the name filter of the list query scans names instead of whole rows.
CREATE INDEX products_by_name ON products (name, vendor_id);

-- Image metadata, small rows read with every product; the bytes live in image_data.
CREATE TABLE images (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id     INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL, -- upload order, from 0
    media_type     TEXT NOT NULL,    -- detected from the bytes
    file_extension TEXT,             -- from the uploaded filename; NULL if it had none
    origin_key     TEXT NOT NULL UNIQUE, -- URL path of the original
    thumbnail_key  TEXT NOT NULL UNIQUE, -- URL path of the thumbnail
    byte_count     INTEGER NOT NULL,
    UNIQUE (product_id, position)
);

CREATE TABLE image_data (
    image_id INTEGER PRIMARY KEY REFERENCES images (id) ON DELETE CASCADE,
    bytes    BLOB NOT NULL
);
