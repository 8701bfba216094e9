package io.kitesql.plan;

/** How unmatched rows of a join are treated. */
public enum JoinKind {
  /** Only matching pairs (CROSS JOIN is INNER with no condition). */
  INNER,
  /** Every left row; NULLs for the right side where nothing matches. */
  LEFT,
  /** Every right row; NULLs for the left side where nothing matches. */
  RIGHT,
  /** Every row of both sides, padded with NULLs where unmatched. */
  FULL;

  public boolean keepsUnmatchedLeft() {
    return this == LEFT || this == FULL;
  }

  public boolean keepsUnmatchedRight() {
    return this == RIGHT || this == FULL;
  }
}
