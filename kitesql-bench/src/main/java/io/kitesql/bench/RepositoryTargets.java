package io.kitesql.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The targets for Table 5, each decided from the measured numbers: KiteSQL's repository costs
 * little over the raw engine and much less than Spring Data JDBC + H2, and its allocation does not
 * grow with the note's length; and those of the starter's statement metrics cost little over the
 * same repository without them.
 */
final class RepositoryTargets {
  /** Repository p50 at most this many times the raw engine's. */
  static final double MAX_TIME_OVER_RAW = 1.3;

  /** Repository allocation at most the raw engine's plus this many bytes. */
  static final double MAX_BYTES_OVER_RAW = 1024;

  /** Repository p50 at most this fraction of Spring Data JDBC + H2's. */
  static final double MAX_TIME_OF_JDBC = 0.5;

  /** Repository allocation at most this fraction of Spring Data JDBC + H2's. */
  static final double MAX_BYTES_OF_JDBC = 0.2;

  /**
   * "Flat in note length": the repository's allocation differs by at most this between tiers (as
   * Table 1's target).
   */
  static final double MAX_BYTES_SPREAD = 64;

  /** With the starter's metrics on, p50 at most this many times the same repository's without. */
  static final double MAX_TIME_WITH_METRICS = 1.1;

  /** With metrics on, allocation at most this many bytes over the same repository's without. */
  static final double MAX_BYTES_WITH_METRICS = 200;

  private final Results r;
  private final List<String> tiers;
  private final List<TargetSection> sections = new ArrayList<>();
  private List<TargetSection.Line> lines = new ArrayList<>();

  /**
   * @param tiers Table 5's tiers in this run
   */
  RepositoryTargets(Results results, List<String> tiers) {
    this.r = results;
    this.tiers = tiers;
  }

  /** A target's verdict: met, missed, or not measurable (null). */
  private record Verdict(Boolean met, String evidence) {}

  /** How a repository cell compares with a reference cell of the same tier. */
  @FunctionalInterface
  private interface Check {
    /** Appends the figures to {@code evidence} and says whether the target is met. */
    boolean met(Results.Measured repository, Results.Measured reference, StringBuilder evidence);
  }

  /** The repositories' targets, then the metrics overhead's; none when Table 5 did not run. */
  List<TargetSection> sections() {
    if (tiers.isEmpty()) {
      return List.of();
    }
    var at = String.join(" and ", tiers);
    line(
        "KiteSQL repository p50 ≤ " + MAX_TIME_OVER_RAW + "× the raw engine's, at " + at,
        compare(
            RepositoryBench.RAW,
            (repo, raw, e) -> {
              e.append(
                  String.format(
                      "%s / %s µs = %.2fx",
                      Report.micros(repo.p50Micros()),
                      Report.micros(raw.p50Micros()),
                      repo.p50Micros() / raw.p50Micros()));
              return repo.p50Micros() <= MAX_TIME_OVER_RAW * raw.p50Micros();
            }));
    line(
        "KiteSQL repository allocation ≤ the raw engine's + 1 KiB, at " + at,
        compare(
            RepositoryBench.RAW,
            (repo, raw, e) -> {
              e.append(
                  String.format(
                      "%.0f B vs %.0f B: +%.0f B",
                      repo.bytesPerExecution(),
                      raw.bytesPerExecution(),
                      repo.bytesPerExecution() - raw.bytesPerExecution()));
              return repo.bytesPerExecution() <= raw.bytesPerExecution() + MAX_BYTES_OVER_RAW;
            }));
    line(
        "KiteSQL repository p50 ≤ " + MAX_TIME_OF_JDBC + "× Spring Data JDBC + H2's, at " + at,
        compare(
            RepositoryBench.JDBC_H2,
            (repo, jdbc, e) -> {
              e.append(
                  String.format(
                      "%s / %s µs = %.2fx",
                      Report.micros(repo.p50Micros()),
                      Report.micros(jdbc.p50Micros()),
                      repo.p50Micros() / jdbc.p50Micros()));
              return repo.p50Micros() <= MAX_TIME_OF_JDBC * jdbc.p50Micros();
            }));
    line(
        "KiteSQL repository allocation ≤ "
            + MAX_BYTES_OF_JDBC
            + "× Spring Data JDBC + H2's, at "
            + at,
        compare(
            RepositoryBench.JDBC_H2,
            (repo, jdbc, e) -> {
              e.append(
                  String.format(
                      "%.0f B / %.0f B = %.2fx",
                      repo.bytesPerExecution(),
                      jdbc.bytesPerExecution(),
                      repo.bytesPerExecution() / jdbc.bytesPerExecution()));
              return repo.bytesPerExecution() <= MAX_BYTES_OF_JDBC * jdbc.bytesPerExecution();
            }));
    line(
        "KiteSQL repository allocation flat in note length (spread ≤ "
            + (int) MAX_BYTES_SPREAD
            + " B across "
            + at
            + ")",
        flat());
    section("## Targets for Spring Data repositories (Table 5)");
    line(
        "With the starter's metrics on, p50 ≤ "
            + MAX_TIME_WITH_METRICS
            + "× the same repository's without, at "
            + at,
        compare(
            RepositoryBench.REPOSITORY_METRICS,
            RepositoryBench.REPOSITORY,
            (metered, plain, e) -> {
              e.append(
                  String.format(
                      "%s / %s µs = %.2fx",
                      Report.micros(metered.p50Micros()),
                      Report.micros(plain.p50Micros()),
                      metered.p50Micros() / plain.p50Micros()));
              return metered.p50Micros() <= MAX_TIME_WITH_METRICS * plain.p50Micros();
            }));
    line(
        "With the starter's metrics on, allocation ≤ the same repository's + "
            + (int) MAX_BYTES_WITH_METRICS
            + " B, at "
            + at,
        compare(
            RepositoryBench.REPOSITORY_METRICS,
            RepositoryBench.REPOSITORY,
            (metered, plain, e) -> {
              e.append(
                  String.format(
                      "%.0f B vs %.0f B: %+.0f B",
                      metered.bytesPerExecution(),
                      plain.bytesPerExecution(),
                      metered.bytesPerExecution() - plain.bytesPerExecution()));
              return metered.bytesPerExecution()
                  <= plain.bytesPerExecution() + MAX_BYTES_WITH_METRICS;
            }));
    section("## Targets for the metrics overhead (Table 5)");
    return List.copyOf(sections);
  }

