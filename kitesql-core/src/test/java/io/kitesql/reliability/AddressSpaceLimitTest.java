package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A map that cannot grow for lack of address space (a process under {@code ulimit -v}) must fail
 * the write with MAP_FULL and keep the database readable. LMDB unmaps the old map before it maps
 * the larger one; when that mmap failed, the next transaction crashed the JVM with SIGSEGV in
 * {@code mdb_txn_renew0}. The child ({@link GrowUnderAddressLimitMain}) limits its own address
 * space to its current size plus 600 MiB, so the 64 MiB map grows twice and then cannot.
 */
class AddressSpaceLimitTest {
  @TempDir Path work;

  @Test
  void growthBeyondTheAddressSpaceLimitIsRefusedAndTheDatabaseStaysReadable() throws Exception {
    var outcome =
        ChildJvm.run(
            work.resolve("child"),
            List.of(
                "-Xmx128m",
                "-XX:+UseSerialGC",
                "-XX:ReservedCodeCacheSize=32m",
                "-XX:MaxMetaspaceSize=64m",
                "-XX:-UseDynamicNumberOfCompilerThreads"), // no threads (stacks, malloc arenas)
            // started under the limit
            GrowUnderAddressLimitMain.class,
            work.resolve("db").toString(),
            "600");

    assertThat(outcome.crashed()).as("%s", outcome).isFalse();
    var lines = outcome.stdout().strip().lines().toList();
    long committed = lines.stream().filter(l -> l.startsWith("committed ")).count();
    assertThat(committed).as("the map grew before it could not: %s", lines).isGreaterThan(8);
    assertThat(lines.get(lines.size() - 2))
        .startsWith("refused MAP_FULL")
        .contains("address space");
    assertThat(lines.getLast()).isEqualTo("rows " + committed);
  }
}
