package io.kitesql.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kitesql.bench.NoiseVerdict.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verdict code on known figures: where met and missed flip, when noise wins, when nothing is
 * decided.
 */
class NoiseVerdictTest {

  @Test
  void atMostFlipsAtTheBound() {
    assertEquals(Outcome.MET, NoiseVerdict.atMost(List.of(1.0, 1.0, 1.0), 1.0).outcome());
    assertEquals(Outcome.MISSED, NoiseVerdict.atMost(List.of(1.01, 1.01, 1.01), 1.0).outcome());
    assertEquals(Outcome.MET, NoiseVerdict.atMost(List.of(0.99, 0.99, 0.99), 1.0).outcome());
    // tight figures just on either side of the bound
    assertEquals(Outcome.MET, NoiseVerdict.atMost(List.of(0.97, 0.98, 0.98), 1.0).outcome());
    assertEquals(Outcome.MISSED, NoiseVerdict.atMost(List.of(1.02, 1.02, 1.03), 1.0).outcome());
  }

  @Test
  void atLeastFlipsAtTheBound() {
    assertEquals(Outcome.MET, NoiseVerdict.atLeast(List.of(1.17, 1.17, 1.17), 1.17).outcome());
    assertEquals(Outcome.MISSED, NoiseVerdict.atLeast(List.of(1.16, 1.16, 1.16), 1.17).outcome());
    assertEquals(Outcome.MET, NoiseVerdict.atLeast(List.of(2.5, 2.4, 2.6), 2.0).outcome());
    assertEquals(Outcome.MISSED, NoiseVerdict.atLeast(List.of(0.5, 0.6, 0.55), 1.0).outcome());
  }

  @Test
  void aMarginInsideTheSpreadIsNoise() {
    // median 1.05 is over the bound by 0.05, the figures spread over 0.30
    assertEquals(Outcome.WITHIN_NOISE, NoiseVerdict.atMost(List.of(0.9, 1.05, 1.2), 1.0).outcome());
    // a wide spread that stays on one side of the bound decides: every run met it, or none did
    assertEquals(Outcome.MET, NoiseVerdict.atMost(List.of(0.4, 0.9, 0.95), 1.0).outcome());
    assertEquals(Outcome.MISSED, NoiseVerdict.atLeast(List.of(0.2, 0.9, 0.99), 1.0).outcome());
    // one run across the bound makes the median's margin (0.05) smaller than its distance to that
    // run
    assertEquals(
        Outcome.WITHIN_NOISE, NoiseVerdict.atMost(List.of(0.95, 0.95, 1.01), 1.0).outcome());
    assertEquals(
        Outcome.WITHIN_NOISE, NoiseVerdict.atLeast(List.of(1.0, 1.2, 1.6), 1.17).outcome());
  }

  @Test
  void aDisturbedRunMakesNoiseNotAMiss() {
    // one disturbed run far off: the mean (4.0) would miss, the median (1.0) meets the bound, that
    // run does not
    assertEquals(Outcome.WITHIN_NOISE, NoiseVerdict.atMost(List.of(0.5, 1.0, 10.5), 2.0).outcome());
    assertEquals(1.0, NoiseVerdict.median(List.of(0.5, 1.0, 10.5)));
    assertEquals(1.5, NoiseVerdict.median(List.of(2.0, 1.0, 0.5, 10.0)));
  }

  @Test
  void fewerThanThreeFiguresDecideNothing() {
    assertEquals(Outcome.NOT_MEASURED, NoiseVerdict.atMost(List.of(), 1.0).outcome());
    assertEquals(Outcome.NOT_MEASURED, NoiseVerdict.atMost(List.of(0.1, 0.1), 1.0).outcome());
    assertEquals(
        Outcome.NOT_MEASURED, NoiseVerdict.atLeast(List.of(5.0, Double.NaN, 5.0), 1.0).outcome());
  }

  @Test
  void zeroViolationsOfZeroValuesIsNotMet() {
    assertEquals(Outcome.NOT_MEASURED, NoiseVerdict.noViolations(0, 0).outcome());
    assertEquals(Outcome.MET, NoiseVerdict.noViolations(1, 0).outcome());
    assertEquals(Outcome.MISSED, NoiseVerdict.noViolations(10, 1).outcome());
  }

  @Test
  void theEvidenceShowsEveryFigure() {
    var rendered = NoiseVerdict.atLeast(List.of(1.31, 1.12, 1.25), 1.17).render();
    assertTrue(
        rendered.contains("1.31 / 1.12 / 1.25")
            && rendered.contains("median 1.25")
            && rendered.contains("≥ 1.17"),
        rendered);
  }

  @Test
  void runsDecideTogether() {
    var met = Outcome.MET;
    var missed = Outcome.MISSED;
    var none = Outcome.NOT_MEASURED;
    var figures = List.of("a", "b", "c");
    assertEquals(met, NoiseVerdict.acrossRuns(List.of(met, met, met), figures).outcome());
    assertEquals(
        missed, NoiseVerdict.acrossRuns(List.of(missed, missed, missed), figures).outcome());
    // one run on the other side of the bound: noise, whichever side the others are on
    assertEquals(
        Outcome.WITHIN_NOISE,
        NoiseVerdict.acrossRuns(List.of(met, missed, met), figures).outcome());
    assertEquals(
        Outcome.WITHIN_NOISE,
        NoiseVerdict.acrossRuns(List.of(missed, missed, met), figures).outcome());
    // a run that could not measure it decides nothing; fewer than three measured runs, nothing
    assertEquals(
        met,
        NoiseVerdict.acrossRuns(List.of(met, none, met, met), List.of("a", "b", "c", "d"))
            .outcome());
    assertEquals(none, NoiseVerdict.acrossRuns(List.of(met, none, met), figures).outcome());
    var verdict =
        NoiseVerdict.acrossRuns(List.of(met, missed, met), List.of("1.0x", "1.2x", "0.9x"));
    assertEquals(
        "within noise (run 1: met, 1.0x; run 2: **missed**, 1.2x; run 3: met, 0.9x)",
        verdict.render());
    assertThrows(
        IllegalArgumentException.class,
        () -> NoiseVerdict.acrossRuns(List.of(met, Outcome.WITHIN_NOISE, met), figures));
  }
}
