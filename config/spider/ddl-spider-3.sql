-- socialgraph schema for a Spider head over 3 InnoDB backends (scripts/spider-cluster.sh ddl 3
-- 50 1 100001; MariaDB 10.11 with ha_spider). Generated: edit the script, not this file.
-- Run through the head (--create): spider_direct_sql drops and creates the backend tables first,
-- in the database of the same name as the head's (created on a backend when missing), so --create
-- resets the backends too. Backend servers are the head's CREATE SERVER entries sg_backend1..3.
-- Placement (docs/engines.md, "Spider"): backend b holds TAOBench's shards
-- floor((b-1)*50/3) .. floor(b*50/3)-1 of [1, 100001), loaded and new objects alike;
-- nodetable by id, linktable by id1, counttable by id.

DROP TABLE IF EXISTS linktable;
DROP TABLE IF EXISTS counttable;
DROP TABLE IF EXISTS nodetable;

-- backend 1 (sg_backend1)
SELECT spider_direct_sql(CONCAT('CREATE DATABASE IF NOT EXISTS `', DATABASE(), '`'), '', 'srv "sg_backend1", database "information_schema"');
SELECT spider_direct_sql('DROP TABLE IF EXISTS linktable, counttable, nodetable', '', CONCAT('srv "sg_backend1", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE nodetable (id BIGINT NOT NULL AUTO_INCREMENT, type INT NOT NULL, version BIGINT NOT NULL, time BIGINT NOT NULL, data MEDIUMBLOB NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend1", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE linktable (id1 BIGINT NOT NULL, id2 BIGINT NOT NULL, link_type BIGINT NOT NULL, visibility TINYINT NOT NULL, data VARBINARY(255) NOT NULL, time BIGINT NOT NULL, version INT NOT NULL, PRIMARY KEY (id1, link_type, id2), KEY id1_type (id1, link_type, visibility, time, id2, version, data)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend1", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE counttable (id BIGINT NOT NULL, link_type BIGINT NOT NULL, count BIGINT NOT NULL, time BIGINT NOT NULL, version BIGINT NOT NULL, PRIMARY KEY (id, link_type)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend1", database "', DATABASE(), '"'));

-- backend 2 (sg_backend2)
SELECT spider_direct_sql(CONCAT('CREATE DATABASE IF NOT EXISTS `', DATABASE(), '`'), '', 'srv "sg_backend2", database "information_schema"');
SELECT spider_direct_sql('DROP TABLE IF EXISTS linktable, counttable, nodetable', '', CONCAT('srv "sg_backend2", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE nodetable (id BIGINT NOT NULL AUTO_INCREMENT, type INT NOT NULL, version BIGINT NOT NULL, time BIGINT NOT NULL, data MEDIUMBLOB NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend2", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE linktable (id1 BIGINT NOT NULL, id2 BIGINT NOT NULL, link_type BIGINT NOT NULL, visibility TINYINT NOT NULL, data VARBINARY(255) NOT NULL, time BIGINT NOT NULL, version INT NOT NULL, PRIMARY KEY (id1, link_type, id2), KEY id1_type (id1, link_type, visibility, time, id2, version, data)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend2", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE counttable (id BIGINT NOT NULL, link_type BIGINT NOT NULL, count BIGINT NOT NULL, time BIGINT NOT NULL, version BIGINT NOT NULL, PRIMARY KEY (id, link_type)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend2", database "', DATABASE(), '"'));

