package io.kitesql.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The address ranges where a file is mapped into this process, read from {@code /proc/self/maps}
 * (Linux). LMDB's {@code EnvInfo.mapAddress} is 0 without {@code MDB_FIXEDMAP}, so this is how a
 * test learns where the map is.
 */
public record MappedRegions(List<long[]> ranges) {

  public static MappedRegions of(Path file) {
    String path = file.toAbsolutePath().normalize().toString();
    var ranges = new ArrayList<long[]>();
    try {
      for (var line : Files.readAllLines(Path.of("/proc/self/maps"))) {
        if (line.endsWith(" " + path)) {
          var span = line.substring(0, line.indexOf(' ')).split("-");
          ranges.add(new long[] {Long.parseUnsignedLong(span[0], 16), Long.parseUnsignedLong(span[1], 16)});
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new MappedRegions(List.copyOf(ranges));
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
