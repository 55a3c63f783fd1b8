package com.oltpbenchmark.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Which result files a writer wrote and which it lost (a full disk, a directory gone), with the
 * summary it wrote so that the console can show it even when summary.json itself was lost.
 *
 * @param dir the results directory
 * @param baseName the files' common prefix
 * @param summary the summary.json object, or null when the writer wrote none
 * @param written the files written, by name (the base name left out for the run's own files)
 * @param lost the files not written, likewise
 * @param failure the first failure, or null when nothing was lost
 */
public record Written(
    Path dir,
    String baseName,
    Map<String, Object> summary,
    List<String> written,
    List<String> lost,
    IOException failure) {

  public Written {
    written = List.copyOf(written);
    lost = List.copyOf(lost);
  }

  /** Whether every file was written. */
  public boolean complete() {
    return lost.isEmpty();
  }

  /** These files and those of {@code later} (written after), as one account. */
  public Written and(Written later) {
    List<String> w = new ArrayList<>(written);
    List<String> l = new ArrayList<>(lost);
    for (String name : later.written) {
      l.remove(name);
      if (!w.contains(name)) {
        w.add(name);
      }
    }
    for (String name : later.lost) {
      if (!w.contains(name) && !l.contains(name)) {
        l.add(name);
      }
    }
    return new Written(
        dir,
        baseName,
        later.summary != null ? later.summary : summary,
        w,
        l,
        failure != null ? failure : later.failure);
  }

  /**
   * One line for the console: the directory, why, what was written and what was lost; null when
   * nothing was. No exception class names: the reason is the system's own words.
   */
  public String lostLine() {
    if (lost.isEmpty()) {
      return null;
    }
    return "results directory "
        + dir.toAbsolutePath()
        + ": "
        + reason(failure)
        + "; written: "
        + (written.isEmpty() ? "nothing" : String.join(", ", written))
        + "; lost: "
        + String.join(", ", lost);
  }

  /** What went wrong in the system's words ("No space left on device"), without a class name. */
  static String reason(IOException e) {
    if (e == null) {
      return "files could not be written";
    }
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason();
    }
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      return "files could not be written";
    }
    // FileSystemException messages start with the file's path, which the line names already
    int colon = m.lastIndexOf(": ");
    return colon >= 0 && m.startsWith("/") ? m.substring(colon + 2) : m;
  }

  /** Collects a writer's attempts. */
  static final class Builder {
    private final Path dir;
    private final String baseName;
    private final List<String> written = new ArrayList<>();
    private final List<String> lost = new ArrayList<>();
    private IOException failure;

    Builder(Path dir, String baseName) {
      this.dir = Objects.requireNonNull(dir, "dir");
      this.baseName = baseName;
    }

    /** Writes {@code name} in the results directory. */
    void attempt(String name, ResultWriter.FileBody body) {
      attemptAt(dir.resolve(name), body);
    }

    /** Writes {@code file} (anywhere); a failure removes what it left and is recorded. */
    void attemptAt(Path file, ResultWriter.FileBody body) {
      String name = shortName(file);
      try {
        body.write(file);
        written.add(name);
      } catch (IOException e) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException gone) {
          // nothing left to remove, or the directory itself is gone
        }
        lost(name, e);
      }
    }

    /**
     * Replaces {@code name}, already written, with the new text through a file beside it; a failure
     * leaves the old file whole and is recorded as its update lost.
     */
    void replace(String name, String text) {
      Path file = dir.resolve(name);
      Path next = file.resolveSibling(file.getFileName() + ".next");
      try {
        Files.writeString(next, text, StandardCharsets.UTF_8);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        written.add(shortName(file));
      } catch (IOException e) {
        lost(shortName(file) + " (its update)", e);
      } finally {
        try {
          Files.deleteIfExists(next);
        } catch (IOException gone) {
          // nothing left to remove
        }
      }
    }

    void lost(String name, IOException e) {
      lost.add(name.contains("/") ? shortName(Path.of(name)) : stripBase(name));
      if (failure == null) {
        failure = e;
      }
    }

    Written build(Map<String, Object> summary) {
      return new Written(dir, baseName, summary, written, lost, failure);
    }

    private String stripBase(String name) {
      return baseName != null && name.startsWith(baseName + ".")
          ? name.substring(baseName.length() + 1)
          : name;
    }

    /** The run's own files without their base name ("summary.json"); others by their path. */
    private String shortName(Path file) {
      String f = file.getFileName() == null ? file.toString() : file.getFileName().toString();
      boolean inDir = file.getParent() == null || file.getParent().equals(dir);
      if (inDir && baseName != null && f.startsWith(baseName + ".")) {
        return f.substring(baseName.length() + 1);
      }
      return inDir ? f : file.toString();
    }
  }
}
