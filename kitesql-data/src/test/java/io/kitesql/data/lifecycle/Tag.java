package io.kitesql.data.lifecycle;

import java.time.LocalDateTime;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An immutable audited entity: auditing sets its properties through the withers. */
@Table("tags")
public record Tag(
    @Id Long id,
    CharSequence label,
    @CreatedDate LocalDateTime createdAt,
    @CreatedBy String createdBy) {
  public Tag withCreatedAt(LocalDateTime createdAt) {
    return new Tag(id, label, createdAt, createdBy);
  }

  public Tag withCreatedBy(String createdBy) {
    return new Tag(id, label, createdAt, createdBy);
  }
}
