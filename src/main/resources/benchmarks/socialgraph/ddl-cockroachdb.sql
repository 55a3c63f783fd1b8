-- socialgraph schema for CockroachDB.
-- Written from CockroachDB's SQL documentation (CREATE TABLE, CREATE INDEX ... STORING,
-- CREATE SEQUENCE, INSERT ... ON CONFLICT); NOT tested against a CockroachDB server here.
-- Payloads are BYTES, always bound as parameters.

DROP TABLE IF EXISTS linktable;
DROP TABLE IF EXISTS counttable;
DROP TABLE IF EXISTS nodetable;
DROP SEQUENCE IF EXISTS nodetable_id_seq;

-- A real sequence, not SERIAL: CockroachDB's SERIAL defaults to unique_rowid(), whose ids are
-- far from dense. The loader inserts explicit ids, then moves the sequence past maxid1.
CREATE SEQUENCE nodetable_id_seq;

CREATE TABLE nodetable (
    id      INT8  NOT NULL DEFAULT nextval('nodetable_id_seq'),
    type    INT4  NOT NULL,
    version INT8  NOT NULL,
    time    INT8  NOT NULL,
    data    BYTES NOT NULL,
    PRIMARY KEY (id)
);

-- id1_type covers the range scan (newest first, visible only): key columns in scan order,
-- the remaining columns stored in the index.
CREATE TABLE linktable (
    id1        INT8  NOT NULL,
    id2        INT8  NOT NULL,
    link_type  INT8  NOT NULL,
    visibility INT2  NOT NULL,
    data       BYTES NOT NULL,
    time       INT8  NOT NULL,
    version    INT4  NOT NULL,
    PRIMARY KEY (id1, link_type, id2),
    INDEX id1_type (id1, link_type, visibility, time, id2) STORING (version, data)
);

-- count = number of visible links (id, link_type, *); maintained by every link write.
CREATE TABLE counttable (
    id        INT8 NOT NULL,
    link_type INT8 NOT NULL,
    count     INT8 NOT NULL,
    time      INT8 NOT NULL,
    version   INT8 NOT NULL,
    PRIMARY KEY (id, link_type)
);

-- Written last by the loader (and removed when a load starts): the graph is complete,
-- and which graph it is (maxid1, seed and the other graph keys). Checked before a run.
DROP TABLE IF EXISTS graphmarker;
CREATE TABLE graphmarker (
    id     INT           NOT NULL,
    maxid1 BIGINT        NOT NULL,
    graph  VARCHAR(2000) NOT NULL,
    PRIMARY KEY (id)
);
