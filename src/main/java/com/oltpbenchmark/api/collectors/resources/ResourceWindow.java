package com.oltpbenchmark.api.collectors.resources;

import java.util.Optional;

/**
 * The driver's and the server's spending over one window (the run's measured phase): read at {@link
 * #start} and {@link #end}, from the same thread or not. Reading the server walks /proc (a few
 * milliseconds), so the runtime calls these from its control thread, never a terminal.
 */
public final class ResourceWindow {
  private final ServerProcess server;
  private DriverResources driverAtStart;
  private ProcessResources serverAtStart;
  private Figures figures;

  /**
   * What a window spent.
   *
   * @param driver the driver's difference over the window
   * @param server the server's difference, or null when not measured
   * @param serverProcess the server found (or why not), for "not measured: ..." lines
   * @param serverProblem why {@code server} is null although a process was found, else null
   */
  public record Figures(
      DriverResources driver,
      ProcessResources server,
      ServerProcess serverProcess,
      String serverProblem) {

    /** Why the server's figures are missing, or null when they are here. */
    public String serverNotMeasured() {
      if (server != null) {
        return null;
      }
      return serverProblem != null ? serverProblem : serverProcess.describe();
    }
  }

  public ResourceWindow(ServerProcess server) {
    this.server = server;
  }

  public ServerProcess serverProcess() {
    return server;
  }

  public synchronized void start() {
    driverAtStart = DriverResources.sample();
    serverAtStart = null;
    if (server.measured()) {
      try {
        serverAtStart = server.sample();
      } catch (ProcessResources.NoSuchProcess e) {
        serverAtStart = null;
      }
    }
    figures = null;
  }

  /** Closes the window; a second call keeps the first reading. No-op if never started. */
  public synchronized void end() {
    if (driverAtStart == null || figures != null) {
      return;
    }
    DriverResources driver = DriverResources.sample().minus(driverAtStart);
    ProcessResources srv = null;
    String problem = null;
    if (server.measured()) {
      if (serverAtStart == null) {
        problem = "not measured: the server's process " + server.pid() + " was gone at the start";
      } else {
        try {
          srv = server.sample().minus(serverAtStart);
        } catch (ProcessResources.NoSuchProcess e) {
          problem =
              "not measured: the server's process " + server.pid() + " ended during the window";
        }
      }
    }
    figures = new Figures(driver, srv, server, problem);
  }

  /** The window's figures once {@link #end} ran. */
  public synchronized Optional<Figures> figures() {
    return Optional.ofNullable(figures);
  }
}
