DROP TABLE payments;
DROP TABLE subscriptions;
