package io.kitesql.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kitesql.bench.NoiseVerdict.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Several runs folded for the tables, and their targets decided over the runs. */
class RunMediansTest {
  private static final Results.Key LOOKUP = new Results.Key("1", "lookup", "64 B", "KiteSQL");

  private static Results run(double p50, double bytes, double rowsPerSecond, long violations) {
    var run = new Results();
    run.put(LOOKUP, new Results.Measured(p50, 2 * p50, bytes, 100, 1.1));
    run.writes.add(new Results.Write("KiteSQL", 64, 1, 1_000, rowsPerSecond));
    run.addMapCheck("KiteSQL", new Results.MapCheck(10, 640, 0, violations, 640, 0));
    run.retainedHeap.put(List.of("64 B", "KiteSQL"), (long) bytes);
    run.elapsedMillis = 60_000;
    return run;
  }

  @Test
  void everyFigureIsTheMedianOfTheRuns() {
    var median =
        RunMedians.of(
            List.of(run(5.0, 400, 9_000, 0), run(9.0, 380, 12_000, 0), run(6.0, 420, 3_000, 1)));
    var cell = assertInstanceOf(Results.Measured.class, median.cells.get(LOOKUP));
    assertEquals(6.0, cell.p50Micros());
    assertEquals(12.0, cell.p99Micros());
    assertEquals(400.0, cell.bytesPerExecution());
    assertEquals(100, cell.executions());
    assertEquals(new Results.Write("KiteSQL", 64, 1, 1_000, 9_000), median.writes.getFirst());
    assertEquals(400L, median.retainedHeap.get(List.of("64 B", "KiteSQL")));
    // a violation in any run is kept: the map check is summed, not a median
    assertEquals(30, median.mapChecks.get("KiteSQL").values());
    assertEquals(1, median.mapChecks.get("KiteSQL").violations());
    assertEquals(180_000, median.elapsedMillis);
  }

  @Test
  void aCellOneRunCouldNotMeasureSaysWhy() {
    var failed = run(5.0, 400, 9_000, 0);
    failed.put(LOOKUP, new Results.Unsupported("disk full"));
    var median = RunMedians.of(List.of(run(5.0, 400, 9_000, 0), failed, run(6.0, 400, 9_000, 0)));
    assertEquals(new Results.Unsupported("disk full"), median.cells.get(LOOKUP));
  }

  @Test
  void runsOfDifferentCellsAreRefused() {
    var other = run(5.0, 400, 9_000, 0);
    other.writes.set(0, new Results.Write("H2", 64, 1, 1_000, 9_000));
    var runs = List.of(run(5.0, 400, 9_000, 0), other, run(6.0, 400, 9_000, 0));
    assertThrows(IllegalArgumentException.class, () -> RunMedians.of(runs));
    var missing = new Results();
    assertThrows(
        IllegalArgumentException.class,
        () -> RunMedians.of(List.of(run(5.0, 400, 9_000, 0), missing, missing)));
  }

  @Test
  void targetsAreDecidedInEachRunThenOverTheRuns() {
    var heading = "## Targets for something";
    var runs =
        List.of(
            section(heading, true, false, null),
            section(heading, true, true, null),
            section(heading, true, false, null));
    var decided = TargetSection.acrossRuns(runs);
    assertEquals(
        List.of(Outcome.MET, Outcome.WITHIN_NOISE, Outcome.NOT_MEASURED),
        decided.lines().stream().map(TargetSection.Line::outcome).toList());
    var text = decided.render(3);
    assertTrue(text.startsWith(heading + ", decided over 3 runs\n\n"), text);
    assertTrue(
        text.contains("- fast: within noise (run 1: **missed**, figures 2; run 2: met, figures 2;"),
        text);
    assertTrue(runs.getFirst().render(1).startsWith(heading + ", computed from this run"));
    var renamed =
        new TargetSection(
            heading,
            List.of(
                TargetSection.Line.of("small", true, "figures"),
                TargetSection.Line.of("quick", true, "figures"),
                TargetSection.Line.of("measured", null, "figures")));
    assertThrows(
        IllegalArgumentException.class,
        () -> TargetSection.acrossRuns(List.of(runs.getFirst(), renamed, runs.getLast())));
  }

  private static TargetSection section(String heading, Boolean small, Boolean fast, Boolean other) {
    return new TargetSection(
        heading,
        List.of(
            TargetSection.Line.of("small", small, "figures 1"),
            TargetSection.Line.of("fast", fast, "figures 2"),
            TargetSection.Line.of("measured", other, "figures 3")));
  }
}
