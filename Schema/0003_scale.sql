-- What keeps a list of a million products fast.

-- The number of products, kept by triggers inside every write's own transaction, so an unfiltered list reads one
-- row instead of counting them all.
CREATE TABLE product_count (
    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
    total     INTEGER NOT NULL
);
INSERT INTO product_count (singleton, total) SELECT 1, count(*) FROM products;
CREATE TRIGGER product_count_after_insert AFTER INSERT ON products BEGIN
    UPDATE product_count SET total = total + 1;
END;
CREATE TRIGGER product_count_after_delete AFTER DELETE ON products BEGIN
    UPDATE product_count SET total = total - 1;
END;

-- Product names by trigram, which finds a substring of 3 or more characters without reading every name; it folds
-- case more widely than the search does (not only ASCII), so it narrows the candidates and the search's own
-- condition decides. The names live only in products (an external-content index); triggers keep it in step.
CREATE VIRTUAL TABLE product_names USING fts5 (name, content = 'products', content_rowid = 'id', tokenize = 'trigram', columnsize = 0);
INSERT INTO product_names (product_names) VALUES ('rebuild');
CREATE TRIGGER product_names_after_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_names (rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER product_names_after_delete AFTER DELETE ON products BEGIN
    INSERT INTO product_names (product_names, rowid, name) VALUES ('delete', old.id, old.name);
END;
CREATE TRIGGER product_names_after_rename AFTER UPDATE OF name ON products BEGIN
    INSERT INTO product_names (product_names, rowid, name) VALUES ('delete', old.id, old.name);
    INSERT INTO product_names (rowid, name) VALUES (new.id, new.name);
END;
