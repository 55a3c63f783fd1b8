package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.Procedure.UserAbortException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ways a TAOBench precondition can fail. The abort message is fixed per failure so that the
 * runtime's per-message abort counts group by precondition; the keys involved go into the
 * exception's cause and a DEBUG log line instead.
 */
public enum PreconditionFailure {
  /** Another visible association (id1, type, x != id2) exists. */
  UNIQUE("precondition failed: UNIQUE (another visible association of this type leaves id1)"),
  /** UNIQUE + BIDIRECTIONAL: the inverse side (id2, type) already has another visible one. */
  UNIQUE_INVERSE(
      "precondition failed: UNIQUE_INVERSE (another visible association of this type leaves id2)"),
  /** The row's version differs from the expected one, or the row is absent. */
  VERSION_MATCH("precondition failed: VERSION_MATCH (version differs from the expected one)"),
  /** The row's visibility differs from the expected one (an absent row counts as hidden). */
  VISIBILITY_MATCH(
      "precondition failed: VISIBILITY_MATCH (visibility differs from the expected one)"),
  /** The row to update or delete does not exist (for associations: is not visible). */
  UPDATE_ONLY("precondition failed: UPDATE_ONLY (the row does not exist)");

  private static final Logger LOG = LoggerFactory.getLogger(PreconditionFailure.class);

  private final String message;

  PreconditionFailure(String message) {
    this.message = message;
  }

  /** The exact abort message (stable: it is the grouping key of the result files). */
  public String message() {
    return message;
  }

  /** The failure an abort message names, or null if the message is not a precondition's. */
  public static PreconditionFailure fromMessage(String message) {
    for (PreconditionFailure f : values()) {
      if (f.message.equals(message)) {
        return f;
      }
    }
    return null;
  }

  /** The user abort to throw; {@code detail} names the keys and values that failed the check. */
  public UserAbortException abort(String detail) {
    LOG.debug("{}: {}", name(), detail);
    return new UserAbortException(message, new Detail(name() + ": " + detail));
  }

  /** Carries the keys of a failed check as the abort's cause (no stack trace: it is not a bug). */
  static final class Detail extends Exception {
    private static final long serialVersionUID = 1L;

    Detail(String message) {
      super(message, null, false, false);
    }
  }
}
