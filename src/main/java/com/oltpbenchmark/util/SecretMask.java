package com.oltpbenchmark.util;

import com.oltpbenchmark.results.CredentialScrubber;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The console's credential masking: the same rules as the result files, plus every password and URL
 * the run has read so far. Log lines (through {@link MaskingLayout}) and the command line's own
 * messages pass through {@link #mask}.
 */
public final class SecretMask {
  private static final Set<String> passwords = new LinkedHashSet<>();
  private static final Set<String> urls = new LinkedHashSet<>();
  private static volatile CredentialScrubber[] scrubbers = {new CredentialScrubber(null, null)};

  private SecretMask() {}

  /** Remembers a configured password and JDBC URL so that their secrets are masked from now on. */
  public static synchronized void register(String password, String jdbcUrl) {
    if ((password == null || !passwords.add(password)) && (jdbcUrl == null || !urls.add(jdbcUrl))) {
      return;
    }
    Set<CredentialScrubber> all = new LinkedHashSet<>();
    all.add(new CredentialScrubber(null, null));
    for (String p : passwords) {
      all.add(new CredentialScrubber(p, null));
    }
    for (String u : urls) {
      all.add(new CredentialScrubber(null, u));
    }
    scrubbers = all.toArray(new CredentialScrubber[0]);
  }

  /** The text with every known or recognisable credential replaced. */
  public static String mask(String text) {
    String out = text;
    for (CredentialScrubber s : scrubbers) {
      out = s.scrub(out);
    }
    return out;
  }
}
