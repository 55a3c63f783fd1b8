package com.oltpbenchmark.api;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertSame;

import com.oltpbenchmark.api.Procedure.UserAbortException;
import java.io.IOException;
import java.util.List;
import org.junit.Test;

/**
 * Upstream-style checks of a module's worker on a loaded database: one worker per terminal, a
 * procedure instance per configured class, and one call of {@code executeWork} per transaction type
 * on the harness's auto-commit connection (user aborts allowed, anything else fails).
 */
public abstract class AbstractTestWorker<T extends BenchmarkModule> extends AbstractTestCase<T> {

  protected static final int NUM_TERMINALS = 1;

  protected List<Worker<? extends BenchmarkModule>> workers;

  public AbstractTestWorker() {
    this(null, null);
  }

  public AbstractTestWorker(String ddlOverridePath) {
    this(ddlOverridePath, null);
  }

  public AbstractTestWorker(String ddlOverridePath, String sessionSetupFile) {
    super(true, true, ddlOverridePath, sessionSetupFile);
  }

  @Override
  public List<String> ignorableTables() {
    return null;
  }

  @Override
  protected void postCreateDatabaseSetup() throws IOException {
    workers = benchmark.makeWorkers();
    assertNotNull(workers);
    assertEquals(NUM_TERMINALS, workers.size());
  }

  @Test
  public void testGetProcedure() {
    for (Class<? extends Procedure> procedure : procedures()) {
      Procedure p = workers.get(0).getProcedure(procedure);
      assertNotNull(procedure.getSimpleName(), p);
      assertSame(procedure, p.getClass());
    }
  }

  @Test
  public void testExecuteWork() throws Exception {
    Worker<? extends BenchmarkModule> w = workers.get(0);
    w.setupSession();
    w.initialize();
    assertFalse("the test connection is read-only", conn.isReadOnly());
    for (TransactionType type : workConf.getTransTypes()) {
      if (type.isSupplemental()) {
        continue;
      }
      try {
        w.executeWork(conn, type);
      } catch (UserAbortException expected) {
        // a failed precondition is a valid outcome
      }
    }
  }
}
