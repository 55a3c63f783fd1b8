package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.RoutineSql;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWrites;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.util.List;

/**
 * Builds the one query that sends a whole TAOBench write group to the server routines. It is built
 * anew for every WriteTxn, so it is written piece by piece into one buffer sized for it up front,
 * with numbers and payloads appended where they go rather than formatted into strings first.
 */
final class WriteGroupQuery {

  private WriteGroupQuery() {}

  /**
   * Characters the query of {@code ops} takes at most, but for the rare observed versions: the
   * fixed text, about 200 per op for its locks and its call, and two per payload byte.
   */
  static int capacity(List<TaoOp.WriteOp> ops) {
    int n = 64;
    for (TaoOp.WriteOp op : ops) {
      n += 320 + 2 * op.payload().length;
    }
    return n;
  }

  /**
   * The query of {@link ServerWriteRoutines#taoWriteGroup}; {@code now} is the count rows' time
   * (ms). The observed versions travel between its statements in user variables on MariaDB and
   * MySQL, and in settings local to the transaction on PostgreSQL (empty: no such row).
   */
  static String sql(RoutineSql family, List<TaoOp.WriteOp> ops, long now) {
    StringBuilder sql = new StringBuilder(capacity(ops));
    sql.append(family.begin);
    for (int i = 0; i < ops.size(); i++) {
      TaoOp.WriteOp op = ops.get(i);
      if (TaoWrites.observesVersion(op)) {
        String versionQuery =
            op instanceof TaoOp.AssocWrite a
                ? "SELECT version FROM linktable WHERE id1 = "
                    + a.id1()
                    + " AND link_type = "
                    + a.linkType()
                    + " AND id2 = "
                    + a.id2()
                : "SELECT version FROM nodetable WHERE id = " + op.id1();
        sql.append(";\n").append(family.observe(i, versionQuery));
      }
    }
    TaoWrites.LockOrder order = TaoWrites.LockOrder.of(ops);
    for (long[] count : order.counts()) {
      family.appendCallOf(sql.append(";\n"), "sg_lock_count");
      sql.append(count[0]).append(", ").append(count[1]).append(", ").append(now);
      sql.append(family.lockCountOut).append(')');
    }
    for (long id : order.objects()) {
      sql.append(";\nSELECT version FROM nodetable WHERE id = ").append(id).append(" FOR UPDATE");
    }
    for (int i = 0; i < ops.size(); i++) {
      TaoOp.WriteOp op = ops.get(i);
      RoutineArgs.AssocArgs assoc = RoutineArgs.AssocArgs.of(op);
      family.appendCallOf(sql.append(";\n"), "sg_tao_write");
      sql.append(i).append(", ");
      sql.append(RoutineArgs.kindCode(op.kind())).append(", ");
      sql.append(op.id1()).append(", ");
      sql.append(assoc.linkType()).append(", ");
      sql.append(assoc.id2()).append(", ");
      sql.append(RoutineArgs.preconditionBits(op)).append(", ");
      if (TaoWrites.observesVersion(op)) {
        sql.append(family.observed(i, op.expectedVersion()));
      } else {
        sql.append(op.expectedVersion());
      }
      sql.append(", ").append(assoc.expectedVisibility()).append(", ");
      family.appendBytes(sql, op.payload());
      sql.append(", ").append(op.time()).append(", ").append(now).append(')');
    }
    sql.append(";\nCOMMIT");
    return sql.toString();
  }
}
