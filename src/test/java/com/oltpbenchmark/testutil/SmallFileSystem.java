package com.oltpbenchmark.testutil;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A tmpfs of a given size mounted on a directory for one test: a disk that is full, or fills. Needs
 * root; elsewhere the test is skipped, and with {@code CI=true} it fails instead (CI runs as root,
 * so a skip there would hide the test). Always unmounted by {@link #close}.
 */
public final class SmallFileSystem implements AutoCloseable {
  public final Path dir;

  private SmallFileSystem(Path dir) {
    this.dir = dir;
  }

  /**
   * Mounts a tmpfs of {@code size} (mount's syntax, e.g. "2m") on {@code dir}, created if need be.
   */
  public static SmallFileSystem mount(Path dir, String size) throws Exception {
    if (!"0".equals(run(List.of("id", "-u")).trim())) {
      TestDatabase.serverDown("mounting a small file system needs root", null);
    }
    Files.createDirectories(dir);
    String out =
        run(List.of("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString()));
    SmallFileSystem fs = new SmallFileSystem(dir);
    if (!Files.getFileStore(dir).type().equals("tmpfs")) {
      fs.close();
      throw new IllegalStateException("no tmpfs on " + dir + " after mount: " + out);
    }
    return fs;
  }

  /** The bytes this process may still write there. */
  public long usable() throws IOException {
    return Files.getFileStore(dir).getUsableSpace();
  }

  /** Fills the file system with a file of zeros until only about {@code leftBytes} are usable. */
  public void fillLeaving(long leftBytes) throws IOException {
    byte[] block = new byte[16 << 10];
    try (OutputStream out = Files.newOutputStream(dir.resolve("filler"))) {
      while (usable() > leftBytes + block.length) {
        out.write(block);
      }
    }
  }

  @Override
  public void close() throws IOException {
    try {
      run(List.of("umount", dir.toString()));
    } catch (IllegalStateException busy) {
      // a process still has a file open there: detach it now, freed when the file is closed
      run(List.of("umount", "-l", dir.toString()));
    }
  }

  private static String run(List<String> cmd) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out.trim());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for " + String.join(" ", cmd), e);
    }
    return out;
  }
}
