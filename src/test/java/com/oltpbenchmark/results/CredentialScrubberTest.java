package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.oltpbenchmark.testutil.Reachable;
import com.oltpbenchmark.util.CredentialScrubber;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CredentialScrubberTest {

  @Test
  void passwordParametersInUrlsAreMasked() {
    CredentialScrubber s = new CredentialScrubber(null, null);
    assertEquals(
        "jdbc:postgresql://h/db?user=u&password=********&ssl=true",
        s.scrub("jdbc:postgresql://h/db?user=u&password=abc123&ssl=true"));
    assertEquals(
        "jdbc:sqlserver://h;user=u;password=********;encrypt=true",
        s.scrub("jdbc:sqlserver://h;user=u;password=Sec!Ret;encrypt=true"));
    assertEquals(
        "jdbc:mysql://h/db?sslPassword=********&trustCertificateKeyStorePassword=********",
        s.scrub("jdbc:mysql://h/db?sslPassword=k1&trustCertificateKeyStorePassword=k2"));
    assertEquals("jdbc:mysql://u:********@h:3306/db", s.scrub("jdbc:mysql://u:pw9999@h:3306/db"));
    assertEquals("url: jdbc:x?PWD=********", s.scrub("url: jdbc:x?PWD=hunter2"));
  }

  @Test
  void knownSecretsAreMaskedAnywhereAndInEscapedForms() {
    String pw = "pa\"ss<w>ord";
    CredentialScrubber s =
        new CredentialScrubber(pw, "jdbc:postgresql://h/db?password=p%40ssword99");
    assertEquals("error for ********", s.scrub("error for " + pw));
    assertEquals("{\"m\":\"********\"}", s.scrub(JsonText.compact(Map.of("m", pw))));
    assertEquals("<a>********</a>", s.scrub("<a>pa&quot;ss&lt;w&gt;ord</a>"));
    assertEquals("decoded ********", s.scrub("decoded p@ssword99"), "%-decoded URL secret");
  }

  @Test
  void shortSecretsAreNotReplacedLiterally() {
    CredentialScrubber s = new CredentialScrubber("ab", "jdbc:x://h/?password=ab");
    assertEquals("tab 12 cab", s.scrub("tab 12 cab"), "would corrupt unrelated text");
    assertEquals("jdbc:x://h/?password=********", s.scrub("jdbc:x://h/?password=ab"));
  }

  @Test
  void safeUrlNeverShowsTheSecret() {
    String safe = CredentialScrubber.safeUrl("jdbc:mariadb://root:topsecret@h/db?password=x1y2z3");
    assertFalse(safe.contains("topsecret"));
    assertFalse(safe.contains("x1y2z3"));
  }

  @Test
  void everyOccurrenceIsMaskedLeftToRightLongestSecretFirst() {
    CredentialScrubber s =
        new CredentialScrubber("abcd", "jdbc:x://h/db?password=abcdEFGH&sslpassword=cdab");
    assertEquals("****************x********", s.scrub("abcdabcdxabcd"), "adjacent and repeated");
    assertEquals("x********x ********abd", s.scrub("xcdabx abcdabd"), "same length: in order");
    assertEquals("see ********!", s.scrub("see abcdEFGH!"), "the longer secret whole");
    assertEquals("abc", s.scrub("abc"), "shorter than every secret");
    assertEquals("********", s.scrub("abcd"));
  }

  @Test
  void theScrubberKeepsNoSecretInClear() {
    String pw = "Kept-0ut-Of-Memory";
    String urlSecret = "Url-0ut-Of-Memory";
    CredentialScrubber s =
        new CredentialScrubber(pw, "jdbc:mysql://u:" + urlSecret + "@h/db?password=" + urlSecret);
    assertEquals("a ******** b ********", s.scrub("a " + pw + " b " + urlSecret));
    for (String secret : List.of(pw, urlSecret)) {
      assertEquals(List.of(), Reachable.occurrences(s, secret, o -> false), secret);
    }
  }
}