  private void section(String heading) {
    sections.add(new TargetSection(heading, List.copyOf(lines)));
    lines = new ArrayList<>();
  }

  private void line(String target, Verdict v) {
    lines.add(TargetSection.Line.of(target, v.met(), v.evidence()));
  }

  private Results.Measured measured(String tier, String engine) {
    return r.get(RepositoryBench.TABLE, RepositoryBench.VARIANT, tier, engine)
            instanceof Results.Measured m
        ? m
        : null;
  }

  private Verdict missing(String tier, String engine) {
    return new Verdict(
        null,
        engine
            + " at "
            + tier
            + " is "
            + Report.cell(r.get(RepositoryBench.TABLE, RepositoryBench.VARIANT, tier, engine)));
  }

  /** The check of KiteSQL's repository against {@code reference} at every tier. */
  private Verdict compare(String reference, Check check) {
    return compare(RepositoryBench.REPOSITORY, reference, check);
  }

  /**
   * The check of {@code subject} against {@code reference} at every tier: met if met at all of
   * them.
   */
  private Verdict compare(String subject, String reference, Check check) {
    var evidence = new ArrayList<String>();
    boolean met = true;
    for (var tier : tiers) {
      var repository = measured(tier, subject);
      var other = measured(tier, reference);
      if (repository == null || other == null) {
        return missing(tier, repository == null ? subject : reference);
      }
      var figures = new StringBuilder(tier).append(": ");
      met &= check.met(repository, other, figures);
      evidence.add(figures.toString());
    }
    return new Verdict(met, String.join("; ", evidence));
  }

  private Verdict flat() {
    if (tiers.size() < 2) {
      return new Verdict(null, "needs two tiers, this run has " + tiers.getFirst());
    }
    double min = Double.MAX_VALUE;
    double max = 0;
    for (var tier : tiers) {
      var m = measured(tier, RepositoryBench.REPOSITORY);
      if (m == null) {
        return missing(tier, RepositoryBench.REPOSITORY);
      }
      min = Math.min(min, m.bytesPerExecution());
      max = Math.max(max, m.bytesPerExecution());
    }
    return new Verdict(
        max - min <= MAX_BYTES_SPREAD, String.format("%.0f to %.0f B per call", min, max));
  }
}
