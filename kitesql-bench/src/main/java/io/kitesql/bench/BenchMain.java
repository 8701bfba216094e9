package io.kitesql.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Runs the benchmark and writes the report. Arguments: {@code --quick} (under a minute, writes
 * {@code kitesql-bench/target/RESULTS-quick.md}), {@code --long-rows} (the 64 B and 256 KiB tiers
 * only, for the long-row check; {@code target/RESULTS-long-rows.md}), {@code --out FILE}, {@code
 * --work DIR}, {@code --tiers 4096,65536} (other note lengths), {@code --cells VARIANT} (only the
 * orders cells whose variant contains it, printed, no report); {@code --long-rows-ab [rounds]} runs
 * {@link LongRowsAb} instead, {@code --spin-ab [rounds] [slice]} {@link SpinAb}, {@code
 * --sync-commit [rounds] [transactions]} {@link SyncCommitAb}, {@code --long-rows-probe [rows]
 * [rounds]} {@link LongRowsProbe}, {@code --read-ahead-ab [rounds] [rows] [sizes]} {@link
 * ReadAheadAb}, {@code --table7 [quick] [--sizes …]} Table 7 alone ({@link SpringQueriesReport}),
 * {@code --aggregates [quick]} Table 5's aggregate rows alone ({@link AggregateBench}), {@code
 * --query-styles [quick] [runs N]} Table 5's query-by-example and criteria rows ({@link
 * QueryStylesBench}), {@code --tpcc [quick|smoke] […]} TPC-C ({@link
 * io.kitesql.bench.tpcc.TpccReport}), {@code --jdbc [quick|smoke] […]} {@link JdbcBench}, {@code
 * --metrics-overhead [runs]} Table 5's metrics overhead alone ({@link MetricsOverheadAb}), {@code
 * --read-path [rounds] [tiers]} Tables 1 and 6 alone ({@link ReadPathRun}); {@code --runs N} runs
 * the whole benchmark N times (1, or at least 3; the full run's default is 3, the others' 1) and
 * reports the medians, each target decided over the runs. Run from the repository root (the Maven
 * command in README.md does).
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("--long-rows-ab")) {
      LongRowsAb.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--read-ahead-ab")) {
      ReadAheadAb.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--sync-commit")) {
      SyncCommitAb.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--spin-ab")) {
      SpinAb.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--table7")) {
      SpringQueriesReport.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--aggregates")) {
      AggregateBench.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--query-styles")) {
      QueryStylesBench.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--tpcc")) {
      io.kitesql.bench.tpcc.TpccReport.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--jdbc")) {
      JdbcBench.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--metrics-overhead")) {
      MetricsOverheadAb.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--read-path")) {
      ReadPathRun.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("--long-rows-probe")) {
      LongRowsProbe.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    var config = BenchConfig.full();
    Path out = null;
    Path work = Path.of("kitesql-bench", "target", "bench-data");
    List<Integer> tiers = null;
    String cells = null;
    Integer runs = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> config = BenchConfig.quick();
        case "--smoke" -> config = BenchConfig.smoke();
        case "--long-rows" -> config = BenchConfig.longRows();
        case "--out" -> out = Path.of(args[++i]);
        case "--work" -> work = Path.of(args[++i]);
        case "--tiers" ->
            tiers = Arrays.stream(args[++i].split(",")).map(Integer::valueOf).toList();
        case "--cells" -> cells = args[++i];
        case "--runs" -> runs = Integer.valueOf(args[++i]);
        case "" -> {}
        default ->
            throw new IllegalArgumentException(
                "unknown argument "
                    + args[i]
                    + " (use --quick, --long-rows, --out, --work, --tiers, --cells, --runs)");
      }
    }
    if (tiers != null) {
      config = config.withTiers(tiers);
    }
    if (cells != null) {
      runCells(config, work, cells);
      return;
    }
    if (out == null) {
      var module =
          Files.isDirectory(Path.of("kitesql-bench")) ? Path.of("kitesql-bench") : Path.of(".");
      out =
          config.name().equals("full")
              ? module.resolve("RESULTS.md")
              : module.resolve("target").resolve("RESULTS-" + config.name() + ".md");
    }
    System.out.println(
        "kitesql-bench: " + config.name() + " run, data in " + work.toAbsolutePath());
    int count = runs != null ? runs : config.name().equals("full") ? NoiseVerdict.MIN_FIGURES : 1;
    if (count != 1 && count < NoiseVerdict.MIN_FIGURES) {
      throw new IllegalArgumentException(
          "--runs "
              + count
              + ": 1, or at least "
              + NoiseVerdict.MIN_FIGURES
              + " to decide targets");
    }
    var results = new ArrayList<Results>();
    for (int run = 1; run <= count; run++) {
      System.out.println("run " + run + " of " + count);
      results.add(new BenchRunner(config, work, System.out::println).run());
    }
    var report = new Report(config, results, environment()).render();
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, report);
    System.out.printf(
        "wrote %s in %.1f minutes%n",
        out.toAbsolutePath(), results.stream().mapToLong(r -> r.elapsedMillis).sum() / 60000.0);
  }

  /**
   * {@code --cells VARIANT}: only the Tables 1–3 and 6 cells whose variant contains {@code
   * VARIANT}, on every engine and tier (with the JIT warm-up pass); prints them, writes no report.
   */
  private static void runCells(BenchConfig config, Path work, String variant) throws Exception {
    System.out.println(
        "kitesql-bench: "
            + config.name()
            + " run of cells \""
            + variant
            + "\", tiers "
            + config.tiers());
    var results =
        new BenchRunner(config, work, System.out::println, v -> v.contains(variant)).runCells();
    System.out.printf("done in %.1f minutes%n", results.elapsedMillis / 60000.0);
  }

  /** Machine, JDK and versions for the report header. */
  public static Map<String, String> environment() {
    var env = new LinkedHashMap<String, String>();
    env.put(
        "CPU",
        cpuModel()
            + ", "
            + Runtime.getRuntime().availableProcessors()
            + " available processors (nproc)");
    env.put("memory", memTotal());
    env.put(
        "OS",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"));
    env.put(
        "JDK",
        System.getProperty("java.vm.vendor")
            + " "
            + System.getProperty("java.vm.name")
            + " "
            + Runtime.version());
    env.put(
        "JVM flags", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    env.put(
        "GC",
        ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(GarbageCollectorMXBean::getName)
            .collect(Collectors.joining(", ")));
    env.put("KiteSQL", kiteVersion());
    env.put(
        "Jackson (peers' JSON)",
        com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString());
    return env;
  }

  private static String cpuModel() {
    try (var lines = Files.lines(Path.of("/proc/cpuinfo"))) {
      return lines
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim())
          .findFirst()
          .orElse("unknown CPU");
    } catch (Exception e) {
      return "unknown CPU";
    }
  }

  private static String memTotal() {
    try (var lines = Files.lines(Path.of("/proc/meminfo"))) {
      return lines
          .filter(l -> l.startsWith("MemTotal"))
          .map(
              l -> {
                long kib = Long.parseLong(l.replaceAll("\\D", ""));
                return String.format("%.1f GiB", kib / 1048576.0);
              })
          .findFirst()
          .orElse("unknown");
    } catch (Exception e) {
      return "unknown";
    }
  }

  private static String kiteVersion() {
    var version = io.kitesql.api.Database.class.getPackage().getImplementationVersion();
    String commit = "";
    try {
      var process =
          new ProcessBuilder("git", "rev-parse", "--short", "HEAD")
              .redirectErrorStream(true)
              .start();
      var text = new String(process.getInputStream().readAllBytes()).trim();
      if (process.waitFor() == 0) {
        commit = " (git " + text + ")";
      }
    } catch (Exception e) {
      // not a git checkout
    }
    return (version == null ? "0.1.0-SNAPSHOT" : version) + commit;
  }
}
