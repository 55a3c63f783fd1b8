package com.oltpbenchmark.util;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.text.StringEscapeUtils;

/**
 * Removes credentials from text before it is written to a result file or the console. Two layers:
 *
 * <ul>
 *   <li>patterns: {@code password=...}-style URL/connection-string parameters and {@code
 *       user:secret@} user-info in URLs are masked whatever their value;
 *   <li>known secrets: the configured password and every secret found in the JDBC URL are replaced
 *       wherever they occur, also in their JSON- and XML-escaped forms. Secrets shorter than {@link
 *       #MIN_LITERAL_LENGTH} characters are not replaced literally (a password "1" would otherwise
 *       wipe every digit 1 from the files); they are kept out structurally (the writer never writes
 *       the password or the URL).
 * </ul>
 *
 * <p>A scrubber keeps no secret in clear text, so that an object holding one (the run report) holds
 * no credential: per secret it keeps its length, a 20-bit rolling-hash prefilter and a salted
 * SHA-256 digest, and it masks a piece of text when that piece's digest matches.
 */
public final class CredentialScrubber {

  static final String MASK = "********";
  static final int MIN_LITERAL_LENGTH = 4;

  /** Connection-string parameters whose value is a secret. */
  private static final Pattern SECRET_PARAM =
      Pattern.compile(
          "(?i)\\b(\\w*(?:password|passwd|pwd|secret|token)\\w*\\s*=\\s*)([^&;,\\s<>\"']*)");

  /** user:secret@ in a URL authority. */
  private static final Pattern USER_INFO = Pattern.compile("(//[^/:@\\s\"'<>]*:)([^/@\\s\"'<>]*)@");

  /** Bits of the rolling hash a secret keeps as a prefilter (few: the digest decides). */
  private static final int PREFILTER_MASK = (1 << 20) - 1;

  private static final SecureRandom RANDOM = new SecureRandom();

  /** One secret as the scrubber keeps it: never its text. */
  private record Secret(int length, int prefilter, byte[] digest) {}

  /** Longest first, so a secret containing another is masked whole. */
  private final List<Secret> known = new ArrayList<>();

  private final byte[] salt = new byte[16];
  private final long base;

  public CredentialScrubber(String password, String jdbcUrl) {
    Set<String> secrets = new LinkedHashSet<>();
    if (password != null) {
      secrets.add(password);
    }
    if (jdbcUrl != null) {
      collect(SECRET_PARAM.matcher(jdbcUrl), secrets);
      collect(USER_INFO.matcher(jdbcUrl), secrets);
    }
    RANDOM.nextBytes(salt);
    base = RANDOM.nextLong() | 1;
    JsonStringEncoder json = JsonStringEncoder.getInstance();
    Set<String> literals = new LinkedHashSet<>();
    for (String s : secrets) {
      if (s.length() < MIN_LITERAL_LENGTH) {
        continue;
      }
      literals.add(s);
      literals.add(new String(json.quoteAsString(s)));
      literals.add(StringEscapeUtils.escapeXml10(s));
      literals.add(StringEscapeUtils.escapeXml10(new String(json.quoteAsString(s))));
    }
    MessageDigest sha = sha256();
    for (String s : literals) {
      known.add(new Secret(s.length(), prefilter(hash(s, 0, s.length())), digest(sha, s)));
    }
    known.sort((a, b) -> Integer.compare(b.length(), a.length()));
  }

  /** The text with every credential masked. */
  public String scrub(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out =
        SECRET_PARAM
            .matcher(text)
            .replaceAll(
                m ->
                    Matcher.quoteReplacement(m.group(2).isEmpty() ? m.group() : m.group(1) + MASK));
    out = USER_INFO.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + MASK + "@"));
    for (Secret s : known) {
      out = mask(out, s);
    }
    return out;
  }

  /** {@code text} with every occurrence of the secret, left to right, replaced by the mask. */
  private String mask(String text, Secret s) {
    int n = s.length;
    if (text.length() < n) {
      return text;
    }
    long power = 1; // base^(n-1): the weight of the character leaving the window
    for (int i = 1; i < n; i++) {
      power *= base;
    }
    StringBuilder out = null;
    MessageDigest sha = null; // only when the prefilter matches
    int copied = 0;
    long h = hash(text, 0, n);
    int i = 0;
    while (true) {
      boolean found = false;
      if (prefilter(h) == s.prefilter) {
        sha = sha == null ? sha256() : sha;
        found = MessageDigest.isEqual(digest(sha, text.substring(i, i + n)), s.digest);
      }
      int next = found ? i + n : i + 1;
      if (found) {
        if (out == null) {
          out = new StringBuilder(text.length());
        }
        out.append(text, copied, i).append(MASK);
        copied = next;
      }
      if (next + n > text.length()) {
        break;
      }
      if (found) {
        h = hash(text, next, next + n);
      } else {
        h = (h - text.charAt(i) * power) * base + text.charAt(i + n);
      }
      i = next;
    }
    return out == null ? text : out.append(text, copied, text.length()).toString();
  }

  /** Polynomial hash of {@code text[from, to)} with this scrubber's base, modulo 2^64. */
  private long hash(CharSequence text, int from, int to) {
    long h = 0;
    for (int i = from; i < to; i++) {
      h = h * base + text.charAt(i);
    }
    return h;
  }

  private static int prefilter(long hash) {
    // mix all 64 bits into the few kept (the low bits of a polynomial hash are weak)
    long z = hash;
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    z ^= z >>> 33;
    return (int) z & PREFILTER_MASK;
  }

  private byte[] digest(MessageDigest sha, String text) {
    sha.reset();
    sha.update(salt);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      sha.update((byte) (c >>> 8));
      sha.update((byte) c);
    }
    return sha.digest();
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** A JDBC URL safe to log. */
  public static String safeUrl(String url) {
    return new CredentialScrubber(null, url).scrub(url);
  }

  private static void collect(Matcher m, Set<String> into) {
    while (m.find()) {
      String v = m.group(2);
      if (v.isEmpty()) {
        continue;
      }
      into.add(v);
      try {
        into.add(URLDecoder.decode(v, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        // not %-encoded: the literal value is already in the set
      }
    }
  }

  @Override
  public String toString() {
    return "CredentialScrubber[" + known.size() + " literals]";
  }
}
