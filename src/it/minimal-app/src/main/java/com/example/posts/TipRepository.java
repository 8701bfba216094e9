package com.example.posts;

import java.math.BigDecimal;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/**
 * Tips, by derived queries whose decimal parameter may have more digits than the column: the
 * comparison is between the exact values on every store (752.615 is less than 752.62, and 1.004 is
 * not 1.00), never with the parameter rounded to the column's scale first.
 */
public interface TipRepository extends ListCrudRepository<Tip, Long> {

  List<Tip> findByAmountOrderByIdAsc(BigDecimal amount);

  List<Tip> findByAmountGreaterThanOrderByIdAsc(BigDecimal amount);

  List<Tip> findByAmountGreaterThanEqualOrderByIdAsc(BigDecimal amount);

  List<Tip> findByAmountLessThanEqualOrderByIdAsc(BigDecimal amount);

  List<Tip> findByAmountBetweenOrderByIdAsc(BigDecimal from, BigDecimal to);
}
