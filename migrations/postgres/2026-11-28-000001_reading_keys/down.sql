DROP TABLE reading_keys;
