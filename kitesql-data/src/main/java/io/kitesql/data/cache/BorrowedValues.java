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
  /** Where a borrowed value was found, e.g. {@code ArrayList[3].body}. */
  record Found(String path, String kind) {}

  /** A value to look at, and how it was reached: the path is spelled out only for what is found. */
  private record Step(@Nullable Object value, @Nullable Step parent, String segment) {
    String path() {
      var segments = new ArrayDeque<String>();
      for (Step step = this; step != null; step = step.parent()) {
        segments.push(step.segment());
      }
      return String.join("", segments);
    }
  }

  private BorrowedValues() {}

  /** The first borrowed value inside {@code root}, if any. */
  static Optional<Found> find(@Nullable Object root) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    var pending = new ArrayDeque<Step>();
    pending.push(new Step(root, null, root == null ? "" : root.getClass().getSimpleName()));
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
        case Optional<?> optional ->
            optional.ifPresent(v -> pending.push(new Step(v, step, ".get()")));
        case Map.Entry<?, ?> entry -> {
          pending.push(new Step(entry.getKey(), step, ".getKey()"));
          pending.push(new Step(entry.getValue(), step, ".getValue()"));
        }
        case Map<?, ?> map -> {
          int i = 0;
          for (var entry : map.entrySet()) {
            pending.push(new Step(entry.getKey(), step, ".keys[" + i + "]"));
            pending.push(new Step(entry.getValue(), step, ".values[" + i++ + "]"));
          }
        }
        case Iterable<?> iterable -> {
          int i = 0;
          for (var element : iterable) {
            pending.push(new Step(element, step, "[" + i++ + "]"));
          }
        }
        case Object[] array -> {
          for (int i = 0; i < array.length; i++) {
            pending.push(new Step(array[i], step, "[" + i + "]"));
          }
        }
        default -> pushFields(value, step, pending);
      }
    }
    return Optional.empty();
  }

  /** The instance fields of an application object (records included); JDK objects are leaves. */
  private static void pushFields(Object value, Step step, ArrayDeque<Step> pending) {
    for (Class<?> type = value.getClass();
        type != null && !isPlatform(type);
        type = type.getSuperclass()) {
      for (Field field : type.getDeclaredFields()) {
        if (Modifier.isStatic(field.getModifiers())
            || field.getType().isPrimitive()
            || !field.trySetAccessible()) {
          continue;
        }
        try {
          pending.push(new Step(field.get(value), step, "." + field.getName()));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException("field " + field + " was made accessible", e);
        }
      }
    }
  }

  private static boolean isPlatform(Class<?> type) {
    String name = type.getName();
    return type.isPrimitive()
        || type.isArray()
        || name.startsWith("java.")
        || name.startsWith("javax.")
        || name.startsWith("jdk.")
        || name.startsWith("sun.");
  }
}
