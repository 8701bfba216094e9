package io.kitesql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.storage.Keyspace;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Executable;
import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * No public member of the engine reads or writes arbitrary addresses: there is no public segment
 * field, no public factory of a value from a raw address, no public address getter; and every
 * segment a caller can be handed by a public method is read-only (borrowed bytes, the storage's map
 * view) or the caller's own heap array (a key encoder's buffer). A store through one of them fails
 * instead of crashing the JVM or silently changing a stored row.
 */
class MemoryAccessApiTest {
  /** The public methods that return a segment; each is checked below (a new one must be too). */
  private static final List<String> SEGMENT_GETTERS =
      List.of(
          "io.kitesql.codec.KeyEncoder.segment",
          "io.kitesql.codec.LongValueSource.base",
          "io.kitesql.storage.KvCursor.keyBase",
          "io.kitesql.storage.KvCursor.valueBase",
          "io.kitesql.storage.ReadCursor.keyBase",
          "io.kitesql.storage.ReadCursor.valueBase",
          "io.kitesql.storage.Slice.base",
          "io.kitesql.storage.WriteCursor.keyBase",
          "io.kitesql.storage.WriteCursor.valueBase",
          "io.kitesql.value.Binary.asReadOnlySegment",
          "io.kitesql.value.Text.asReadOnlySegment");

  @TempDatabase Database db;

  @Test
  void noPublicMemberExposesAWritableSegmentOrAnAddress() throws Exception {
    var segmentGetters = new TreeSet<String>();
    var offenders = new ArrayList<String>();
    for (var type : engineClasses()) {
      if (!Modifier.isPublic(type.getModifiers())) {
        continue;
      }
      for (var field : type.getDeclaredFields()) {
        if (Modifier.isPublic(field.getModifiers())
            && MemorySegment.class.isAssignableFrom(field.getType())) {
          offenders.add("public segment field " + name(field));
        }
      }
      var members = new ArrayList<Executable>(Arrays.asList(type.getDeclaredMethods()));
      members.addAll(Arrays.asList(type.getDeclaredConstructors()));
      for (var member : members) {
        if (!Modifier.isPublic(member.getModifiers()) || member.isSynthetic()) {
          continue;
        }
        if (member.getName().toLowerCase().contains("address")
            && member instanceof java.lang.reflect.Method m
            && m.getReturnType() == long.class) {
          offenders.add("address accessor " + name(member));
        }
        var params = List.of(member.getParameterTypes());
        boolean makesValue =
            member instanceof java.lang.reflect.Method m
                && (m.getReturnType() == Text.class || m.getReturnType() == Binary.class);
        if (makesValue && params.contains(long.class) && !params.contains(MemorySegment.class)) {
          offenders.add("value from a raw address " + name(member));
        }
        if (member instanceof java.lang.reflect.Method m
            && MemorySegment.class.isAssignableFrom(m.getReturnType())) {
          segmentGetters.add(name(member));
        }
      }
    }
    assertThat(offenders).isEmpty();
    assertThat(segmentGetters).containsExactlyInAnyOrderElementsOf(SEGMENT_GETTERS);
  }

  @Test
  void everySegmentACallerReachesIsReadOnly() {
    db.execute("create table t (id int primary key, s varchar, b varbinary)");
    db.execute("insert into t values (1, 'hello', X'0102')");
    db.read(
        tx -> {
          try (var rows = tx.query("select s, b from t")) {
            rows.next();
            var text = (Text) rows.get(0);
            var bytes = (Binary) rows.get(1);
            assertThat(text.isBorrowed()).isTrue();
            assertReadOnly(text.asReadOnlySegment());
            assertReadOnly(bytes.asReadOnlySegment());
            assertThat(text.toString()).isEqualTo("hello");
          }
          return null;
        });
    // the storage layer's own read API lends the map through a read-only view
    try (var read = db.storage().beginRead();
        var cursor = read.openCursor(Keyspace.DATA)) {
      assertThat(cursor.first()).isTrue();
      cursor.keyLength();
      assertReadOnly(cursor.keyBase());
      cursor.valueLength();
      assertReadOnly(cursor.valueBase());
      assertReadOnly(cursor.value().base());
      // The view is the map and nothing else: offsets are relative to the map, and nothing
      // outside its size can be read through it (the JVM's own memory lies elsewhere).
      long mapSize = db.storage().stats().mapSize();
      assertThat(cursor.keyBase().byteSize()).isEqualTo(mapSize);
      assertThat(cursor.keyOffset()).isBetween(0L, mapSize - cursor.keyLength());
      assertThat(cursor.valueOffset()).isBetween(0L, mapSize - cursor.valueLength());
      assertThatThrownBy(() -> cursor.keyBase().get(ValueLayout.JAVA_BYTE, mapSize))
          .isInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> cursor.keyBase().get(ValueLayout.JAVA_BYTE, -1))
          .isInstanceOf(IndexOutOfBoundsException.class);
    }
    assertThat(db.checkIntegrity().problems()).isEmpty();
    String stored =
        db.read(
            tx -> {
              try (var rows = tx.query("select s from t")) {
                rows.next();
                return rows.get(0).toString();
              }
            });
    assertThat(stored).isEqualTo("hello");
  }

  @Test
  void aNativeViewReadsThroughItsOwnSegment() {
    var scope = new io.kitesql.value.Scope("test");
    Text text;
    try (var arena = java.lang.foreign.Arena.ofConfined()) {
      var segment = arena.allocateFrom("abc", StandardCharsets.UTF_8);
      text = Text.view(scope, segment, 0, 3, 3);
      assertThat(text.toString()).isEqualTo("abc");
    }
    // the arena is closed: the text fails instead of reading freed memory
    assertThatThrownBy(text::toString).isInstanceOf(IllegalStateException.class);
  }

  private static void assertReadOnly(MemorySegment segment) {
    assertThat(segment.isReadOnly()).as("read-only: %s", segment).isTrue();
    assertThatThrownBy(() -> segment.set(java.lang.foreign.ValueLayout.JAVA_BYTE, 0, (byte) 'X'))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("read-only");
  }

  private static String name(Member member) {
    return member.getDeclaringClass().getName()
        + "."
        + (member instanceof java.lang.reflect.Constructor<?> ? "<init>" : member.getName());
  }

  /** Every class of the engine's main output (not the tests). */
  private static List<Class<?>> engineClasses()
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path root = Path.of(KiteSql.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    var classes = new ArrayList<Class<?>>();
    try (var files = Files.walk(root)) {
      for (var file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
        String name =
            root.relativize(file)
                .toString()
                .replace(java.io.File.separatorChar, '.')
                .replaceAll("\\.class$", "");
        if (!name.endsWith("package-info") && !name.equals("module-info")) {
          classes.add(Class.forName(name, false, MemoryAccessApiTest.class.getClassLoader()));
        }
      }
    }
    assertThat(classes).hasSizeGreaterThan(100);
    return classes;
  }
}
