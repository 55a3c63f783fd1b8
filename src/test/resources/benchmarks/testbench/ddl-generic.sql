-- Test benchmark schema (generic variant); ddl_source records which file ran.
DROP TABLE IF EXISTS kv;
DROP TABLE IF EXISTS ddl_source;
CREATE TABLE kv (
    k INT NOT NULL PRIMARY KEY,
    v INT NOT NULL
);
CREATE TABLE ddl_source (
    name VARCHAR(16) NOT NULL
);
INSERT INTO ddl_source VALUES ('generic');
