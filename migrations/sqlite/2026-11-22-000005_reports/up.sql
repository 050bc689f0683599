-- Generated reports: the PDF is kept as generated, so what is viewed, downloaded and
-- emailed later is what was generated, even after readings change.
CREATE TABLE reports (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id           BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name              TEXT    NOT NULL,
    report_type       TEXT    NOT NULL,
    date_start        TEXT    NOT NULL,
    date_end          TEXT    NOT NULL,
    include_charts    BOOLEAN NOT NULL,
    include_table     BOOLEAN NOT NULL,
    include_analysis  BOOLEAN NOT NULL,
    generated_at      TIMESTAMP NOT NULL,
    size_bytes        BIGINT  NOT NULL,
    pdf               BLOB    NOT NULL
);
CREATE INDEX reports_user ON reports (user_id, generated_at);

-- Report emails sent, for the per-user daily cap (kept when the report is deleted).
CREATE TABLE report_emails (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    BIGINT  NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    report_id  BIGINT  NOT NULL,
    recipient  TEXT    NOT NULL,
    sent_at    TIMESTAMP NOT NULL
);
CREATE INDEX report_emails_user ON report_emails (user_id, sent_at);
