package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.Phase;
import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.commons.configuration2.XMLConfiguration;

/** A socialgraph database created and loaded through the module, as DBWorkload does it. */
public final class LoadedGraph {

  /** The LinkBench transaction types in the sample configs' order. */
  public static final List<String> LINKBENCH_TYPES =
      List.of(
          "GetNode",
          "AddNode",
          "UpdateNode",
          "DeleteNode",
          "GetLink",
          "GetLinkList",
          "CountLink",
          "AddLink",
          "UpdateLink",
          "DeleteLink");

  /** LinkBench's published mix, in {@link #LINKBENCH_TYPES} order. */
  public static final List<Double> LINKBENCH_MIX =
      List.of(
          12.9326683,
          2.5732789,
          7.366437,
          1.0115914,
          0.5261142,
          50.7119145,
          4.8863567,
          8.9886601,
          8.0122125,
          2.9907664);

  public final WorkloadConfiguration conf;
  public final SocialGraphBenchmark benchmark;
  public final SocialGraphLoader loader;

  private LoadedGraph(
      WorkloadConfiguration conf, SocialGraphBenchmark benchmark, SocialGraphLoader loader) {
    this.conf = conf;
    this.benchmark = benchmark;
    this.loader = loader;
  }

  /**
   * Creates the schema and loads it.
   *
   * @param linkbench keys of the {@code <linkbench>} block, or null for no XML config at all
   */
  public static LoadedGraph load(
      TestDatabase db,
      double scaleFactor,
      int loaderThreads,
      int batchSize,
      Map<String, Object> linkbench)
      throws Exception {
    XMLConfiguration xml = null;
    if (linkbench != null) {
      xml = new XMLConfiguration();
      for (Map.Entry<String, Object> e : linkbench.entrySet()) {
        xml.addProperty("linkbench." + e.getKey(), e.getValue());
      }
    }
    WorkloadConfiguration conf = ModuleFixture.configuration(db);
    conf.setIsolationMode("TRANSACTION_READ_COMMITTED");
    return load(conf, scaleFactor, loaderThreads, batchSize, xml, LINKBENCH_TYPES);
  }

  /**
   * Creates the schema of {@code conf}'s database (see {@link ModuleFixture#configuration}) with
   * those transaction types and loads it.
   *
   * @param xml the run's XML config, or null for none
   */
  public static LoadedGraph load(
      WorkloadConfiguration conf,
      double scaleFactor,
      int loaderThreads,
      int batchSize,
      XMLConfiguration xml,
      List<String> types)
      throws Exception {
    conf.setScaleFactor(scaleFactor);
    conf.setLoaderThreads(loaderThreads);
    conf.setBatchSize(batchSize);
    conf.setXmlConfig(xml);
    SocialGraphBenchmark benchmark = ModuleFixture.benchmark(conf, types);
    benchmark.createDatabase();
    SocialGraphLoader loader = (SocialGraphLoader) benchmark.loadDatabase();
    return new LoadedGraph(conf, benchmark, loader);
  }

  /** TAOBench workload A over 10 shards: the {@code <taobench>} keys the TAOBench tests share. */
  public static XMLConfiguration taoBenchWorkloadA() {
    XMLConfiguration xml = new XMLConfiguration();
    xml.addProperty("taobench.workload", "A");
    xml.addProperty("taobench.shards", 10);
    return xml;
  }

  /**
   * As {@link #taoBenchWorkloadA}, with new objects numbered from 2^40 so that they never collide
   * with the loaded ids.
   */
  public static XMLConfiguration taoBenchWorkloadAWithNewIdsApart() {
    XMLConfiguration xml = taoBenchWorkloadA();
    xml.addProperty("taobench.newIdBase", 1L << 40);
    return xml;
  }

  /**
   * A 60 s phase of one unlimited-rate terminal that draws its requests from {@code weights};
   * unseeded, as a run's phase before the run seeds it.
   */
  public static Phase unlimitedPhase(List<Double> weights) {
    return new Phase(
        "socialgraph", 1, 60, 0, 0, weights, false, false, false, true, 1, Phase.Arrival.REGULAR);
  }

  public Connection connect() throws Exception {
    return benchmark.makeConnection();
  }

  public long count(String sql) throws Exception {
    try (Connection c = connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** SHA-256 over every row of the table in key order, values as longs or bytes. */
  public String checksum(String table, String orderBy) throws Exception {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    ByteBuffer buf = ByteBuffer.allocate(8);
    try (Connection c = connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT * FROM " + table + " ORDER BY " + orderBy)) {
      ResultSetMetaData md2 = rs.getMetaData();
      while (rs.next()) {
        for (int i = 1; i <= md2.getColumnCount(); i++) {
          String name = md2.getColumnName(i).toLowerCase();
          if (name.equals("data")) {
            byte[] b = rs.getBytes(i);
            md.update(ByteBuffer.allocate(4).putInt(b.length).array());
            md.update(b);
          } else {
            buf.clear();
            buf.putLong(rs.getLong(i));
            md.update(buf.array());
          }
        }
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
