package io.kitesql.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kitesql.bench.NoiseVerdict.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JDBC targets on known figures: one figure per round, paired by round, decided at their
 * bounds.
 */
class JdbcTargetsTest {

  @Test
  void eachRoundIsComparedWithItsOwnNativeFigure() {
    // round 2 is slow on both sides: its ratio is 1.1, not 2.2 against a typical native round
    assertEquals(
        List.of(1.1, 1.1, 1.1),
        JdbcTargets.ratios(new double[] {5.5, 11.0, 5.5}, new double[] {5.0, 10.0, 5.0}).stream()
            .map(r -> Math.round(r * 100) / 100.0)
            .toList());
    assertEquals(
        List.of(200.0, 300.0, 250.0),
        JdbcTargets.differences(new double[] {1000, 1100, 1050}, new double[] {800, 800, 800}));
  }

  @Test
  void theP50TargetFlipsAt1point2() {
    assertEquals(
        Outcome.MET,
        JdbcTargets.p50(new double[] {6.0, 5.9, 6.0}, new double[] {5.0, 5.0, 5.0}).outcome());
    assertEquals(
        Outcome.MISSED,
        JdbcTargets.p50(new double[] {6.1, 6.2, 6.5}, new double[] {5.0, 5.0, 5.0}).outcome());
    assertEquals(
        Outcome.WITHIN_NOISE,
        JdbcTargets.p50(new double[] {5.5, 6.5, 5.9}, new double[] {5.0, 5.0, 5.0}).outcome());
  }

  @Test
  void theAllocationTargetFlipsAt300BytesMore() {
    assertEquals(
        Outcome.MET,
        JdbcTargets.allocation(new double[] {988, 988, 988}, new double[] {688, 688, 688})
            .outcome());
    assertEquals(
        Outcome.MISSED,
        JdbcTargets.allocation(new double[] {989, 990, 1200}, new double[] {688, 688, 688})
            .outcome());
    var verdict =
        JdbcTargets.allocation(new double[] {700, 700, 700}, new double[] {688, 688, 688});
    assertEquals(Outcome.MET, verdict.outcome());
    assertTrue(verdict.render().contains("12.00 / 12.00 / 12.00"), verdict.render());
  }

  @Test
  void fewerThanThreeRoundsOrUnpairedRoundsDecideNothing() {
    assertEquals(
        Outcome.NOT_MEASURED,
        JdbcTargets.p50(new double[] {5.0, 5.0}, new double[] {5.0, 5.0}).outcome());
    assertThrows(
        IllegalArgumentException.class,
        () -> JdbcTargets.p50(new double[] {5, 5, 5}, new double[] {5, 5}));
  }
}
