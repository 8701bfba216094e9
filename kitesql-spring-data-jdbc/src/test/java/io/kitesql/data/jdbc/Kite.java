package io.kitesql.data.jdbc;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A kite of the test application: text, a decimal, a date and an instant. */
@Table("kites")
record Kite(
    @Id Long id, String name, String maker, BigDecimal price, LocalDate built, Instant checkedAt) {

  static Kite of(String name, String maker, String price, LocalDate built) {
    return new Kite(null, name, maker, new BigDecimal(price), built, null);
  }

  Kite withName(String name) {
    return new Kite(id, name, maker, price, built, checkedAt);
  }
}
