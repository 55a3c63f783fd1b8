-- socialgraph's link writes as stored procedures for MariaDB and MySQL, so that a write request is
-- one round trip (the CALL). Each procedure runs its own transaction at the session's isolation
-- level, takes the same locks in the same order and sends the same statements as LinkWriter's
-- step-by-step path; see ServerWriteRoutines. Routines are separated by a line holding only "/".
-- Names carry a version: change the body, bump the version (ServerWriteRoutines.VERSION).

-- Inserts or overwrites a link and keeps counttable exact. Result set: one row, 1 inserted,
-- 2 updated, 0 unchanged. p_insert_first: try the insert before locking (AddLink), else lock first.
CREATE PROCEDURE sg_write_link_v5(IN p_id1 BIGINT, IN p_type BIGINT, IN p_id2 BIGINT, IN p_vis INT,
    IN p_data VARBINARY(255), IN p_time BIGINT, IN p_version INT, IN p_insert_first BOOLEAN,
    IN p_now BIGINT)
BEGIN
  DECLARE prev_vis INT;
  DECLARE prev_data VARBINARY(255);
  DECLARE prev_time BIGINT;
  DECLARE prev_version INT;
  DECLARE have_row BOOLEAN DEFAULT FALSE;
  DECLARE outcome INT;
  DECLARE CONTINUE HANDLER FOR NOT FOUND BEGIN END;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  IF NOT p_insert_first THEN
    SELECT visibility, data, time, version, TRUE INTO prev_vis, prev_data, prev_time, prev_version, have_row
      FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 FOR UPDATE;
  END IF;
  CALL sg_put_locked_link_v5(p_id1, p_type, p_id2, p_vis, p_data, p_time, p_version,
      have_row, prev_vis, prev_data, prev_time, prev_version, p_now, outcome);
  COMMIT;
  SELECT outcome;
END
/
-- Hides (p_expunge false) or deletes a link; the count drops by one only when a visible link
-- stops being visible. Result set: one row, 1 if the link existed, else 0.
CREATE PROCEDURE sg_remove_link_v5(IN p_id1 BIGINT, IN p_type BIGINT, IN p_id2 BIGINT,
    IN p_expunge BOOLEAN, IN p_now BIGINT)
BEGIN
  DECLARE prev_vis INT;
  DECLARE have_row BOOLEAN DEFAULT FALSE;
  DECLARE CONTINUE HANDLER FOR NOT FOUND BEGIN END;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;
  START TRANSACTION;
  SELECT visibility, TRUE INTO prev_vis, have_row
    FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 FOR UPDATE;
  IF have_row THEN
    IF p_expunge THEN
      DELETE FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2;
    ELSEIF prev_vis = 1 THEN
      UPDATE linktable SET visibility = 0 WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2;
    END IF;
    IF prev_vis = 1 THEN
      INSERT INTO counttable (id, link_type, count, time, version) VALUES (p_id1, p_type, -1, p_now, 0)
        ON DUPLICATE KEY UPDATE count = count + VALUES(count), time = VALUES(time), version = version + 1;
    END IF;
  END IF;
  COMMIT;
  SELECT have_row;
END
/
-- The body of a link write whose row this transaction already locked (or found absent:
-- p_have_prev false), without transaction control: LinkWriter.writeLocked. Sets o_outcome to
-- 1 inserted, 2 updated, 0 unchanged.
CREATE PROCEDURE sg_put_locked_link_v5(IN p_id1 BIGINT, IN p_type BIGINT, IN p_id2 BIGINT,
    IN p_vis INT, IN p_data VARBINARY(255), IN p_time BIGINT, IN p_version INT,
    IN p_have_prev BOOLEAN, IN p_prev_vis INT, IN p_prev_data VARBINARY(255), IN p_prev_time BIGINT,
    IN p_prev_version INT, IN p_now BIGINT, OUT o_outcome INT)
