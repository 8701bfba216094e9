package io.kitesql.data.types;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.UUID;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** One property of every supported type, including one read through a custom converter. */
@Table("readings")
public record Reading(
    @Id UUID id,
    Kind kind,
    boolean active,
    Integer count,
    long total,
    double ratio,
    BigDecimal price,
    LocalDate day,
    LocalDateTime at,
    Instant seen,
    byte[] payload,
    String label,
    CharSequence note,
    Celsius temperature) {

  public enum Kind {
    WIND,
    RAIN
  }

  /** A value type stored as a decimal through KiteSqlCustomConversions. */
  public record Celsius(BigDecimal degrees) {}
}
