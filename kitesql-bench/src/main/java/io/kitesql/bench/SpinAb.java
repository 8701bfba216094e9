package io.kitesql.bench;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The writer thread's spin policies side by side in one JVM. Every cell opens one database per
 * variant ({@code -Dkitesql.writer.spinMicros=0}, {@code =20} and the adaptive default, each read
 * when its database opens, so each has its own writer thread and policy) and runs slices of {@code
 * slice} operations on them in turn, the first variant rotating each round, after one unmeasured
 * slice each; a cell's figure is the median of its slices, µs per operation. The first cell, an
 * empty transaction through {@code writeOnWriterThread}, is little more than one hand-off: where
 * spinning pays at all, it pays there. Durability {@code NO_SYNC}. Run: {@code -Dbench
 * -Dbench.args="--spin-ab [rounds] [slice]"}; {@code --spin-ab caller [rounds] [slice]} compares
 * instead every transaction through the writer thread ({@code -Dkitesql.writer.callerThread=false})
 * with the default, which runs a transaction on its caller's thread where it can.
 *
 * <p>{@code --spin-ab cold <spinMicros> [rows]} is WriteBench's one-row cell as the first work of a
 * fresh JVM with one spin setting (a fresh database, the orders table and index, one {@code
 * Database.write} per row), printed per 1,000 rows: what spinning does while the JIT compiles.
 */
final class SpinAb {
  /** A database opened with system property {@code property} set to {@code value}. */
  private record Variant(String label, String property, String value) {}

  private static final String SPIN = "kitesql.writer.spinMicros";
  private static final List<Variant> SPIN_VARIANTS =
      List.of(
          new Variant("park (0)", SPIN, "0"),
          new Variant("fixed 20 µs", SPIN, "20"),
          new Variant("adaptive (default)", SPIN, "adaptive"));

  /**
   * {@code --spin-ab caller}: every transaction through the writer thread, or on its caller's
   * thread where it can.
   */
  private static final String CALLER = "kitesql.writer.callerThread";

  private static final List<Variant> CALLER_VARIANTS =
      List.of(
          new Variant("writer thread", CALLER, "false"),
          new Variant("caller's thread (default)", CALLER, "true"));
  private static final String NOTE = "x".repeat(64);
  private static final String INSERT_DDL =
      "create table t (id bigint primary key, writer int, note varchar)";
  private static final String INSERT = "insert into t values (?, ?, ?)";
  private static final String PRODUCTS_DDL =
      "create table products (id int primary key, name varchar, stock int)";
  private static final String UPDATE =
      "update products set stock = stock - 1 where id = ? and stock > 0";
  private static final int PRODUCTS = 1_000;
  private static final int GROUP_THREADS = 8;

  /** One cell: prepares a fresh database, then runs {@code ops} operations on it per slice. */
  private interface Cell {
    String name();

    void setUp(Database db);

    void slice(Database db, AtomicLong ids, int ops) throws Exception;
  }

  private record Insert(String name, boolean onWriter, boolean virtual) implements Cell {
    @Override
    public void setUp(Database db) {
      db.execute(INSERT_DDL);
    }

    @Override
    public void slice(Database db, AtomicLong ids, int ops) throws Exception {
      var insert = db.prepare(INSERT);
      Runnable body =
          () -> {
            for (int i = 0; i < ops; i++) {
              long id = ids.getAndIncrement();
              if (onWriter) {
                db.writeOnWriterThread(tx -> tx.execute(insert, id, 0, NOTE));
              } else {
                db.write(tx -> tx.execute(insert, id, 0, NOTE));
              }
            }
          };
      if (virtual) {
        Thread.ofVirtual().start(body).join();
      } else {
        body.run();
      }
    }
  }

  private record Update(String name, boolean onWriter, boolean oneTransaction) implements Cell {
    @Override
    public void setUp(Database db) {
      db.execute(PRODUCTS_DDL);
      var insert = db.prepare("insert into products values (?, ?, ?)");
      db.writeOnWriterThread(
          tx -> {
            for (int i = 0; i < PRODUCTS; i++) {
              tx.execute(insert, i, "product " + i, Integer.MAX_VALUE);
            }
            return null;
          });
    }

