package com.oltpbenchmark.results;

import static com.oltpbenchmark.results.Fixtures.ADD_LINK;
import static com.oltpbenchmark.results.Fixtures.GET_NODE;
import static com.oltpbenchmark.results.Fixtures.MS;
import static com.oltpbenchmark.results.Fixtures.SEC;

import com.oltpbenchmark.types.TransactionStatus;
import com.oltpbenchmark.util.CredentialScrubber;
import java.io.StringReader;
import java.util.Map;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.builder.FileBasedConfigurationBuilder;
import org.apache.commons.configuration2.builder.fluent.Parameters;
import org.apache.commons.configuration2.convert.DisabledListDelimiterHandler;
import org.apache.commons.configuration2.io.FileHandler;
import org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine;

/** A finished run's report with known contents, built without the engine. */
final class ReportBuilder {
  static final String PASSWORD = "S3ntinel-Pa55word";
  static final String URL_PASSWORD = "Url-S3cret-77";
  static final long ORIGIN = 5_000 * SEC;
  static final long EPOCH_MS = 1_795_273_540_444L;

  private ReportBuilder() {}

  static String configXml(String type, String url) {
    return "<?xml version=\"1.0\"?>\n"
        + "<parameters>\n"
        + "  <!-- a comment that is dropped -->\n"
        + "  <type>"
        + type
        + "</type>\n"
        + "  <driver>org.example.Driver</driver>\n"
        + "  <url>"
        + url.replace("&", "&amp;")
        + "</url>\n"
        + "  <username>admin</username>\n"
        + "  <password>"
        + PASSWORD
        + "</password>\n"
        + "  <isolation>TRANSACTION_SERIALIZABLE</isolation>\n"
        + "  <batchsize>128</batchsize>\n"
        + "  <scalefactor>0.5</scalefactor>\n"
        + "  <terminals>4</terminals>\n"
        + "  <works>\n"
        + "    <work><time>10</time><rate>100</rate><weights>50,50,0</weights></work>\n"
        + "  </works>\n"
        + "  <transactiontypes>\n"
        + "    <transactiontype><name>GetNode</name></transactiontype>\n"
        + "    <transactiontype><name>AddLink</name></transactiontype>\n"
        + "    <transactiontype><name>WriteTxn</name></transactiontype>\n"
        + "  </transactiontypes>\n"
        + "  <taobench><workload>a</workload><secretPassword>"
        + PASSWORD
        + "</secretPassword></taobench>\n"
        + "</parameters>\n";
  }

  /** Parsed like the runtime does: XPath keys, no list splitting. */
  static XMLConfiguration parse(String xml) throws Exception {
    XMLConfiguration c =
        new FileBasedConfigurationBuilder<>(XMLConfiguration.class)
            .configure(
                new Parameters()
                    .xml()
                    .setListDelimiterHandler(new DisabledListDelimiterHandler())
                    .setExpressionEngine(new XPathExpressionEngine()))
            .getConfiguration();
    new FileHandler(c).load(new StringReader(xml));
    return c;
  }

  /**
   * SQLite run of 10 s with a 5 s results window: GetNode 1 ms every 100 ms in seconds 0-2, AddLink
   * 3 ms at 0.5 s and 6.5 s (second 3-5 and type WriteTxn empty), rate-limited with a 2 ms queue
   * wait.
   */
  static RunReport sqliteReport(boolean keepRaw, String url) throws Exception {
    return sqlite(keepRaw, url).build();
  }

  /** The builder of {@link #sqliteReport}, for tests that change a part before building. */
  static RunReport.Builder sqlite(boolean keepRaw, String url) throws Exception {
    return sqliteWithoutStatusCounts(keepRaw, url)
        .addStatusCount(GET_NODE, TransactionStatus.SUCCESS, 90L)
        .addStatusCount(GET_NODE, TransactionStatus.ERROR, 2L)
        .addStatusCount(ADD_LINK, TransactionStatus.SUCCESS, 40L)
        .addStatusCount(ADD_LINK, TransactionStatus.USER_ABORTED, 3L)
        .addStatusCount(ADD_LINK, TransactionStatus.RETRY, 5L);
  }

  /** As {@link #sqlite} with no status counts at all. */
  static RunReport.Builder sqliteWithoutStatusCounts(boolean keepRaw, String url) throws Exception {
    RunReport.Builder r =
        RunReport.builder()
            .benchmarkArgument("socialgraph")
            .dbmsType("SQLITE")
            .finalState("EXIT")
            .startTimestampMillis(EPOCH_MS - 1000)
            .elapsedNanos(10 * SEC)
            .scrubber(new CredentialScrubber(PASSWORD, url))
            .configuration(parse(configXml("SQLITE", url)))
            .database(
                () -> java.sql.DriverManager.getConnection(url, "admin", PASSWORD),
                CredentialScrubber.safeUrl(url))
            .transactionTypes(Fixtures.TYPES)
            .addAbortMessages(ADD_LINK, Map.of("UNIQUE", 2L, "leaked " + PASSWORD, 1L))
            .addErrorStates(ADD_LINK, Map.of("40001", 5L))
            .addErrorStates(GET_NODE, Map.of("08006", 2L))
            .addUnservedRequests(2, 17L)
            .addUnservedRequests(1, 0L);
    MeasurementCollector c = new MeasurementCollector(5, keepRaw);
    c.beginMeasurement(ORIGIN, EPOCH_MS);
    for (int i = 0; i < 30; i++) {
      long start = ORIGIN + i * 100 * MS;
      c.record(GET_NODE.getId(), start, start + MS, start - 2 * MS, i % 4, 1);
    }
    long a = ORIGIN + 500 * MS + 7_000; // 7 us into the millisecond
    c.record(ADD_LINK.getId(), a, a + 3 * MS, a - 2 * MS, 3, 1);
    long b = ORIGIN + 6_500 * MS;
    c.record(ADD_LINK.getId(), b, b + 3 * MS, b - 2 * MS, 2, 2);
    return r.measurements(c);
  }
}
