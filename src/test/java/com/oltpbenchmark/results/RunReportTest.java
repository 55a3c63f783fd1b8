package com.oltpbenchmark.results;

import static com.oltpbenchmark.results.Fixtures.ADD_LINK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.Reachable;
import com.oltpbenchmark.types.TransactionStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report is built once, copies what it is given and keeps no credential it is handed. */
class RunReportTest {
  private static final String URL =
      "jdbc:sqlite:/tmp/none.db?password=" + ReportBuilder.URL_PASSWORD;

  @Test
  void textsHandedToTheBuilderAreMaskedAndNoSecretIsKept() throws Exception {
    RunReport r = ReportBuilder.sqliteReport(false, URL);
    // the fixture hands it the password in an abort message, in <password> and <secretPassword>
    assertEquals(Map.of("UNIQUE", 2L, "leaked ********", 1L), r.abortMessages().get(ADD_LINK));
    assertTrue(r.configXml().contains("<workload>a</workload>"), r.configXml());
    assertEquals("TRANSACTION_SERIALIZABLE", r.configValue("isolation"));
    assertNull(r.configValue("batchsize"), "only the values the summary reports");
    for (String secret : List.of(ReportBuilder.PASSWORD, ReportBuilder.URL_PASSWORD)) {
      assertEquals(
          List.of(),
          Reachable.occurrences(r, secret, o -> o instanceof RunReport.DatabaseConnector),
          secret);
    }
  }

  @Test
  void theReportCopiesWhatItIsGiven() throws Exception {
    List<com.oltpbenchmark.api.TransactionType> types = new ArrayList<>(Fixtures.TYPES);
    Map<String, Long> messages = new LinkedHashMap<>(Map.of("UNIQUE", 1L));
    Map<String, Object> fidelity = new LinkedHashMap<>();
    List<Object> drawn = new ArrayList<>(List.of(1, 2));
    fidelity.put("drawn", drawn);
    RunReport.Builder b =
        RunReport.builder()
            .transactionTypes(types)
            .addAbortMessages(ADD_LINK, messages)
            .addStatusCount(ADD_LINK, TransactionStatus.SUCCESS, 1)
            .addFidelity("socialgraph", fidelity);
    RunReport r = b.build();
    types.clear();
    messages.put("other", 5L);
    drawn.add(3);
    b.addStatusCount(ADD_LINK, TransactionStatus.SUCCESS, 1);
    assertEquals(Fixtures.TYPES, r.transactionTypes());
    assertEquals(Map.of("UNIQUE", 1L), r.abortMessages().get(ADD_LINK));
    assertEquals(Map.of(TransactionStatus.SUCCESS, 1L), r.statusCounts().get(ADD_LINK));
    assertEquals(List.of(1, 2), r.fidelity().get("socialgraph").get("drawn"));
    assertThrows(UnsupportedOperationException.class, () -> r.transactionTypes().clear());
    assertThrows(
        UnsupportedOperationException.class,
        () -> r.statusCounts().get(ADD_LINK).put(TransactionStatus.ERROR, 1L));
    @SuppressWarnings("unchecked")
    List<Object> copied = (List<Object>) r.fidelity().get("socialgraph").get("drawn");
    assertThrows(UnsupportedOperationException.class, () -> copied.add(4));
  }

  @Test
  void anAuditMakesANewReportWithTheDocumentMasked() throws Exception {
    RunReport r = ReportBuilder.sqliteReport(false, URL);
    Map<String, Object> summary = new LinkedHashMap<>(Map.of("verdict", "PASS"));
    RunReport audited = r.withAudit("{\"note\": \"" + ReportBuilder.PASSWORD + "\"}", summary);
    summary.put("verdict", "FAIL");
    assertNull(r.auditJson());
    assertNull(r.auditSummary());
    assertEquals("{\"note\": \"********\"}", audited.auditJson());
    assertEquals(Map.of("verdict", "PASS"), audited.auditSummary());
    assertSame(r.measurements(), audited.measurements());
    assertEquals(r.statusCounts(), audited.statusCounts());
    assertEquals(r.configXml(), audited.configXml());
  }
}