    @Override
    public void slice(Database db, AtomicLong ids, int ops) {
      var update = db.prepare(UPDATE);
      long updated = 0;
      if (oneTransaction) {
        java.util.function.Function<io.kitesql.api.ReadWriteTransaction, Long> all =
            tx -> {
              long n = 0;
              for (int i = 0; i < ops; i++) {
                n += tx.execute(update, (int) (ids.getAndIncrement() % PRODUCTS));
              }
              return n;
            };
        updated = onWriter ? db.writeOnWriterThread(all) : db.write(all);
      } else {
        for (int i = 0; i < ops; i++) {
          int id = (int) (ids.getAndIncrement() % PRODUCTS);
          updated +=
              onWriter
                  ? db.writeOnWriterThread(tx -> tx.execute(update, id))
                  : db.write(tx -> tx.execute(update, id));
        }
      }
      if (updated != ops) {
        throw new IllegalStateException("expected " + ops + " updates, got " + updated);
      }
    }
  }

  /**
   * {@code ops} one-row insert transactions through {@code Database.write} from {@link
   * #GROUP_THREADS} platform threads.
   */
  private record Group(String name) implements Cell {
    @Override
    public void setUp(Database db) {
      db.execute(INSERT_DDL);
    }

    @Override
    public void slice(Database db, AtomicLong ids, int ops) throws Exception {
      var insert = db.prepare(INSERT);
      var threads = new ArrayList<Thread>();
      for (int w = 0; w < GROUP_THREADS; w++) {
        int writer = w;
        int mine = ops / GROUP_THREADS + (w < ops % GROUP_THREADS ? 1 : 0);
        threads.add(
            Thread.ofPlatform()
                .start(
                    () -> {
                      for (int i = 0; i < mine; i++) {
                        long id = ids.getAndIncrement();
                        db.write(tx -> tx.execute(insert, id, writer, NOTE));
                      }
                    }));
      }
      for (var t : threads) {
        t.join();
      }
    }
  }

  /**
   * A write transaction without statements through {@code writeOnWriterThread}: one hand-off and
   * little else.
   */
  private record Empty(String name) implements Cell {
    @Override
    public void setUp(Database db) {}

    @Override
    public void slice(Database db, AtomicLong ids, int ops) {
      for (int i = 0; i < ops; i++) {
        db.writeOnWriterThread(tx -> 0);
      }
    }
  }

  private static final List<Cell> CELLS =
      List.of(
          new Empty("empty transaction, writeOnWriterThread (one hand-off)"),
          new Insert("insert 1 row (64 B), Database.write", false, false),
          new Insert("insert 1 row (64 B), writeOnWriterThread", true, false),
          new Insert("insert 1 row (64 B), Database.write on a virtual thread", false, true),
          new Update("read-modify-write each its own txn, Database.write", false, false),
          new Update("read-modify-write each its own txn, writeOnWriterThread", true, false),
          new Update("read-modify-write all in one txn, Database.write", false, true),
          new Group(
              "insert 1 row (64 B), Database.write, " + GROUP_THREADS + " threads (group commit)"));