-- backend 3 (sg_backend3)
SELECT spider_direct_sql(CONCAT('CREATE DATABASE IF NOT EXISTS `', DATABASE(), '`'), '', 'srv "sg_backend3", database "information_schema"');
SELECT spider_direct_sql('DROP TABLE IF EXISTS linktable, counttable, nodetable', '', CONCAT('srv "sg_backend3", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE nodetable (id BIGINT NOT NULL AUTO_INCREMENT, type INT NOT NULL, version BIGINT NOT NULL, time BIGINT NOT NULL, data MEDIUMBLOB NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend3", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE linktable (id1 BIGINT NOT NULL, id2 BIGINT NOT NULL, link_type BIGINT NOT NULL, visibility TINYINT NOT NULL, data VARBINARY(255) NOT NULL, time BIGINT NOT NULL, version INT NOT NULL, PRIMARY KEY (id1, link_type, id2), KEY id1_type (id1, link_type, visibility, time, id2, version, data)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend3", database "', DATABASE(), '"'));
SELECT spider_direct_sql('CREATE TABLE counttable (id BIGINT NOT NULL, link_type BIGINT NOT NULL, count BIGINT NOT NULL, time BIGINT NOT NULL, version BIGINT NOT NULL, PRIMARY KEY (id, link_type)) ENGINE=InnoDB', '', CONCAT('srv "sg_backend3", database "', DATABASE(), '"'));

-- The head's tables: the same columns and keys (the head plans with them), rows on the backends.
CREATE TABLE nodetable (id BIGINT NOT NULL AUTO_INCREMENT, type INT NOT NULL, version BIGINT NOT NULL, time BIGINT NOT NULL, data MEDIUMBLOB NOT NULL, PRIMARY KEY (id)) ENGINE=SPIDER
PARTITION BY RANGE (((id - 1 + 1) * 50 - 1) DIV 100000 + ((id DIV 1099511627776 + 8388607) DIV 8388608) * (id MOD 50 - (((id - 1 + 1) * 50 - 1) DIV 100000))) (
    PARTITION b1 VALUES LESS THAN (16) COMMENT = 'srv "sg_backend1", table "nodetable"',
    PARTITION b2 VALUES LESS THAN (33) COMMENT = 'srv "sg_backend2", table "nodetable"',
    PARTITION b3 VALUES LESS THAN MAXVALUE COMMENT = 'srv "sg_backend3", table "nodetable"'
);

CREATE TABLE linktable (id1 BIGINT NOT NULL, id2 BIGINT NOT NULL, link_type BIGINT NOT NULL, visibility TINYINT NOT NULL, data VARBINARY(255) NOT NULL, time BIGINT NOT NULL, version INT NOT NULL, PRIMARY KEY (id1, link_type, id2), KEY id1_type (id1, link_type, visibility, time, id2, version, data)) ENGINE=SPIDER
PARTITION BY RANGE (((id1 - 1 + 1) * 50 - 1) DIV 100000 + ((id1 DIV 1099511627776 + 8388607) DIV 8388608) * (id1 MOD 50 - (((id1 - 1 + 1) * 50 - 1) DIV 100000))) (
    PARTITION b1 VALUES LESS THAN (16) COMMENT = 'srv "sg_backend1", table "linktable"',
    PARTITION b2 VALUES LESS THAN (33) COMMENT = 'srv "sg_backend2", table "linktable"',
    PARTITION b3 VALUES LESS THAN MAXVALUE COMMENT = 'srv "sg_backend3", table "linktable"'
);

CREATE TABLE counttable (id BIGINT NOT NULL, link_type BIGINT NOT NULL, count BIGINT NOT NULL, time BIGINT NOT NULL, version BIGINT NOT NULL, PRIMARY KEY (id, link_type)) ENGINE=SPIDER
PARTITION BY RANGE (((id - 1 + 1) * 50 - 1) DIV 100000 + ((id DIV 1099511627776 + 8388607) DIV 8388608) * (id MOD 50 - (((id - 1 + 1) * 50 - 1) DIV 100000))) (
    PARTITION b1 VALUES LESS THAN (16) COMMENT = 'srv "sg_backend1", table "counttable"',
    PARTITION b2 VALUES LESS THAN (33) COMMENT = 'srv "sg_backend2", table "counttable"',
    PARTITION b3 VALUES LESS THAN MAXVALUE COMMENT = 'srv "sg_backend3", table "counttable"'
);

-- Written last by the loader (and removed when a load starts); a local table on the head.
DROP TABLE IF EXISTS graphmarker;
CREATE TABLE graphmarker (id INT NOT NULL, maxid1 BIGINT NOT NULL, graph VARCHAR(2000) NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB;
