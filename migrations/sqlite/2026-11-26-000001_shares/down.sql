DROP TABLE share_emails;
DROP TABLE share_accesses;
DROP TABLE shares;
