package com.oltpbenchmark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.ModuleHooks;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The optional module capability the report renders, reached by reflection only. */
class ModuleHooksTest {
  public static final class WithDraws {
    public Map<String, Object> workloadFidelity() {
      return Map.of("key skew", Map.of("configured", 0.99, "fitted", 0.97));
    }
  }

  public static final class Without {}

  public static final class Failing {
    public Map<String, Object> workloadFidelity() {
      throw new IllegalStateException("counter missing");
    }
  }

  @Test
  void aModuleMethodIsCalledAndItsMapReturned() {
    assertEquals(
        Map.of("key skew", Map.of("configured", 0.99, "fitted", 0.97)),
        ModuleHooks.workloadFidelity(new WithDraws()));
  }

  @Test
  void aMissingOrFailingMethodGivesNoSection() {
    assertEquals(Map.of(), ModuleHooks.workloadFidelity(new Without()));
    assertEquals(Map.of(), ModuleHooks.workloadFidelity(new Failing()));
  }
}
