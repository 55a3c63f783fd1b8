-- socialgraph's link writes as server-side routines for PostgreSQL, so that a write request is one
-- round trip (the call, in autocommit). Each routine takes the same locks in the same order and
-- sends the same statements as LinkWriter's step-by-step path; see ServerWriteRoutines.
-- Routines are separated by a line holding only "/". Names carry a version: change the body,
-- bump the version (ServerWriteRoutines.VERSION).

-- Inserts or overwrites a link and keeps counttable exact. Returns 1 inserted, 2 updated,
-- 0 unchanged. p_insert_first: try the insert before locking (AddLink), else lock first.
CREATE FUNCTION sg_write_link_v5(p_id1 BIGINT, p_type BIGINT, p_id2 BIGINT, p_vis INT,
    p_data BYTEA, p_time BIGINT, p_version INT, p_insert_first BOOLEAN, p_now BIGINT)
RETURNS INT LANGUAGE plpgsql AS $body$
DECLARE
  prev_vis INT;
  prev_data BYTEA;
  prev_time BIGINT;
  prev_version INT;
  have_row BOOLEAN := FALSE;
BEGIN
  IF NOT p_insert_first THEN
    SELECT visibility, data, time, version INTO prev_vis, prev_data, prev_time, prev_version
      FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 FOR UPDATE;
    have_row := FOUND;
  END IF;
  RETURN sg_put_locked_link_v5(p_id1, p_type, p_id2, p_vis, p_data, p_time, p_version,
      have_row, prev_vis, prev_data, prev_time, prev_version, p_now);
END
$body$
/
-- Hides (p_expunge false) or deletes a link; the count drops by one only when a visible link
-- stops being visible. Returns 1 if the link existed, else 0.
CREATE FUNCTION sg_remove_link_v5(p_id1 BIGINT, p_type BIGINT, p_id2 BIGINT, p_expunge BOOLEAN,
    p_now BIGINT)
RETURNS INT LANGUAGE plpgsql AS $body$
DECLARE
  prev_vis INT;
  n INT := 1;
BEGIN
  SELECT visibility INTO prev_vis
    FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  IF p_expunge THEN
    DELETE FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2;
    GET DIAGNOSTICS n = ROW_COUNT;
  ELSIF prev_vis = 1 THEN
    UPDATE linktable SET visibility = 0 WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2;
    GET DIAGNOSTICS n = ROW_COUNT;
  END IF;
  IF n <> 1 THEN
    RAISE EXCEPTION 'link removal of locked row (%,%,%) changed % rows, expected 1', p_id1, p_type, p_id2, n;
  END IF;
  IF prev_vis = 1 THEN
    INSERT INTO counttable (id, link_type, count, time, version) VALUES (p_id1, p_type, -1, p_now, 0)
      ON CONFLICT (id, link_type) DO UPDATE SET count = counttable.count + excluded.count,
        time = excluded.time, version = counttable.version + 1;
  END IF;
  RETURN 1;
END
$body$
/
-- The body of a link write whose row this transaction already locked (or found absent:
-- p_have_prev false): LinkWriter.writeLocked. Returns 1 inserted, 2 updated, 0 unchanged.
CREATE FUNCTION sg_put_locked_link_v5(p_id1 BIGINT, p_type BIGINT, p_id2 BIGINT, p_vis INT,
    p_data BYTEA, p_time BIGINT, p_version INT, p_have_prev BOOLEAN, p_prev_vis INT,
    p_prev_data BYTEA, p_prev_time BIGINT, p_prev_version INT, p_now BIGINT)
RETURNS INT LANGUAGE plpgsql AS $body$
DECLARE
  prev_vis INT := p_prev_vis;
  prev_data BYTEA := p_prev_data;
  prev_time BIGINT := p_prev_time;
  prev_version INT := p_prev_version;
  n INT;
