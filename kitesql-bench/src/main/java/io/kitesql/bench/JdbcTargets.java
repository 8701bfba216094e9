package io.kitesql.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The JDBC driver's targets against the native API, decided per round: Table 1's lookup through
 * {@code getObject(i, CharSequence.class)} in a read-only connection transaction takes at most
 * {@link #P50_RATIO} times the native p50 and allocates at most {@link #EXTRA_BYTES} bytes more per
 * execution. Each round measured both side by side, so each round gives one figure (a ratio, a
 * difference), and {@link NoiseVerdict} decides from the figures.
 */
final class JdbcTargets {
  /** JDBC's p50 over the native API's, at most. */
  static final double P50_RATIO = 1.2;

  /** Bytes allocated per execution through JDBC beyond the native API's, at most. */
  static final double EXTRA_BYTES = 300;

  private JdbcTargets() {}

  /** One figure per round: {@code jdbc[r] / nativeApi[r]}. */
  static List<Double> ratios(double[] jdbc, double[] nativeApi) {
    checkRounds(jdbc, nativeApi);
    var figures = new ArrayList<Double>(jdbc.length);
    for (int r = 0; r < jdbc.length; r++) {
      figures.add(jdbc[r] / nativeApi[r]);
    }
    return figures;
  }

  /** One figure per round: {@code jdbc[r] - nativeApi[r]}. */
  static List<Double> differences(double[] jdbc, double[] nativeApi) {
    checkRounds(jdbc, nativeApi);
    var figures = new ArrayList<Double>(jdbc.length);
    for (int r = 0; r < jdbc.length; r++) {
      figures.add(jdbc[r] - nativeApi[r]);
    }
    return figures;
  }

  /** The p50 target from the rounds' p50s of both sides. */
  static NoiseVerdict p50(double[] jdbcP50, double[] nativeP50) {
    return NoiseVerdict.atMost(ratios(jdbcP50, nativeP50), P50_RATIO);
  }

  /** The allocation target from the rounds' bytes per execution of both sides. */
  static NoiseVerdict allocation(double[] jdbcBytes, double[] nativeBytes) {
    return NoiseVerdict.atMost(differences(jdbcBytes, nativeBytes), EXTRA_BYTES);
  }

  private static void checkRounds(double[] jdbc, double[] nativeApi) {
    if (jdbc.length != nativeApi.length) {
      throw new IllegalArgumentException(
          "rounds differ: " + jdbc.length + " JDBC figures, " + nativeApi.length + " native");
    }
  }
}
