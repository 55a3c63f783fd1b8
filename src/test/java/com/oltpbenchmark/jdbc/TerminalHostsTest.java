package com.oltpbenchmark.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TerminalHostsTest {
  private static final String URL =
      "jdbc:mariadb://127.0.0.1:3307,127.0.0.1:3308,127.0.0.1:3309/benchbase?a=1&b=2";

  @Test
  void terminalIPrefersHostIModNThenTheFollowingOnes() {
    TerminalHosts hosts = TerminalHosts.parse(URL);
    assertEquals(3, hosts.hostCount());
    assertEquals(
        List.of(
            "jdbc:mariadb://127.0.0.1:3308/benchbase?a=1&b=2",
            "jdbc:mariadb://127.0.0.1:3309/benchbase?a=1&b=2",
            "jdbc:mariadb://127.0.0.1:3307/benchbase?a=1&b=2"),
        hosts.urlsFor(4));
  }

  @Test
  void everyHostGetsTheSameNumberOfTerminals() {
    TerminalHosts hosts = TerminalHosts.parse(URL);
    Map<String, Integer> perHost = new HashMap<>();
    for (int t = 0; t < 12; t++) {
      perHost.merge(hosts.urlsFor(t).get(0), 1, Integer::sum);
    }
    assertEquals(3, perHost.size());
    perHost.values().forEach(n -> assertEquals(4, n));
  }

  @Test
  void worksForOtherDriversAndUrlsWithoutDatabase() {
    assertEquals(
        "jdbc:postgresql://b:5433",
        TerminalHosts.parse("jdbc:postgresql://a:5432,b:5433").urlsFor(1).get(0));
  }

  @Test
  void aSingleHostOrAnOddUrlIsRefusedWithTheUrlInTheMessage() {
    for (String bad : List.of("jdbc:mariadb://h:3306/db", "jdbc:sqlite:x.db")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> TerminalHosts.parse(bad));
      assertTrue(e.getMessage().contains(bad), e.getMessage());
    }
  }
}