BEGIN
  DECLARE have_row BOOLEAN DEFAULT p_have_prev;
  DECLARE prev_vis INT DEFAULT p_prev_vis;
  DECLARE prev_data VARBINARY(255) DEFAULT p_prev_data;
  DECLARE prev_time BIGINT DEFAULT p_prev_time;
  DECLARE prev_version INT DEFAULT p_prev_version;
  DECLARE CONTINUE HANDLER FOR NOT FOUND BEGIN END;
  body: BEGIN
    IF NOT have_row THEN
      INSERT IGNORE INTO linktable (id1, id2, link_type, visibility, data, time, version)
        VALUES (p_id1, p_id2, p_type, p_vis, p_data, p_time, p_version);
      IF ROW_COUNT() = 1 THEN
        IF p_vis = 1 THEN
          INSERT INTO counttable (id, link_type, count, time, version) VALUES (p_id1, p_type, 1, p_now, 0)
            ON DUPLICATE KEY UPDATE count = count + VALUES(count), time = VALUES(time), version = version + 1;
        END IF;
        SET o_outcome = 1;
        LEAVE body;
      END IF;
      SELECT visibility, data, time, version, TRUE INTO prev_vis, prev_data, prev_time, prev_version, have_row
        FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 FOR UPDATE;
      IF NOT have_row THEN
        SIGNAL SQLSTATE '40001' SET MESSAGE_TEXT = 'link was inserted by a concurrent transaction that this snapshot cannot see';
      END IF;
    END IF;
    IF prev_vis = p_vis AND prev_data = p_data AND prev_time = p_time AND prev_version = p_version THEN
      SET o_outcome = 0;
      LEAVE body;
    END IF;
    UPDATE linktable SET visibility = p_vis, data = p_data, time = p_time, version = p_version
      WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2;
    IF p_vis <> prev_vis THEN
      INSERT INTO counttable (id, link_type, count, time, version) VALUES (p_id1, p_type, p_vis - prev_vis, p_now, 0)
        ON DUPLICATE KEY UPDATE count = count + VALUES(count), time = VALUES(time), version = version + 1;
    END IF;
    SET o_outcome = 2;
  END body;
END
/
-- Creates the count row of (p_id, p_type) if absent and locks it: LinkWriter.lockCount.
CREATE PROCEDURE sg_lock_count_v5(IN p_id BIGINT, IN p_type BIGINT, IN p_now BIGINT, OUT o_count BIGINT)
BEGIN
  DECLARE CONTINUE HANDLER FOR NOT FOUND BEGIN END;
  SET o_count = NULL;
  INSERT INTO counttable (id, link_type, count, time, version) VALUES (p_id, p_type, 0, p_now, 0)
    ON DUPLICATE KEY UPDATE id = id;
  SELECT count INTO o_count FROM counttable WHERE id = p_id AND link_type = p_type FOR UPDATE;
  IF o_count IS NULL THEN
    SIGNAL SQLSTATE '40001' SET MESSAGE_TEXT = 'count row was created by a concurrent transaction that this snapshot cannot see';
  END IF;
END
/
-- The precondition checks of one TAOBench write against its locked row (TaoWrites.check): NULL
-- when they pass, else '<NAME>:<detail>'.
CREATE FUNCTION sg_tao_check_v5(p_pre INT, p_exists BOOLEAN, p_vis INT, p_version BIGINT,
    p_expected BIGINT, p_expected_vis INT)
RETURNS VARCHAR(200) DETERMINISTIC NO SQL
BEGIN
  IF (p_pre & 16) <> 0 AND NOT p_exists THEN
    RETURN 'UPDATE_ONLY:does not exist';
  END IF;
  IF (p_pre & 4) <> 0 AND (p_version < 0 OR p_version <> p_expected) THEN
    RETURN CONCAT('VERSION_MATCH:version ', IF(p_version < 0, '(absent)', p_version), ', expected ', p_expected);
  END IF;
  IF (p_pre & 8) <> 0 AND p_vis <> p_expected_vis THEN
    RETURN CONCAT('VISIBILITY_MATCH:visibility ', p_vis, ', expected ', p_expected_vis);
  END IF;
  RETURN NULL;
END
/
-- One TAOBench write with its preconditions: TaoWrites for a group of one (p_op -1), in its own
-- transaction, or one op of a write group (p_op its index), inside the caller's transaction whose
-- count rows (and, for several objects, object rows) the caller has already locked in order.
-- p_kind: 1 object add, 2 object update, 3 object delete, 4 association add, 5 association
-- update, 6 association delete. p_preconditions: bits 1 UNIQUE, 2 BIDIRECTIONAL, 4 VERSION_MATCH,
-- 8 VISIBILITY_MATCH, 16 UPDATE_ONLY. Alone, p_expected_version < 0 with VERSION_MATCH compares
-- with the version a plain read sees first, and a write without preconditions tries its one
-- statement first; in a group the caller passes the version it observed before any lock, and
-- every op goes the full way, as TaoWrites does. A failed precondition signals SQLSTATE 45000
-- with MESSAGE_TEXT 'sg-precondition:<NAME>:<detail>' alone (after rolling back) or
-- 'sg-precondition@<p_op>:<NAME>:<detail>' in a group (the caller rolls back). One procedure for
-- both on purpose: a group op that called a second procedure, or a write alone that did, costs
-- MariaDB a routine context more per call (about 7 % more server CPU per single write).
CREATE PROCEDURE sg_tao_write_v5(IN p_op INT, IN p_kind INT, IN p_id1 BIGINT, IN p_type BIGINT, IN p_id2 BIGINT,
    IN p_preconditions INT, IN p_expected_version BIGINT, IN p_expected_vis INT,
    IN p_data MEDIUMBLOB, IN p_time BIGINT, IN p_now BIGINT)
