package io.kitesql.bench;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A report's targets under one heading, each decided from one run's figures; or, through {@link
 * #acrossRuns}, the same targets decided over several runs of the same configuration, so that one
 * run disturbed by the machine's other work does not decide a target ({@link
 * NoiseVerdict#acrossRuns}).
 *
 * @param heading the Markdown heading without its scope, e.g. {@code ## Targets for Tables 1 to 4}
 * @param lines the targets in report order
 */
record TargetSection(String heading, List<Line> lines) {

  /**
   * One target: what it asks, what the figures say about it, and the figures.
   *
   * @param target the target in words, with its bound
   * @param outcome met, missed or not measured (within noise only over several runs)
   * @param evidence the figures it was decided from
   */
  record Line(String target, NoiseVerdict.Outcome outcome, String evidence) {

    /** A target decided from one run: {@code met} is null when it could not be measured. */
    static Line of(String target, @Nullable Boolean met, String evidence) {
      var outcome =
          met == null
              ? NoiseVerdict.Outcome.NOT_MEASURED
              : met ? NoiseVerdict.Outcome.MET : NoiseVerdict.Outcome.MISSED;
      return new Line(target, outcome, evidence);
    }

    /** The report's form: a list item with the target, its outcome and the figures. */
    String render() {
      return "- " + target + ": " + outcome.label() + " (" + evidence + ")\n";
    }
  }

  /** The section, its heading saying how many runs decided it. */
  String render(int runs) {
    if (lines.isEmpty()) {
      return "";
    }
    var out =
        new StringBuilder(heading)
            .append(runs == 1 ? ", computed from this run" : ", decided over " + runs + " runs")
            .append("\n\n");
    lines.forEach(line -> out.append(line.render()));
    return out.append('\n').toString();
  }

  /**
   * The targets of {@code runs} (the same section from runs of one configuration) decided over all
   * of them, every run's figures shown.
   *
   * @throws IllegalArgumentException if the runs' sections do not list the same targets
   */
  static TargetSection acrossRuns(List<TargetSection> runs) {
    var first = runs.getFirst();
    var lines = new ArrayList<Line>();
    for (int i = 0; i < first.lines().size(); i++) {
      var outcomes = new ArrayList<NoiseVerdict.Outcome>();
      var evidence = new ArrayList<String>();
      String target = first.lines().get(i).target();
      for (var run : runs) {
        if (run.lines().size() != first.lines().size()
            || !run.lines().get(i).target().equals(target)) {
          throw new IllegalArgumentException(
              "the runs of " + first.heading() + " list different targets");
        }
        outcomes.add(run.lines().get(i).outcome());
        evidence.add(run.lines().get(i).evidence());
      }
      var verdict = NoiseVerdict.acrossRuns(outcomes, evidence);
      lines.add(new Line(target, verdict.outcome(), verdict.evidence()));
    }
    return new TargetSection(first.heading(), List.copyOf(lines));
  }
}
