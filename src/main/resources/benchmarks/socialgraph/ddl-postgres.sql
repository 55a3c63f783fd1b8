-- socialgraph schema for PostgreSQL (tested on PostgreSQL 15).
-- One schema for LinkBench and TAOBench: nodes = objects, links = associations.
-- Payloads are bytea, always bound as parameters.

DROP TABLE IF EXISTS linktable;
DROP TABLE IF EXISTS counttable;
DROP TABLE IF EXISTS nodetable;

-- id comes from the sequence nodetable_id_seq; the loader inserts explicit ids
-- and then moves the sequence past maxid1 so AddNode allocates fresh ids.
CREATE TABLE nodetable (
    id      BIGSERIAL NOT NULL,
    type    INT       NOT NULL,
    version BIGINT    NOT NULL,
    time    BIGINT    NOT NULL,
    data    BYTEA     NOT NULL,
    PRIMARY KEY (id)
);

CREATE TABLE linktable (
    id1        BIGINT   NOT NULL,
    id2        BIGINT   NOT NULL,
    link_type  BIGINT   NOT NULL,
    visibility SMALLINT NOT NULL,
    data       BYTEA    NOT NULL,
    time       BIGINT   NOT NULL,
    version    INT      NOT NULL,
    PRIMARY KEY (id1, link_type, id2)
);

-- The range scan (newest first, visible only) reads this index alone:
-- the key orders by time within (id1, link_type, visibility), the rest rides along.
CREATE INDEX id1_type ON linktable (id1, link_type, visibility, time, id2) INCLUDE (version, data);

-- count = number of visible links (id, link_type, *); maintained by every link write.
CREATE TABLE counttable (
    id        BIGINT NOT NULL,
    link_type BIGINT NOT NULL,
    count     BIGINT NOT NULL,
    time      BIGINT NOT NULL,
    version   BIGINT NOT NULL,
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
