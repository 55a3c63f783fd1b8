package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.types.TransactionStatus;
import java.sql.Connection;

/**
 * PLACEHOLDER committed by M2 so that SocialGraphBenchmark compiles; M1b owns this class and
 * replaces it with the real request-generating worker.
 */
public final class SocialGraphWorker extends Worker<SocialGraphBenchmark> {

  public SocialGraphWorker(SocialGraphBenchmark benchmark, int id) {
    super(benchmark, id);
  }

  @Override
  protected TransactionStatus executeWork(Connection conn, TransactionType txnType)
      throws Procedure.UserAbortException {
    throw new UnsupportedOperationException(
        "socialgraph worker not implemented yet: cannot run " + txnType.getName());
  }
}
