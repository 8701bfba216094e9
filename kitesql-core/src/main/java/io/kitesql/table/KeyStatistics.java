package io.kitesql.table;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableStats;
import io.kitesql.codec.KeyDecoder;
import io.kitesql.codec.KeyLimits;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvTransaction;
import io.kitesql.value.DataType;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Measures a table for {@code ANALYZE}: one walk of each key (the primary key's rows, each index's
 * entries), counting the distinct values of every prefix of its columns. Keys are memcomparable and
 * self-delimiting, so two keys share the values of their first {@code k} columns exactly when their
 * bytes agree up to where the {@code k}-th column ends: one byte comparison with the previous key
 * per entry, no value decoded.
 */
final class KeyStatistics {
  private KeyStatistics() {}

  static TableStats measure(KvTransaction tx, TableKeys keys) {
    var table = keys.table();
    var distinct = new TreeMap<Integer, long[]>();
    long rows;
    if (table.hasHiddenRowId()) {
      rows = walk(tx, keys.rowPrefix(), List.of()).rows();
    } else {
      var pk = walk(tx, keys.rowPrefix(), List.of(table.keyTypes(Optional.empty())));
      rows = pk.rows();
      distinct.put(TableStats.PRIMARY_KEY, pk.distinct());
    }
    for (var index : table.indexes()) {
      distinct.put(
          index.id(), walk(tx, keys.indexPrefix(index), indexTypes(table, index)).distinct());
    }
    return new TableStats(rows, distinct);
  }

  private static List<DataType> indexTypes(io.kitesql.catalog.TableDef table, IndexDef index) {
    return List.of(table.keyTypes(Optional.of(index)));
  }

  private record Walk(long rows, long[] distinct) {}

  /**
   * Counts the keys under {@code prefix} and the distinct values of each prefix of {@code types}.
   */
  private static Walk walk(KvTransaction tx, byte[] prefix, List<DataType> types) {
    var distinct = new long[types.size()];
    var ends = new int[types.size()];
    var previous = MemorySegment.ofArray(new byte[KeyLimits.MAX_KEY_SIZE]);
    long previousLength = -1;
    var decoder = new KeyDecoder();
    var prefixSegment = MemorySegment.ofArray(prefix);
    long rows = 0;
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean on = cursor.seek(prefix); on; on = cursor.next()) {
        var key = cursor.key();
        if (!TableKeys.startsWith(key, prefixSegment)) {
          break;
        }
        rows++;
        var bytes = key.base().asSlice(key.offset(), key.length());
        decoder.wrap(key.base(), key.offset() + prefix.length, key.length() - prefix.length);
        for (int c = 0; c < types.size(); c++) {
          decoder.skip(types.get(c));
          ends[c] = prefix.length + decoder.position();
        }
        long differsAt =
            previousLength < 0 ? 0 : previous.asSlice(0, previousLength).mismatch(bytes);
        for (int c = 0; c < types.size(); c++) {
          if (differsAt >= 0 && differsAt < ends[c]) {
            distinct[c]++;
          }
        }
        MemorySegment.copy(bytes, 0, previous, 0, bytes.byteSize());
        previousLength = bytes.byteSize();
      }
    }
    return new Walk(rows, distinct);
  }
}
