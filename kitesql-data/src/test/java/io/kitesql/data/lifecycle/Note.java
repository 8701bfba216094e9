package io.kitesql.data.lifecycle;

import java.time.Instant;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.LastModifiedBy;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.relational.core.mapping.Table;

/** A mutable audited entity with a generated id. */
@Table("notes")
public class Note {
  @Id private Long id;
  private CharSequence title;
  @CreatedDate private Instant createdAt;
  @LastModifiedDate private Instant modifiedAt;
  @CreatedBy private String createdBy;
  @LastModifiedBy private String modifiedBy;

  public Note(CharSequence title) {
    this.title = title;
  }

  public Long getId() {
    return id;
  }

  public CharSequence getTitle() {
    return title;
  }

  public void setTitle(CharSequence title) {
    this.title = title;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getModifiedAt() {
    return modifiedAt;
  }

  public String getCreatedBy() {
    return createdBy;
  }

  public String getModifiedBy() {
    return modifiedBy;
  }
}
