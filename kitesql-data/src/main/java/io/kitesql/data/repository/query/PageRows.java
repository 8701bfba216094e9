package io.kitesql.data.repository.query;

import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Pageable;

/**
 * The rows of one page of a derived query's result, bound to {@link #SQL}. First/Top caps the whole
 * result and the page is cut from within it, as Spring Data Commons specifies for limiting queries:
 * with Top25 and pages of 10, page 2 holds rows 20 to 24 and page 3 none.
 *
 * @param limit rows to read: the page size (plus the rows looked ahead), no further than the cap
 * @param offset rows to skip: the page's offset
 */
record PageRows(long limit, long offset) {
  /** The clause the two values bind to, in this order. */
  static final String SQL = " limit ? offset ?";

  /**
   * @param cap the most rows the whole result may have, or null for no cap
   * @param lookAhead rows to read past the page (a Slice reads one to know whether another follows)
   */
  static PageRows of(Pageable page, @Nullable Integer cap, int lookAhead) {
    long offset = page.getOffset();
    long limit = (long) page.getPageSize() + lookAhead;
    return new PageRows(cap == null ? limit : Math.max(0, Math.min(limit, cap - offset)), offset);
  }
}