  private SpinAb() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("cold")) {
      cold(
          args.length > 1 ? args[1] : "adaptive",
          args.length > 2 ? Integer.parseInt(args[2]) : 10_000);
      return;
    }
    boolean caller = args.length > 0 && args[0].equals("caller");
    if (caller) {
      args = Arrays.copyOfRange(args, 1, args.length);
    }
    var variants = caller ? CALLER_VARIANTS : SPIN_VARIANTS;
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    int slice = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    Path work = Path.of("kitesql-bench", "target", "spin-ab");
    var os = ManagementFactory.getOperatingSystemMXBean();
    var out =
        new StringBuilder(
            String.format(
                "%n| cell (µs per operation, wall clock / the process's CPU time, median of %d slices of %,d) |",
                rounds, slice));
    variants.forEach(v -> out.append(' ').append(v.label()).append(" |"));
    variants
        .subList(1, variants.size())
        .forEach(
            v ->
                out.append(' ')
                    .append(v.label())
                    .append(" ÷ ")
                    .append(variants.getFirst().label())
                    .append(" |"));
    out.append("\n|---|").append("---|".repeat(2 * variants.size() - 1)).append('\n');
    System.out.printf(
        "%s A/B: %d rounds of %,d operations, load average %.1f at the start%n",
        caller ? "caller" : "spin", rounds, slice, os.getSystemLoadAverage());
    for (var cell : CELLS) {
      var medians = run(cell, variants, work, rounds, slice);
      var wall = medians[0];
      var cpu = medians[1];
      out.append("| ").append(cell.name()).append(" |");
      for (int v = 0; v < wall.length; v++) {
        out.append(String.format(" %.1f / %.1f |", wall[v], cpu[v]));
      }
      for (int v = 1; v < wall.length; v++) {
        out.append(String.format(" %.2fx / %.2fx |", wall[v] / wall[0], cpu[v] / cpu[0]));
      }
      out.append('\n');
    }
    System.out.println(out);
    System.out.printf("load average %.1f at the end%n", os.getSystemLoadAverage());
  }

  /**
   * One cell over every variant: the median µs per operation of each, wall clock ({@code [0]}) and
   * the process's CPU time ({@code [1]}; on a loaded machine the wall clock also says how the
   * scheduler treats threads that block often and threads that do not).
   */
  private static double[][] run(Cell cell, List<Variant> variants, Path work, int rounds, int slice)
      throws Exception {
    BenchRunner.delete(work);
    var dbs = new ArrayList<Database>();
    var ids = new ArrayList<AtomicLong>();
    try {
      for (int v = 0; v < variants.size(); v++) {
        var variant = variants.get(v);
        System.setProperty(variant.property(), variant.value());
        try {
          dbs.add(KiteSql.open(work.resolve("v" + v), KiteEngine.options(Durability.NO_SYNC)));
        } finally {
          System.clearProperty(variant.property());
        }
        cell.setUp(dbs.getLast());
        ids.add(new AtomicLong());
        cell.slice(dbs.getLast(), ids.getLast(), slice); // unmeasured: JIT, first pages
      }
      var os =
          (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      var micros = new double[variants.size()][rounds];
      var cpuMicros = new double[variants.size()][rounds];
      for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < variants.size(); k++) {
          int v = (r + k) % variants.size();
          long cpu = os.getProcessCpuTime();
          long start = System.nanoTime();
          cell.slice(dbs.get(v), ids.get(v), slice);
          micros[v][r] = (System.nanoTime() - start) / 1e3 / slice;
          cpuMicros[v][r] = (os.getProcessCpuTime() - cpu) / 1e3 / slice;
        }
      }
      var medians = new double[2][variants.size()];
      for (int v = 0; v < variants.size(); v++) {
        medians[0][v] = median(micros[v]);
        medians[1][v] = median(cpuMicros[v]);
        System.out.printf(
            "  %s | %s: wall %s, CPU %s µs/op%n",
            cell.name(),
            variants.get(v).label(),
            Arrays.stream(micros[v]).mapToObj(m -> String.format("%.1f", m)).toList(),
            Arrays.stream(cpuMicros[v]).mapToObj(m -> String.format("%.1f", m)).toList());
      }
      return medians;
    } finally {
      dbs.forEach(Database::close);
      BenchRunner.delete(work);
    }
  }

  private static double median(double[] figures) {
    var sorted = figures.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /**
   * WriteBench's one-row {@code Database.write} cell as the first work of this JVM, with one spin
   * setting.
   */
  private static void cold(String spinMicros, int rows) {
    Path work = Path.of("kitesql-bench", "target", "spin-ab-cold");
    BenchRunner.delete(work);
    System.setProperty("kitesql.writer.spinMicros", spinMicros);
    try (var db = KiteSql.open(work, KiteEngine.options(Durability.NO_SYNC))) {
      DataSets.ORDERS_DDL.forEach(db::execute);
      var insert = db.prepare(DataSets.ORDERS_INSERT);
      var slices = new ArrayList<String>();
      long first = System.nanoTime();
      long start = first;
      for (int i = 0; i < rows; i++) {
        var row = DataSets.orderRow(i, rows, 64);
        db.write(tx -> tx.execute(insert, row));
        if ((i + 1) % 1_000 == 0) {
          long now = System.nanoTime();
          slices.add(String.format("%.0f", (now - start) / 1e3 / 1_000));
          start = now;
        }
      }
      double seconds = (System.nanoTime() - first) / 1e9;
      System.out.printf(
          "cold, spinMicros=%s: %,.0f rows/s; µs per row by 1,000: %s%n",
          spinMicros, rows / seconds, slices);
    } finally {
      BenchRunner.delete(work);
    }
  }
}
