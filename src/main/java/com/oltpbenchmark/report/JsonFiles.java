package com.oltpbenchmark.report;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a result set's JSON files. A file that is empty, not JSON or cut short is one line naming
 * the file, what is wrong and the parser's line and column: Jackson's own message adds a second
 * line with its source-location banner, which means nothing to a user.
 */
final class JsonFiles {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonFiles() {}

  /**
   * The parsed value of {@code file}.
   *
   * @param what what the file should be, for the message ("a summary.json object")
   */
  static Object read(Path file, String what) throws IOException {
    if (Files.size(file) == 0) {
      throw new IOException(file + ": empty file, expected " + what);
    }
    try {
      return JSON.readValue(file.toFile(), Object.class);
    } catch (JsonProcessingException e) {
      throw new IOException(file + ": not " + what + ": " + problem(e), e);
    }
  }

  /** The parser's message without its location banner, then its line and column if known. */
  static String problem(JsonProcessingException e) {
    String m = String.valueOf(e.getOriginalMessage()).strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
    JsonLocation at = e.getLocation();
    if (at == null || at.getLineNr() < 1) {
      return m;
    }
    return m + " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
  }
}
