package com.oltpbenchmark.util;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

public abstract class FileUtil {

  public static String joinPath(String... args) {
    StringBuilder sb = new StringBuilder();
    for (String a : args) {
      if (a == null || a.isEmpty()) {
        continue;
      }
      if (sb.length() > 0 && sb.charAt(sb.length() - 1) != File.separatorChar) {
        sb.append(File.separator);
      }
      sb.append(a);
    }
    return sb.toString();
  }

  /** basename, or basename.1, basename.2, ... : the first that does not exist yet. */
  public static String getNextFilename(String basename) {
    if (!exists(basename)) {
      return basename;
    }
    int i = 1;
    while (exists(basename + "." + i)) {
      i++;
    }
    return basename + "." + i;
  }

  public static boolean exists(String path) {
    return path != null && new File(path).exists();
  }

  public static String checkPath(String path, String name) throws FileNotFoundException {
    if (path == null || path.trim().isEmpty()) {
      return null;
    }
    String p = path.trim();
    if (!exists(p)) {
      throw new FileNotFoundException(name + " not found:" + p);
    }
    return p;
  }

  public static void makeDirIfNotExists(String... paths) {
    File f = new File(joinPath(paths));
    if (!f.exists() && !f.mkdirs() && !f.isDirectory()) {
      throw new IllegalStateException("cannot create directory " + f);
    }
  }

  public static void writeStringToFile(File file, String content) throws IOException {
    Files.write(file.toPath(), content.getBytes(StandardCharsets.UTF_8));
  }
}
