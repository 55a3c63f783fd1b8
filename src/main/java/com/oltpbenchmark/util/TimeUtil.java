package com.oltpbenchmark.util;

import java.sql.Timestamp;
import java.text.SimpleDateFormat;
import java.util.Date;

public abstract class TimeUtil {
  public static final SimpleDateFormat DATE_FORMAT = new SimpleDateFormat("yyyy-MM-dd_HH-mm-ss");
  public static final SimpleDateFormat DATE_FORMAT_14 = new SimpleDateFormat("yyyyMMddHHmmss");

  /** "yyyy-MM-dd_HH-mm-ss" of now, in the JVM's default time zone. */
  public static String getCurrentTimeString() {
    synchronized (DATE_FORMAT) {
      return DATE_FORMAT.format(new Date(ProcessClock.epochMillis()));
    }
  }

  public static String getCurrentTimeString14() {
    synchronized (DATE_FORMAT_14) {
      return DATE_FORMAT_14.format(new Date());
    }
  }

  public static Timestamp getCurrentTime() {
    return new Timestamp(System.currentTimeMillis());
  }
}