BEGIN
  IF NOT p_have_prev THEN
    INSERT INTO linktable (id1, id2, link_type, visibility, data, time, version)
      VALUES (p_id1, p_id2, p_type, p_vis, p_data, p_time, p_version) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n = ROW_COUNT;
    IF n = 1 THEN
      IF p_vis = 1 THEN
        INSERT INTO counttable (id, link_type, count, time, version) VALUES (p_id1, p_type, 1, p_now, 0)
          ON CONFLICT (id, link_type) DO UPDATE SET count = counttable.count + excluded.count,
            time = excluded.time, version = counttable.version + 1;
      END IF;
      RETURN 1;
    END IF;
    SELECT visibility, data, time, version INTO prev_vis, prev_data, prev_time, prev_version
      FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 FOR UPDATE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'link (%,%,%) was inserted by a concurrent transaction that this snapshot cannot see',
        p_id1, p_type, p_id2 USING ERRCODE = '40001';
    END IF;
  END IF;
  IF prev_vis = p_vis AND prev_data = p_data AND prev_time = p_time AND prev_version = p_version THEN
    RETURN 0;
  END IF;
  UPDATE linktable SET visibility = p_vis, data = p_data, time = p_time, version = p_version
    WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2;
  IF p_vis <> prev_vis THEN
    INSERT INTO counttable (id, link_type, count, time, version) VALUES (p_id1, p_type, p_vis - prev_vis, p_now, 0)
      ON CONFLICT (id, link_type) DO UPDATE SET count = counttable.count + excluded.count,
        time = excluded.time, version = counttable.version + 1;
  END IF;
  RETURN 2;
END
$body$
/
-- Creates the count row of (p_id, p_type) if absent and locks it: LinkWriter.lockCount.
CREATE FUNCTION sg_lock_count_v5(p_id BIGINT, p_type BIGINT, p_now BIGINT)
RETURNS BIGINT LANGUAGE plpgsql AS $body$
DECLARE
  c BIGINT;
BEGIN
  INSERT INTO counttable (id, link_type, count, time, version) VALUES (p_id, p_type, 0, p_now, 0)
    ON CONFLICT (id, link_type) DO NOTHING;
  SELECT count INTO c FROM counttable WHERE id = p_id AND link_type = p_type FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'count row (%,%) was created by a concurrent transaction that this snapshot cannot see',
      p_id, p_type USING ERRCODE = '40001';
  END IF;
  RETURN c;
END
$body$
/
-- The precondition checks of one TAOBench write against its locked row (TaoWrites.check): NULL
-- when they pass, else '<NAME>:<detail>'.
CREATE FUNCTION sg_tao_check_v5(p_pre INT, p_exists BOOLEAN, p_vis INT, p_version BIGINT,
    p_expected BIGINT, p_expected_vis INT)
RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $body$
BEGIN
  IF (p_pre & 16) <> 0 AND NOT p_exists THEN
    RETURN 'UPDATE_ONLY:does not exist';
  END IF;
  IF (p_pre & 4) <> 0 AND (p_version < 0 OR p_version <> p_expected) THEN
    RETURN 'VERSION_MATCH:version ' || CASE WHEN p_version < 0 THEN '(absent)' ELSE p_version::TEXT END
      || ', expected ' || p_expected;
  END IF;
  IF (p_pre & 8) <> 0 AND p_vis <> p_expected_vis THEN
    RETURN 'VISIBILITY_MATCH:visibility ' || p_vis || ', expected ' || p_expected_vis;
  END IF;
  RETURN NULL;
END
$body$
/
-- One TAOBench write with its preconditions: TaoWrites for a group of one (p_op -1), called in
-- autocommit, or one op of a write group (p_op its index) inside the caller's transaction, which
-- has locked the group's count and object rows in order (the query of
-- ServerWriteRoutines#taoWriteGroup does both in one round trip). p_kind: 1 object add, 2 object update,
-- 3 object delete, 4 association add, 5 association update, 6 association delete.
-- p_preconditions: bits 1 UNIQUE, 2 BIDIRECTIONAL, 4 VERSION_MATCH, 8 VISIBILITY_MATCH,
-- 16 UPDATE_ONLY. Alone, p_expected_version < 0 with VERSION_MATCH compares with the version a
-- plain read sees first, and a write without preconditions tries its one statement first. A
-- failed precondition raises SQLSTATE 45000 with message 'sg-precondition:<NAME>:<detail>'
-- ('sg-precondition@<p_op>:...' in a group), which rolls the call back.
CREATE FUNCTION sg_tao_write_v5(p_op INT, p_kind INT, p_id1 BIGINT, p_type BIGINT, p_id2 BIGINT,
    p_preconditions INT, p_expected_version BIGINT, p_expected_vis INT, p_data BYTEA,
    p_time BIGINT, p_now BIGINT)
