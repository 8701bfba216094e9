package io.kitesql.bench;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A target decided from repeated measurements, so that one disturbed run on a shared machine does
 * not decide it: the median of at least {@link #MIN_FIGURES} figures (runs, or interleaved rounds)
 * is compared with the bound, and when the median's margin to the bound lies inside the figures'
 * spread, i.e. some figure is on the other side of the bound than the median, the verdict is
 * "within noise" rather than met or missed. Every figure is shown in the evidence.
 *
 * @param outcome what the figures say
 * @param evidence the figures, their median and spread, and the bound
 */
public record NoiseVerdict(Outcome outcome, String evidence) {

  /** Fewer figures than this decide nothing. */
  public static final int MIN_FIGURES = 3;

  /** What a target's figures say. */
  public enum Outcome {
    MET("met"),
    MISSED("**missed**"),
    WITHIN_NOISE("within noise"),
    NOT_MEASURED("not measured");

    private final String label;

    Outcome(String label) {
      this.label = label;
    }

    /** The word the report prints. */
    public String label() {
      return label;
    }
  }

  /**
   * Met when the median of {@code figures} is at most {@code bound} (lower is better: times, ratios
   * of times).
   */
  public static NoiseVerdict atMost(List<Double> figures, double bound) {
    return decide(figures, bound, true);
  }

  /**
   * Met when the median of {@code figures} is at least {@code bound} (higher is better: throughput
   * ratios).
   */
  public static NoiseVerdict atLeast(List<Double> figures, double bound) {
    return decide(figures, bound, false);
  }

  /**
   * Met when {@code checked} values were checked and none violated; with nothing checked there is
   * nothing to decide (zero violations of zero values is no evidence).
   */
  public static NoiseVerdict noViolations(long checked, long violations) {
    String evidence = violations + " violations in " + checked + " checked";
    if (checked <= 0) {
      return new NoiseVerdict(Outcome.NOT_MEASURED, evidence);
    }
    return new NoiseVerdict(violations == 0 ? Outcome.MET : Outcome.MISSED, evidence);
  }

  /**
   * A target decided in each of several runs (met, missed, or not measured in that run), decided
   * over all of them by the same rule as figures against a bound: met when every measured run met
   * it, missed when none did, within noise when the runs disagree; not measured with fewer than
   * {@link #MIN_FIGURES} measured runs.
   *
   * @param runs each run's outcome ({@link Outcome#WITHIN_NOISE} is not a run's outcome)
   * @param evidence each run's figures, in the order of {@code runs}
   */
  public static NoiseVerdict acrossRuns(List<Outcome> runs, List<String> evidence) {
    if (runs.size() != evidence.size() || runs.contains(Outcome.WITHIN_NOISE)) {
      throw new IllegalArgumentException("one outcome, met, missed or not measured, per run");
    }
    var figures = new StringBuilder();
    for (int i = 0; i < runs.size(); i++) {
      figures
          .append(i == 0 ? "" : "; ")
          .append("run ")
          .append(i + 1)
          .append(": ")
          .append(runs.get(i).label())
          .append(", ")
          .append(evidence.get(i));
    }
    long measured = runs.stream().filter(o -> o != Outcome.NOT_MEASURED).count();
    long met = runs.stream().filter(o -> o == Outcome.MET).count();
    Outcome outcome =
        measured < MIN_FIGURES
            ? Outcome.NOT_MEASURED
            : met == measured ? Outcome.MET : met == 0 ? Outcome.MISSED : Outcome.WITHIN_NOISE;
    return new NoiseVerdict(outcome, figures.toString());
  }

  /** The median of the figures (the mean of the two middle ones for an even count). */
  public static double median(List<Double> figures) {
    var sorted = figures.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** The report's form: the outcome's word, then the evidence in brackets. */
  public String render() {
    return outcome.label() + " (" + evidence + ")";
  }

  private static NoiseVerdict decide(List<Double> figures, double bound, boolean lowerIsBetter) {
    String bounds = (lowerIsBetter ? "≤ " : "≥ ") + format(bound);
    if (figures.size() < MIN_FIGURES
        || figures.stream().anyMatch(f -> f.isNaN() || f.isInfinite())) {
      return new NoiseVerdict(
          Outcome.NOT_MEASURED,
          "figures "
              + list(figures)
              + ", at least "
              + MIN_FIGURES
              + " finite ones needed for "
              + bounds);
    }
    double median = median(figures);
    double spread =
        figures.stream().mapToDouble(Double::doubleValue).max().orElseThrow()
            - figures.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    long meeting = figures.stream().filter(f -> lowerIsBetter ? f <= bound : f >= bound).count();
    Outcome outcome =
        meeting == figures.size()
            ? Outcome.MET
            : meeting == 0 ? Outcome.MISSED : Outcome.WITHIN_NOISE;
    return new NoiseVerdict(
        outcome,
        String.format(
            Locale.ROOT,
            "figures %s, median %s, spread %s, bound %s",
            list(figures),
            format(median),
            format(spread),
            bounds));
  }

  private static String list(List<Double> figures) {
    return figures.stream().map(NoiseVerdict::format).collect(Collectors.joining(" / "));
  }

  private static String format(double value) {
    return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.0f" : "%.2f", value);
  }
}
