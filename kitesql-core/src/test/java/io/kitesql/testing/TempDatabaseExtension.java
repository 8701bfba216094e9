package io.kitesql.testing;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Opens the databases of a test's {@link TempDatabase} fields; see there. */
final class TempDatabaseExtension implements BeforeEachCallback {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(TempDatabaseExtension.class);

  @Override
  public void beforeEach(ExtensionContext context) throws IllegalAccessException {
    for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
      for (Class<?> type = instance.getClass(); type != Object.class; type = type.getSuperclass()) {
        for (Field field : type.getDeclaredFields()) {
          var annotation = field.getAnnotation(TempDatabase.class);
          if (annotation != null) {
            inject(context, instance, field, annotation);
          }
        }
      }
    }
  }

  private static void inject(
      ExtensionContext context, Object instance, Field field, TempDatabase annotation)
      throws IllegalAccessException {
    if (field.getType() != Database.class) {
      throw new ExtensionConfigurationException(
          "@TempDatabase needs a field of type Database: " + field);
    }
    var opened = Opened.open(annotation.mapSize());
    // the store closes what it holds after the test's @AfterEach methods, last stored first
    context.getStore(NAMESPACE).put(field, opened);
    field.setAccessible(true);
    field.set(instance, opened.database());
  }

  /** A database and its directory, closed and deleted together. */
  private record Opened(Database database, Path directory) implements AutoCloseable {
    static Opened open(long mapSize) {
      try {
        var directory = Files.createTempDirectory("kitesql-test");
        return new Opened(
            KiteSql.open(directory, StorageOptions.defaults().withMapSize(mapSize)), directory);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() throws IOException {
      database.close();
      try (Stream<Path> files = Files.walk(directory)) {
        for (var file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
  }
}
