package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.util.SafeXml;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.xml.sax.SAXException;

/** XML with a DOCTYPE (external or internal entities, external DTDs) is refused unread. */
class HostileInputTest {
  private static final String SECRET = "xxe-file-content-7f3a9c";

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(
      strings = {
        "<!DOCTYPE parameters [<!ENTITY e SYSTEM \"file://%s\">]>",
        "<!DOCTYPE parameters SYSTEM \"file://%s\">",
        "<!DOCTYPE parameters [<!ENTITY e \"%s\">]>"
      })
  void configWithDoctypeIsRefusedAndTheFileNeverRead(String doctype) throws Exception {
    Path secret = EngineHarness.write(dir, "secret.txt", SECRET);
    String target = doctype.contains("SYSTEM") ? secret.toString() : SECRET;
    Path cfg =
        EngineHarness.write(
            dir,
            "xxe.xml",
            "<?xml version=\"1.0\"?>\n"
                + String.format(doctype, target)
                + "\n<parameters><type>SQLITE</type><url>jdbc:sqlite::memory:</url>"
                + "<terminals>&e;</terminals></parameters>\n");
    CliRun r = CliRun.inProcess("-b", "testbench", "-c", cfg.toString(), "--execute");
    r.endedWithOneLine(DBWorkload.EXIT_CONFIG);
    assertTrue(r.err.contains("refusing " + cfg) && r.err.contains("DOCTYPE"), r.err);
    assertFalse(r.err.contains(SECRET) || r.out.contains(SECRET), r.toString());
  }

  @Test
  void everyRuntimeParserRefusesADoctype() {
    byte[] doc =
        ("<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>"
                + "<d>&e;</d>")
            .getBytes(StandardCharsets.UTF_8);
    SAXException e =
        assertThrows(
            SAXException.class,
            () -> SafeXml.documentBuilder().parse(new ByteArrayInputStream(doc)));
    assertTrue(SafeXml.isDoctypeRefusal(e), e.getMessage());
  }
}
