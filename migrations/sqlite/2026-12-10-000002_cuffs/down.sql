DROP TABLE cuffs;
