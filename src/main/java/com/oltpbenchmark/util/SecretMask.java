package com.oltpbenchmark.util;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * The console's credential masking: the same rules as the result files, plus every password and URL
 * the run has read so far. Log lines (through {@link MaskingLayout}) and the command line's own
 * messages pass through {@link #mask}. Like {@link CredentialScrubber}, it keeps no secret in plain
 * text: what was registered is remembered by digest only, to register each secret once.
 */
public final class SecretMask {
  private static final Set<String> registered = new HashSet<>();
  private static volatile CredentialScrubber[] scrubbers = {new CredentialScrubber(null, null)};

  private SecretMask() {}

  /** Remembers a configured password and JDBC URL so that their secrets are masked from now on. */
  public static synchronized void register(String password, String jdbcUrl) {
    CredentialScrubber[] next = scrubbers;
    if (password != null && registered.add(digest("password:" + password))) {
      next = append(next, new CredentialScrubber(password, null));
    }
    if (jdbcUrl != null && registered.add(digest("url:" + jdbcUrl))) {
      next = append(next, new CredentialScrubber(null, jdbcUrl));
    }
    scrubbers = next;
  }

  /** The text with every known or recognisable credential replaced. */
  public static String mask(String text) {
    String out = text;
    for (CredentialScrubber s : scrubbers) {
      out = s.scrub(out);
    }
    return out;
  }

  private static CredentialScrubber[] append(CredentialScrubber[] all, CredentialScrubber one) {
    CredentialScrubber[] next = Arrays.copyOf(all, all.length + 1);
    next[all.length] = one;
    return next;
  }

  private static String digest(String value) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(value.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
