package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.RoutineSql;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWrites;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.util.HexFormat;
import java.util.List;

/** Builds the one query that sends a whole TAOBench write group to the server routines. */
final class WriteGroupQuery {

  private WriteGroupQuery() {}

  /**
   * The query of {@link ServerWriteRoutines#taoWriteGroup}; {@code now} is the count rows' time
   * (ms). The observed versions travel between its statements in user variables on MariaDB and
   * MySQL, and in settings local to the transaction on PostgreSQL (empty: no such row).
   */
  static String sql(RoutineSql family, List<TaoOp.WriteOp> ops, long now) {
    StringBuilder sql = new StringBuilder(256 + ops.size() * 200);
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
      String args = count[0] + ", " + count[1] + ", " + now + family.lockCountOut;
      sql.append(";\n").append(family.call("sg_lock_count", args));
    }
    for (long id : order.objects()) {
      sql.append(";\nSELECT version FROM nodetable WHERE id = ").append(id).append(" FOR UPDATE");
    }
    HexFormat hex = HexFormat.of();
    for (int i = 0; i < ops.size(); i++) {
      TaoOp.WriteOp op = ops.get(i);
      RoutineArgs.AssocArgs assoc = RoutineArgs.AssocArgs.of(op);
      String expected =
          TaoWrites.observesVersion(op)
              ? family.observed(i, op.expectedVersion())
              : String.valueOf(op.expectedVersion());
      String args =
          String.join(
              ", ",
              String.valueOf(i),
              String.valueOf(RoutineArgs.kindCode(op.kind())),
              String.valueOf(op.id1()),
              String.valueOf(assoc.linkType()),
              String.valueOf(assoc.id2()),
              String.valueOf(RoutineArgs.preconditionBits(op)),
              expected,
              String.valueOf(assoc.expectedVisibility()),
              family.bytes(hex.formatHex(op.payload())),
              String.valueOf(op.time()),
              String.valueOf(now));
      sql.append(";\n").append(family.call("sg_tao_write", args));
    }
    sql.append(";\nCOMMIT");
    return sql.toString();
  }
}
