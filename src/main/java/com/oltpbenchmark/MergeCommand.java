package com.oltpbenchmark;

import com.oltpbenchmark.report.RunReportFiles;
import com.oltpbenchmark.results.MergeRefused;
import com.oltpbenchmark.results.ResultSetMerge;
import com.oltpbenchmark.results.ResultWriter;
import com.oltpbenchmark.util.OneLine;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --merge dir1,dir2,... [-d results] [-jh file]}: one result set from the result sets of a
 * run's driver processes, in the standard formats. Touches no database, so no -b or -c.
 */
final class MergeCommand {
  private static final Logger LOG = LoggerFactory.getLogger(MergeCommand.class);

  static final String OPTION = "merge";

  /** The options a merge reads; any other would be silently ignored, so it is refused. */
  private static final Set<String> ACCEPTED = Set.of(OPTION, "directory", "json-histograms");

  private MergeCommand() {}

  static int run(CommandLine line) {
    Set<String> seen = new HashSet<>();
    for (Option o : line.getOptions()) {
      String name = o.getLongOpt() != null ? o.getLongOpt() : o.getOpt();
      String shown = (o.getOpt() == null ? "" : "-" + o.getOpt() + "/") + "--" + name;
      if (!ACCEPTED.contains(name)) {
        ExitCodes.printError("--merge takes only -d and -jh; " + shown + " does not apply to it");
        return ExitCodes.USAGE;
      }
      if (!seen.add(name)) {
        ExitCodes.printError("option " + shown + " is given more than once");
        return ExitCodes.USAGE;
      }
    }
    List<Path> inputs = new ArrayList<>();
    for (String part : line.getOptionValue(OPTION).split(",", -1)) {
      if (part.isBlank()) {
        ExitCodes.printError(
            "--merge has an empty result set name in '" + line.getOptionValue(OPTION) + "'");
        return ExitCodes.USAGE;
      }
      inputs.add(Paths.get(part.trim()));
    }
    Path dir = Paths.get(line.getOptionValue("d", "results"));
    Path jh = line.hasOption("jh") ? Paths.get(line.getOptionValue("jh")) : null;
    try {
      ResultSetMerge.Merged merged = ResultSetMerge.merge(inputs, dir);
      merged.warnings().forEach(w -> LOG.warn("{}", w));
      try {
        ResultWriter.writeAll(merged.report(), dir, merged.baseName(), jh);
        LOG.info(
            "Merged {} result sets into {} with base name {}",
            merged.parts(),
            dir.toAbsolutePath(),
            merged.baseName());
        RunReportFiles.afterResults(merged.report(), dir, merged.baseName());
      } finally {
        merged.report().measurements().close();
      }
      return ExitCodes.OK;
    } catch (MergeRefused e) {
      LOG.debug("merge refused", e);
      ExitCodes.printError("cannot merge: " + e.getMessage());
      return ExitCodes.CONFIG;
    } catch (Exception e) {
      LOG.debug("merge failure", e);
      ExitCodes.printError("merge failed: " + OneLine.describe(e));
      return ExitCodes.FAILURE;
    }
  }
}
