DROP TABLE import_turns;
