package com.oltpbenchmark.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/**
 * JSON rendering in upstream's layout: pretty output indents by one space per level, puts {@code ":
 * "} between key and value and prints empty containers as {@code {}} / {@code []}; compact output
 * has no whitespace. Map key order is kept.
 */
final class JsonText {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final ObjectWriter PRETTY;
  private static final ObjectWriter COMPACT = MAPPER.writer();

  static {
    Separators separators =
        Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
            .withObjectEmptySeparator("")
            .withArrayEmptySeparator("");
    DefaultIndenter oneSpace = new DefaultIndenter(" ", "\n");
    PRETTY =
        MAPPER.writer(
            new DefaultPrettyPrinter(separators)
                .withObjectIndenter(oneSpace)
                .withArrayIndenter(oneSpace));
  }

  private JsonText() {}

  static String pretty(Object value) {
    try {
      return PRETTY.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot render result JSON: " + e.getMessage(), e);
    }
  }

  static String compact(Object value) {
    try {
      return COMPACT.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot render result JSON: " + e.getMessage(), e);
    }
  }
}
