-- Where a reading was taken (issue 35): home (self-measured) or office (at the clinic).
-- Every reading before it was a home one. The guidelines judge the two apart, so an
-- office reading never enters the home average; the CHECK keeps the column to the two
-- codes of `readings::Setting`.
ALTER TABLE readings ADD COLUMN setting TEXT NOT NULL DEFAULT 'home'
    CHECK (setting IN ('home', 'office'));
