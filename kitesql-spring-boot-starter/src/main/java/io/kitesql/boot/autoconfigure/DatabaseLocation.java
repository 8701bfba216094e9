package io.kitesql.boot.autoconfigure;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What {@code kitesql.path} names: a database directory, {@code mem:} (an in-memory database of
 * this application context alone) or {@code mem:<name>} (the in-memory database of that name,
 * shared within the JVM with {@code jdbc:kitesql:mem:<name>} and {@code KiteSql.inMemoryShared}).
 */
final class DatabaseLocation {
  private static final String MEMORY = "mem:";
  private static final String UNNAMED = MEMORY + "<unnamed ";

  /** Numbers the unnamed in-memory databases, so that each context's claim is its own. */
  private static final AtomicLong UNNAMED_COUNT = new AtomicLong();

  private DatabaseLocation() {}

  /** What is wrong with {@code path} as a {@code kitesql.path}; empty if nothing is. */
  static Optional<String> problem(String path) {
    if (path == null || path.isBlank()) {
      return Optional.of("must name a database directory, mem: or mem:<name>");
    }
    if (!isInMemory(path)) {
      try {
        Path.of(path);
      } catch (InvalidPathException e) {
        return Optional.of("is not a valid path: " + e.getMessage());
      }
    }
    return Optional.empty();
  }

  static boolean isInMemory(Path path) {
    return isInMemory(path.toString());
  }

  private static boolean isInMemory(String path) {
    return path.startsWith(MEMORY);
  }

  /**
   * The key to claim {@code path} with: its path, or a key of its own for each unnamed in-memory
   * database.
   */
  static Path claimKey(String path) {
    return Path.of(path.equals(MEMORY) ? UNNAMED + UNNAMED_COUNT.incrementAndGet() + ">" : path);
  }

  /** Opens the database {@code claimed} (a {@link #claimKey}) names, shared where it can be. */
  static Database open(Path claimed, StorageOptions options) {
    var text = claimed.toString();
    if (!isInMemory(text)) {
      return KiteSql.openShared(claimed, options); // the JDBC driver may open it too
    }
    if (text.startsWith(UNNAMED)) {
      return KiteSql.inMemory(options);
    }
    return KiteSql.inMemoryShared(text.substring(MEMORY.length()), options);
  }
}
