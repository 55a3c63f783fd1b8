package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.Procedure.UserAbortException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The result files count user aborts per exact message, so each failure class needs one fixed
 * message that starts with its name, and the keys must stay out of it.
 */
class PreconditionFailureMessagesTest {

  @Test
  void eachFailureHasOneFixedMessageNamingIt() {
    Set<String> seen = new HashSet<>();
    for (PreconditionFailure f : PreconditionFailure.values()) {
      String m = f.message();
      assertTrue(m.startsWith("precondition failed: " + f.name() + " "), m);
      assertTrue(seen.add(m), "duplicate message " + m);
      assertEquals(f, PreconditionFailure.fromMessage(m));
    }
    assertNull(PreconditionFailure.fromMessage("deadlock"));
  }

  @Test
  void theAbortKeepsTheMessageFixedAndPutsTheKeysInTheCause() {
    UserAbortException a = PreconditionFailure.UNIQUE.abort("association (1,2,3)");
    UserAbortException b = PreconditionFailure.UNIQUE.abort("association (4,5,6)");
    assertEquals(a.getMessage(), b.getMessage());
    assertTrue(!b.getMessage().contains("(4,5,6)"), b.getMessage());
    assertEquals("UNIQUE: association (4,5,6)", b.getCause().getMessage());
  }
}
