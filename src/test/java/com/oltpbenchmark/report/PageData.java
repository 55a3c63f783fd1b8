package com.oltpbenchmark.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The data a report page carries inline, read back for assertions. */
final class PageData {
  private static final String OPEN = "<script type=\"application/json\" id=\"report-data\">";

  private PageData() {}

  static JsonNode of(Path html) throws IOException {
    String text = Files.readString(html);
    int from = text.indexOf(OPEN);
    int to = text.indexOf("</script>", from);
    if (from < 0 || to < 0) {
      throw new AssertionError(html + " has no report-data element");
    }
    return new ObjectMapper().readTree(text.substring(from + OPEN.length(), to));
  }
}
