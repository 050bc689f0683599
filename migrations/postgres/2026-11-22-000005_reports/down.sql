DROP TABLE report_emails;
DROP TABLE reports;
