DROP TABLE share_accesses;
DROP TABLE shares;