RETURNS INT LANGUAGE plpgsql AS $body$
DECLARE
  expected BIGINT := p_expected_version;
  observed BIGINT;
  node_version BIGINT;
  present BOOLEAN;
  bidi BOOLEAN := (p_preconditions & 2) <> 0 AND p_id1 <> p_id2;
  f_have BOOLEAN := FALSE;
  f_vis INT; f_data BYTEA; f_time BIGINT; f_version INT;
  i_have BOOLEAN := FALSE;
  i_vis INT; i_data BYTEA; i_time BIGINT; i_version INT;
  cnt BIGINT;
  others BIGINT;
  failed TEXT;
  t BIGINT := CASE WHEN p_time > 0 THEN p_time ELSE p_now END;
  tag TEXT := CASE WHEN p_op < 0 THEN '' ELSE '@' || p_op END;
  n INT;
BEGIN
  -- Fast path: most of TAOBench's single writes carry no precondition and update a row that is
  -- there (or add an object that is not); those are one statement, with the same row written as
  -- below. The visible-link update leaves the count alone, as below. Anything else, including a
  -- fast statement that finds no row, goes the full way.
  IF p_op < 0 AND p_preconditions = 0 THEN
    IF p_kind = 2 THEN
      UPDATE nodetable SET data = p_data, time = t / 1000, version = version + 1 WHERE id = p_id1;
      GET DIAGNOSTICS n = ROW_COUNT;
      IF n = 1 THEN
        RETURN 0;
      END IF;
    ELSIF p_kind = 1 THEN
      INSERT INTO nodetable (id, type, version, time, data) VALUES (p_id1, 2048, 1, t / 1000, p_data)
        ON CONFLICT (id) DO NOTHING;
      GET DIAGNOSTICS n = ROW_COUNT;
      IF n = 1 THEN
        RETURN 0;
      END IF;
    ELSIF p_kind = 5 THEN
      UPDATE linktable SET data = p_data, time = t, version = version + 1
        WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 AND visibility = 1;
      GET DIAGNOSTICS n = ROW_COUNT;
      IF n = 1 THEN
        RETURN 0;
      END IF;
    END IF;
  END IF;
  IF p_op < 0 AND (p_preconditions & 4) <> 0 AND p_expected_version < 0 THEN
    IF p_kind <= 3 THEN
      SELECT version INTO observed FROM nodetable WHERE id = p_id1;
    ELSE
      SELECT version INTO observed FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2;
    END IF;
    IF observed IS NOT NULL THEN
      expected := observed;
    END IF;
  END IF;
  IF p_kind <= 3 THEN
    -- objects: nodetable.time is UNIX seconds, the op carries milliseconds
    t := t / 1000;
    SELECT version INTO node_version FROM nodetable WHERE id = p_id1 FOR UPDATE;
    present := node_version IS NOT NULL;
    failed := sg_tao_check_v5(p_preconditions, present, CASE WHEN present THEN 1 ELSE 0 END,
        COALESCE(node_version, -1), expected, 0);
    IF failed IS NOT NULL THEN
      RAISE EXCEPTION 'sg-precondition%:%', tag, failed USING ERRCODE = '45000';
    END IF;
    IF p_kind = 3 THEN
      IF present THEN
        DELETE FROM nodetable WHERE id = p_id1;
      END IF;
      RETURN 0;
    END IF;
    IF NOT present THEN
      INSERT INTO nodetable (id, type, version, time, data) VALUES (p_id1, 2048, 1, t, p_data)
        ON CONFLICT (id) DO NOTHING;
      GET DIAGNOSTICS n = ROW_COUNT;
      IF n = 1 THEN
        RETURN 0;
      END IF;
      SELECT version INTO node_version FROM nodetable WHERE id = p_id1 FOR UPDATE;
      IF node_version IS NULL THEN
        RAISE EXCEPTION 'object % was inserted by a concurrent transaction that this snapshot cannot see',
          p_id1 USING ERRCODE = '40001';
      END IF;
      failed := sg_tao_check_v5(p_preconditions, TRUE, 1, node_version, expected, 0);
      IF failed IS NOT NULL THEN
        RAISE EXCEPTION 'sg-precondition%:%', tag, failed USING ERRCODE = '45000';
      END IF;
    END IF;
    UPDATE nodetable SET data = p_data, time = t, version = version + 1 WHERE id = p_id1;
    RETURN 0;
  END IF;
  -- associations: count rows first, ascending id (one type), then the link rows
  IF bidi AND p_id2 < p_id1 THEN
    PERFORM sg_lock_count_v5(p_id2, p_type, p_now);
    PERFORM sg_lock_count_v5(p_id1, p_type, p_now);
  ELSE
    PERFORM sg_lock_count_v5(p_id1, p_type, p_now);
    IF bidi THEN
      PERFORM sg_lock_count_v5(p_id2, p_type, p_now);
    END IF;
  END IF;
  SELECT visibility, data, time, version, TRUE INTO f_vis, f_data, f_time, f_version, f_have
    FROM linktable WHERE id1 = p_id1 AND link_type = p_type AND id2 = p_id2 FOR UPDATE;
  f_have := COALESCE(f_have, FALSE);
  failed := sg_tao_check_v5(p_preconditions, f_have AND f_vis = 1,
      CASE WHEN f_have THEN f_vis ELSE 0 END, CASE WHEN f_have THEN f_version ELSE -1 END,
      expected, p_expected_vis);
  IF failed IS NOT NULL THEN
    RAISE EXCEPTION 'sg-precondition%:%', tag, failed USING ERRCODE = '45000';
  END IF;
  IF p_kind = 6 THEN
    IF f_have AND f_vis = 1 THEN
      PERFORM sg_put_locked_link_v5(p_id1, p_type, p_id2, 0, f_data, f_time, f_version + 1,
          TRUE, f_vis, f_data, f_time, f_version, p_now);
    END IF;
    IF bidi THEN
      SELECT visibility, data, time, version, TRUE INTO i_vis, i_data, i_time, i_version, i_have
        FROM linktable WHERE id1 = p_id2 AND link_type = p_type AND id2 = p_id1 FOR UPDATE;
      IF COALESCE(i_have, FALSE) AND i_vis = 1 THEN
        PERFORM sg_put_locked_link_v5(p_id2, p_type, p_id1, 0, i_data, i_time, i_version + 1,
            TRUE, i_vis, i_data, i_time, i_version, p_now);
      END IF;
    END IF;
    RETURN 0;
  END IF;
  IF bidi THEN
    SELECT visibility, data, time, version, TRUE INTO i_vis, i_data, i_time, i_version, i_have
      FROM linktable WHERE id1 = p_id2 AND link_type = p_type AND id2 = p_id1 FOR UPDATE;
    i_have := COALESCE(i_have, FALSE);
  END IF;
  IF (p_preconditions & 1) <> 0 THEN
    SELECT count INTO cnt FROM counttable WHERE id = p_id1 AND link_type = p_type FOR UPDATE;
    others := cnt - CASE WHEN f_have AND f_vis = 1 THEN 1 ELSE 0 END;
    IF others > 0 THEN
      RAISE EXCEPTION 'sg-precondition%:UNIQUE:% other visible association(s) of type % leave %',
        tag, others, p_type, p_id1 USING ERRCODE = '45000';
    END IF;
    IF bidi THEN
      SELECT count INTO cnt FROM counttable WHERE id = p_id2 AND link_type = p_type FOR UPDATE;
      others := cnt - CASE WHEN i_have AND i_vis = 1 THEN 1 ELSE 0 END;
      IF others > 0 THEN
        RAISE EXCEPTION 'sg-precondition%:UNIQUE_INVERSE:% other visible association(s) of type % leave %',
          tag, others, p_type, p_id2 USING ERRCODE = '45000';
      END IF;
    END IF;
  END IF;
  PERFORM sg_put_locked_link_v5(p_id1, p_type, p_id2, 1, p_data, t,
      CASE WHEN f_have THEN f_version + 1 ELSE 0 END, f_have, f_vis, f_data, f_time, f_version, p_now);
  IF bidi THEN
    PERFORM sg_put_locked_link_v5(p_id2, p_type, p_id1, 1, p_data, t,
        CASE WHEN i_have THEN i_version + 1 ELSE 0 END, i_have, i_vis, i_data, i_time, i_version, p_now);
  END IF;
  RETURN 0;
END
$body$
