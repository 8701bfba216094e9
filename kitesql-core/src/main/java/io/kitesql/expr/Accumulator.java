package io.kitesql.expr;

/**
 * The running state of one aggregate over one group. Mutable and single-threaded: an execution owns
 * its accumulators and {@link #reset()}s them for reuse ("reused plans forget").
 */
public interface Accumulator {
  /** Adds one input value (null = SQL NULL; ignored except by COUNT(*)). */
  void add(Object value);

  /** The aggregate of the values added so far (COUNT: 0 for none; the others: NULL). */
  Object result();

  /**
   * How many added values it keeps (a DISTINCT aggregate's set); 0 for those that keep a running
   * state only.
   */
  default int valuesKept() {
    return 0;
  }

  /** Forgets every value added, keeping buffers for reuse. */
  void reset();
}