BEGIN
  DECLARE expected BIGINT DEFAULT p_expected_version;
  DECLARE observed BIGINT DEFAULT NULL;
  DECLARE node_version BIGINT DEFAULT NULL;
  DECLARE present BOOLEAN;
  DECLARE bidi BOOLEAN DEFAULT (p_preconditions & 2) <> 0 AND p_id1 <> p_id2;
  DECLARE f_have BOOLEAN DEFAULT FALSE;
  DECLARE f_vis INT; DECLARE f_data VARBINARY(255); DECLARE f_time BIGINT; DECLARE f_version INT;
  DECLARE i_have BOOLEAN DEFAULT FALSE;
  DECLARE i_vis INT; DECLARE i_data VARBINARY(255); DECLARE i_time BIGINT; DECLARE i_version INT;
  DECLARE cnt BIGINT;
  DECLARE others BIGINT;
  DECLARE outcome INT;
  DECLARE vis INT;
  DECLARE ver BIGINT;
  DECLARE failed VARCHAR(200) DEFAULT NULL;
  DECLARE t BIGINT DEFAULT IF(p_time > 0, p_time, p_now);
  DECLARE CONTINUE HANDLER FOR NOT FOUND BEGIN END;
  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN IF p_op < 0 THEN ROLLBACK; END IF; RESIGNAL; END;
  IF p_op < 0 THEN START TRANSACTION; END IF;
  body: BEGIN
    -- Fast path: most of TAOBench's single writes carry no precondition and update a row that is
    -- there (or add an object that is not); those are one statement, with the same row written as
    -- below. The visible-link update leaves the count alone, as below. Anything else, including a
    -- fast statement that finds no row, goes the full way.
    IF p_op < 0 AND p_preconditions = 0 THEN
      IF p_kind = 2 THEN
        UPDATE nodetable SET data = p_data, time = t DIV 1000, version = version + 1 WHERE id = p_id1;
        IF ROW_COUNT() = 1 THEN LEAVE body; END IF;
      ELSEIF p_kind = 1 THEN
        INSERT IGNORE INTO nodetable (id, type, version, time, data) VALUES (p_id1, 2048, 1, t DIV 1000, p_data);
        IF ROW_COUNT() = 1 THEN LEAVE body; END IF;
      ELSEIF p_kind = 5 THEN
        UPDATE linktable SET data = p_data, time = t, version = version + 1
          WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 AND visibility = 1;
        IF ROW_COUNT() = 1 THEN LEAVE body; END IF;
      END IF;
    END IF;
    IF p_op < 0 AND (p_preconditions & 4) <> 0 AND p_expected_version < 0 THEN
      IF p_kind <= 3 THEN
        SELECT version INTO observed FROM nodetable WHERE id = p_id1;
      ELSE
        SELECT version INTO observed FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2;
      END IF;
      IF observed IS NOT NULL THEN
        SET expected = observed;
      END IF;
    END IF;
    IF p_kind <= 3 THEN
      -- objects: nodetable.time is UNIX seconds, the op carries milliseconds
      SET t = t DIV 1000;
      SELECT version INTO node_version FROM nodetable WHERE id = p_id1 FOR UPDATE;
      SET present = node_version IS NOT NULL;
      SET failed = sg_tao_check_v5(p_preconditions, present, IF(present, 1, 0),
          IF(present, node_version, -1), expected, 0);
      IF failed IS NOT NULL THEN LEAVE body; END IF;
      IF p_kind = 3 THEN
        IF present THEN DELETE FROM nodetable WHERE id = p_id1; END IF;
        LEAVE body;
      END IF;
      IF NOT present THEN
        INSERT IGNORE INTO nodetable (id, type, version, time, data) VALUES (p_id1, 2048, 1, t, p_data);
        IF ROW_COUNT() = 1 THEN LEAVE body; END IF;
        SELECT version INTO node_version FROM nodetable WHERE id = p_id1 FOR UPDATE;
        IF node_version IS NULL THEN
          SIGNAL SQLSTATE '40001' SET MESSAGE_TEXT = 'object was inserted by a concurrent transaction that this snapshot cannot see';
        END IF;
        SET failed = sg_tao_check_v5(p_preconditions, TRUE, 1, node_version, expected, 0);
        IF failed IS NOT NULL THEN LEAVE body; END IF;
      END IF;
      UPDATE nodetable SET data = p_data, time = t, version = version + 1 WHERE id = p_id1;
      LEAVE body;
    END IF;
    -- associations: count rows first, ascending id (one type), then the link rows
    IF bidi AND p_id2 < p_id1 THEN
      CALL sg_lock_count_v5(p_id2, p_type, p_now, cnt);
      CALL sg_lock_count_v5(p_id1, p_type, p_now, cnt);
    ELSE
      CALL sg_lock_count_v5(p_id1, p_type, p_now, cnt);
      IF bidi THEN CALL sg_lock_count_v5(p_id2, p_type, p_now, cnt); END IF;
    END IF;
    SELECT visibility, data, time, version, TRUE INTO f_vis, f_data, f_time, f_version, f_have
      FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 FOR UPDATE;
    SET failed = sg_tao_check_v5(p_preconditions, f_have AND f_vis = 1, IF(f_have, f_vis, 0),
        IF(f_have, f_version, -1), expected, p_expected_vis);
    IF failed IS NOT NULL THEN LEAVE body; END IF;
    IF p_kind = 6 THEN
      IF f_have AND f_vis = 1 THEN
        CALL sg_put_locked_link_v5(p_id1, p_type, p_id2, 0, f_data, f_time, f_version + 1,
            TRUE, f_vis, f_data, f_time, f_version, p_now, outcome);
      END IF;
      IF bidi THEN
        SELECT visibility, data, time, version, TRUE INTO i_vis, i_data, i_time, i_version, i_have
          FROM linktable WHERE id1 = p_id2 AND link_type = p_type AND id2 = p_id1 FOR UPDATE;
        IF i_have AND i_vis = 1 THEN
          CALL sg_put_locked_link_v5(p_id2, p_type, p_id1, 0, i_data, i_time, i_version + 1,
              TRUE, i_vis, i_data, i_time, i_version, p_now, outcome);
        END IF;
      END IF;
      LEAVE body;
    END IF;
    IF bidi THEN
      SELECT visibility, data, time, version, TRUE INTO i_vis, i_data, i_time, i_version, i_have
        FROM linktable WHERE id1 = p_id2 AND link_type = p_type AND id2 = p_id1 FOR UPDATE;
    END IF;
    IF (p_preconditions & 1) <> 0 THEN
      SELECT count INTO cnt FROM counttable WHERE id = p_id1 AND link_type = p_type FOR UPDATE;
      SET others = cnt - IF(f_have AND f_vis = 1, 1, 0);
      IF others > 0 THEN
        SET failed = CONCAT('UNIQUE:', others, ' other visible association(s) of type ', p_type, ' leave ', p_id1);
        LEAVE body;
      END IF;
      IF bidi THEN
        SELECT count INTO cnt FROM counttable WHERE id = p_id2 AND link_type = p_type FOR UPDATE;
        SET others = cnt - IF(i_have AND i_vis = 1, 1, 0);
        IF others > 0 THEN
          SET failed = CONCAT('UNIQUE_INVERSE:', others, ' other visible association(s) of type ', p_type, ' leave ', p_id2);
          LEAVE body;
        END IF;
      END IF;
    END IF;
    CALL sg_put_locked_link_v5(p_id1, p_type, p_id2, 1, p_data, t, IF(f_have, f_version + 1, 0),
        f_have, f_vis, f_data, f_time, f_version, p_now, outcome);
    IF bidi THEN
      CALL sg_put_locked_link_v5(p_id2, p_type, p_id1, 1, p_data, t, IF(i_have, i_version + 1, 0),
          i_have, i_vis, i_data, i_time, i_version, p_now, outcome);
    END IF;
  END body;
  IF failed IS NOT NULL THEN
    IF p_op < 0 THEN ROLLBACK; END IF;
    SET failed = CONCAT('sg-precondition', IF(p_op < 0, '', CONCAT('@', p_op)), ':', failed);
    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = failed;
  END IF;
  IF p_op < 0 THEN COMMIT; END IF;
END
