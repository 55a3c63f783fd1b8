package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
}
