-- What lets a seed of a million products be written in seconds and stay small.

-- Picture bytes shared by many images (a generated catalogue draws a few dozen pictures for all its products), kept
-- once. An image has its own bytes in image_data, or none there and the id of shared bytes here.
CREATE TABLE shared_image_data (
    id    INTEGER PRIMARY KEY,
    bytes BLOB NOT NULL
);
ALTER TABLE images ADD COLUMN shared_data_id INTEGER REFERENCES shared_image_data (id);

-- While this table has its row (only inside a seed's own transaction), new products skip the trigram index and the
-- count, which the seed then rebuilds once: one product at a time costs the index some fifteen times more.
CREATE TABLE bulk_writing (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1)
);
DROP TRIGGER product_names_after_insert;
CREATE TRIGGER product_names_after_insert AFTER INSERT ON products WHEN NOT EXISTS (SELECT 1 FROM bulk_writing) BEGIN
    INSERT INTO product_names (rowid, name) VALUES (new.id, new.name);
END;
DROP TRIGGER product_count_after_insert;
CREATE TRIGGER product_count_after_insert AFTER INSERT ON products WHEN NOT EXISTS (SELECT 1 FROM bulk_writing) BEGIN
    UPDATE product_count SET total = total + 1;
END;
