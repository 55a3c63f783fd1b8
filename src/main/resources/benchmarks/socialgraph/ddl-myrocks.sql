-- socialgraph schema for MyRocks (MariaDB with the RocksDB storage engine; tested on MariaDB 10.11
-- with mariadb-plugin-rocksdb). The same tables, keys and columns as ddl-mysql.sql, so every
-- statement, routine and dialect entry of MariaDB applies unchanged; only the storage differs.
--
-- Column families: each index names its own (the index COMMENT), as LinkBench's MyRocks schema
-- does. A column family is a separate LSM tree in RocksDB with its own memtable, compaction and
-- statistics (information_schema.ROCKSDB_CF_OPTIONS, ROCKSDB_CFSTATS), so the primary keys and the
-- covering range-scan index are flushed, compacted and measured apart.
--
-- Collation: MyRocks stores index keys in a byte-comparable form; a string column in an index
-- with a case-insensitive collation needs extra unpack data to be read back from the index alone,
-- and older MyRocks refused such indexes (rocksdb_strict_collation_check). The indexed columns
-- here are integers and VARBINARY, which compare as bytes; the tables' default collation is a
-- binary one all the same, so that a string column added later keeps index-only reads.

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
    PRIMARY KEY (id) COMMENT 'cf_node_pk'
) ENGINE=ROCKSDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- id1_type covers the range scan (newest first, visible only) without touching the rows. Its
-- column family is reverse-ordered ('rev:'): RocksDB keeps its keys in descending byte order, so
-- the scan's ORDER BY time DESC, id2 DESC reads forward through the tree. RocksDB iterates forward
-- faster than backward (a backward step re-seeks across the LSM levels and the memtable, and
-- deleted links' tombstones are skipped more slowly), and newest-first is the only order LinkBench
-- and TAOBench read links in.
CREATE TABLE linktable (
    id1        BIGINT         NOT NULL,
    id2        BIGINT         NOT NULL,
    link_type  BIGINT         NOT NULL,
    visibility TINYINT        NOT NULL,
    data       VARBINARY(255) NOT NULL,
    time       BIGINT         NOT NULL,
    version    INT            NOT NULL,
    PRIMARY KEY (id1, link_type, id2) COMMENT 'cf_link_pk',
    KEY id1_type (id1, link_type, visibility, time, id2, version, data) COMMENT 'rev:cf_link_id1_type'
) ENGINE=ROCKSDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- count = number of visible links (id, link_type, *); maintained by every link write.
CREATE TABLE counttable (
    id        BIGINT NOT NULL,
    link_type BIGINT NOT NULL,
    count     BIGINT NOT NULL,
    time      BIGINT NOT NULL,
    version   BIGINT NOT NULL,
    PRIMARY KEY (id, link_type) COMMENT 'cf_count_pk'
) ENGINE=ROCKSDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;

-- Written last by the loader (and removed when a load starts): the graph is complete,
-- and which graph it is (maxid1, seed and the other graph keys). Checked before a run.
-- RocksDB too, so that the whole socialgraph schema is one engine (the preflight checks it).
DROP TABLE IF EXISTS graphmarker;
CREATE TABLE graphmarker (
    id     INT           NOT NULL,
    maxid1 BIGINT        NOT NULL,
    graph  VARCHAR(2000) NOT NULL,
    PRIMARY KEY (id)
) ENGINE=ROCKSDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin;
