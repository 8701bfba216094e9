package io.kitesql.value;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Optional;

/**
 * Bounded-cost arithmetic on {@link BigDecimal}s that come from outside (parameters, literals):
 * {@code 1E+999999999} has one digit, but {@code setScale(2)} or {@code toPlainString()} on it
 * would build a billion digits. Magnitude is decided from {@code precision()} and {@code scale()}
 * first, so every operation here costs in proportion to the digits the value holds.
 */
public final class Decimals {
  /** Longest plain rendering made of a value; beyond it values are shown in scientific notation. */
  private static final int MAX_PLAIN_DIGITS = 60;

  private static final MathContext SHOWN = new MathContext(20, RoundingMode.HALF_EVEN);

  private Decimals() {}

  /**
   * The number of digits before the decimal point of a non-zero value, {@code floor(log10|x|) + 1}:
   * zero or negative for {@code |x| < 1} ({@code 0.004} has -2); 0 for zero.
   */
  public static long integerDigits(BigDecimal x) {
    return x.signum() == 0 ? 0 : (long) x.precision() - x.scale();
  }

  /**
   * {@code x} rounded to {@code scale} fraction digits by {@code mode}, or empty if it has more
   * than {@code maxIntegerDigits} digits before the point (the caller decides by its sign whether
   * that is above or below its range). The result may still have one integer digit more than {@code
   * x} (rounding 9.995 up); callers check their range on it.
   *
   * @throws ArithmeticException with {@link RoundingMode#UNNECESSARY} if rounding is needed
   */
  public static Optional<BigDecimal> rounded(
      BigDecimal x, int scale, RoundingMode mode, int maxIntegerDigits) {
    long digits = integerDigits(x);
    if (digits > maxIntegerDigits) {
      return Optional.empty();
    }
    if (x.signum() != 0 && digits < -(long) scale - 1) {
      // |x| is below a tenth of the last kept digit: any such value rounds like this small one,
      // whose setScale is cheap (x's own scale may be a hundred million)
      x = BigDecimal.valueOf(x.signum(), scale + 2);
    }
    return Optional.of(x.setScale(scale, mode));
  }

  /**
   * {@code x} as text for an error message, in at most about 60 characters: plain when short, else
   * in scientific notation to 20 significant digits ("about" when rounded).
   */
  public static String describe(BigDecimal x) {
    if (x.precision() <= MAX_PLAIN_DIGITS
        && x.scale() >= -MAX_PLAIN_DIGITS / 2
        && x.scale() <= MAX_PLAIN_DIGITS) {
      return x.toPlainString();
    }
    var shown = x.round(SHOWN);
    return (shown.compareTo(x) == 0 ? "" : "about ") + shown;
  }

  /**
   * {@code x} as plain text ({@link BigDecimal#toPlainString}) when that has at most {@code
   * maxChars} characters, else in scientific notation ({@link BigDecimal#toString}), which reads
   * back as the same value without writing out every zero of {@code 1E+999999999}.
   */
  public static String plainOrScientific(BigDecimal x, int maxChars) {
    long plainLength =
        Math.max(x.precision(), Math.max(integerDigits(x), 0) + Math.max(x.scale(), 0)) + 2L;
    return plainLength <= maxChars ? x.toPlainString() : x.toString();
  }
}
