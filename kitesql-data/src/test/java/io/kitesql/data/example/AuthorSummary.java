package io.kitesql.data.example;

/** An interface projection: selects the name and karma columns only. */
public interface AuthorSummary {
  CharSequence getName();

  Integer getKarma();
}
