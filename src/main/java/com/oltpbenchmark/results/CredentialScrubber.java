package com.oltpbenchmark.results;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
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

  private final List<String> literals = new ArrayList<>();

  public CredentialScrubber(String password, String jdbcUrl) {
    Set<String> secrets = new LinkedHashSet<>();
    if (password != null) {
      secrets.add(password);
    }
    if (jdbcUrl != null) {
      collect(SECRET_PARAM.matcher(jdbcUrl), secrets);
      collect(USER_INFO.matcher(jdbcUrl), secrets);
    }
    JsonStringEncoder json = JsonStringEncoder.getInstance();
    for (String s : secrets) {
      if (s.length() < MIN_LITERAL_LENGTH) {
        continue;
      }
      literals.add(s);
      literals.add(new String(json.quoteAsString(s)));
      literals.add(StringEscapeUtils.escapeXml10(s));
      literals.add(StringEscapeUtils.escapeXml10(new String(json.quoteAsString(s))));
    }
    // Longest first, so a secret containing another is masked whole.
    literals.sort((a, b) -> Integer.compare(b.length(), a.length()));
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
    for (String s : literals) {
      if (!s.isEmpty() && out.contains(s)) {
        out = out.replace(s, MASK);
      }
    }
    return out;
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
    return "CredentialScrubber[" + literals.size() + " literals]";
  }
}
