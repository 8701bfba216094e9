package io.kitesql.slt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds sqllogictest files, named {@code *.slt} (this project's) or {@code *.test} (SQLite's
 * corpus): a file stands for itself whatever its name, a directory for its tree, sorted by path.
 */
public final class SltFiles {
  private SltFiles() {}

  /** Whether a file in a directory tree is a sqllogictest file, by its name. */
  static boolean isTestFile(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".slt") || name.endsWith(".test");
  }

  /** Every test file under {@code path} (or {@code path} itself), in a stable order. */
  public static List<Path> find(Path path) {
    if (!Files.exists(path)) {
      throw new IllegalArgumentException("no such file or directory: " + path);
    }
    if (Files.isRegularFile(path)) {
      return List.of(path);
    }
    try (Stream<Path> tree = Files.walk(path)) {
      return tree.filter(Files::isRegularFile).filter(SltFiles::isTestFile).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + path, e);
    }
  }

  /** Every test file under each of {@code paths}, in argument order. */
  public static List<Path> find(List<Path> paths) {
    List<Path> out = new ArrayList<>();
    paths.forEach(p -> out.addAll(find(p)));
    return out;
  }
}
