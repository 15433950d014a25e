-- Picture bytes shared by many images (a generated catalogue draws a few dozen pictures for all its products), kept
-- once. An image has its own bytes in image_data, or none there and the id of shared bytes here.
CREATE TABLE shared_image_data (
    id    INTEGER PRIMARY KEY,
    bytes BLOB NOT NULL
);
ALTER TABLE images ADD COLUMN shared_data_id INTEGER REFERENCES shared_image_data (id);
