DROP TABLE home_weeks;
DROP TABLE bp_session_readings;
DROP TABLE bp_sessions;
