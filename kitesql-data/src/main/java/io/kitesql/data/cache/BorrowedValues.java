package io.kitesql.data.cache;

import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Finds a borrowed {@link Text} or {@link Binary} inside a value: through records, the fields of
 * application classes, collections, maps, {@code Optional}s and arrays. JDK types other than those
 * containers hold no KiteSQL values and are not looked into.
 */
final class BorrowedValues {
  /** Where a borrowed value was found, e.g. {@code List[3].Note.body}. */
  record Found(String path, String kind) {}

  private record Step(@Nullable Object value, String path) {}

  private BorrowedValues() {}

  /** The first borrowed value inside {@code root}, if any. */
  static Optional<Found> find(@Nullable Object root) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    var pending = new ArrayDeque<Step>();
    pending.push(new Step(root, root == null ? "" : root.getClass().getSimpleName()));
    while (!pending.isEmpty()) {
      var step = pending.pop();
      var value = step.value();
      if (value == null || !seen.add(value)) {
        continue;
      }
      switch (value) {
        case Text text when text.isBorrowed() -> {
          return Optional.of(new Found(step.path(), "text"));
        }
        case Binary binary when binary.isBorrowed() -> {
          return Optional.of(new Found(step.path(), "binary"));
        }
        case Text _, Binary _, CharSequence _, Number _, Enum<?> _, Boolean _, Character _ -> {}
        case Optional<?> optional -> optional.ifPresent(v -> pending.push(new Step(v, step.path() + ".get()")));
        case Map.Entry<?, ?> entry -> {
          pending.push(new Step(entry.getKey(), step.path() + ".getKey()"));
          pending.push(new Step(entry.getValue(), step.path() + ".getValue()"));
        }
        case Map<?, ?> map -> map.forEach((k, v) -> {
          pending.push(new Step(k, step.path() + ".key"));
          pending.push(new Step(v, step.path() + "[" + k + "]"));
        });
        case Iterable<?> iterable -> {
          int i = 0;
          for (var element : iterable) {
            pending.push(new Step(element, step.path() + "[" + i++ + "]"));
          }
        }
        case Object[] array -> {
          for (int i = 0; i < array.length; i++) {
            pending.push(new Step(array[i], step.path() + "[" + i + "]"));
          }
        }
        default -> pushFields(value, step.path(), pending);
      }
    }
    return Optional.empty();
  }

  /** The instance fields of an application object (records included); JDK objects are leaves. */
  private static void pushFields(Object value, String path, ArrayDeque<Step> pending) {
    for (Class<?> type = value.getClass(); type != null && !isPlatform(type); type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers()) || field.getType().isPrimitive() || !field.trySetAccessible()) {
          continue;
        }
        try {
          pending.push(new Step(field.get(value), path + "." + field.getName()));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException("field " + field + " was made accessible", e);
        }
      }
    }
  }

  private static boolean isPlatform(Class<?> type) {
    String name = type.getName();
    return type.isPrimitive() || type.isArray() || name.startsWith("java.") || name.startsWith("javax.")
        || name.startsWith("jdk.") || name.startsWith("sun.");
  }
}
