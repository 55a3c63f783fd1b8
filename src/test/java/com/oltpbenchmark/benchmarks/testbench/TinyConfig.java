package com.oltpbenchmark.benchmarks.testbench;

import org.apache.commons.configuration2.XMLConfiguration;

/** The test benchmark's own XML block, {@code <testbench>}; every key optional. */
public final class TinyConfig {
  public final int rowsPerScale;
  public final boolean failLoad;
  public final boolean failSetup;
  public final String retryState;
  public final int retryCode;
  public final int failures;
  public final int sleepMs;
  public final int setupSleepMs;

  TinyConfig(XMLConfiguration xml) {
    String p = "testbench/";
    rowsPerScale = xml == null ? 100 : xml.getInt(p + "rows", 100);
    failLoad = xml != null && xml.getBoolean(p + "failLoad", false);
    failSetup = xml != null && xml.getBoolean(p + "failSetup", false);
    retryState = xml == null ? "40001" : xml.getString(p + "retryState", "40001");
    retryCode = xml == null ? 0 : xml.getInt(p + "retryCode", 0);
    failures = xml == null ? 2 : xml.getInt(p + "failures", 2);
    sleepMs = xml == null ? 5 : xml.getInt(p + "sleepMs", 5);
    setupSleepMs = xml == null ? 0 : xml.getInt(p + "setupSleepMs", 0);
  }
}
