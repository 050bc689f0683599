-- Import from other apps (issue 18). A preview's new readings wait here for "Import"
-- (an hour at most; one draft per user), so any server can commit it and a restart loses
-- nothing. A spreadsheet's confirmed column mapping is remembered per header.
CREATE TABLE import_drafts (
    -- random (kernel::secret), scoped to its user in every query
    id          TEXT      PRIMARY KEY,
    user_id     BIGINT    NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- the readings, as imports::service::Draft writes them (JSON)
    payload     TEXT      NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX import_drafts_user ON import_drafts (user_id);
CREATE INDEX import_drafts_created ON import_drafts (created_at);
CREATE TABLE import_mappings (
    user_id     BIGINT    NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- hex SHA-256 of the header's cells (imports::formats::detect::header_key)
    header_key  TEXT      NOT NULL,
    -- imports::formats::Mapping as JSON
    mapping     TEXT      NOT NULL,
    used_at     TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, header_key)
);
