package io.kitesql.boot.autoconfigure;

import java.nio.file.Path;

/** The database directory is already open in this JVM (by another application context). */
public class DatabaseAlreadyOpenException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  private final transient Path directory;

  public DatabaseAlreadyOpenException(Path directory) {
    super("the KiteSQL database " + directory + " is already open in this JVM");
    this.directory = directory;
  }

  public Path getDirectory() {
    return directory;
  }
}
