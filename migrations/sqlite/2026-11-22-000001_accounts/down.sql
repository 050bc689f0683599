DROP TABLE outbox;
DROP TABLE preferences;
DROP TABLE sessions;
DROP TABLE tokens;
DROP TABLE users;
