-- The trigram index of names without the position of each trigram (detail = none). A search looks up trigrams one
-- by one and lets its own condition decide (see 0003), so it never needed them; without them the index is about half
-- as large and a seed of a million names builds it in about half the time. Same name, same triggers (which name the
-- table, not its options), built again from the names.
DROP TABLE product_names;
CREATE VIRTUAL TABLE product_names USING fts5 (name, content = 'products', content_rowid = 'id', tokenize = 'trigram', columnsize = 0, detail = none);
INSERT INTO product_names (product_names) VALUES ('rebuild');
