-- socialgraph schema for SQLite (tested with the xerial sqlite-jdbc driver).
-- One schema for LinkBench and TAOBench: nodes = objects, links = associations.
-- Payloads are BLOBs, always bound as parameters.

-- Write-ahead logging (persistent in the database file): readers never wait for the writer, so
-- with several terminals a stream of writes cannot starve the reads into SQLITE_BUSY.
PRAGMA journal_mode = WAL;

DROP TABLE IF EXISTS linktable;
DROP TABLE IF EXISTS counttable;
DROP TABLE IF EXISTS nodetable;

-- AUTOINCREMENT never reuses an id and follows explicitly inserted ids, so after the
-- loader has written [startid1, maxid1) AddNode continues at maxid1 with no extra step.
CREATE TABLE nodetable (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    type    INTEGER NOT NULL,
    version INTEGER NOT NULL,
    time    INTEGER NOT NULL,
    data    BLOB    NOT NULL
);

-- WITHOUT ROWID clusters the links by their key, like InnoDB.
CREATE TABLE linktable (
    id1        INTEGER NOT NULL,
    id2        INTEGER NOT NULL,
    link_type  INTEGER NOT NULL,
    visibility INTEGER NOT NULL,
    data       BLOB    NOT NULL,
    time       INTEGER NOT NULL,
    version    INTEGER NOT NULL,
    PRIMARY KEY (id1, link_type, id2)
) WITHOUT ROWID;

-- Covers the range scan (newest first, visible only).
CREATE INDEX id1_type ON linktable (id1, link_type, visibility, time, id2, version, data);

-- count = number of visible links (id, link_type, *); maintained by every link write.
CREATE TABLE counttable (
    id        INTEGER NOT NULL,
    link_type INTEGER NOT NULL,
    count     INTEGER NOT NULL,
    time      INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    PRIMARY KEY (id, link_type)
) WITHOUT ROWID;

-- Written last by the loader (and removed when a load starts): the graph is complete,
-- and which graph it is (maxid1, seed and the other graph keys). Checked before a run.
DROP TABLE IF EXISTS graphmarker;
CREATE TABLE graphmarker (
    id     INT           NOT NULL,
    maxid1 BIGINT        NOT NULL,
    graph  VARCHAR(2000) NOT NULL,
    PRIMARY KEY (id)
);
