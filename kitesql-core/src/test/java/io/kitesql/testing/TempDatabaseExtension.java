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
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Opens the databases of a test's {@link TempDatabase} fields and parameters; see there. */
final class TempDatabaseExtension implements BeforeEachCallback, ParameterResolver {
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

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.isAnnotated(TempDatabase.class)
        && parameter.getParameter().getType() == Database.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    var annotation = parameter.findAnnotation(TempDatabase.class).orElseThrow();
    var directory = temporaryDirectory();
    var database = KiteSql.open(directory, options(annotation));
    context.getStore(NAMESPACE).put(parameter, new Opened(database, directory, () -> database));
    return database;
  }

  private static void inject(
      ExtensionContext context, Object instance, Field field, TempDatabase annotation)
      throws IllegalAccessException {
    if (field.getType() != Database.class) {
      throw new ExtensionConfigurationException(
          "@TempDatabase needs a field of type Database: " + field);
    }
    var directory = temporaryDirectory();
    var database = KiteSql.open(directory, options(annotation));
    field.setAccessible(true);
    field.set(instance, database);
    // the store closes what it holds after the test's @AfterEach methods, last stored first
    context
        .getStore(NAMESPACE)
        .put(field, new Opened(database, directory, () -> get(field, instance)));
  }

  private static StorageOptions options(TempDatabase annotation) {
    return StorageOptions.defaults()
        .withMapSize(annotation.mapSize())
        .withDurability(annotation.durability());
  }

  private static Path temporaryDirectory() {
    try {
      return Files.createTempDirectory("kitesql-test");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object get(Field field, Object instance) {
    try {
      return field.get(instance);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A database opened for a test, and its directory: closed and deleted together. {@code current}
   * is what the test holds at the end (a field may hold a database the test reopened); both close.
   */
  private record Opened(Database database, Path directory, Supplier<Object> current)
      implements AutoCloseable {
    @Override
    public void close() throws IOException {
      if (current.get() instanceof Database reopened && reopened != database) {
        reopened.close();
      }
      database.close(); // does nothing if closed already
      try (Stream<Path> files = Files.walk(directory)) {
        for (var file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
  }
}
