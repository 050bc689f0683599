DROP TABLE pending_captures;
