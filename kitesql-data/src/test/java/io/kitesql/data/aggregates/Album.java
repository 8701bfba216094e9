package io.kitesql.data.aggregates;

import java.util.List;
import org.springframework.data.annotation.Id;

/**
 * An aggregate whose collection takes Spring Data JDBC's default column names
 * (no @MappedCollection).
 */
public record Album(@Id Long id, String name, List<Track> tracks) {

  public record Track(String title) {}
}
