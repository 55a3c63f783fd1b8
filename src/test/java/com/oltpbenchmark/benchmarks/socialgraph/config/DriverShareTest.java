package com.oltpbenchmark.benchmarks.socialgraph.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;

/** {@code <driverProcess>k/N</driverProcess>}: N processes number their terminals as one run. */
class DriverShareTest {

  @Test
  void theTerminalsOfNProcessesAreNumberedAsOneRunsWouldBe() {
    List<Integer> numbers = new ArrayList<>();
    int terminals = 3;
    for (int k = 1; k <= 4; k++) {
      DriverShare s = DriverShare.parse(k + "/4");
      assertEquals(12, s.allTerminals(terminals));
      for (int i = 0; i < terminals; i++) {
        numbers.add(s.firstTerminal(terminals) + i);
      }
    }
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), numbers);
  }

  @Test
  void absentIsOneProcessAlone() {
    assertEquals(DriverShare.ALONE, DriverShare.from(null));
    assertEquals(DriverShare.ALONE, DriverShare.from(new XMLConfiguration()));
    assertFalse(DriverShare.ALONE.shared());
    assertEquals(0, DriverShare.ALONE.firstTerminal(8));
    assertEquals(8, DriverShare.ALONE.allTerminals(8));
  }

  @Test
  void readFromTheConfigAndRefusedWhenMalformed() {
    XMLConfiguration xml = new XMLConfiguration();
    xml.addProperty("driverProcess", "2/3");
    DriverShare s = DriverShare.from(xml);
    assertEquals(new DriverShare(2, 3), s);
    assertTrue(s.shared());
    for (String bad : new String[] {"0/3", "4/3", "x", "1/0"}) {
      ConfigException e = assertThrows(ConfigException.class, () -> DriverShare.parse(bad), bad);
      assertTrue(
          e.getMessage().startsWith("element <driverProcess>: '" + bad + "'"), e.getMessage());
    }
    xml.addProperty("driverProcess", "3/3");
    ConfigException twice = assertThrows(ConfigException.class, () -> DriverShare.from(xml));
    assertTrue(twice.getMessage().contains("given more than once"), twice.getMessage());
  }
}
