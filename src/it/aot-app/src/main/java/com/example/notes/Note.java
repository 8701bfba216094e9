package com.example.notes;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A note; read inside a read-only transaction, its text fields are views of the LMDB map. */
@Table("notes")
public record Note(@Id Long id, CharSequence author, CharSequence title, int stars) {
  public static Note of(String author, String title, int stars) {
    return new Note(null, author, title, stars);
  }
}
