package com.oltpbenchmark.util;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.spi.LoggingEvent;

/**
 * The console layout: a {@link PatternLayout} whose output, stack traces included, passes through
 * {@link SecretMask}, so no log line of the runtime, a module or a JDBC driver shows a password.
 */
public class MaskingLayout extends PatternLayout {
  @Override
  public String format(LoggingEvent event) {
    String line = super.format(event);
    if (event.getThrowableInformation() != null
        && event.getThrowableInformation().getThrowable() != null) {
      StringWriter trace = new StringWriter();
      event.getThrowableInformation().getThrowable().printStackTrace(new PrintWriter(trace));
      line = line + trace;
    }
    return SecretMask.mask(line);
  }

  /** The stack trace is part of {@link #format}'s output, where it is masked. */
  @Override
  public boolean ignoresThrowable() {
    return false;
  }
}
