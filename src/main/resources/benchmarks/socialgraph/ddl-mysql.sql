-- socialgraph schema for MySQL and MariaDB (tested on MariaDB 10.11; MariaDB falls back to
-- this file). One schema for LinkBench and TAOBench: nodes = objects, links = associations.
-- Payloads are binary strings, always bound as parameters.

DROP TABLE IF EXISTS linktable;
DROP TABLE IF EXISTS counttable;
DROP TABLE IF EXISTS nodetable;

-- The loader inserts explicit ids and then sets AUTO_INCREMENT past maxid1.
CREATE TABLE nodetable (
    id      BIGINT     NOT NULL AUTO_INCREMENT,
    type    INT        NOT NULL,
    version BIGINT     NOT NULL,
    time    BIGINT     NOT NULL,
    data    MEDIUMBLOB NOT NULL,
    PRIMARY KEY (id)
) ENGINE=InnoDB;

-- id1_type covers the range scan (newest first, visible only) without touching the rows.
CREATE TABLE linktable (
    id1        BIGINT         NOT NULL,
    id2        BIGINT         NOT NULL,
    link_type  BIGINT         NOT NULL,
    visibility TINYINT        NOT NULL,
    data       VARBINARY(255) NOT NULL,
    time       BIGINT         NOT NULL,
    version    INT            NOT NULL,
    PRIMARY KEY (id1, link_type, id2),
    KEY id1_type (id1, link_type, visibility, time, id2, version, data)
) ENGINE=InnoDB;

-- count = number of visible links (id, link_type, *); maintained by every link write.
CREATE TABLE counttable (
    id        BIGINT NOT NULL,
    link_type BIGINT NOT NULL,
    count     BIGINT NOT NULL,
    time      BIGINT NOT NULL,
    version   BIGINT NOT NULL,
    PRIMARY KEY (id, link_type)
) ENGINE=InnoDB;

-- Written last by the loader (and removed when a load starts): the graph is complete,
-- and which graph it is (maxid1, seed and the other graph keys). Checked before a run.
DROP TABLE IF EXISTS graphmarker;
CREATE TABLE graphmarker (
    id     INT           NOT NULL,
    maxid1 BIGINT        NOT NULL,
    graph  VARCHAR(2000) NOT NULL,
    PRIMARY KEY (id)
);
