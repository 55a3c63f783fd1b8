package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.benchmarks.socialgraph.anomalies.RequestStamp;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Read;
import com.oltpbenchmark.testutil.TestDatabase;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker binds each handler once, to its own procedure instance and request stream: the bound
 * handler calls that very instance, and a handler bound without its stream fails when it draws,
 * with the message it always had, not when the worker is built.
 */
class RequestHandlersBindingTest {

  @TempDir Path dir;

  @Test
  void aBoundHandlerCallsTheProcedureInstanceItWasBoundTo() throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "sg_bind");
    SocialGraphBenchmark benchmark =
        ModuleFixture.benchmark(ModuleFixture.configuration(db), List.of("GetNode"));
    GetNode procedure = (GetNode) ModuleFixture.procedures(benchmark).get(GetNode.class);
    // this instance's statement differs from every other instance's, so its SQL names it
    procedure.selectNode.setSQL("SELECT 'the bound instance' WHERE ? > 0");
    RequestHandler handler =
        RequestHandlers.bind(
            procedure,
            new RequestHandlers.Streams(
                benchmark.linkBench().generator(0, 1), null, new RequestStamp(null)));
    List<String> prepared = new ArrayList<>();
    try (Connection real = db.connect()) {
      Connection conn = recordingPrepares(real, prepared);
      Request request = handler.draw();
      try {
        request.body().run(conn, null);
      } catch (Exception notANodeRow) {
        // the statement is not a node read: what matters is which instance sent it
      }
    }
    assertEquals(List.of("SELECT 'the bound instance' WHERE ? > 0"), prepared);
  }

  @Test
  void aHandlerBoundWithoutItsStreamFailsWhenItDraws() throws Exception {
    SocialGraphBenchmark benchmark =
        ModuleFixture.benchmark(
            ModuleFixture.configuration(TestDatabase.sqlite(dir, "sg_bind_none")),
            List.of("GetNode", "Read"));
    RequestHandlers.Streams none = new RequestHandlers.Streams(null, null, new RequestStamp(null));
    RequestHandler getNode =
        RequestHandlers.bind(ModuleFixture.procedures(benchmark).get(GetNode.class), none);
    RequestHandler read =
        RequestHandlers.bind(ModuleFixture.procedures(benchmark).get(Read.class), none);
    assertNotNull(getNode);
    assertNotNull(read);
    assertEquals(
        "worker built without LinkBench transaction types",
        assertThrows(IllegalStateException.class, getNode::draw).getMessage());
    assertEquals(
        "worker built without TAOBench transaction types",
        assertThrows(IllegalStateException.class, read::draw).getMessage());
  }

  @Test
  void aProcedureOfNoModuleTypeHasNoHandler() {
    assertNull(
        RequestHandlers.bind(
            new TransactionType.Invalid(),
            new RequestHandlers.Streams(null, null, new RequestStamp(null))));
  }

  private static Connection recordingPrepares(Connection real, List<String> prepared) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("prepareStatement")) {
                prepared.add((String) args[0]);
              }
              try {
                return method.invoke(real, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
