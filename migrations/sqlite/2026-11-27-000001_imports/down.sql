DROP TABLE import_mappings;
DROP TABLE import_drafts;
