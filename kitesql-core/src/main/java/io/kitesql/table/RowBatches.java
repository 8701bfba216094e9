package io.kitesql.table;

import io.kitesql.codec.KeyLimits;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.Slice;
import io.kitesql.storage.WriteTransaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Walks every row of a table in a write transaction in batches, with no cursor open while the batch
 * is handled. DDL writes while it walks, and a write transaction that has a cursor open cannot be
 * replayed after the map grows (see {@code WriteTransaction}); re-seeking once per batch costs
 * little.
 */
final class RowBatches {
  static final int BATCH = 256;

  /** A stored row: key and value, owned heap copies (write transactions copy). */
  record StoredRow(Slice key, Slice value) {}

  private RowBatches() {}

  /** Hands each batch of rows under {@code rowPrefix}, in key order, to {@code work}. */
  static void forEach(WriteTransaction tx, byte[] rowPrefix, Consumer<List<StoredRow>> work) {
    byte[] resume = rowPrefix;
    while (true) {
      var batch = read(tx, rowPrefix, resume);
      if (batch.isEmpty()) {
        return;
      }
      work.accept(batch);
      if (batch.size() < BATCH) {
        return;
      }
      // The smallest key after the last one seen: append a zero byte.
      byte[] last = batch.getLast().key().toByteArray();
      resume = Arrays.copyOf(last, last.length + 1);
    }
  }

  private static List<StoredRow> read(WriteTransaction tx, byte[] rowPrefix, byte[] from) {
    var batch = new ArrayList<StoredRow>(BATCH);
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean on = seek(cursor, from); on && batch.size() < BATCH; on = cursor.next()) {
        var key = cursor.key();
        if (!TableKeys.startsWith(key, rowPrefix, rowPrefix.length)) {
          break;
        }
        batch.add(new StoredRow(key, cursor.value()));
      }
    }
    return batch;
  }

  /**
   * Seeks {@code from}; a resume key one byte longer than LMDB allows (the last key was 511 bytes)
   * is sought as the last key itself and stepped over.
   */
  private static boolean seek(KvCursor cursor, byte[] from) {
    if (from.length <= KeyLimits.MAX_KEY_SIZE) {
      return cursor.seek(from);
    }
    int n = from.length - 1;
    return cursor.seek(from, n)
        && (!TableKeys.startsWith(cursor.key(), from, n)
            || cursor.key().length() != n
            || cursor.next());
  }
}
