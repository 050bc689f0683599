DROP TABLE security_events;
