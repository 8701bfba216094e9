package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.storage.Keyspace;
import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link Database#checkIntegrity()} finds damage done on purpose through the storage layer. */
class IntegrityCheckTest {
  @TempDatabase Database db;

  @BeforeEach
  void open() {
    db.execute("create table items (id int primary key, u varchar unique, k int, body varchar)");
    db.execute("create index items_k on items (k)");
    db.execute("create table log (msg varchar, n int)");
    db.execute("create index log_n on log (n)");
    for (int i = 1; i <= 20; i++) {
      db.execute("insert into items values (?, ?, ?, ?)", i, "u" + i, i % 3, "body " + i);
      db.execute("insert into log values (?, ?)", "m" + i, i % 4);
    }
    db.execute("insert into items values (21, null, null, null)");
  }

  @Test
  void healthyDatabaseIsOk() {
    var report = db.checkIntegrity();
    assertThat(report.problems()).isEmpty();
    assertThat(report.isOk()).isTrue();
    assertThat(report.rowsChecked()).isEqualTo(41);
    assertThat(report.indexEntriesChecked()).isEqualTo(21 * 2 + 20);
  }

  @Test
  void missingIndexEntryIsReported() {
    var entry = firstKey(k -> isIndexKey(k));
    delete(entry);
    assertThat(problems()).anyMatch(p -> p.contains("has no index entry"));
  }

  @Test
  void missingRowIsReported() {
    var row = firstKey(k -> k[4] == 'r');
    delete(row);
    assertThat(problems()).anyMatch(p -> p.contains("points to missing row"));
  }

  @Test
  void changedRowValuesAreReported() {
    var rows = keys(k -> k[4] == 'r' && k[3] == tableId("items"));
    byte[] other =
        db.storage().read(tx -> tx.get(Keyspace.DATA, rows.get(1)).orElseThrow().toByteArray());
    put(rows.get(0), other); // row 1 now holds row 2's values, including its primary key
    assertThat(problems())
        .anyMatch(p -> p.contains("do not match its key"))
        .anyMatch(p -> p.contains("has no index entry"))
        .anyMatch(p -> p.contains("does not match the values of row"));
  }

  @Test
  void duplicateInUniqueIndexIsReported() {
    // The entry of row 1 in the unique index, copied with row 2's primary key: two rows claim "u1".
    var entry = firstKey(k -> isIndexKey(k) && k[8] == 1 && k[9] == 1 && k[3] == tableId("items"));
    var row2 = keys(k -> k[4] == 'r' && k[3] == tableId("items")).get(1);
    int pk = row2.length - 5;
    var duplicate = Arrays.copyOf(entry, entry.length);
    System.arraycopy(row2, 5, duplicate, entry.length - pk, pk);
    put(duplicate, new byte[0]);
    assertThat(problems()).anyMatch(p -> p.contains("UNIQUE index holds duplicate values"));
  }

  @Test
  void undecodableRowIsReported() {
    var row = firstKey(k -> k[4] == 'r');
    put(row, new byte[] {1, 0, 9, 0});
    assertThat(problems()).anyMatch(p -> p.contains("does not decode"));
  }

  @Test
  void orphanKeysAreReported() {
    put(new byte[] {0, 0, 0, 99, 'r', 1, 2, 3}, new byte[] {1});
    byte[] prefix = Arrays.copyOf(firstKey(k -> k[4] == 'r'), 4);
    var unknownIndex = Arrays.copyOf(prefix, 10);
    unknownIndex[4] = 'i';
    unknownIndex[8] = 77;
    put(unknownIndex, new byte[0]);
    var unknownTag = Arrays.copyOf(prefix, 6);
    unknownTag[4] = 'z';
    put(unknownTag, new byte[0]);
    assertThat(problems())
        .anyMatch(p -> p.contains("belong to no table") && p.contains("table id 99"))
        .anyMatch(p -> p.contains("unknown index id 77"))
        .anyMatch(p -> p.contains("unknown kind tag"));
  }

  @Test
  void droppedTableLeavesNoOrphans() {
    db.execute("drop table log");
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  private List<String> problems() {
    var report = db.checkIntegrity();
    assertThat(report.isOk()).isFalse();
    return report.problems();
  }

  private int tableId(String name) {
    return db.catalog().requireTable(name).id();
  }

  private static boolean isIndexKey(byte[] key) {
    return key.length > 9 && key[4] == 'i';
  }

  private byte[] firstKey(Predicate<byte[]> test) {
    return keys(test).getFirst();
  }

  private List<byte[]> keys(Predicate<byte[]> test) {
    return db.storage()
        .read(
            tx -> {
              var out = new ArrayList<byte[]>();
              try (var c = tx.openCursor(Keyspace.DATA)) {
                for (boolean on = c.first(); on; on = c.next()) {
                  var key = c.key().toByteArray();
                  if (test.test(key)) {
                    out.add(key);
                  }
                }
              }
              return out;
            });
  }

  private void delete(byte[] key) {
    db.storage().write(tx -> tx.delete(Keyspace.DATA, key));
  }

  private void put(byte[] key, byte[] value) {
    db.storage()
        .write(
            tx -> {
              tx.put(Keyspace.DATA, key, value);
              return null;
            });
  }
}
