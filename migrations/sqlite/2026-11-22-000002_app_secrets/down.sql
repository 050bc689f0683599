DROP TABLE app_secrets;
