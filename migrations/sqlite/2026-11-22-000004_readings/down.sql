DROP TABLE readings;
