-- The products whose name holds a NUL character. SQLite's trigram tokenizer ends a text at its first NUL, so the
-- name index (0006) never holds what follows one; a search adds these few products to the index's candidates and
-- lets its own condition decide, as for every candidate. A partial index: it holds only such products, and a query
-- with this same condition reads it instead of the table.
CREATE INDEX products_with_nul_in_name ON products (id) WHERE instr(name, char(0)) > 0;
