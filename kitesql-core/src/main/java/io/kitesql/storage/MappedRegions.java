package io.kitesql.storage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a file is mapped into this process, from {@code /proc/self/maps} (Linux only): the ranges a
 * borrowed KiteSQL value must lie in (pass {@link Storage#dataFile()}). A diagnostic for tests and
 * benchmarks that prove values are lent, not copied. LMDB reports no map address without {@code
 * MDB_FIXEDMAP}, so the kernel's view is the reliable one.
 *
 * @param ranges {@code [start, end)} address pairs
 */
public record MappedRegions(List<long[]> ranges) {

  /** The current mappings of {@code file} (empty if it is not mapped or /proc is absent). */
  public static MappedRegions of(Path file) {
    var wanted = " " + file.toAbsolutePath().normalize();
    var found = new ArrayList<long[]>();
    var maps = Path.of("/proc/self/maps");
    if (!Files.isReadable(maps)) {
      return new MappedRegions(List.of());
    }
    try {
      for (var line : Files.readAllLines(maps)) {
        // An unlinked file (an in-memory database's) is listed with " (deleted)" after its name.
        if (line.endsWith(wanted) || line.endsWith(wanted + " (deleted)")) {
          var span = line.substring(0, line.indexOf(' ')).split("-");
          found.add(
              new long[] {
                Long.parseUnsignedLong(span[0], 16), Long.parseUnsignedLong(span[1], 16)
              });
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new MappedRegions(List.copyOf(found));
  }

  /** Whether {@code [address, address + length)} lies inside one mapped range. */
  public boolean contains(long address, long length) {
    for (var r : ranges) {
      if (address >= r[0] && address + length <= r[1]) {
        return true;
      }
    }
    return false;
  }

  public boolean isEmpty() {
    return ranges.isEmpty();
  }
}
