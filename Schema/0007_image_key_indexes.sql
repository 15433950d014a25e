-- The uniqueness of image keys as indexes of their own instead of inline UNIQUE constraints, which only a table
-- rebuild can drop: a seed drops these and sorts every key into them once at the end, where inserting a million
-- random keys one by one cost ten seconds (see MarketStore+Seed.swift). Same columns, rows, ids and id counter.
-- SQLite's documented rebuild: the migrator turns foreign keys off around it (the DROP would cascade to image_data
-- and products.thumbnail_image_id otherwise) and checks them before the commit.
CREATE TEMP TABLE images_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'images';
CREATE TABLE images_rebuilt (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id     INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    position       INTEGER NOT NULL, -- upload order, from 0
    media_type     TEXT NOT NULL,    -- detected from the bytes
    file_extension TEXT,             -- from the uploaded filename; NULL if it had none
    origin_key     TEXT NOT NULL,    -- URL path of the original, unique (images_by_origin_key)
    thumbnail_key  TEXT NOT NULL,    -- URL path of the thumbnail, unique (images_by_thumbnail_key)
    byte_count     INTEGER NOT NULL,
    shared_data_id INTEGER REFERENCES shared_image_data (id), -- see 0004
    UNIQUE (product_id, position)
);
INSERT INTO images_rebuilt (id, product_id, position, media_type, file_extension, origin_key, thumbnail_key, byte_count, shared_data_id)
    SELECT id, product_id, position, media_type, file_extension, origin_key, thumbnail_key, byte_count, shared_data_id FROM images;
DROP TABLE images;
ALTER TABLE images_rebuilt RENAME TO images;
CREATE UNIQUE INDEX images_by_origin_key ON images (origin_key);
CREATE UNIQUE INDEX images_by_thumbnail_key ON images (thumbnail_key);
-- An id is never handed out twice: the counter goes on from the old table's, which deleted images may have left
-- above the largest id copied.
DELETE FROM sqlite_sequence WHERE name = 'images';
INSERT INTO sqlite_sequence (name, seq)
    SELECT 'images', max(coalesce((SELECT seq FROM temp.images_sequence), 0), coalesce((SELECT max(id) FROM images), 0))
    WHERE EXISTS (SELECT 1 FROM temp.images_sequence) OR EXISTS (SELECT 1 FROM images);
DROP TABLE temp.images_sequence;
