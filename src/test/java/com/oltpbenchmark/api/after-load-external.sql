-- used by AbstractTestLoader.testLoadWithExternalAfterLoad (a file path, not a classpath resource)
CREATE TABLE extra_external (extra INT PRIMARY KEY);
INSERT INTO extra_external VALUES (1);
