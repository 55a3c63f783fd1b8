package com.oltpbenchmark.testutil;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Editing a sample config's XML for a test, and reading back what its run wrote. */
public final class ConfigXml {
  private ConfigXml() {}

  /**
   * {@code xml} with the text of its first {@code <element>} set to {@code value}; it must have
   * one.
   */
  public static String set(String xml, String element, String value) {
    Pattern p = Pattern.compile("<" + element + ">[^<]*</" + element + ">");
    assertTrue(p.matcher(xml).find(), "sample config has <" + element + ">");
    return p.matcher(xml)
        .replaceFirst(Matcher.quoteReplacement("<" + element + ">" + value + "</" + element + ">"));
  }

  /** The {@code *.summary.json} a run wrote into {@code results}. */
  public static JsonNode summary(Path results) throws IOException {
    return new ObjectMapper().readTree(ResultFiles.only(results, ".summary.json").toFile());
  }
}
