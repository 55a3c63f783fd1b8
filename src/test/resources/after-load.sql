-- used by AbstractTestLoader.testLoadWithAfterLoad (a classpath resource)
CREATE TABLE extra (extra INT PRIMARY KEY);
INSERT INTO extra VALUES (0);
