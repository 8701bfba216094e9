package io.kitesql.bench.tpcc;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.PreparedStatement;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.RowCursor;
import io.kitesql.api.Transaction;
import io.kitesql.bench.KiteEngine;
import io.kitesql.options.Durability;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;

/**
 * KiteSQL through its public API. {@link Api#WRITE} begins every read-write transaction with {@link
 * Database#beginWrite} on the terminal's thread, as an application does (its statements run on that
 * thread where it can lease the writer thread's role, else each is handed to the writer thread and
 * back); {@link Api#WRITER_THREAD} runs the whole transaction in {@link
 * Database#writeOnWriterThread} (no hand-offs). Read-only transactions are {@link
 * Database#beginRead} in both.
 */
public final class KiteTpcc implements TpccEngine {

  /** How read-write transactions are run. */
  public enum Api {
    WRITE,
    WRITER_THREAD
  }

  private final Database db;
  private final Api api;
  private final PreparedStatement[] statements;

  public KiteTpcc(Path directory, Durability durability, Api api) {
    this.db = KiteSql.open(directory, KiteEngine.options(durability));
    this.api = api;
    this.statements = new PreparedStatement[Sql.values().length];
  }

  /** Opens a compacted copy of this database ({@link Database#backup}) with another API. */
  public KiteTpcc copy(Path directory, Durability durability, Api other) {
    db.backup(directory);
    return new KiteTpcc(directory, durability, other);
  }

  @Override
  public String name() {
    return api == Api.WRITE ? "KiteSQL" : "KiteSQL writer thread";
  }

  @Override
  public void execute(String ddl) {
    db.execute(ddl);
  }

  @Override
  public void insert(String table, List<Object[]> rows) {
    var insert = db.prepare(Loader.insertSql(table));
    db.writeOnWriterThread(
        tx -> {
          for (var row : rows) {
            tx.execute(insert, row);
          }
          return null;
        });
  }

  @Override
  public void afterLoad() {
    db.execute("analyze"); // as SQLite and H2 get one after loading
  }

  @Override
  public Session session() {
    synchronized (statements) {
      for (var sql : Sql.values()) {
        if (statements[sql.ordinal()] == null) {
          statements[sql.ordinal()] = db.prepare(sql.text());
        }
      }
    }
    return new KiteSession();
  }

  @Override
  public void close() {
    db.close();
  }

  private final class KiteSession implements Session {
    @Override
    public void run(boolean readOnly, Body body) throws Exception {
      if (readOnly) {
        try (var tx = db.beginRead()) {
          body.run(new KiteTx(tx));
        }
      } else if (api == Api.WRITER_THREAD) {
        try {
          db.writeOnWriterThread(
              tx -> {
                try {
                  body.run(new KiteTx(tx));
                } catch (Exception e) {
                  throw new BodyFailed(e);
                }
                return null;
              });
        } catch (BodyFailed e) {
          throw (Exception) e.getCause();
        }
      } else {
        try (var tx = db.beginWrite()) {
          body.run(new KiteTx(tx));
          tx.commit();
        }
      }
    }

    @Override
    public void close() {
      // nothing held between transactions
    }
  }

  /** Carries a body's checked exception out of the writer thread's function. */
  private static final class BodyFailed extends RuntimeException {
    BodyFailed(Exception cause) {
      super(cause);
    }
  }

  private final class KiteTx implements Tx {
    private final Transaction tx;

    KiteTx(Transaction tx) {
      this.tx = tx;
    }

    @Override
    public Cursor query(Sql sql, Object... parameters) {
      return new KiteCursor(tx.query(statements[sql.ordinal()], parameters));
    }

    @Override
    public long execute(Sql sql, Object... parameters) {
      return ((ReadWriteTransaction) tx).execute(statements[sql.ordinal()], parameters);
    }

    @Override
    public Cursor query(String sql, Object... parameters) {
      return new KiteCursor(tx.query(db.prepare(sql), parameters));
    }
  }

  private record KiteCursor(RowCursor rows) implements Cursor {
    @Override
    public boolean next() {
      return rows.next();
    }

    @Override
    public boolean isNull(int column) {
      return rows.isNull(column);
    }

    @Override
    public long getLong(int column) {
      return rows.getLong(column);
    }

    @Override
    public BigDecimal getDecimal(int column) {
      return rows.getDecimal(column);
    }

    @Override
    public CharSequence getText(int column) {
      return rows.getText(column);
    }

    @Override
    public Object getObject(int column) {
      return rows.get(column);
    }

    @Override
    public void close() {
      rows.close();
    }
  }
}
